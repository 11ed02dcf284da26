/**
 * GEO reports (decision 039): `geostatus` status per instrument, `geosum` the geotechnical summary, `geoblank` blank
 * reading sheets for field surveyors.
 */
import { INSTRUMENT_STATUSES } from '@strata/shared';
import type { ReportBlock, ReportColumn, ReportRow } from '../report-document.js';
import type { ReportContext, ReportTypeDef } from '../report-types.js';
import { instrumentCharts } from './charts.js';
import {
  byType,
  DAY_MS,
  documentOf,
  geoData,
  levelCell,
  movementOf,
  exact,
  selectedInstruments,
  thresholdText,
  type GeoData,
  type SeriesNow,
} from './common.js';
import { CATALOGS } from './catalogs.js';
import { INSTRUMENT_REPORT_PERMISSIONS, REPORT_OUTPUTS_ALL } from './permissions.js';

const NO_INSTRUMENTS = 'No instruments in the selection';

// ---- geostatus ----

/** Columns of the status table; the four levels' columns follow the levels (least severe first). */
export function geostatusColumns(levels: readonly { code: string }[]): ReportColumn[] {
  return [
    { key: 'instrument', header: 'Instrument', type: 'text', width: 2 },
    { key: 'zone', header: 'Zone', type: 'text', width: 1.5 },
    { key: 'reading', header: 'Reading', type: 'text' },
    { key: 'depth', header: 'Depth (m)', type: 'number', decimals: 1 },
    { key: 'unit', header: 'Unit', type: 'text', width: 0.7 },
    { key: 'last_reading', header: 'Last reading', type: 'datetime', width: 1.6 },
    { key: 'latest_value', header: 'Latest value', type: 'number', decimals: 2, inUnit: true },
    { key: 'change', header: 'Change since previous', type: 'number', decimals: 2, inUnit: true },
    { key: 'rate', header: 'Rate per day', type: 'number', decimals: 3, inUnit: true },
    { key: 'cumulative', header: 'Cumulative since baseline', type: 'number', decimals: 2, inUnit: true },
    ...levels.map((l): ReportColumn => ({ key: 'levels', header: l.code, type: 'text', width: 1.2 })),
    { key: 'status', header: 'Status', type: 'text' },
  ];
}

/** One row of the status report per series (series without any reading by the period's end are left out). */
export function geostatusRow(s: SeriesNow, d: GeoData): ReportRow {
  const p = s.precision;
  const change = s.latest && s.previous ? exact(s.latest.v - s.previous.v) : null;
  const days = s.latest && s.previous ? (s.latest.t - s.previous.t) / DAY_MS : 0;
  const own = d.thresholds.filter((t) => t.instrument_id === s.instrument.instrument_id && t.reading_code === s.code);
  return [
    s.instrument.name,
    s.instrument.zone_name,
    s.code,
    s.depth,
    s.unit,
    s.latest ? new Date(s.latest.t) : null,
    s.latest ? s.latest.v : null,
    change,
    change !== null && days > 0 ? (s.latest!.v - s.previous!.v) / days : null,
    s.latest && s.baseline ? exact(s.latest.v - s.baseline.v) : null,
    ...d.levels.map((l) =>
      thresholdText(
        own.find((t) => t.level_code === l.code),
        p,
      ),
    ),
    levelCell(d.status.get(s.instrument.instrument_id), d.levels),
  ];
}

