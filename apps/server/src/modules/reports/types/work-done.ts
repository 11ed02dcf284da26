/**
 * `summary-work-done` (decision 039): the monitoring work of the period — readings taken per instrument type,
 * contractor and part of the period; uploads processed; alerts raised and closed; action-log cases opened and closed.
 */
import { ACTION_CASE_CATEGORIES, ALERT_TILES, type TActionCase, type TAlert, type TUpload } from '@strata/shared';
import type { ReportBlock, ReportColumn, ReportRow } from '../report-document.js';
import type { ReportContext, ReportTypeDef } from '../report-types.js';
import { allPages, byType, documentOf, inPeriod, readingsTaken, selectedInstruments, subPeriods, unlessForbidden } from './common.js';
import { contractorsOf, NO_CONTRACTOR } from './imc.js';
import { CATALOGS } from './catalogs.js';
import { INSTRUMENT_REPORT_PERMISSIONS, REPORT_OUTPUTS_ALL } from './permissions.js';

/** Uploads made in the period for the report's contracts (the upload history, every type the creator may see). */
async function uploadsInPeriod(ctx: ReportContext): Promise<TUpload[]> {
  const from = ctx.period.from.getTime();
  const out: TUpload[] = [];
  for (let skip = 0; ; skip += 1000) {
    const page = await ctx.services.uploads.list(ctx.actor, { limit: 1000, skip });
    out.push(...page.records.filter((u) => inPeriod(ctx, u.created)));
    // Newest first: stop once past the period's start.
    if (page.records.length < 1000 || page.records.some((u) => Date.parse(u.created) < from)) break;
  }
  const mine = (u: TUpload) => [...u.contract_ids, ...(u.contract_id !== null ? [u.contract_id] : [])].some((c) => ctx.params.contract_ids.includes(c));
  return out.filter(mine);
}

/** The upload states counted: loaded, invalid, rejected, failed; the others are still in progress. */
const UPLOAD_OUTCOMES = [
  { header: 'Loaded', statuses: ['done'] },
  { header: 'Invalid', statuses: ['invalid'] },
  { header: 'Rejected', statuses: ['rejected'] },
  { header: 'Failed', statuses: ['failed'] },
  { header: 'In progress', statuses: ['received', 'validating', 'validated', 'approved', 'loading'] },
] as const;

/**
 * Alerts or cases on the report's selection: those of one of its instruments; those without an instrument (group,
 * scenario, contract alerts) only when the report is not narrowed to zones or instrument types.
 */
function onSelection(ctx: ReportContext, ids: Set<number>) {
  const narrowed = ctx.params.zone_ids.length > 0 || ctx.params.instrument_type_ids.length > 0;
  return (x: { instrument_id: number | null }) => (x.instrument_id === null ? !narrowed : ids.has(x.instrument_id));
}

const ALERT_GROUPS = ALERT_TILES.filter((t) => t.kinds.length > 0);
const CATEGORY_NAMES = { breached: 'Breached instrument', scenario: 'Scenario based alert', damaged: 'Damaged instrument' } as const;

