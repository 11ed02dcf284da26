/**
 * `installation-status` (decision 039): the instrument plan of the report's contracts (GET /instrument-plans, issue
 * 19) against the instruments installed and reading, per instrument type and per zone, every planned instrument with
 * its state, and the installed instruments the plan does not name.
 */
import { INSTRUMENT_STATUSES, REPORT_LIMITS, type TInstrumentPlan, type TPolygon } from '@strata/shared';
import type { ReportBlock, ReportColumn, ReportRow } from '../report-document.js';
import type { ReportContext, ReportTypeDef } from '../report-types.js';
import { geometryDistance } from '../../structures/geometry-distance.js';
import { dayText, documentOf, selectedInstruments } from './common.js';
import { CATALOGS } from './catalogs.js';
import { INSTRUMENT_REPORT_PERMISSIONS, REPORT_OUTPUTS_ALL } from './permissions.js';

export const PLAN_STATE_NAMES = { planned: 'Planned', installed: 'Installed', reading: 'Reading' } as const;

export interface PlanInZone {
  plan: TInstrumentPlan;
  zoneId: number | null;
  zoneName: string | null;
}

/**
 * The plan rows of the report's contracts, each with its zone: the installed instrument's zone, else the zone (of its
 * contract) whose outline holds the planned location, else none; narrowed to the report's zones and instrument types.
 */
export async function plansInZones(ctx: ReportContext): Promise<PlanInZone[]> {
  const { services: s, actor, params } = ctx;
  const plans = (await s.instrumentPlans.plans(actor, { contracts: params.contract_ids })).records;
  const instruments = new Map(
    (await s.instruments.forReport(actor, { contractIds: params.contract_ids }, REPORT_LIMITS.maxInstruments)).map((i) => [i.instrument_id, i]),
  );
  const zoneRecords = (await s.zones.list(actor, { is_report: undefined, filter: params.contract_ids, limit: 1000, skip: 0 })).records;
  const zones = await Promise.all(zoneRecords.map((z) => s.zones.get(actor, z.zone_id)));
  zones.sort((a, b) => a.name.localeCompare(b.name));
  const out: PlanInZone[] = [];
  for (const plan of plans) {
    const inst = plan.instrument_id !== null ? instruments.get(plan.instrument_id) : undefined;
    let zone: { id: number; name: string } | null = inst?.zone_id ? { id: inst.zone_id, name: inst.zone_name ?? '' } : null;
    if (!inst && plan.easting !== null && plan.northing !== null) {
      const point = { type: 'Point', coordinates: [plan.easting, plan.northing] };
      const z = zones.find((x) => x.contract_id === plan.contract_id && x.polygon && geometryDistance(x.polygon as TPolygon, point) === 0);
      if (z) zone = { id: z.zone_id, name: z.name };
    }
    if (params.instrument_type_ids.length && !params.instrument_type_ids.includes(plan.type_id)) continue;
    if (params.zone_ids.length && (zone === null || !params.zone_ids.includes(zone.id))) continue;
    out.push({ plan, zoneId: zone?.id ?? null, zoneName: zone?.name ?? null });
  }
  return out;
}

export interface PlanCounts {
  planned: number;
  installed: number;
  reading: number;
}

/** Planned rows, of them installed (an instrument of the name exists, reading or not), of those reading: the plan list's totals. */
export function planCounts(list: readonly PlanInZone[]): PlanCounts {
  return {
    planned: list.length,
    installed: list.filter((p) => p.plan.state !== 'planned').length,
    reading: list.filter((p) => p.plan.state === 'reading').length,
  };
}

const COUNT_COLUMNS: ReportColumn[] = [
  { key: 'planned', header: 'Planned', type: 'number', decimals: 0 },
  { key: 'installed', header: 'Installed', type: 'number', decimals: 0 },
  { key: 'reading', header: 'Reading', type: 'number', decimals: 0 },
  { key: 'not_yet_installed', header: 'Not yet installed', type: 'number', decimals: 0 },
  { key: 'installed_percent', header: 'Installed (%)', type: 'number', decimals: 1 },
];
const countCells = (c: PlanCounts) => [c.planned, c.installed, c.reading, c.planned - c.installed, c.planned ? (c.installed / c.planned) * 100 : null];

const NO_ZONE = 'No zone';