export const geostatus: ReportTypeDef = {
  code: 'geostatus',
  permissions: INSTRUMENT_REPORT_PERMISSIONS,
  outputs: REPORT_OUTPUTS_ALL,
  catalog: CATALOGS.geostatus,
  async build(ctx) {
    const d = await geoData(ctx);
    const groups = byType(d.instruments);
    return documentOf(ctx, 'geostatus', Math.max(groups.length, 1), async function* () {
      if (groups.length === 0) {
        yield { kind: 'heading', level: 1, text: 'Instrument status', section: 'status' };
        yield { kind: 'paragraph', text: NO_INSTRUMENTS };
        return;
      }
      for (const g of groups) {
        yield { kind: 'heading', level: 1, text: `${g.code} ${g.name}`, sheet: g.code, section: 'status' };
        const ids = new Set(g.instruments.map((i) => i.instrument_id));
        const rows = d.series.filter((s) => ids.has(s.instrument.instrument_id) && s.latest).map((s) => geostatusRow(s, d));
        const unread = g.instruments.filter((i) => !d.series.some((s) => s.instrument.instrument_id === i.instrument_id && s.latest));
        if (rows.length === 0) yield { kind: 'paragraph', text: 'No readings by the end of the period' };
        else yield { kind: 'table', columns: geostatusColumns(d.levels), rows, range: 'instruments' };
        if (unread.length) yield { kind: 'paragraph', text: `Without readings by the end of the period: ${unread.map((i) => i.name).join(', ')}` };
      }
    });
  },
};

// ---- geosum ----

/** How many of the largest movements the summary lists, and how many of them it charts. */
export const GEOSUM_TOP = 10;
export const GEOSUM_CHARTS = 6;

export const geosum: ReportTypeDef = {
  code: 'geosum',
  permissions: INSTRUMENT_REPORT_PERMISSIONS,
  outputs: REPORT_OUTPUTS_ALL,
  catalog: CATALOGS.geosum,
  async build(ctx) {
    const d = await geoData(ctx);
    const groups = byType(d.instruments);
    const breaches = await breachesInPeriod(ctx);
    return documentOf(ctx, 'geosum', 4, async function* (): AsyncGenerator<ReportBlock> {
      yield { kind: 'heading', level: 1, text: 'Instruments by type and status', sheet: 'Instruments', section: 'types' };
      if (groups.length === 0) yield { kind: 'paragraph', text: NO_INSTRUMENTS };
      else yield* typeStatusTables(groups, d);

      const top = largestMovements(d.series, GEOSUM_TOP);
      yield { kind: 'heading', level: 1, text: 'Largest movements in the period', sheet: 'Movements', section: 'movements' };
      if (top.length === 0) yield { kind: 'paragraph', text: 'No readings in the period' };
      else
        yield {
          kind: 'table',
          columns: [
            { key: 'instrument', header: 'Instrument', type: 'text', width: 2 },
            { key: 'type', header: 'Type', type: 'text' },
            { key: 'reading', header: 'Reading', type: 'text' },
            { key: 'depth', header: 'Depth (m)', type: 'number', decimals: 1 },
            { key: 'unit', header: 'Unit', type: 'text', width: 0.7 },
            { key: 'start_value', header: 'Start value', type: 'number', decimals: 2, inUnit: true },
            { key: 'last_reading', header: 'Last reading', type: 'datetime', width: 1.6 },
            { key: 'latest_value', header: 'Latest value', type: 'number', decimals: 2, inUnit: true },
            { key: 'movement', header: 'Movement', type: 'number', decimals: 2, inUnit: true },
            { key: 'status', header: 'Status', type: 'text' },
          ],
          rows: top.map((s) => [
            s.instrument.name,
            s.instrument.type_code,
            s.code,
            s.depth,
            s.unit,
            s.start!.v,
            new Date(s.latest!.t),
            s.latest!.v,
            exact(movementOf(s)!),
            levelCell(d.status.get(s.instrument.instrument_id), d.levels),
          ]),
        };

      yield { kind: 'heading', level: 1, text: 'Breach summary', sheet: 'Breaches', section: 'breaches' };
      if (breaches.length === 0) yield { kind: 'paragraph', text: 'No breaches in the period' };
      else {
        yield {
          kind: 'table',
          columns: [
            { key: 'level', header: 'Level', type: 'text' },
            { key: 'count', header: 'Breaches', type: 'number', decimals: 0 },
            { key: 'open', header: 'Open', type: 'number', decimals: 0 },
            { key: 'closed', header: 'Closed', type: 'number', decimals: 0 },
          ],
          rows: d.levels
            .map((l) => {
              const of = breaches.filter((b) => b.level_code === l.code);
              return [levelCell(l.code, d.levels), of.length, of.filter((b) => b.status === 'open').length, of.filter((b) => b.status === 'closed').length];
            })
            .filter((r) => (r[1] as number) > 0),
        };
        yield {
          kind: 'table',
          range: 'breaches',
          columns: [
            { key: 'instrument', header: 'Instrument', type: 'text', width: 2 },
            { key: 'reading', header: 'Reading', type: 'text' },
            { key: 'level', header: 'Level', type: 'text' },
            { key: 'opened', header: 'Opened', type: 'datetime', width: 1.6 },
            { key: 'last_triggered', header: 'Last triggered', type: 'datetime', width: 1.6 },
            { key: 'peak_value', header: 'Peak value', type: 'number', decimals: 2 },
            { key: 'status', header: 'Status', type: 'text' },
          ],
          rows: breaches.map((b) => [
            b.instrument_name,
            b.reading_code,
            levelCell(b.level_code, d.levels),
            new Date(b.opened_at),
            new Date(b.last_triggered_at),
            b.peak_value,
            b.status === 'open' ? 'Open' : 'Closed',
          ]),
        };
      }

      yield { kind: 'heading', level: 1, text: 'Key charts', sheet: 'Charts', section: 'charts' };
      const charted = [...new Map(top.map((s) => [s.instrument.instrument_id, s.instrument])).values()].slice(0, GEOSUM_CHARTS);
      const charts = [];
      for (const inst of charted) {
        const code = top.find((s) => s.instrument.instrument_id === inst.instrument_id)!.code;
        charts.push(...(await instrumentCharts(ctx, inst, d.thresholds)).filter((c) => c.title === `${inst.name} ${code}`));
      }
      if (charts.length === 0) yield { kind: 'paragraph', text: 'No readings in the period' };
      else yield { kind: 'charts', charts, perPage: 2 };
    });
  },
};