export const summaryWorkDone: ReportTypeDef = {
  code: 'summary-work-done',
  permissions: INSTRUMENT_REPORT_PERMISSIONS,
  outputs: REPORT_OUTPUTS_ALL,
  catalog: CATALOGS.summaryWorkDone,
  async build(ctx) {
    const { services: s, actor, params } = ctx;
    const instruments = await selectedInstruments(ctx);
    const selected = onSelection(ctx, new Set(instruments.map((i) => i.instrument_id)));
    const parts = subPeriods(ctx);
    const contractors = await contractorsOf(ctx);
    // Readings taken: per type and contractor, per part of the period.
    const taken = new Map<string, { type: string; contractor: string; counts: number[] }>();
    for (const g of byType(instruments))
      for (const i of g.instruments) {
        const contractor = contractors.get(i.contract_id)?.contractor ?? NO_CONTRACTOR;
        const key = `${g.code}\u0000${contractor}`;
        const row = taken.get(key) ?? { type: `${g.code} ${g.name}`, contractor, counts: parts.map(() => 0) };
        for (const [k, p] of parts.entries()) row.counts[k]! += await readingsTaken(ctx, i.instrument_id, p.from.getTime(), p.to.getTime());
        taken.set(key, row);
      }
    const readingRows = [...taken.values()].sort((a, b) => a.type.localeCompare(b.type) || a.contractor.localeCompare(b.contractor));
    const uploads = await uploadsInPeriod(ctx);
    // Alerts: raised (opened) in the period — their last trigger is in it or later — and closed in the period.
    const raised = (
      await allPages((skip, limit) => s.alerts.list(actor, { contracts: params.contract_ids, from: ctx.period.from.toISOString(), limit, skip }))
    ).filter((a) => inPeriod(ctx, a.opened_at) && selected(a));
    const closed = (await allPages((skip, limit) => s.alerts.list(actor, { contracts: params.contract_ids, status: 'closed', limit, skip }))).filter(
      (a) => inPeriod(ctx, a.closed_at) && selected(a),
    );
    const cases = await unlessForbidden(() => allPages((skip, limit) => s.actionLog.list(actor, { contracts: params.contract_ids, limit, skip })));

    return documentOf(ctx, 'summary-work-done', 4, async function* (): AsyncGenerator<ReportBlock> {
      yield { kind: 'heading', level: 1, text: 'Readings taken', sheet: 'Readings', section: 'readings' };
      const total = readingRows.reduce((n, r) => n + r.counts.reduce((a, b) => a + b, 0), 0);
      if (total === 0) yield { kind: 'paragraph', text: 'No readings in the period' };
      else {
        const columns: ReportColumn[] = [
          { key: 'type', header: 'Type', type: 'text', width: 2.5 },
          { key: 'contractor', header: 'Contractor', type: 'text', width: 2 },
          ...parts.map((p): ReportColumn => ({ key: 'counts', header: p.label, type: 'number', decimals: 0 })),
          { key: 'total', header: 'Total', type: 'number', decimals: 0 },
        ];
        const sum = (rows: readonly { counts: number[] }[], k: number) => rows.reduce((n, r) => n + r.counts[k]!, 0);
        yield {
          kind: 'table',
          columns,
          rows: [
            ...readingRows.map((r): ReportRow => [r.type, r.contractor, ...r.counts, r.counts.reduce((a, b) => a + b, 0)]),
            ['All types', null, ...parts.map((_, k) => sum(readingRows, k)), total],
          ],
        };
      }

      yield { kind: 'heading', level: 1, text: 'Uploads processed', sheet: 'Uploads', section: 'uploads' };
      if (uploads.length === 0) yield { kind: 'paragraph', text: 'No uploads in the period' };
      else {
        const types = [...new Set(uploads.map((u) => u.type))].sort();
        const rowOf = (label: string, of: TUpload[]): ReportRow => [
          label,
          of.length,
          ...UPLOAD_OUTCOMES.map((o) => of.filter((u) => (o.statuses as readonly string[]).includes(u.status)).length),
          of.filter((u) => u.status === 'done').reduce((n, u) => n + u.rows_loaded, 0),
        ];
        yield {
          kind: 'table',
          columns: [
            { key: 'upload_type', header: 'Upload type', type: 'text', width: 2 },
            { key: 'received', header: 'Received', type: 'number', decimals: 0 },
            ...UPLOAD_OUTCOMES.map((o): ReportColumn => ({ key: 'outcomes', header: o.header, type: 'number', decimals: 0 })),
            { key: 'rows_loaded', header: 'Rows loaded', type: 'number', decimals: 0 },
          ],
          rows: [
            ...types.map((t) =>
              rowOf(
                t,
                uploads.filter((u) => u.type === t),
              ),
            ),
            rowOf('All uploads', uploads),
          ],
        };
      }

      yield { kind: 'heading', level: 1, text: 'Alerts raised and closed', sheet: 'Alerts', section: 'alerts' };
      if (raised.length === 0 && closed.length === 0) yield { kind: 'paragraph', text: 'No alerts raised or closed in the period' };
      else {
        const count = (list: TAlert[], kinds: readonly string[]) => list.filter((a) => kinds.includes(a.kind)).length;
        yield {
          kind: 'table',
          columns: [
            { key: 'alert', header: 'Alert', type: 'text', width: 2.5 },
            { key: 'raised', header: 'Raised', type: 'number', decimals: 0 },
            { key: 'closed', header: 'Closed', type: 'number', decimals: 0 },
          ],
          rows: [
            ...ALERT_GROUPS.map((g): ReportRow => [g.label, count(raised, g.kinds), count(closed, g.kinds)]).filter((r) => r[1] !== 0 || r[2] !== 0),
            ['All alerts', raised.length, closed.length],
          ],
        };
      }

      yield { kind: 'heading', level: 1, text: 'Action-log cases opened and closed', sheet: 'Cases', section: 'cases' };
      if (cases === null) yield { kind: 'paragraph', text: 'Action-log cases are not visible to the report’s creator' };
      else {
        const mine = cases.filter(selected);
        const opened = mine.filter((c) => inPeriod(ctx, c.opened_at));
        const shut = mine.filter((c) => inPeriod(ctx, c.closed_at));
        if (opened.length === 0 && shut.length === 0) yield { kind: 'paragraph', text: 'No cases opened or closed in the period' };
        else {
          const of = (list: TActionCase[], c: string) => list.filter((x) => x.category === c).length;
          yield {
            kind: 'table',
            columns: [
              { key: 'category', header: 'Category', type: 'text', width: 2.5 },
              { key: 'opened', header: 'Opened', type: 'number', decimals: 0 },
              { key: 'closed', header: 'Closed', type: 'number', decimals: 0 },
            ],
            rows: [
              ...ACTION_CASE_CATEGORIES.map((c): ReportRow => [CATEGORY_NAMES[c], of(opened, c), of(shut, c)]).filter((r) => r[1] !== 0 || r[2] !== 0),
              ['All cases', opened.length, shut.length],
            ],
          };
        }
      }
    });
  },
};
