/**
 * IMR reports (decision 039): `reading` the readings of the period per instrument type (a table and charts per
 * instrument), `breach` every breach of the period with its history, its action-log case and the QP comments.
 */
import { ALERT_COMMENT_TOPIC, ALERT_QP_COMMENT_KINDS, type TActionCaseDetail, type TAlert, type TComment } from '@strata/shared';
import { HttpError } from '../../../lib/errors.js';
import type { ReportBlock, ReportChart, ReportRow } from '../report-document.js';
import type { ReportContext, ReportTypeDef } from '../report-types.js';
import { instrumentCharts } from './charts.js';
import { byType, documentOf, levelCell, selectedInstruments, type Level, type ReportInstrument, type Threshold } from './common.js';
import { breachesInPeriod } from './geo.js';
import { CATALOGS } from './catalogs.js';
import { INSTRUMENT_REPORT_PERMISSIONS, REPORT_OUTPUTS_ALL } from './permissions.js';

// ---- reading ----

async function* readingRows(ctx: ReportContext, list: readonly ReportInstrument[]): AsyncGenerator<ReportRow> {
  const from = ctx.period.from.getTime();
  const to = ctx.period.to.getTime() - 1;
  for (const i of list) {
    for await (const r of ctx.services.readings.readingsInRange(ctx.actor, i.instrument_id, from, to)) {
      yield [i.name, r.series.code, r.series.depth, r.series.unit, new Date(r.t), Number(r.v.toFixed(r.series.precision))];
    }
  }
}

/** The instruments with readings in the period (the chart's counts), so an empty type says so instead of an empty table. */
export async function instrumentsRead(ctx: ReportContext, list: readonly ReportInstrument[]): Promise<ReportInstrument[]> {
  const from = ctx.period.from.getTime();
  const to = ctx.period.to.getTime() - 1;
  const read: ReportInstrument[] = [];
  for (const i of list) {
    const found = await ctx.services.readings.seriesInRange(ctx.actor, i.instrument_id, from, to);
    if (found?.series.some((s) => s.stats.count > 0)) read.push(i);
  }
  return read;
}

/** Every stored reading of the instruments in the period (`reading`; the full monitoring report's tables by type). */
export function readingsTable(ctx: ReportContext, read: readonly ReportInstrument[]): ReportBlock {
  return {
    kind: 'table',
    columns: [
      { key: 'instrument', header: 'Instrument', type: 'text', width: 2 },
      { key: 'reading', header: 'Reading', type: 'text' },
      { key: 'depth', header: 'Depth (m)', type: 'number', decimals: 1 },
      { key: 'unit', header: 'Unit', type: 'text', width: 0.7 },
      { key: 'time', header: 'Time', type: 'datetime', width: 1.6 },
      { key: 'value', header: 'Value', type: 'number', decimals: 3, inUnit: true },
    ],
    rows: readingRows(ctx, read),
    range: 'readings',
  };
}

export const reading: ReportTypeDef = {
  code: 'reading',
  permissions: INSTRUMENT_REPORT_PERMISSIONS,
  outputs: REPORT_OUTPUTS_ALL,
  catalog: CATALOGS.reading,
  async build(ctx) {
    const list = await selectedInstruments(ctx);
    const groups = byType(list);
    const thresholds: Threshold[] = await ctx.services.instruments.thresholdsWithLevels(
      ctx.actor,
      list.map((i) => i.instrument_id),
    );
    return documentOf(ctx, 'reading', Math.max(groups.length, 1), async function* (): AsyncGenerator<ReportBlock> {
      if (groups.length === 0) {
        yield { kind: 'heading', level: 1, text: 'Readings', section: 'readings' };
        yield { kind: 'paragraph', text: 'No instruments in the selection' };
        return;
      }
      for (const g of groups) {
        yield { kind: 'heading', level: 1, text: `${g.code} ${g.name}`, sheet: g.code, section: 'readings' };
        const read = await instrumentsRead(ctx, g.instruments);
        if (read.length === 0) {
          yield { kind: 'paragraph', text: 'No readings in the period' };
          continue;
        }
        yield readingsTable(ctx, read);
        yield { kind: 'heading', level: 2, text: `${g.code} charts` };
        const charts: ReportChart[] = [];
        for (const i of read) charts.push(...(await instrumentCharts(ctx, i, thresholds)));
        yield { kind: 'charts', charts, perPage: 2 };
      }
    });
  },
};

