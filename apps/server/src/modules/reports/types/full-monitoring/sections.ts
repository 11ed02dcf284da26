/** The sections of a full monitoring report (decision 040), each from the shared code of the other report types. */
import type { TActionCase, TMonitoringSection } from '@strata/shared';
import type { ReportBlock, ReportChart, ReportRow } from '../../report-document.js';
import { instrumentCharts } from '../charts.js';
import { allPages, byType, dateTimeText, dayText, unlessForbidden, type ReportInstrument } from '../common.js';
import { breachDetails, breachTable, readingsTable } from '../imr.js';
import { readLogo } from '../../full-monitoring/logo.js';
import type { FullMonitoringData } from './data.js';

type Section<K extends TMonitoringSection['kind']> = Extract<TMonitoringSection, { kind: K }>;
const PENDING = 'Pending';

export async function* coverSection(s: Section<'cover'>, data: FullMonitoringData): AsyncGenerator<ReportBlock> {
  const { report: r, ctx } = data;
  const logo = s.logo ? readLogo(s.logo) : null;
  if (logo) yield { kind: 'image', data: logo.data, format: logo.format, width: logo.width, height: logo.height, maxHeight: 80 };
  yield {
    kind: 'facts',
    rows: [
      ['Contract', `${r.contractNo} ${r.contractTitle}`],
      ['Report No.', r.reportNo],
      ['Revision', String(r.revision)],
      ['Period', `${dayText(ctx.period.firstDay)} – ${dayText(ctx.period.lastDay)}`],
    ],
  };
  if (!s.revision_table) return;
  const when = (d: Date | null) => (d ? dateTimeText(d, ctx.timezone) : PENDING);
  const rows: ReportRow[] = [
    ...r.earlier.map((e): ReportRow => [
      String(e.revision),
      e.preparedByName,
      e.checkedByName ? `${e.checkedByName} ${when(e.checkedAt)}` : PENDING,
      e.approvedByName ? `${e.approvedByName} ${when(e.approvedAt)}` : PENDING,
      'Published',
    ]),
    [String(r.revision), `${r.preparedByName ?? ''} ${dateTimeText(r.created, ctx.timezone)}`.trim(), PENDING, PENDING, 'Draft'],
  ];
  yield { kind: 'heading', level: 2, text: 'Revisions' };
  yield {
    kind: 'table',
    columns: [
      { header: 'Rev', type: 'text', width: 0.5 },
      { header: 'Prepared by', type: 'text', width: 2 },
      { header: 'Checked by', type: 'text', width: 2 },
      { header: 'Approved by', type: 'text', width: 2 },
      { header: 'Status', type: 'text' },
    ],
    rows,
  };
}

export async function* summarySection(s: Section<'executive-summary'>, data: FullMonitoringData): AsyncGenerator<ReportBlock> {
  if (s.text.trim()) yield { kind: 'paragraph', text: s.text.trim() };
  if (!s.counts) return;
  const { ctx } = data;
  const breaches = await data.breaches();
  const levels = await data.levels();
  const open = await unlessForbidden(() => ctx.services.actionLog.list(ctx.actor, { contracts: ctx.params.contract_ids, status: 'open', limit: 1, skip: 0 }));
  yield {
    kind: 'facts',
    rows: [
      ['Instruments', String((await data.instruments()).length)],
      ['Instruments with readings in the period', String((await data.read()).length)],
      ['Readings in the period', String(await data.readingCount())],
      ['Breaches in the period', String(breaches.length)],
      ...levels
        .map((l): [string, string] => [`Breaches at ${l.code}`, String(breaches.filter((b) => b.level_code === l.code).length)])
        .filter(([, n]) => n !== '0'),
      ['Open action-log cases', open ? String(open.total_records) : 'Not visible'],
    ],
  };
}

export async function* breachLogSection(s: Section<'breach-log'>, data: FullMonitoringData): AsyncGenerator<ReportBlock> {
  const breaches = (await data.breaches())
    .filter((b) => s.include_closed || b.status !== 'closed')
    .sort((a, b) => a.opened_at.localeCompare(b.opened_at) || a.alert_id - b.alert_id);
  if (breaches.length === 0) {
    yield { kind: 'paragraph', text: 'No breaches in the period' };
    return;
  }
  yield breachTable(breaches, await breachDetails(data.ctx, breaches), await data.levels());
}

