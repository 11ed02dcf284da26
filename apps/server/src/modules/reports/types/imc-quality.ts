/**
 * `imc-quality-audit` (decision 039): the data quality of the report's instruments in the period — missing baselines,
 * stale instruments, gaps in the readings, duplicate readings refused at upload, spikes and rebaselines.
 */
import { FREQUENCIES, INSTRUMENT_STATUSES, type TAlert } from '@strata/shared';
import type { ReportBlock, ReportColumn } from '../report-document.js';
import type { ReportContext, ReportTypeDef } from '../report-types.js';
import { isDuplicateMessage } from '../../uploads/reading-validator.js';
import {
  allPages,
  byType,
  dateTimeText,
  DAY_MS,
  dayText,
  documentOf,
  inPeriod,
  selectedInstruments,
  unlessForbidden,
  type ReportInstrument,
} from './common.js';
import { CATALOGS } from './catalogs.js';
import { INSTRUMENT_REPORT_PERMISSIONS, REPORT_OUTPUTS_ALL } from './permissions.js';

const frequencyOf = (i: ReportInstrument) => FREQUENCIES.find((f) => f.code === i.frequency);
const statusName = (code: string) => INSTRUMENT_STATUSES.find((s) => s.code === code)?.name ?? code;

export interface Gap {
  instrument: ReportInstrument;
  /** The reading before the gap (it may be before the period) and the one after it, epoch ms. */
  from: number;
  to: number;
  missed: number;
}

/**
 * Gaps of an instrument with a frequency: two consecutive reading times (of any of its series; the last reading
 * before the period counts as the first) further apart than twice its interval, ending in the period.
 */
async function gapsOf(ctx: ReportContext, i: ReportInstrument): Promise<Gap[]> {
  const f = frequencyOf(i);
  if (!f) return [];
  const step = f.minutes * 60_000;
  const from = ctx.period.from.getTime();
  const times = new Set<number>();
  for (const h of await ctx.services.readings.valuesAtOrBefore(ctx.actor, i.instrument_id, [from - 1])) times.add(h.t);
  const before = times.size ? Math.max(...times) : null;
  times.clear();
  if (before !== null) times.add(before);
  for await (const r of ctx.services.readings.readingsInRange(ctx.actor, i.instrument_id, from, ctx.period.to.getTime() - 1)) times.add(r.t);
  const sorted = [...times].sort((a, b) => a - b);
  const out: Gap[] = [];
  for (let k = 1; k < sorted.length; k++) {
    const d = sorted[k]! - sorted[k - 1]!;
    if (d > 2 * step) out.push({ instrument: i, from: sorted[k - 1]!, to: sorted[k]!, missed: Math.round(d / step) - 1 });
  }
  return out;
}

/** The instant a report looks back from: the period's end, or now while the period is running. */
const endOf = (ctx: ReportContext) => Math.min(ctx.period.to.getTime(), ctx.now.getTime());

/** The last reading time of each instrument at or before the end of the period (null: none by then). */
async function lastReadingsAtEnd(ctx: ReportContext, list: readonly ReportInstrument[]): Promise<Map<number, number | null>> {
  const end = endOf(ctx) - 1;
  const out = new Map<number, number | null>();
  for (const i of list) {
    const hits = await ctx.services.readings.valuesAtOrBefore(ctx.actor, i.instrument_id, [end]);
    out.set(i.instrument_id, hits.length ? Math.max(...hits.map((h) => h.t)) : null);
  }
  return out;
}

/** Alerts of these kinds triggered in the period (the alert list's call), on the report's instruments. */
async function alertsInPeriod(ctx: ReportContext, kinds: TAlert['kind'][], ids: Set<number>): Promise<TAlert[]> {
  const list = await allPages((skip, limit) =>
    ctx.services.alerts.list(ctx.actor, {
      kind: kinds,
      contracts: ctx.params.contract_ids,
      from: ctx.period.from.toISOString(),
      to: new Date(ctx.period.to.getTime() - 1).toISOString(),
      limit,
      skip,
    }),
  );
  return list
    .filter((a) => a.instrument_id !== null && ids.has(a.instrument_id))
    .sort((a, b) => a.opened_at.localeCompare(b.opened_at) || a.alert_id - b.alert_id);
}

export interface DuplicateRows {
  uploadId: number;
  fileName: string;
  uploadedAt: Date;
  uploadedBy: string | null;
  instrument: ReportInstrument;
  rows: number;
}

