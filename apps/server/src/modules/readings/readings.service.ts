import type { Readable } from 'node:stream';
import {
  READINGS_DEFAULT_MAX_POINTS,
  type TInstrumentProfile,
  type TInstrumentReadings,
  type TInstrumentStatuses,
  type TInstrumentStatusQuery,
  type TLatestReadings,
  type TReadingProfileQuery,
  type TReadingRowList,
  type TReadingRowsQuery,
  type TReadingsExportFormat,
  type TReadingsExportQuery,
  type TReadingsQuery,
} from '@strata/shared';
import type { Actor, AppContext } from '../../context.js';
import { badRequest, notFound } from '../../lib/errors.js';
import { dateRange } from '../../lib/filters.js';
import { writeAudit } from '../../platform/audit.js';
import { scopeOf } from '../contracts/contracts.service.js';
import { INSTRUMENT_NOT_FOUND } from '../instruments/instruments.service.js';
import type { SettingsService } from '../settings/settings.service.js';
import { downsampleSeries } from './downsample.js';
import { readingRowsPage } from './reading-rows.repository.js';
import { exportFileName, exportLimits, isoInZone, readingsFile } from './readings-export.js';
import { instrumentSeries, instrumentStatuses, latestOf, readingsPage, type SeriesView } from './readings.repository.js';
import { instrumentSeriesWithStats, latestAtOrBefore, rangeStats, type RangeStats } from './readings-chart.repository.js';

const BARE_DATE = /^\d{4}-\d{2}-\d{2}$/;
const DAY_MS = 86_400_000;

const codeList = (codes: string | undefined) =>
  codes
    ?.split(',')
    .map((c) => c.trim())
    .filter(Boolean);

/** A `from`/`to` pair as inclusive epoch-ms bounds (null: open); 400 when unreadable or reversed. */
function inclusiveRange(fromText: string | undefined, toText: string | undefined): { from: number | null; to: number | null } {
  const range = dateRange(fromText, toText);
  const from = range.from ? range.from.getTime() : null;
  const to = range.to ? range.to.getTime() - (range.toInclusive ? 0 : 1) : null;
  if (from !== null && to !== null && from > to) throw badRequest({ to: 'The end must be after the start' });
  return { from, to };
}

export interface ReadingsDownload {
  fileName: string;
  format: TReadingsExportFormat;
  rows: number;
  body: Readable;
}

/**
 * Readings for charts and lists (issue 7), within the caller's contracts (an instrument outside them answers 404).
 * Series are downsampled on the server (`downsample.ts`) to at most `max_points` points each: the request's value,
 * 1000 by default, never more than the `chart_instrument_detail_limit` setting.
 */
export class ReadingsService {
  constructor(
    private readonly ctx: AppContext,
    private readonly settings: SettingsService,
  ) {}

  private get db() {
    return this.ctx.db.orm;
  }

  async readings(actor: Actor, instrumentId: number, q: TReadingsQuery): Promise<TInstrumentReadings> {
    const { from, to } = inclusiveRange(q.from, q.to);
    const limit = (await this.settings.get()).chart_instrument_detail_limit;
    const maxPoints = Math.min(q.max_points ?? READINGS_DEFAULT_MAX_POINTS, limit);
    // A bounded range (the chart's usual request): the series and their counts in the range in one round trip.
    const found: { name: string; series: (SeriesView & { stats?: RangeStats })[] } | undefined =
      from !== null && to !== null
        ? await instrumentSeriesWithStats(this.db, scopeOf(actor), instrumentId, codeList(q.codes), q.depths, from, to)
        : await instrumentSeries(this.db, scopeOf(actor), instrumentId, codeList(q.codes), q.depths);
    if (!found) throw notFound(INSTRUMENT_NOT_FOUND);
    const out: TInstrumentReadings['series'] = [];
    for (const s of found.series) {
      const d = await downsampleSeries(this.db, s.seriesId, from, to, maxPoints, s.stats);
      out.push({
        series_id: s.seriesId,
        code: s.code,
        description: s.description,
        depth: s.depth,
        unit: s.unit,
        precision: s.precision,
        raw_count: d.rawCount,
        downsampled: d.downsampled,
        points: d.points,
      });
    }
    return {
      instrument_id: instrumentId,
      name: found.name,
      from: from === null ? null : new Date(from).toISOString(),
      to: to === null ? null : new Date(to).toISOString(),
      max_points: maxPoints,
      series: out,
    };
  }

