/**
 * Demo readings (issues 7 and 16), seeded inside `seedDemo`'s transaction through the same load path as uploads (COPY,
 * rollups, latest values): a year of readings for every result reading code of every instrument, up to the moment of
 * the first start — daily (09:00 Singapore) or at the instrument's own frequency when that is rarer (inclinometers
 * weekly at five depths, piezometers twice a week), and at its own frequency over the last three days when that is
 * more often (every 15 minutes, hourly, every 6 hours), so no instrument starts late. Values are shaped from each
 * instrument's thresholds like a healthy project with a few real problems: most stay below CL, a few pass CL, AL or
 * PDL and one or two WSL, one settlement marker has a spike twelve days ago, and two loggers went offline two days
 * ago (the demo's missing-reading cases; the demo feed leaves them alone). Deterministic values (a seeded generator);
 * dates follow the moment of the first start.
 */
import { and, eq, sql } from 'drizzle-orm';
import type { Tx } from '../db/client.js';
import { alertLevels, instrumentTypes, instruments, readingCodes, thresholds } from '../db/schema/index.js';
import { buildBatch, type SeriesPoints } from '../modules/readings/readings-batch.js';
import { ensurePartitions, loadReadings } from '../modules/readings/readings-store.service.js';
import { FREQUENCIES } from '@strata/shared';
import { rng } from './demo-random.js';

const MINUTE = 60_000;
const HOUR = 3_600_000;
const DAY = 86_400_000;
/** The depths (m) the demo inclinometers read at (their QP(D) predictions too: demo-design-values.ts). */
export const INC_DEPTHS = [2, 4, 6, 8, 10];
/** Readings more often than daily go back this far; older ones are daily. */
const RECENT = 3 * DAY;
/** The demo's offline loggers: their readings stop this long before the first start. */
const OFFLINE_FOR = 2 * DAY;
const minutesOf = new Map<string, number>(FREQUENCIES.map((f) => [f.code, f.minutes]));

/**
 * The times of a series' readings from `firstDay` up to `end`: at `stepMs` where that is a day or more (on the 09:00
 * Singapore grid, the last at or before `end`), daily before the last three days and at `stepMs` within them where it
 * is less (on its own grid, e.g. quarter hours).
 */
export function demoTimes(stepMs: number, firstDay: number, end: number, now: number): number[] {
  const coarse = Math.max(stepMs, DAY);
  const fineFrom = stepMs < DAY ? now - RECENT : Infinity;
  const times: number[] = [];
  const lastCoarse = Math.floor((Math.min(end, fineFrom) - HOUR) / DAY) * DAY + HOUR;
  for (let t = lastCoarse; t >= firstDay; t -= coarse) if (t <= end && t < fineFrom) times.push(t);
  times.reverse();
  if (fineFrom !== Infinity) for (let t = Math.ceil(fineFrom / stepMs) * stepMs; t <= end; t += stepMs) times.push(t);
  return times;
}

const round = (v: number, precision: number) => {
  const f = 10 ** precision;
  return Math.round(v * f) / f + 0;
};

export interface DemoReadingsResult {
  series: number;
  readings: number;
  /** The settlement marker with the spike (name). */
  spike: string | null;
  /** The instruments whose loggers went offline two days ago (ids): the demo feed leaves them alone. */
  offline: number[];
}