// ---- breach ----

const EVENT_NAMES: Record<string, string> = { opened: 'Opened', updated: 'Triggered again', escalated: 'Escalated', closed: 'Closed' };

/** The action-log cases of an alert with their follow-ups; null when the creator may not read breach cases. */
async function casesOf(ctx: ReportContext, alertId: number): Promise<TActionCaseDetail[] | null> {
  try {
    const list = await ctx.services.actionLog.list(ctx.actor, { alert_id: alertId, limit: 100, skip: 0 });
    return await Promise.all(list.records.map((c) => ctx.services.actionLog.get(ctx.actor, c.case_id)));
  } catch (err) {
    if (err instanceof HttpError && err.statusCode === 403) return null;
    throw err;
  }
}

/** The QPS and QPD comments of an alert (top-level comments with ref_data QPS / QPD), oldest first. */
async function qpCommentsOf(ctx: ReportContext, alertId: number): Promise<TComment[]> {
  const out: TComment[] = [];
  for (let skip = 0; ; skip += 1000) {
    const page = await ctx.services.comments.list(ctx.actor, { topic: ALERT_COMMENT_TOPIC, ref_id: alertId, limit: 1000, skip });
    out.push(...page.records.filter((c) => (ALERT_QP_COMMENT_KINDS as readonly string[]).includes(c.ref_data ?? '')));
    if (page.records.length < 1000) break;
  }
  return out.sort((a, b) => a.created.localeCompare(b.created));
}

/** When a breach was acknowledged: its first action-log case was opened (null: not yet, or cases not readable). */
export function acknowledgedAt(cases: readonly TActionCaseDetail[] | null): Date | null {
  const times = (cases ?? []).map((c) => Date.parse(c.case.opened_at)).sort((a, b) => a - b);
  return times.length ? new Date(times[0]!) : null;
}

export const breach: ReportTypeDef = {
  code: 'breach',
  permissions: INSTRUMENT_REPORT_PERMISSIONS,
  outputs: REPORT_OUTPUTS_ALL,
  catalog: CATALOGS.breach,
  async build(ctx) {
    const breaches = (await breachesInPeriod(ctx)).sort(
      (a, b) => a.opened_at.localeCompare(b.opened_at) || (a.instrument_name ?? '').localeCompare(b.instrument_name ?? '') || a.alert_id - b.alert_id,
    );
    const levels = (await ctx.services.instruments.levels()) as Level[];
    const details = await breachDetails(ctx, breaches);
    return documentOf(ctx, 'breach', breaches.length ? 2 : 1, async function* (): AsyncGenerator<ReportBlock> {
      yield { kind: 'heading', level: 1, text: 'Breaches in the period', sheet: 'Breaches', section: 'breaches' };
      if (breaches.length === 0) {
        yield { kind: 'paragraph', text: 'No breaches in the period' };
        return;
      }
      yield breachTable(breaches, details, levels);
      yield { kind: 'heading', level: 1, text: 'Breach details', sheet: 'Details', section: 'details' };
      for (const b of breaches) yield* breachDetail(ctx, b, details.get(b.alert_id)!);
    });
  },
};

export type BreachDetails = Map<number, { cases: TActionCaseDetail[] | null; comments: TComment[] }>;

/** Each breach's action-log cases (null: not readable by the creator) and QPS/QPD comments. */
export async function breachDetails(ctx: ReportContext, breaches: readonly TAlert[]): Promise<BreachDetails> {
  const details: BreachDetails = new Map();
  for (const b of breaches) details.set(b.alert_id, { cases: await casesOf(ctx, b.alert_id), comments: await qpCommentsOf(ctx, b.alert_id) });
  return details;
}