  /**
   * One page of the stored readings of the range (codes, depths, from, to), newest first, for the detail's readings
   * table; 404 outside the caller's contracts, as the chart. `total_records` is the sum of the per-series counts the
   * chart computes for the range (whole 6-hour grains from the rollups, which the load writes in the same transaction
   * as the readings, the partial grains at the ends from the readings): exact, and no count over the readings.
   */
  async rows(actor: Actor, instrumentId: number, q: TReadingRowsQuery): Promise<TReadingRowList> {
    const { from, to } = inclusiveRange(q.from, q.to);
    const codes = codeList(q.codes);
    const found: { series: (SeriesView & { stats?: RangeStats })[] } | undefined =
      from !== null && to !== null
        ? await instrumentSeriesWithStats(this.db, scopeOf(actor), instrumentId, codes, q.depths, from, to)
        : await instrumentSeries(this.db, scopeOf(actor), instrumentId, codes, q.depths);
    if (!found) throw notFound(INSTRUMENT_NOT_FOUND);
    // Series without readings in the range are left out of the page's statement; an open bound becomes the first
    // (or last) reading of the range, so the statement's bounds are values and touch only the partitions needed.
    const counted: { series: SeriesView; stats: RangeStats }[] = [];
    for (const s of found.series) {
      const stats = s.stats ?? (await rangeStats(this.db, s.seriesId, from, to));
      if (stats.count > 0) counted.push({ series: s, stats });
    }
    const total = counted.reduce((n, c) => n + c.stats.count, 0);
    if (total === 0 || q.skip >= total) return { records: [], total_records: total };
    const hits = await readingRowsPage(this.db, {
      seriesIds: counted.map((c) => c.series.seriesId),
      // (A millisecond wider: the stats round to whole milliseconds; an open side has no bound to overstep.)
      fromMs: from ?? Math.min(...counted.map((c) => c.stats.first!)) - 1,
      toMs: to ?? Math.max(...counted.map((c) => c.stats.last!)) + 1,
      total,
      skip: q.skip,
      limit: q.limit,
    });
    return {
      records: hits.map((h) => {
        const s = counted[h.index]!.series;
        return { taken_at: new Date(h.t).toISOString(), code: s.code, depth: s.depth, value: h.v };
      }),
      total_records: total,
    };
  }

  /**
   * Every reading of the range (codes, depths, from, to) as a CSV or XLSX file, written as it is read. 404 outside the
   * caller's contracts; an XLSX of more than READINGS_EXPORT_XLSX_MAX_ROWS (1,000,000) readings is refused (400) before anything
   * is sent. Audited as `readings.export` (who took which data out), like the downloads of generated exports.
   */
  async exportReadings(actor: Actor, instrumentId: number, q: TReadingsExportQuery): Promise<ReadingsDownload> {
    const { from, to } = inclusiveRange(q.from, q.to);
    const found = await instrumentSeries(this.db, scopeOf(actor), instrumentId, codeList(q.codes), q.depths);
    if (!found) throw notFound(INSTRUMENT_NOT_FOUND);
    let rows = 0;
    let first: number | null = null;
    let last: number | null = null;
    for (const s of found.series) {
      const st = await rangeStats(this.db, s.seriesId, from, to);
      rows += st.count;
      if (st.first !== null && (first === null || st.first < first)) first = st.first;
      if (st.last !== null && (last === null || st.last > last)) last = st.last;
    }
    const cap = exportLimits.xlsxMaxRows;
    if (q.format === 'xlsx' && rows > cap) {
      throw badRequest(
        `The range holds ${rows.toLocaleString('en')} readings; an XLSX download takes at most ${cap.toLocaleString('en')}. Choose a shorter range or CSV.`,
      );
    }
    const { timezone } = await this.settings.get();
    const dateOf = (text: string | undefined, ms: number | null) =>
      text && BARE_DATE.test(text) ? text : ms !== null ? isoInZone(ms, timezone).slice(0, 10) : 'none';
    const fileName = exportFileName(found.name, q.format, dateOf(q.from, from ?? first), dateOf(q.to, to ?? last));
    await writeAudit(this.db, actor, {
      action: 'readings.export',
      entityType: 'instrument',
      entityId: instrumentId,
      after: { format: q.format, codes: q.codes ?? null, depths: q.depths ?? null, from: q.from ?? null, to: q.to ?? null, rows, file_name: fileName },
    });
    const body = readingsFile(q.format, { db: this.db, instrumentName: found.name, series: found.series, fromMs: from, toMs: to, timezone });
    return { fileName, format: q.format, rows, body };
  }

