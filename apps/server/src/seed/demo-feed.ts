/**
 * The demo feed (issue 16): in demo mode, the "Demo data feed" schedule (every five minutes, made by the seed) gives
 * every active demo instrument the readings it is due since its latest one — at its own frequency, up to now, at most
 * a week back after the demo was stopped — each a small step from the one before, through the same load path as an
 * upload and then the alert evaluation. So a demo left running keeps reporting like a monitored site, and the
 * instruments the schedule names as offline (two loggers, the demo's missing-reading cases) stay late. Outside demo
 * mode, or with DEMO_FEED off (the end-to-end suite, whose specs expect no readings but their own), the job loads nothing.
 */
import { sql } from 'drizzle-orm';
import { FREQUENCIES } from '@strata/shared';
import { rows, type Database } from '../db/client.js';
import { buildBatch, type SeriesPoints } from '../modules/readings/readings-batch.js';
import { ensurePartitions, loadReadings } from '../modules/readings/readings-store.service.js';
import type { ScheduleJobRegistry } from '../modules/schedules/schedule-jobs.js';
import { rng } from './demo-random.js';

const MINUTE = 60_000;
const DAY = 86_400_000;
/** After a stopped demo starts again, readings are filled in for at most this long. */
const BACKFILL = 7 * DAY;
export const DEMO_FEED_JOB = 'demo-feed';

interface DueSeries {
  seriesId: number;
  instrumentId: number;
  readingCodeId: number;
  depth: number | null;
  frequency: string;
  lastAt: number | string;
  value: number | string;
  precision: number | null;
  min: number | string | null;
  max: number | string | null;
  /** The WSL's distance from zero (the larger side), or null without a WSL. */
  wsl: number | string | null;
}

export interface FedReadings {
  seriesIds: number[];
  readings: number;
  from: Date | null;
  to: Date | null;
}

const minutesOf = new Map<string, number>(FREQUENCIES.map((f) => [f.code, f.minutes]));

/** Loads the readings the active instruments (but `offline`) are due at `now`; the caller evaluates them. */
export async function feedDemoReadings(db: Database, now: Date, offline: readonly number[], seed = now.getTime()): Promise<FedReadings> {
  const random = rng(seed);
  const due = await rows<DueSeries>(
    db.orm,
    sql`select s.series_id as "seriesId", s.instrument_id as "instrumentId", s.reading_code_id as "readingCodeId", s.depth,
               i.frequency, floor(extract(epoch from l.taken_at) * 1000)::float8 as "lastAt", l.value,
               c.precision, c.min_value as min, c.max_value as max,
               (select max(greatest(abs(coalesce(t.upper, 0)), abs(coalesce(t.lower, 0)))) from thresholds t
                  join alert_levels a on a.level_id = t.level_id
                 where t.instrument_id = s.instrument_id and t.reading_code_id = s.reading_code_id and a.code = 'WSL') as wsl
          from reading_series s
          join reading_latest l on l.series_id = s.series_id
          join instruments i on i.instrument_id = s.instrument_id
          join reading_codes c on c.reading_code_id = s.reading_code_id
         where i.status = 'active' and i.frequency is not null`,
  );
  const nowMs = now.getTime();
  const skip = new Set(offline);
  const series: SeriesPoints[] = [];
  for (const s of due) {
    const minutes = minutesOf.get(s.frequency);
    if (minutes === undefined || skip.has(s.instrumentId)) continue;
    const step = minutes * MINUTE;
    const last = Number(s.lastAt);
    // On the series' own grid (the seed's), from the first slot within the backfill window.
    const first = last + Math.max(1, Math.ceil((nowMs - BACKFILL - last) / step)) * step;
    if (first > nowMs) continue;
    const precision = s.precision ?? 2;
    const f = 10 ** precision;
    // A small random walk: about 0.4 % of WSL a day, whatever the frequency.
    const sigma = Math.max(Number(s.wsl ?? 0) * 0.004 * Math.sqrt(step / DAY), 1 / f);
    let v = Number(s.value);
    const points: [number, number][] = [];
    for (let t = first; t <= nowMs; t += step) {
      v += (random() - 0.5) * 2 * sigma;
      if (s.min !== null) v = Math.max(Number(s.min), v);
      if (s.max !== null) v = Math.min(Number(s.max), v);
      v = Math.round(v * f) / f + 0;
      points.push([t, v]);
    }
    series.push({ key: { instrumentId: s.instrumentId, readingCodeId: s.readingCodeId, depth: s.depth }, points });
  }
  if (series.length === 0) return { seriesIds: [], readings: 0, from: null, to: null };
  const batch = buildBatch(series);
  // Partitions first, in their own transaction (as the upload load does): creating one locks the readings table.
  await ensurePartitions(db.orm, batch.months);
  const loaded = await db.orm.transaction((tx) => loadReadings(tx, batch.input));
  const from = series.reduce((m, s) => Math.min(m, s.points[0]![0]), Infinity);
  return { seriesIds: loaded.seriesIds, readings: loaded.rows, from: new Date(from), to: new Date(nowMs) };
}

/** The `demo-feed` job: loads what is due, then hands it to the alert evaluation (`afterLoad`). */
export function registerDemoFeed(
  registry: ScheduleJobRegistry,
  deps: {
    db: Database;
    demo: boolean;
    feed: boolean;
    now: () => Date;
    afterLoad: (fed: { uploadId: null; seriesIds: number[]; from: Date | null; to: Date | null }) => Promise<void>;
  },
): void {
  registry.register(DEMO_FEED_JOB, 'Feed the demo instruments their readings (demo mode only)', async (run) => {
    if (!deps.demo) return 'Demo mode is off: no readings fed';
    if (!deps.feed) return 'The demo feed is off (DEMO_FEED): no readings fed';
    const offline = Array.isArray(run.params.offline) ? run.params.offline.filter((x): x is number => Number.isInteger(x)) : [];
    const fed = await feedDemoReadings(deps.db, deps.now(), offline);
    await deps.afterLoad({ uploadId: null, seriesIds: fed.seriesIds, from: fed.from, to: fed.to });
    return `Fed ${fed.readings} reading(s) to ${fed.seriesIds.length} series`;
  });
}