export async function seedDemoReadings(tx: Tx, now = new Date()): Promise<DemoReadingsResult> {
  const random = rng(20_260_702);
  const nowMs = now.getTime();
  // A year back from the last 09:00 in Singapore (01:00 UTC) at or before now.
  const firstDay = Math.floor((nowMs - HOUR) / DAY) * DAY + HOUR - 365 * DAY;

  const rows = await tx
    .select({
      id: instruments.instrumentId,
      name: instruments.name,
      status: instruments.status,
      frequency: instruments.frequency,
      installDate: instruments.installDate,
      typeCode: instrumentTypes.code,
      hasDepth: instrumentTypes.hasDepth,
      codeId: readingCodes.readingCodeId,
      code: readingCodes.code,
      precision: readingCodes.precision,
      min: readingCodes.minValue,
      max: readingCodes.maxValue,
      // The WSL and CL thresholds of this instrument and code.
      wslUpper: sql<number | null>`max(${thresholds.upper}) filter (where ${alertLevels.code} = 'WSL')`,
      wslLower: sql<number | null>`max(${thresholds.lower}) filter (where ${alertLevels.code} = 'WSL')`,
      clLower: sql<number | null>`max(${thresholds.lower}) filter (where ${alertLevels.code} = 'CL')`,
    })
    .from(instruments)
    .innerJoin(instrumentTypes, eq(instrumentTypes.typeId, instruments.typeId))
    .innerJoin(readingCodes, and(eq(readingCodes.typeId, instruments.typeId), eq(readingCodes.isResult, true)))
    .leftJoin(thresholds, and(eq(thresholds.instrumentId, instruments.instrumentId), eq(thresholds.readingCodeId, readingCodes.readingCodeId)))
    .leftJoin(alertLevels, eq(alertLevels.levelId, thresholds.levelId))
    .groupBy(instruments.instrumentId, instrumentTypes.typeId, readingCodes.readingCodeId)
    .orderBy(instruments.instrumentId, readingCodes.sortOrder);

  const series: SeriesPoints[] = [];
  let spike: string | null = null;
  // One logger of a 6-hourly and one of a daily type, each the first active one of its type: offline since two days.
  const offline = new Set<number>();
  for (const code of ['VWP', 'SG']) {
    const first = rows.find((r) => r.typeCode === code && r.status === 'active');
    if (first) offline.add(first.id);
  }
  for (const r of rows) {
    // Around what, and how far the thresholds are: ± (both sides), upward only (PPV, loads) or downward only (water).
    let reference = 0;
    let amplitude = 10;
    let sign = random() < 0.5 ? -1 : 1;
    // Ground beside an excavation or above a tunnel settles: a settlement marker moves down (as the QP(D)'s predicted
    // settlement of demo-design-values.ts does). The draw above stays, so every other series is as it was.
    if (r.typeCode === 'SM') sign = -1;
    if (r.wslUpper !== null && r.wslLower !== null) amplitude = (r.wslUpper - r.wslLower) / 2;
    else if (r.wslUpper !== null) {
      amplitude = r.wslUpper;
      sign = 1;
    } else if (r.wslLower !== null && r.clLower !== null) {
      // CL is at 50 % and WSL at 100 % below the initial level.
      amplitude = 2 * (r.clLower - r.wslLower);
      reference = r.wslLower + amplitude;
      sign = -1;
    }
    // How far towards WSL the series has moved by now (CL is at 50 %, AL 70 %, PDL 85 %): most stay below CL.
    const roll = random();
    const peak =
      roll < 0.005
        ? 1.06 + random() * 0.12
        : roll < 0.012
          ? 0.87 + random() * 0.07
          : roll < 0.03
            ? 0.74 + random() * 0.08
            : roll < 0.055
              ? 0.54 + random() * 0.1
              : 0.1 + random() * 0.32;
    // Days to approach the peak: the WSL breaches are recent and fast.
    const tau = peak >= 1 ? 20 + random() * 40 : 40 + random() * 160;
    const installed = r.installDate ? Date.parse(`${r.installDate}T01:00:00Z`) : firstDay;
    const start = Math.max(firstDay, Math.ceil((installed - firstDay) / DAY) * DAY + firstDay);
    const end = r.status === 'inactive' ? nowMs - 60 * DAY : offline.has(r.id) ? nowMs - OFFLINE_FOR : nowMs;
    const step = (minutesOf.get(r.frequency ?? '') ?? (r.hasDepth ? 7 * 1440 : 1440)) * MINUTE;
    const times = demoTimes(step, start, end, nowMs);
    const depths: (number | null)[] = r.hasDepth ? INC_DEPTHS : [null];
    const isSpike = spike === null && r.typeCode === 'SM' && peak < 0.45 && r.status === 'active';
    // The spike: the reading twelve days before the last.
    const spikeAt = times.length - 13;
    for (const depth of depths) {
      // Deeper inclinometer readings move less (cumulative from the toe).
      const scale = depth === null ? 1 : 1 - depth / 12;
      const points: [number, number][] = [];
      for (let i = 0; i < times.length; i++) {
        const t = times[i]!;
        const days = (t - start) / DAY;
        const trend = 1 - Math.exp(-days / tau);
        const wiggle = Math.sin(days / 9 + r.id) * 0.04 + (random() - 0.5) * 0.06;
        let v = reference + sign * amplitude * (peak * trend * scale + wiggle * (sign === 1 && reference === 0 && r.wslLower === null ? 0.5 : 1));
        if (r.wslUpper !== null && r.wslLower === null) v = Math.max(0, v);
        if (isSpike && depth === null && i === spikeAt) v = reference - 2.5 * amplitude;
        if (r.min !== null) v = Math.max(r.min, v);
        if (r.max !== null) v = Math.min(r.max, v);
        points.push([t, round(v, r.precision)]);
      }
      if (points.length > 0) series.push({ key: { instrumentId: r.id, readingCodeId: r.codeId, depth }, points });
    }
    if (isSpike) spike = r.name;
  }
  const batch = buildBatch(series);
  // No reader is waiting on a first start: the partitions can be created in the seed's own transaction.
  await ensurePartitions(tx, batch.months);
  await loadReadings(tx, batch.input);
  return { series: series.length, readings: batch.rows, spike, offline: [...offline] };
}
