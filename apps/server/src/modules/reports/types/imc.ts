/**
 * IMC reports (decision 039). `imc-status-instrument`: per instrument the required reading frequency (its master
 * data), the readings required and achieved in the period, and the age of its last reading. `imc-summary-report`:
 * the compliance (achieved vs required readings) per instrument type and per contractor. `imc-quality-audit` is in
 * imc-quality.ts.
 */
import { FREQUENCIES } from '@strata/shared';
import type { ReportBlock, ReportColumn, ReportRow } from '../report-document.js';
import type { ReportContext, ReportTypeDef } from '../report-types.js';
import { byType, DAY_MS, documentOf, selectedInstruments, unlessNotFound, type ReportInstrument } from './common.js';
import { CATALOGS } from './catalogs.js';
import { INSTRUMENT_REPORT_PERMISSIONS, REPORT_OUTPUTS_ALL } from './permissions.js';

export interface InstrumentCompliance {
  instrument: ReportInstrument;
  frequencyName: string | null;
  /** Readings the frequency asks for in the period (whole intervals); null without a frequency. */
  required: number | null;
  /** Readings taken in the period: the most of any one series (the chart's counts). */
  achieved: number;
  lastReadingAt: Date | null;
}

/** Required vs achieved readings of the report's instruments over the period. */
export async function complianceOf(ctx: ReportContext, list?: ReportInstrument[]): Promise<InstrumentCompliance[]> {
  const instruments = list ?? (await selectedInstruments(ctx));
  const from = ctx.period.from.getTime();
  const to = ctx.period.to.getTime() - 1;
  const last = new Map(
    (await ctx.services.readings.statuses(ctx.actor, { contracts: ctx.params.contract_ids })).records.map((r) => [r.instrument_id, r.last_reading_at]),
  );
  const out: InstrumentCompliance[] = [];
  for (const i of instruments) {
    const f = FREQUENCIES.find((x) => x.code === i.frequency);
    const found = await ctx.services.readings.seriesInRange(ctx.actor, i.instrument_id, from, to);
    const at = last.get(i.instrument_id);
    out.push({
      instrument: i,
      frequencyName: f?.name ?? null,
      required: f ? Math.floor((to + 1 - from) / (f.minutes * 60_000)) : null,
      achieved: Math.max(0, ...(found?.series ?? []).map((s) => s.stats.count)),
      lastReadingAt: at ? new Date(at) : null,
    });
  }
  return out;
}

/** Achieved as a percentage of required, at most 100; null without a requirement. */
export const compliancePercent = (c: { required: number | null; achieved: number }) =>
  c.required === null || c.required === 0 ? null : Math.min(100, (c.achieved / c.required) * 100);

export const imcStatusInstrument: ReportTypeDef = {
  code: 'imc-status-instrument',
  permissions: INSTRUMENT_REPORT_PERMISSIONS,
  outputs: REPORT_OUTPUTS_ALL,
  catalog: CATALOGS.imcStatusInstrument,
  async build(ctx) {
    const rows = await complianceOf(ctx);
    const groups = byType(rows.map((r) => r.instrument));
    return documentOf(ctx, 'imc-status-instrument', Math.max(groups.length, 1), async function* (): AsyncGenerator<ReportBlock> {
      if (groups.length === 0) {
        yield { kind: 'heading', level: 1, text: 'Instrument status', section: 'status' };
        yield { kind: 'paragraph', text: 'No instruments in the selection' };
        return;
      }
      for (const g of groups) {
        yield { kind: 'heading', level: 1, text: `${g.code} ${g.name}`, sheet: g.code, section: 'status' };
        yield {
          kind: 'table',
          columns: [
            { key: 'instrument', header: 'Instrument', type: 'text', width: 2 },
            { key: 'zone', header: 'Zone', type: 'text', width: 1.5 },
            { key: 'required_frequency', header: 'Required frequency', type: 'text', width: 1.5 },
            { key: 'required_readings', header: 'Required readings', type: 'number', decimals: 0 },
            { key: 'achieved_readings', header: 'Achieved readings', type: 'number', decimals: 0 },
            { key: 'compliance_percent', header: 'Compliance (%)', type: 'number', decimals: 1 },
            { key: 'last_reading', header: 'Last reading', type: 'datetime', width: 1.6 },
            { key: 'age_of_last_reading_days', header: 'Age of last reading (days)', type: 'number', decimals: 1 },
          ],
          rows: rows
            .filter((r) => r.instrument.type_code === g.code)
            .map((r): ReportRow => [
              r.instrument.name,
              r.instrument.zone_name,
              r.frequencyName ?? 'Not set',
              r.required,
              r.achieved,
              compliancePercent(r),
              r.lastReadingAt,
              r.lastReadingAt ? (ctx.now.getTime() - r.lastReadingAt.getTime()) / DAY_MS : null,
            ]),
        };
      }
    });
  },
};

// ---- imc-summary-report ----