/** The instruments of each type by status, then by level at the period's end (geosum; the full monitoring report's summary). */
export function* typeStatusTables(groups: ReturnType<typeof byType>, d: GeoData): Generator<ReportBlock> {
  yield {
    kind: 'table',
    columns: [
      { header: 'Type', type: 'text', width: 2.5 },
      { header: 'Instruments', type: 'number', decimals: 0 },
      ...INSTRUMENT_STATUSES.map((s): ReportColumn => ({ header: s.name, type: 'number', decimals: 0 })),
    ],
    rows: groups.map((g) => [
      `${g.code} ${g.name}`,
      g.instruments.length,
      ...INSTRUMENT_STATUSES.map((s) => g.instruments.filter((i) => i.status === s.code).length),
    ]),
  };
  yield { kind: 'heading', level: 2, text: 'Instruments at each level' };
  yield {
    kind: 'table',
    columns: [
      { header: 'Type', type: 'text', width: 2.5 },
      { header: 'Normal', type: 'number', decimals: 0 },
      ...d.levels.map((l): ReportColumn => ({ header: l.code, type: 'number', decimals: 0 })),
      { header: 'No readings', type: 'number', decimals: 0 },
    ],
    rows: groups.map((g) => {
      const read = g.instruments.filter((i) => d.series.some((s) => s.instrument.instrument_id === i.instrument_id && s.latest));
      return [
        `${g.code} ${g.name}`,
        read.filter((i) => !d.status.get(i.instrument_id)).length,
        ...d.levels.map((l) => read.filter((i) => d.status.get(i.instrument_id) === l.code).length),
        g.instruments.length - read.length,
      ];
    }),
  };
}