/**
 * Readings refused as duplicates (of an earlier row of the file, or of a stored reading) in the instrument uploads
 * made in the period for the report's contracts, per upload and instrument, from the uploads' row reports; null when
 * the creator may not see the instrument upload history.
 */
async function duplicatesInPeriod(ctx: ReportContext, byId: Map<number, ReportInstrument>): Promise<DuplicateRows[] | null> {
  const from = ctx.period.from.getTime();
  const uploads = [];
  for (let skip = 0; ; skip += 1000) {
    const page = await unlessForbidden(() => ctx.services.uploads.list(ctx.actor, { type: 'instrument', limit: 1000, skip }));
    if (page === null) return null;
    uploads.push(...page.records.filter((u) => inPeriod(ctx, u.created)));
    // Newest first: stop once past the period's start.
    if (page.records.length < 1000 || page.records.some((u) => Date.parse(u.created) < from)) break;
  }
  const out: DuplicateRows[] = [];
  for (const u of uploads.reverse()) {
    if (u.errors_total === 0 || !u.contract_ids.some((c) => ctx.params.contract_ids.includes(c))) continue;
    const counts = new Map<number, number>();
    for (let skip = 0; ; skip += 1000) {
      const page = await ctx.services.uploads.report(ctx.actor, u.upload_id, { skip, limit: 1000 });
      for (const e of page.records)
        if (e.instrument_id !== null && byId.has(e.instrument_id) && isDuplicateMessage(e.message))
          counts.set(e.instrument_id, (counts.get(e.instrument_id) ?? 0) + 1);
      if (page.records.length < 1000) break;
    }
    for (const [id, n] of counts)
      out.push({
        uploadId: u.upload_id,
        fileName: u.file_name,
        uploadedAt: new Date(u.created),
        uploadedBy: u.uploaded_by_name,
        instrument: byId.get(id)!,
        rows: n,
      });
  }
  return out;
}

export interface QualityAudit {
  instruments: ReportInstrument[];
  /** Instruments with readings by the end of the period and no baseline date. */
  missingBaselines: { instrument: ReportInstrument; firstReading: number }[];
  /** Active instruments with a frequency whose last reading at the period's end is older than one interval (or none). */
  stale: { instrument: ReportInstrument; lastReading: number | null }[];
  gaps: Gap[];
  duplicates: DuplicateRows[] | null;
  spikes: TAlert[];
  rebaselines: TAlert[];
}

export async function qualityAuditOf(ctx: ReportContext): Promise<QualityAudit> {
  const instruments = await selectedInstruments(ctx);
  const byId = new Map(instruments.map((i) => [i.instrument_id, i]));
  const ids = new Set(byId.keys());
  const end = endOf(ctx);
  const last = await lastReadingsAtEnd(ctx, instruments);
  const missingBaselines: QualityAudit['missingBaselines'] = [];
  const stale: QualityAudit['stale'] = [];
  const gaps: Gap[] = [];
  for (const i of instruments) {
    if (!i.baseline_date && last.get(i.instrument_id) != null) {
      const firsts = [...(await ctx.services.readings.firstReadings(ctx.actor, i.instrument_id)).values()];
      missingBaselines.push({ instrument: i, firstReading: Math.min(...firsts) });
    }
    const f = frequencyOf(i);
    const at = last.get(i.instrument_id) ?? null;
    if (i.status === 'active' && f && (at === null || end - at > f.minutes * 60_000)) stale.push({ instrument: i, lastReading: at });
    gaps.push(...(await gapsOf(ctx, i)));
  }
  return {
    instruments,
    missingBaselines,
    stale,
    gaps,
    duplicates: await duplicatesInPeriod(ctx, byId),
    spikes: await alertsInPeriod(ctx, ['spike'], ids),
    rebaselines: await alertsInPeriod(ctx, ['rebaseline'], ids),
  };
}

const INSTRUMENT_COLUMNS: ReportColumn[] = [
  { key: 'instrument', header: 'Instrument', type: 'text', width: 2 },
  { key: 'type', header: 'Type', type: 'text' },
  { key: 'zone', header: 'Zone', type: 'text', width: 1.5 },
];
const instrumentCells = (i: ReportInstrument) => [i.name, i.type_code, i.zone_name] as const;