  /**
   * Inclinometer profiles: for each date asked and each reading code (default: every code with depth series), per
   * depth the latest reading at or before that date. A bare date stands for the end of its (UTC) day, as `to` does.
   */
  async profile(actor: Actor, instrumentId: number, q: TReadingProfileQuery): Promise<TInstrumentProfile> {
    const untils = q.at.map((text) => {
      const ms = Date.parse(BARE_DATE.test(text) ? `${text}T00:00:00Z` : text);
      if (Number.isNaN(ms)) throw badRequest({ at: 'Enter valid dates, e.g. 2026-03-01,2026-04-01' });
      return BARE_DATE.test(text) ? ms + DAY_MS - 1 : ms;
    });
    const found = await instrumentSeries(this.db, scopeOf(actor), instrumentId, codeList(q.codes));
    if (!found) throw notFound(INSTRUMENT_NOT_FOUND);
    const series = found.series.filter((s) => s.depth !== null);
    const codes: { code: string; unit: string }[] = [];
    for (const s of series) if (!codes.some((c) => c.code === s.code)) codes.push({ code: s.code, unit: s.unit });
    const hits = await latestAtOrBefore(
      this.db,
      series.map((s) => s.seriesId),
      untils,
    );
    const byKey = new Map(hits.map((h) => [`${h.k}|${h.seriesId}`, h]));
    const profiles: TInstrumentProfile['profiles'] = [];
    q.at.forEach((at, k) => {
      for (const c of codes) {
        const points: TInstrumentProfile['profiles'][number]['points'] = [];
        // `series` is in (code, depth) order: the points come out shallowest first.
        for (const s of series) {
          if (s.code !== c.code) continue;
          const h = byKey.get(`${k}|${s.seriesId}`);
          if (h) points.push({ depth: s.depth!, value: h.v, taken_at: new Date(h.t).toISOString() });
        }
        profiles.push({ at, code: c.code, until: new Date(untils[k]!).toISOString(), unit: c.unit, points });
      }
    });
    return { instrument_id: instrumentId, profiles };
  }

  // ---- reports (decision 039): the same queries as the chart and the readings table ----

  /**
   * An instrument's series with the count, first and last reading of each in [fromMs, toMs] (inclusive), as the
   * chart's first step computes them; undefined when the instrument is not the caller's.
   */
  async seriesInRange(
    actor: Actor,
    instrumentId: number,
    fromMs: number,
    toMs: number,
  ): Promise<{ name: string; series: (SeriesView & { stats: RangeStats })[] } | undefined> {
    return instrumentSeriesWithStats(this.db, scopeOf(actor), instrumentId, undefined, undefined, fromMs, toMs);
  }

  /**
   * For each series of the instrument and each instant, the latest reading at or before it (the profile's query);
   * `k` is the instant's index. Empty when the instrument is not the caller's.
   */
  async valuesAtOrBefore(actor: Actor, instrumentId: number, untilMs: number[]): Promise<{ k: number; seriesId: number; t: number; v: number }[]> {
    const found = await instrumentSeries(this.db, scopeOf(actor), instrumentId);
    if (!found) return [];
    return latestAtOrBefore(
      this.db,
      found.series.map((s) => s.seriesId),
      untilMs,
    );
  }

  /** The first reading of each series of the instrument (over its whole history); empty outside the caller's contracts. */
  async firstReadings(actor: Actor, instrumentId: number): Promise<Map<number, number>> {
    const found = await instrumentSeries(this.db, scopeOf(actor), instrumentId);
    const out = new Map<number, number>();
    for (const s of found?.series ?? []) {
      const st = await rangeStats(this.db, s.seriesId, null, null);
      if (st.first !== null) out.set(s.seriesId, st.first);
    }
    return out;
  }

  /**
   * Every stored reading of the instrument in [fromMs, toMs] (inclusive), series by series (codes and depths in the
   * list's order), each in time order: read a page at a time, so a long period streams. Nothing outside the scope.
   */
  async *readingsInRange(
    actor: Actor,
    instrumentId: number,
    fromMs: number,
    toMs: number,
    pageSize = 5000,
  ): AsyncGenerator<{ series: SeriesView; t: number; v: number }> {
    const found = await instrumentSeries(this.db, scopeOf(actor), instrumentId);
    for (const series of found?.series ?? []) {
      let afterMs: number | null = null;
      for (;;) {
        const page = await readingsPage(this.db, series.seriesId, { fromMs, afterMs, toMs }, pageSize);
        for (const p of page) yield { series, t: p.t, v: p.v };
        if (page.length < pageSize) break;
        afterMs = page[page.length - 1]!.t;
      }
    }
  }

  /** The status level of every instrument of the caller's contracts (or of those asked, within the caller's). */
  async statuses(actor: Actor, q: TInstrumentStatusQuery): Promise<TInstrumentStatuses> {
    const rows = await instrumentStatuses(this.db, scopeOf(actor), q.contracts);
    return {
      records: rows.map((r) => ({
        instrument_id: r.instrumentId,
        level_code: r.levelCode,
        severity: r.severity,
        last_reading_at: r.lastReadingAt ? r.lastReadingAt.toISOString() : null,
      })),
    };
  }

  /** The latest reading of each series of these instruments (those outside the caller's contracts are left out). */
  async latest(actor: Actor, ids: number[]): Promise<TLatestReadings> {
    const rows = await latestOf(this.db, scopeOf(actor), ids);
    const byInstrument = new Map<number, TLatestReadings['records'][number]>();
    for (const r of rows) {
      let rec = byInstrument.get(r.instrumentId);
      if (!rec) {
        rec = { instrument_id: r.instrumentId, readings: [] };
        byInstrument.set(r.instrumentId, rec);
      }
      rec.readings.push({ series_id: r.seriesId, code: r.code, depth: r.depth, unit: r.unit, taken_at: r.takenAt.toISOString(), value: r.value });
    }
    return { records: [...byInstrument.values()] };
  }
}