/** The series with the largest absolute movement in the period, largest first (one per instrument and code). */
export function largestMovements(series: readonly SeriesNow[], n: number): SeriesNow[] {
  const best = new Map<string, SeriesNow>();
  for (const s of series) {
    const m = movementOf(s);
    if (m === null || s.latest!.t < s.start!.t) continue;
    const key = `${s.instrument.instrument_id}|${s.code}`;
    const had = best.get(key);
    if (!had || Math.abs(m) > Math.abs(movementOf(had)!)) best.set(key, s);
  }
  return [...best.values()]
    .filter((s) => s.latest!.t >= s.start!.t)
    .sort((a, b) => Math.abs(movementOf(b)!) - Math.abs(movementOf(a)!) || a.instrument.name.localeCompare(b.instrument.name))
    .slice(0, n);
}

/** Breached alerts triggered in the period (the alert list's call, newest trigger first), every page. */
export async function breachesInPeriod(ctx: ReportContext) {
  const out = [];
  for (let skip = 0; ; skip += 1000) {
    const page = await ctx.services.alerts.list(ctx.actor, {
      kind: ['breached'],
      contracts: ctx.params.contract_ids,
      from: ctx.period.from.toISOString(),
      to: new Date(ctx.period.to.getTime() - 1).toISOString(),
      limit: 1000,
      skip,
    });
    out.push(...page.records);
    if (page.records.length < 1000) break;
  }
  // Narrowed to the report's instruments (zones, types).
  const ids = new Set((await selectedInstruments(ctx)).map((i) => i.instrument_id));
  return out.filter((a) => a.instrument_id !== null && ids.has(a.instrument_id));
}

// ---- geoblank ----

export const geoblank: ReportTypeDef = {
  code: 'geoblank',
  permissions: INSTRUMENT_REPORT_PERMISSIONS,
  outputs: REPORT_OUTPUTS_ALL,
  catalog: CATALOGS.geoblank,
  async build(ctx) {
    const d = await geoData(ctx);
    const groups = byType(d.instruments);
    return documentOf(ctx, 'geoblank', Math.max(groups.length, 1), async function* () {
      if (groups.length === 0) {
        yield { kind: 'heading', level: 1, text: 'Reading sheet', section: 'sheets' };
        yield { kind: 'paragraph', text: NO_INSTRUMENTS };
        return;
      }
      for (const g of groups) {
        yield { kind: 'heading', level: 1, text: `${g.code} ${g.name}`, sheet: g.code, section: 'sheets' };
        const rows: ReportRow[] = [];
        for (const i of g.instruments) {
          const read = d.series.filter((s) => s.instrument.instrument_id === i.instrument_id && s.latest);
          const codes = read.length ? read : [null];
          for (const s of codes) {
            rows.push([
              i.name,
              `${i.zone_name ? `${i.zone_name}, ` : ''}E ${i.easting.toFixed(3)} N ${i.northing.toFixed(3)}`,
              s ? `${s.code}${s.depth !== null ? ` @ ${s.depth} m` : ''}` : null,
              s ? `${s.latest!.v.toFixed(s.precision)} ${s.unit}` : null,
              s ? new Date(s.latest!.t) : null,
              null,
              null,
              null,
              null,
              null,
            ]);
          }
        }
        yield {
          kind: 'table',
          columns: [
            { key: 'instrument', header: 'Instrument', type: 'text', width: 1.6 },
            { key: 'location', header: 'Location', type: 'text', width: 2.2 },
            { key: 'reading', header: 'Reading', type: 'text' },
            { key: 'last_value', header: 'Last value', type: 'text' },
            { key: 'last_date', header: 'Last date', type: 'datetime', width: 1.5 },
            { key: 'date', header: 'Date', type: 'text' },
            { key: 'time', header: 'Time', type: 'text', width: 0.8 },
            { key: 'new_reading', header: 'Reading', type: 'text' },
            { key: 'remarks', header: 'Remarks', type: 'text', width: 2 },
            { key: 'initials', header: 'Initials', type: 'text', width: 0.8 },
          ],
          rows,
        };
      }
    });
  },
};