export const imcQualityAudit: ReportTypeDef = {
  code: 'imc-quality-audit',
  permissions: INSTRUMENT_REPORT_PERMISSIONS,
  outputs: REPORT_OUTPUTS_ALL,
  catalog: CATALOGS.imcQualityAudit,
  async build(ctx) {
    const a = await qualityAuditOf(ctx);
    const groups = byType(a.instruments);
    const end = endOf(ctx);
    return documentOf(ctx, 'imc-quality-audit', 7, async function* (): AsyncGenerator<ReportBlock> {
      yield { kind: 'heading', level: 1, text: 'Data quality summary', sheet: 'Summary', section: 'summary' };
      if (groups.length === 0) yield { kind: 'paragraph', text: 'No instruments in the selection' };
      else {
        const count = <T extends { instrument: ReportInstrument }>(list: readonly T[], code: string, n: (x: T) => number = () => 1) =>
          list.filter((x) => x.instrument.type_code === code).reduce((s, x) => s + n(x), 0);
        const alerts = (list: readonly TAlert[], code: string) => list.filter((x) => x.type_code === code).length;
        yield {
          kind: 'table',
          columns: [
            { key: 'type', header: 'Type', type: 'text', width: 2.5 },
            { key: 'instruments', header: 'Instruments', type: 'number', decimals: 0 },
            { key: 'missing_baselines', header: 'Missing baselines', type: 'number', decimals: 0 },
            { key: 'stale_instruments', header: 'Stale instruments', type: 'number', decimals: 0 },
            { key: 'gaps', header: 'Gaps', type: 'number', decimals: 0 },
            { key: 'duplicate_rows', header: 'Duplicate rows', type: 'number', decimals: 0 },
            { key: 'spikes', header: 'Spikes', type: 'number', decimals: 0 },
            { key: 'rebaselines', header: 'Rebaselines', type: 'number', decimals: 0 },
          ],
          rows: groups.map((g) => [
            `${g.code} ${g.name}`,
            g.instruments.length,
            count(a.missingBaselines, g.code),
            count(a.stale, g.code),
            count(a.gaps, g.code),
            a.duplicates === null ? null : count(a.duplicates, g.code, (d) => d.rows),
            alerts(a.spikes, g.code),
            alerts(a.rebaselines, g.code),
          ]),
        };
      }

      yield { kind: 'heading', level: 1, text: 'Missing baselines', sheet: 'Baselines', section: 'baselines' };
      if (a.missingBaselines.length === 0) yield { kind: 'paragraph', text: 'No instruments with readings and without a baseline' };
      else
        yield {
          kind: 'table',
          columns: [
            ...INSTRUMENT_COLUMNS,
            { key: 'status', header: 'Status', type: 'text' },
            { key: 'install_date', header: 'Install date', type: 'text' },
            { key: 'first_reading', header: 'First reading', type: 'datetime', width: 1.6 },
          ],
          rows: a.missingBaselines.map((m) => [
            ...instrumentCells(m.instrument),
            statusName(m.instrument.status),
            m.instrument.install_date ? dayText(m.instrument.install_date) : null,
            new Date(m.firstReading),
          ]),
        };

      yield { kind: 'heading', level: 1, text: 'Stale instruments', sheet: 'Stale', section: 'stale' };
      yield { kind: 'paragraph', text: `Active instruments without a reading within their required frequency at ${dateTimeText(end, ctx.timezone)}` };
      if (a.stale.length === 0) yield { kind: 'paragraph', text: 'No stale instruments' };
      else
        yield {
          kind: 'table',
          columns: [
            ...INSTRUMENT_COLUMNS,
            { key: 'required_frequency', header: 'Required frequency', type: 'text', width: 1.5 },
            { key: 'last_reading', header: 'Last reading', type: 'datetime', width: 1.6 },
            { key: 'age_of_last_reading_days', header: 'Age of last reading (days)', type: 'number', decimals: 1 },
          ],
          rows: a.stale.map((s) => [
            ...instrumentCells(s.instrument),
            frequencyOf(s.instrument)!.name,
            s.lastReading === null ? null : new Date(s.lastReading),
            s.lastReading === null ? null : (end - s.lastReading) / DAY_MS,
          ]),
        };

      yield { kind: 'heading', level: 1, text: 'Gaps in the readings', sheet: 'Gaps', section: 'gaps' };
      if (a.gaps.length === 0) yield { kind: 'paragraph', text: 'No gaps in the period' };
      else
        yield {
          kind: 'table',
          columns: [
            ...INSTRUMENT_COLUMNS,
            { key: 'required_frequency', header: 'Required frequency', type: 'text', width: 1.5 },
            { key: 'reading_before', header: 'Reading before', type: 'datetime', width: 1.6 },
            { key: 'reading_after', header: 'Reading after', type: 'datetime', width: 1.6 },
            { key: 'gap_days', header: 'Gap (days)', type: 'number', decimals: 1 },
            { key: 'readings_missed', header: 'Readings missed', type: 'number', decimals: 0 },
          ],
          rows: a.gaps.map((g) => [
            ...instrumentCells(g.instrument),
            frequencyOf(g.instrument)!.name,
            new Date(g.from),
            new Date(g.to),
            (g.to - g.from) / DAY_MS,
            g.missed,
          ]),
        };

      yield { kind: 'heading', level: 1, text: 'Duplicate readings refused', sheet: 'Duplicates', section: 'duplicates' };
      if (a.duplicates === null) yield { kind: 'paragraph', text: 'The upload history is not visible to the report’s creator' };
      else if (a.duplicates.length === 0) yield { kind: 'paragraph', text: 'No duplicate readings in the period’s uploads' };
      else
        yield {
          kind: 'table',
          columns: [
            { key: 'uploaded', header: 'Uploaded', type: 'datetime', width: 1.6 },
            { key: 'upload', header: 'Upload', type: 'text', width: 2.5 },
            { key: 'uploaded_by', header: 'Uploaded by', type: 'text', width: 1.5 },
            ...INSTRUMENT_COLUMNS,
            { key: 'duplicate_rows', header: 'Duplicate rows', type: 'number', decimals: 0 },
          ],
          rows: a.duplicates.map((d) => [d.uploadedAt, `#${d.uploadId} ${d.fileName}`, d.uploadedBy, ...instrumentCells(d.instrument), d.rows]),
        };

      yield { kind: 'heading', level: 1, text: 'Spikes', sheet: 'Spikes', section: 'spikes' };
      if (a.spikes.length === 0) yield { kind: 'paragraph', text: 'No spikes in the period' };
      else
        yield {
          kind: 'table',
          columns: [
            { key: 'opened', header: 'Opened', type: 'datetime', width: 1.6 },
            { key: 'instrument', header: 'Instrument', type: 'text', width: 2 },
            { key: 'reading', header: 'Reading', type: 'text' },
            { key: 'reading_time', header: 'Reading time', type: 'datetime', width: 1.6 },
            { key: 'value', header: 'Value', type: 'number', decimals: 2 },
            { key: 'unit', header: 'Unit', type: 'text', width: 0.7 },
            { key: 'triggers', header: 'Triggers', type: 'number', decimals: 0 },
            { key: 'status', header: 'Status', type: 'text' },
          ],
          rows: a.spikes.map((s) => [
            new Date(s.opened_at),
            s.instrument_name,
            s.reading_code,
            s.reading_at ? new Date(s.reading_at) : null,
            s.latest_value,
            s.unit,
            s.trigger_count,
            s.status === 'open' ? 'Open' : 'Closed',
          ]),
        };

      yield { kind: 'heading', level: 1, text: 'Rebaselines', sheet: 'Rebaselines', section: 'rebaselines' };
      if (a.rebaselines.length === 0) yield { kind: 'paragraph', text: 'No rebaselines in the period' };
      else
        yield {
          kind: 'table',
          columns: [
            { key: 'opened', header: 'Opened', type: 'datetime', width: 1.6 },
            { key: 'instrument', header: 'Instrument', type: 'text', width: 2 },
            { key: 'baseline_date', header: 'Baseline date', type: 'text' },
            { key: 'message', header: 'Message', type: 'text', width: 4 },
            { key: 'status', header: 'Status', type: 'text' },
          ],
          rows: a.rebaselines.map((r) => {
            const baseline = r.instrument_id !== null ? a.instruments.find((i) => i.instrument_id === r.instrument_id)?.baseline_date : null;
            return [
              new Date(r.opened_at),
              r.instrument_name,
              baseline ? dateTimeText(Date.parse(baseline), ctx.timezone) : null,
              r.message,
              r.status === 'open' ? 'Open' : 'Closed',
            ];
          }),
        };
    });
  },
};
