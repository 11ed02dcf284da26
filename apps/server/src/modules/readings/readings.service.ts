import { READINGS_DEFAULT_MAX_POINTS, type TInstrumentReadings, type TLatestReadings, type TReadingsQuery } from '@strata/shared';
import type { Actor, AppContext } from '../../context.js';
import { badRequest, notFound } from '../../lib/errors.js';
import { dateRange } from '../../lib/filters.js';
import { scopeOf } from '../contracts/contracts.service.js';
import { INSTRUMENT_NOT_FOUND } from '../instruments/instruments.service.js';
import type { SettingsService } from '../settings/settings.service.js';
import { downsampleSeries } from './downsample.js';
import { instrumentSeries, latestOf } from './readings.repository.js';

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
    const range = dateRange(q.from, q.to);
    const from = range.from ? range.from.getTime() : null;
    const to = range.to ? range.to.getTime() - (range.toInclusive ? 0 : 1) : null;
    if (from !== null && to !== null && from > to) throw badRequest({ to: 'The end must be after the start' });
    const limit = (await this.settings.get()).chart_instrument_detail_limit;
    const maxPoints = Math.min(q.max_points ?? READINGS_DEFAULT_MAX_POINTS, limit);
    const codes = q.codes
      ?.split(',')
      .map((c) => c.trim())
      .filter(Boolean);
    const found = await instrumentSeries(this.db, scopeOf(actor), instrumentId, codes);
    if (!found) throw notFound(INSTRUMENT_NOT_FOUND);
    const out: TInstrumentReadings['series'] = [];
    for (const s of found.series) {
      const d = await downsampleSeries(this.db, s.seriesId, from, to, maxPoints);
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