export const installationStatus: ReportTypeDef = {
  code: 'installation-status',
  permissions: INSTRUMENT_REPORT_PERMISSIONS,
  outputs: REPORT_OUTPUTS_ALL,
  catalog: CATALOGS.installationStatus,
  async build(ctx) {
    const plans = await plansInZones(ctx);
    const planned = new Set(plans.flatMap((p) => (p.plan.instrument_id !== null ? [p.plan.instrument_id] : [])));
    // Installed but not planned: the report's instruments (its zones and types) that no plan row of its contract names.
    const unplanned = (await selectedInstruments(ctx)).filter((i) => !planned.has(i.instrument_id));
    const types = [...new Map(plans.map((p) => [p.plan.type_code, p.plan.type_name])).entries()].sort((a, b) => a[0].localeCompare(b[0]));
    const { firstDay, lastDay } = ctx.period;
    const installedInPeriod = (list: readonly PlanInZone[]) =>
      list.filter((p) => p.plan.install_date !== null && p.plan.install_date >= firstDay && p.plan.install_date <= lastDay).length;
    return documentOf(ctx, 'installation-status', 4, async function* (): AsyncGenerator<ReportBlock> {
      yield { kind: 'heading', level: 1, text: 'Installation status per instrument type', sheet: 'Types', section: 'types' };
      if (plans.length === 0) yield { kind: 'paragraph', text: 'No planned instruments in the selection' };
      else
        yield {
          kind: 'table',
          columns: [
            { key: 'type', header: 'Type', type: 'text', width: 2.5 },
            ...COUNT_COLUMNS,
            { key: 'installed_in_the_period', header: 'Installed in the period', type: 'number', decimals: 0 },
          ],
          rows: [
            ...types.map(([code, name]) => {
              const of = plans.filter((p) => p.plan.type_code === code);
              return [`${code} ${name}`, ...countCells(planCounts(of)), installedInPeriod(of)];
            }),
            ['All types', ...countCells(planCounts(plans)), installedInPeriod(plans)],
          ],
        };

      yield { kind: 'heading', level: 1, text: 'Installation status per zone', sheet: 'Zones', section: 'zones' };
      if (plans.length === 0) yield { kind: 'paragraph', text: 'No planned instruments in the selection' };
      else {
        const zoneKeys = [...new Set(plans.map((p) => p.zoneName ?? NO_ZONE))].sort((a, b) => (a === NO_ZONE ? 1 : b === NO_ZONE ? -1 : a.localeCompare(b)));
        const rows: ReportRow[] = [];
        for (const z of zoneKeys)
          for (const [code, name] of types) {
            const of = plans.filter((p) => (p.zoneName ?? NO_ZONE) === z && p.plan.type_code === code);
            if (of.length) rows.push([z, `${code} ${name}`, ...countCells(planCounts(of))]);
          }
        yield {
          kind: 'table',
          columns: [{ key: 'zone', header: 'Zone', type: 'text', width: 1.5 }, { key: 'type', header: 'Type', type: 'text', width: 2.5 }, ...COUNT_COLUMNS],
          rows,
        };
      }

      yield { kind: 'heading', level: 1, text: 'Planned instruments', sheet: 'Plan', section: 'plan' };
      if (plans.length === 0) yield { kind: 'paragraph', text: 'No planned instruments in the selection' };
      else
        yield {
          kind: 'table',
          columns: [
            { key: 'contract', header: 'Contract', type: 'text' },
            { key: 'instrument', header: 'Instrument', type: 'text', width: 2 },
            { key: 'type', header: 'Type', type: 'text' },
            { key: 'zone', header: 'Zone', type: 'text', width: 1.5 },
            { key: 'planned_install_date', header: 'Planned install date', type: 'text' },
            { key: 'state', header: 'State', type: 'text' },
            { key: 'install_date', header: 'Install date', type: 'text' },
            { key: 'first_reading', header: 'First reading', type: 'datetime', width: 1.6 },
            { key: 'overdue', header: 'Overdue', type: 'text', width: 0.7 },
            { key: 'remarks', header: 'Remarks', type: 'text', width: 2 },
          ],
          rows: plans.map(({ plan: p, zoneName }) => [
            p.contract_no,
            p.name,
            p.type_code,
            zoneName,
            p.planned_install_date ? dayText(p.planned_install_date) : null,
            PLAN_STATE_NAMES[p.state],
            p.install_date ? dayText(p.install_date) : null,
            p.first_reading_at ? new Date(p.first_reading_at) : null,
            p.state === 'planned' && p.planned_install_date !== null && p.planned_install_date <= lastDay ? 'Yes' : null,
            p.remarks || null,
          ]),
        };

      yield { kind: 'heading', level: 1, text: 'Installed instruments not in the plan', sheet: 'Not planned', section: 'not_planned' };
      if (unplanned.length === 0) yield { kind: 'paragraph', text: 'Every installed instrument is in the plan' };
      else
        yield {
          kind: 'table',
          columns: [
            { key: 'contract', header: 'Contract', type: 'text' },
            { key: 'instrument', header: 'Instrument', type: 'text', width: 2 },
            { key: 'type', header: 'Type', type: 'text' },
            { key: 'zone', header: 'Zone', type: 'text', width: 1.5 },
            { key: 'install_date', header: 'Install date', type: 'text' },
            { key: 'status', header: 'Status', type: 'text' },
          ],
          rows: unplanned.map((i) => [
            i.contract_no,
            i.name,
            i.type_code,
            i.zone_name,
            i.install_date ? dayText(i.install_date) : null,
            INSTRUMENT_STATUSES.find((s) => s.code === i.status)?.name ?? i.status,
          ]),
        };
    });
  },
};
