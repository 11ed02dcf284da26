/**
 * Demo readings (issue 7), seeded inside `seedDemo`'s transaction through the same load path as uploads (COPY,
 * rollups, latest values): a year up to yesterday of one reading a day (09:00 Singapore) for every result reading
 * code of every instrument — weekly for inclinometers, at five depths — shaped from each instrument's thresholds:
 * most stay well inside them, about one in twenty passes AL, a few pass WSL, and one settlement marker has a spike.
 * Deterministic values (a seeded generator); dates follow the day of the first start.
 */
import { and, eq, sql } from 'drizzle-orm';
import type { Tx } from '../db/client.js';
import { alertLevels, instrumentTypes, instruments, readingCodes, thresholds } from '../db/schema/index.js';
import { buildBatch, type SeriesPoints } from '../modules/readings/readings-batch.js';
import { ensurePartitions, loadReadings } from '../modules/readings/readings-store.service.js';

const DAY = 86_400_000;
const INC_DEPTHS = [2, 4, 6, 8, 10];

function rng(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
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
}

export async function seedDemoReadings(tx: Tx, now = new Date()): Promise<DemoReadingsResult> {
  const random = rng(20_260_702);
  // Yesterday 01:00 UTC (09:00 in Singapore), going back a year.
  const lastDay = Math.floor(now.getTime() / DAY) * DAY - DAY + 3_600_000;
  const firstDay = lastDay - 364 * DAY;

  const rows = await tx
    .select({
      id: instruments.instrumentId,
      name: instruments.name,
      status: instruments.status,
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
  for (const r of rows) {
    // Around what, and how far the thresholds are: ± (both sides), upward only (PPV, loads) or downward only (water).
    let reference = 0;
    let amplitude = 10;
    let sign = random() < 0.5 ? -1 : 1;
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
    const roll = random();
    const peak = roll < 0.03 ? 0.95 + random() * 0.15 : roll < 0.08 ? 0.72 + random() * 0.1 : 0.15 + random() * 0.45;
    const tau = 40 + random() * 160;
    const installed = r.installDate ? Date.parse(`${r.installDate}T01:00:00Z`) : firstDay;
    const start = Math.max(firstDay, Math.ceil((installed - firstDay) / DAY) * DAY + firstDay);
    const end = r.status === 'inactive' ? lastDay - 60 * DAY : lastDay;
    const step = r.hasDepth ? 7 * DAY : DAY;
    const depths: (number | null)[] = r.hasDepth ? INC_DEPTHS : [null];
    const isSpike = spike === null && r.typeCode === 'SM' && peak < 0.6;
    for (const depth of depths) {
      // Deeper inclinometer readings move less (cumulative from the toe).
      const scale = depth === null ? 1 : 1 - depth / 12;
      const points: [number, number][] = [];
      for (let t = start, i = 0; t <= end; t += step, i++) {
        const days = (t - start) / DAY;
        const trend = 1 - Math.exp(-days / tau);
        const wiggle = Math.sin(days / 9 + r.id) * 0.04 + (random() - 0.5) * 0.06;
        let v = reference + sign * amplitude * (peak * trend * scale + wiggle * (sign === 1 && reference === 0 && r.wslLower === null ? 0.5 : 1));
        if (r.wslUpper !== null && r.wslLower === null) v = Math.max(0, v);
        if (isSpike && depth === null && i === Math.floor((end - start) / step / 2)) v = reference - 2.5 * amplitude;
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
  return { series: series.length, readings: batch.rows, spike };
}