export interface ComplianceTotals {
  instruments: number;
  /** Instruments with a required frequency: the ones counted below. */
  withFrequency: number;
  required: number;
  achieved: number;
  /** Σ min(achieved, required) / Σ required, in %; null when nothing is required. */
  percent: number | null;
  /** Instruments that achieved at least what was required. */
  compliant: number;
  /** Instruments with a frequency and no reading in the period. */
  unread: number;
}

export function complianceTotals(list: readonly InstrumentCompliance[]): ComplianceTotals {
  const counted = list.filter((c) => c.required !== null && c.required > 0);
  const required = counted.reduce((s, c) => s + c.required!, 0);
  const capped = counted.reduce((s, c) => s + Math.min(c.achieved, c.required!), 0);
  return {
    instruments: list.length,
    withFrequency: counted.length,
    required,
    achieved: counted.reduce((s, c) => s + c.achieved, 0),
    percent: required ? (capped / required) * 100 : null,
    compliant: counted.filter((c) => c.achieved >= c.required!).length,
    unread: counted.filter((c) => c.achieved === 0).length,
  };
}

const COMPLIANCE_COLUMNS: ReportColumn[] = [
  { key: 'instruments', header: 'Instruments', type: 'number', decimals: 0 },
  { key: 'with_a_frequency', header: 'With a frequency', type: 'number', decimals: 0 },
  { key: 'required_readings', header: 'Required readings', type: 'number', decimals: 0 },
  { key: 'achieved_readings', header: 'Achieved readings', type: 'number', decimals: 0 },
  { key: 'compliance_percent', header: 'Compliance (%)', type: 'number', decimals: 1 },
  { key: 'compliant_instruments', header: 'Compliant instruments', type: 'number', decimals: 0 },
  { key: 'without_readings', header: 'Without readings', type: 'number', decimals: 0 },
];
const complianceCells = (t: ComplianceTotals) => [t.instruments, t.withFrequency, t.required, t.achieved, t.percent, t.compliant, t.unread];

/** The contractor of each of the report's contracts (contracts management's read); null: none. */
export async function contractorsOf(ctx: ReportContext): Promise<Map<number, { contractNo: string; contractor: string | null }>> {
  const out = new Map<number, { contractNo: string; contractor: string | null }>();
  for (const id of ctx.params.contract_ids) {
    // A contract outside the creator's (none of its instruments can appear either) is left out.
    const c = await unlessNotFound(() => ctx.services.contractsAdmin.get(ctx.actor, id));
    if (c) out.set(id, { contractNo: c.no, contractor: c.contractor_name });
  }
  return out;
}

export const NO_CONTRACTOR = 'No contractor';

export const imcSummaryReport: ReportTypeDef = {
  code: 'imc-summary-report',
  permissions: INSTRUMENT_REPORT_PERMISSIONS,
  outputs: REPORT_OUTPUTS_ALL,
  catalog: CATALOGS.imcSummaryReport,
  async build(ctx) {
    const rows = await complianceOf(ctx);
    const groups = byType(rows.map((r) => r.instrument));
    const contractors = await contractorsOf(ctx);
    const contractorOf = (c: InstrumentCompliance) => contractors.get(c.instrument.contract_id)?.contractor ?? NO_CONTRACTOR;
    const names = [...new Set(rows.map(contractorOf))].sort((a, b) => a.localeCompare(b));
    return documentOf(ctx, 'imc-summary-report', 2, async function* (): AsyncGenerator<ReportBlock> {
      yield { kind: 'heading', level: 1, text: 'Compliance per instrument type', sheet: 'Types', section: 'types' };
      if (rows.length === 0) yield { kind: 'paragraph', text: 'No instruments in the selection' };
      else
        yield {
          kind: 'table',
          columns: [{ key: 'type', header: 'Type', type: 'text', width: 2.5 }, ...COMPLIANCE_COLUMNS],
          rows: [
            ...groups.map((g) => [`${g.code} ${g.name}`, ...complianceCells(complianceTotals(rows.filter((r) => r.instrument.type_code === g.code)))]),
            ['All types', ...complianceCells(complianceTotals(rows))],
          ],
        };
      yield { kind: 'heading', level: 1, text: 'Compliance per contractor', sheet: 'Contractors', section: 'contractors' };
      if (rows.length === 0) yield { kind: 'paragraph', text: 'No instruments in the selection' };
      else
        yield {
          kind: 'table',
          columns: [
            { key: 'contractor', header: 'Contractor', type: 'text', width: 2.5 },
            { key: 'contracts', header: 'Contracts', type: 'text', width: 1.5 },
            ...COMPLIANCE_COLUMNS,
          ],
          rows: names.map((n) => {
            const of = rows.filter((r) => contractorOf(r) === n);
            const nos = [...new Set(of.map((r) => r.instrument.contract_no))].sort();
            return [n, nos.join(', '), ...complianceCells(complianceTotals(of))];
          }),
        };
    });
  },
};