export async function* typeTablesSection(s: Section<'type-tables'>, data: FullMonitoringData): AsyncGenerator<ReportBlock> {
  const chosen = new Set(s.instrument_type_ids);
  const groups = byType((await data.instruments()).filter((i) => chosen.size === 0 || chosen.has(i.type_id)));
  if (groups.length === 0) {
    yield { kind: 'paragraph', text: 'No instruments in the selection' };
    return;
  }
  const read = new Set((await data.read()).map((i) => i.instrument_id));
  for (const g of groups) {
    yield { kind: 'heading', level: 2, text: `${g.code} ${g.name}` };
    const list = g.instruments.filter((i) => read.has(i.instrument_id));
    yield list.length ? readingsTable(data.ctx, list) : { kind: 'paragraph', text: 'No readings in the period' };
  }
}

export async function* groupChartsSection(s: Section<'group-charts'>, data: FullMonitoringData): AsyncGenerator<ReportBlock> {
  const { ctx } = data;
  const read = await data.read();
  const thresholds = await data.thresholds();
  const groups: { name: string; instruments: ReportInstrument[] }[] = [];
  if (s.group_by === 'instrument-type') {
    for (const g of byType(read)) groups.push({ name: `${g.code} ${g.name}`, instruments: g.instruments });
  } else {
    const byId = new Map(read.map((i) => [i.instrument_id, i]));
    const list = await allPages((skip, limit) => ctx.services.monitoringGroups.listGroups(ctx.actor, { contracts: ctx.params.contract_ids, limit, skip }));
    for (const g of list) {
      const members = g.instrument_ids.map((id) => byId.get(id)).filter((i): i is ReportInstrument => i !== undefined);
      if (members.length) groups.push({ name: g.name, instruments: members });
    }
  }
  if (groups.length === 0) {
    yield { kind: 'paragraph', text: s.group_by === 'instrument-type' ? 'No readings in the period' : 'No monitoring group has readings in the period' };
    return;
  }
  for (const g of groups) {
    yield { kind: 'heading', level: 2, text: g.name };
    const charts: ReportChart[] = [];
    for (const i of g.instruments) charts.push(...(await instrumentCharts(ctx, i, thresholds)));
    yield { kind: 'charts', charts, perPage: s.per_page };
  }
}

const CASE_STATUS: Record<string, string> = { open: 'Open', closed: 'Closed' };

export async function* actionLogSection(s: Section<'action-log'>, data: FullMonitoringData): AsyncGenerator<ReportBlock> {
  const { ctx } = data;
  const all = await unlessForbidden(() =>
    allPages((skip, limit) => ctx.services.actionLog.list(ctx.actor, { contracts: ctx.params.contract_ids, limit, skip })),
  );
  if (all === null) {
    yield { kind: 'paragraph', text: 'Action-log cases are not visible to the report’s creator' };
    return;
  }
  const end = ctx.period.to.getTime();
  const start = ctx.period.from.getTime();
  // Cases opened by the period's end: the open ones, and (when asked) the ones closed within the period.
  const cases = all
    .filter((c: TActionCase) => Date.parse(c.opened_at) < end)
    .filter((c) => c.status === 'open' || (s.include_closed && c.closed_at !== null && Date.parse(c.closed_at) >= start && Date.parse(c.closed_at) < end))
    .sort((a, b) => a.opened_at.localeCompare(b.opened_at) || a.case_id - b.case_id);
  if (cases.length === 0) {
    yield { kind: 'paragraph', text: s.include_closed ? 'No open cases and none closed in the period' : 'No open cases' };
    return;
  }
  yield {
    kind: 'table',
    columns: [
      { header: 'Case', type: 'text', width: 0.6 },
      { header: 'Category', type: 'text' },
      { header: 'Title', type: 'text', width: 3 },
      { header: 'Instrument', type: 'text', width: 1.5 },
      { header: 'Opened', type: 'datetime', width: 1.6 },
      { header: 'Follow-ups', type: 'number', decimals: 0 },
      { header: 'Last follow-up', type: 'datetime', width: 1.6 },
      { header: 'Status', type: 'text' },
      { header: 'Closed', type: 'datetime', width: 1.6 },
    ],
    rows: cases.map((c) => [
      `#${c.case_id}`,
      c.category,
      c.title,
      c.instrument_name,
      new Date(c.opened_at),
      c.entry_count,
      c.last_entry_at ? new Date(c.last_entry_at) : null,
      CASE_STATUS[c.status] ?? c.status,
      c.closed_at ? new Date(c.closed_at) : null,
    ]),
  };
}

export function* appendicesSection(s: Section<'appendices'>): Generator<ReportBlock> {
  if (s.items.length === 0) yield { kind: 'paragraph', text: 'No appendices' };
  for (const [i, item] of s.items.entries()) {
    yield { kind: 'heading', level: 2, text: `Appendix ${String.fromCharCode(65 + i)}: ${item.title}` };
    if (item.text.trim()) yield { kind: 'paragraph', text: item.text.trim() };
  }
}