/** The breach table: a row per breach with its level, values, case and acknowledgement (`breach`; the breach log). */
export function breachTable(breaches: readonly TAlert[], details: BreachDetails, levels: readonly Level[]): ReportBlock {
  return {
    kind: 'table',
    range: 'breaches',
    columns: [
      { key: 'opened', header: 'Opened', type: 'datetime', width: 1.6 },
      { key: 'instrument', header: 'Instrument', type: 'text', width: 2 },
      { key: 'reading', header: 'Reading', type: 'text' },
      { key: 'level', header: 'Level', type: 'text' },
      { key: 'first_value', header: 'First value', type: 'number', decimals: 2, inUnit: true },
      { key: 'peak_value', header: 'Peak value', type: 'number', decimals: 2, inUnit: true },
      { key: 'unit', header: 'Unit', type: 'text', width: 0.7 },
      { key: 'case', header: 'Case', type: 'text' },
      { key: 'acknowledged', header: 'Acknowledged', type: 'datetime', width: 1.6 },
      { key: 'closed', header: 'Closed', type: 'datetime', width: 1.6 },
    ],
    rows: breaches.map((b) => {
      const d = details.get(b.alert_id)!;
      return [
        new Date(b.opened_at),
        b.instrument_name,
        b.reading_code,
        levelCell(b.level_code, levels),
        b.first_value,
        b.peak_value,
        b.unit,
        d.cases === null ? 'Not visible' : d.cases.map((c) => `#${c.case.case_id} ${c.case.status}`).join(', ') || 'None',
        acknowledgedAt(d.cases),
        b.closed_at ? new Date(b.closed_at) : null,
      ];
    }),
  };
}

async function* breachDetail(ctx: ReportContext, b: TAlert, d: { cases: TActionCaseDetail[] | null; comments: TComment[] }): AsyncGenerator<ReportBlock> {
  yield { kind: 'heading', level: 2, text: `${b.instrument_name ?? ''} ${b.reading_code ?? ''} ${b.level_code ?? ''} — alert #${b.alert_id}`.trim() };
  yield { kind: 'paragraph', text: b.message };
  const detail = await ctx.services.alerts.get(ctx.actor, b.alert_id);
  yield {
    kind: 'table',
    columns: [
      { header: 'Time', type: 'datetime', width: 1.6 },
      { header: 'Event', type: 'text' },
      { header: 'Level', type: 'text' },
      { header: 'Value', type: 'number', decimals: 2 },
      { header: 'Reading time', type: 'datetime', width: 1.6 },
      { header: 'By', type: 'text' },
      { header: 'Note', type: 'text', width: 2 },
    ],
    rows: detail.events.map((e) => [
      new Date(e.at),
      EVENT_NAMES[e.type] ?? e.type,
      e.level_code,
      e.value,
      e.reading_at ? new Date(e.reading_at) : null,
      e.by_name,
      e.note,
    ]),
  };
  if (d.cases === null) yield { kind: 'paragraph', text: 'Action-log cases are not visible to the report’s creator' };
  else if (d.cases.length === 0) yield { kind: 'paragraph', text: 'No action-log case' };
  for (const c of d.cases ?? []) {
    yield {
      kind: 'facts',
      rows: [
        ['Case', `#${c.case.case_id} ${c.case.title}`],
        ['Opened', `${c.case.opened_by}`],
        ['Status', c.case.status],
        ...(c.case.close_reason ? ([['Close reason', c.case.close_reason]] as [string, string][]) : []),
      ],
    };
    if (c.entries.length === 0) yield { kind: 'paragraph', text: 'No follow-ups' };
    else
      yield {
        kind: 'table',
        columns: [
          { header: 'Done', type: 'datetime', width: 1.6 },
          { header: 'Action', type: 'text', width: 4 },
          { header: 'By', type: 'text', width: 1.5 },
        ],
        rows: c.entries.map((e) => [new Date(e.done_at), e.action, e.by]),
      };
  }
  if (d.comments.length === 0) yield { kind: 'paragraph', text: 'No QPS/QPD comments' };
  else
    yield {
      kind: 'table',
      columns: [
        { header: 'Time', type: 'datetime', width: 1.6 },
        { header: 'Kind', type: 'text', width: 0.7 },
        { header: 'By', type: 'text', width: 1.5 },
        { header: 'Comment', type: 'text', width: 4 },
      ],
      rows: d.comments.map((c) => [new Date(c.created), c.ref_data, c.sender_name, c.comment]),
    };
}
