/**
 * Demo alerts (issues 9 and 16): on a first start, an alert template holding each demo reading code's minimum change (a
 * tenth of its typical WSL, so the demo's noise does not read as spikes or fluctuation), then the engine over the last
 * 30 days of the demo readings as they would have arrived: the readings of each day (of each hour over the last three
 * days, where loggers report more often, of each six hours) evaluated five minutes after the last of them was taken,
 * and the missing-readings check run at those moments over the last three days. So each alert opens when its breach was first
 * seen, its history holds the peaks that followed, and the offline loggers' cases open when they became late. All inside
 * the seed's transaction (no notifications: nobody is signed in yet).
 */
import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { rows } from '../../db/client.js';
import { alertTemplates } from '../../db/schema/index.js';
import { evaluateReadingsIn, runChecksIn, type EvaluationOutcome } from './alerts.evaluator.js';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
/** How long after the last reading of a batch it is evaluated (as after an upload or a logger's push). */
const ARRIVAL = 5 * MINUTE;
/** Within this time before now, batches are hourly and the missing-readings check runs after each. */
const RECENT = 3 * DAY;

/** One evaluation of the demo's past: the series whose readings arrived by `at`, since the evaluation before. */
export interface Arrival {
  at: number;
  seriesIds: number[];
}

/**
 * The moments the demo's readings are evaluated at: for each batch of readings (a day's, or within the last three days
 * six hours'), its last reading time plus five minutes (never after `now`), with the series that read in it.
 */
export function arrivals(readings: readonly { seriesId: number; at: number }[], now: number): Arrival[] {
  const batches = new Map<number, { last: number; series: Set<number> }>();
  for (const r of readings) {
    const bucket = r.at >= now - RECENT ? Math.floor(r.at / (6 * HOUR)) * 6 * HOUR : Math.floor(r.at / DAY) * DAY;
    const b = batches.get(bucket) ?? { last: -Infinity, series: new Set<number>() };
    b.last = Math.max(b.last, r.at);
    b.series.add(r.seriesId);
    batches.set(bucket, b);
  }
  return [...batches.values()]
    .map((b) => ({ at: Math.min(b.last + ARRIVAL, now), seriesIds: [...b.series].sort((x, y) => x - y) }))
    .sort((x, y) => x.at - y.at);
}

export async function seedDemoAlerts(tx: Executor, now = new Date()): Promise<EvaluationOutcome> {
  const wsl = await rows<{ code: string; wsl: number | string }>(
    tx,
    sql`select c.code, percentile_cont(0.5) within group (order by greatest(abs(coalesce(t.upper, 0)), abs(coalesce(t.lower, 0)))) as wsl
        from thresholds t join alert_levels l on l.level_id = t.level_id join reading_codes c on c.reading_code_id = t.reading_code_id
        where l.code = 'WSL' group by c.code`,
  );
  const minChange: Record<string, number> = {};
  for (const r of wsl) {
    const v = Number(r.wsl) / 10;
    if (v > 0) minChange[r.code] = Math.round(v * 100) / 100;
  }
  await tx
    .insert(alertTemplates)
    .values({ name: 'Minimum changes (demo)', category: 'instrument', parameters: { min_change: minChange }, createdAt: now, updatedAt: now });
  const from = now.getTime() - 30 * DAY;
  const recent = await rows<{ seriesId: number; at: number | string }>(
    tx,
    sql`select series_id as "seriesId", floor(extract(epoch from taken_at) * 1000)::float8 as at from readings
        where taken_at > ${new Date(from).toISOString()}::timestamptz and taken_at <= ${now.toISOString()}::timestamptz`,
  );
  const total: EvaluationOutcome = { opened: 0, updated: 0, escalated: 0, news: [], contracts: new Set() };
  const add = (o: EvaluationOutcome) => {
    total.opened += o.opened;
    total.updated += o.updated;
    total.escalated += o.escalated;
    total.news.push(...o.news);
    for (const c of o.contracts) total.contracts.add(c);
  };
  let previous = from;
  const batches = arrivals(
    recent.map((r) => ({ seriesId: r.seriesId, at: Number(r.at) })),
    now.getTime(),
  );
  for (const { at, seriesIds } of batches) {
    const moment = new Date(at);
    add(await evaluateReadingsIn(tx, { seriesIds, from: new Date(previous + 1), to: moment }, moment));
    if (at >= now.getTime() - RECENT) add(await runChecksIn(tx, moment));
    previous = at;
  }
  return total;
}
