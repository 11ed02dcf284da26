import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TInstrumentReadings, TLatestReadings } from '@strata/shared';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { createTestDatabase } from '../../platform/test-database.js';
import { as, createTestApp, type TestApp } from '../../testing/harness.js';
import { createContract } from '../../testing/fixtures.js';
import { createInstrument, createType, createWorld, lastAudit, type World } from '../../testing/master-data.js';
import { BinaryReadingsWriter, patchSeriesRefs } from './copy-binary.js';
import { bucketOf, downsampleSeries, planBuckets, pointsOf } from './downsample.js';
import { buildBatch, type SeriesPoints } from './readings-batch.js';
import { partitions } from './readings-partitions.repository.js';
import { monthsBetween, monthsOf, ROLLUP_GRAIN_MS, type SeriesKey } from './reading-keys.js';
import { type BucketExtremes } from './readings-chart.repository.js';
import { writeSetting } from '../settings/settings.service.js';
import { ensurePartitions, loadReadings } from './readings-store.service.js';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

async function load(db: Database, series: SeriesPoints[], via: 'direct' | 'staging' = 'direct') {
  const batch = buildBatch(series);
  await ensurePartitions(db.orm, batch.months);
  return db.orm.transaction((tx) => loadReadings(tx, { ...batch.input, via }));
}

/** What the downsampling must answer, computed in memory from the points. */
function expected(points: [number, number][], from: number | null, to: number | null, maxPoints: number) {
  const inRange = [...points].sort((a, b) => a[0] - b[0]).filter(([t]) => (from === null || t >= from) && (to === null || t <= to));
  if (inRange.length === 0) return { mode: 'none', want: { rawCount: 0, downsampled: false, points: [] } };
  const plan = planBuckets(inRange.length, inRange[0]![0], inRange.at(-1)![0], maxPoints);
  if (plan.mode === 'raw') return { mode: plan.mode, want: { rawCount: inRange.length, downsampled: false, points: inRange } };
  const buckets = new Map<number, BucketExtremes>();
  for (const p of inRange) {
    const b = bucketOf(plan, p[0]);
    const e = buckets.get(b);
    if (!e) buckets.set(b, { b, min: p, max: p });
    else {
      if (p[1] < e.min[1]) e.min = p;
      if (p[1] > e.max[1]) e.max = p;
    }
  }
  return { mode: plan.mode, want: { rawCount: inRange.length, downsampled: true, points: pointsOf([...buckets.values()].sort((a, b) => a.b - b.b)) } };
}

describe('downsampling (property): each bucket keeps its minimum and maximum, never more points than asked', () => {
  let db: Database;
  let drop: () => Promise<void>;
  let typeId: number;
  let codeId: number;
  let contractId: number;
  let n = 0;
  const START = Date.UTC(2024, 0, 1);

  beforeAll(async () => {
    ({ db, drop } = await createTestDatabase());
    const [c] = (await db.query<{ contract_id: number }>(`insert into contracts (no, title) values ('P1', 'Property') returning contract_id`)).rows;
    contractId = c!.contract_id;
    const t = await createType(db, 'PT', ['V']);
    typeId = t.type.typeId;
    codeId = t.codes[0]!.readingCodeId;
    await ensurePartitions(db.orm, monthsBetween(START - 40 * DAY, START + 3 * 365 * DAY));
  });
  afterAll(() => drop());

  const series = fc
    .record({
      count: fc.integer({ min: 1, max: 1500 }),
      step: fc.constantFrom(60_000, 15 * 60_000, 6 * HOUR, DAY),
      jitter: fc.boolean(),
      seed: fc.integer({ min: 1, max: 1_000_000 }),
      spikes: fc.array(fc.double({ min: -1e6, max: 1e6, noNaN: true }), { maxLength: 3 }),
      split: fc.double({ min: 0, max: 1, noNaN: true }),
    })
    .map(({ count, step, jitter, seed, spikes, split }) => {
      let s = seed;
      const rnd = () => (s = (s * 1103515245 + 12345) % 2147483648) / 2147483648;
      const points: [number, number][] = [];
      let t = START + Math.floor(rnd() * 30 * DAY);
      for (let i = 0; i < count; i++) {
        // Values with ties (rounded) so "the earliest of equal ones" matters.
        points.push([t, Math.round((Math.sin(i / 20) * 10 + rnd() * 4) * 4) / 4 + 0]); // + 0: no -0 (stored as 0)
        t += jitter ? 1000 + Math.floor(rnd() * 2 * step) : step;
      }
      spikes.forEach((v, k) => {
        const p = points[Math.floor((k + 1) * (points.length / (spikes.length + 1)))];
        if (p) p[1] = v + 0; // -0 is stored as 0
      });
      return { points, split };
    });

  it('matches the in-memory answer for random series, ranges and limits (two loads merging their rollups)', async () => {
    const modes = new Set<string>();
    // Besides the random cases, one of each way of answering: every reading, buckets of readings, buckets of rollups.
    const regular = (count: number, step: number): [number, number][] => Array.from({ length: count }, (_, i) => [START + i * step, (i * 7919) % 101]);
    const examples: [{ points: [number, number][]; split: number }, number, number | null, number | null][] = [
      [{ points: regular(10, HOUR), split: 0.5 }, 5000, null, null],
      [{ points: regular(1000, 60_000), split: 0.3 }, 100, 0.1, 0.9],
      [{ points: regular(1500, DAY), split: 0.7 }, 20, 0.05, null],
    ];
    await fc.assert(
      fc.asyncProperty(
        series,
        fc.oneof(fc.integer({ min: 2, max: 300 }), fc.constant(5000)),
        fc.option(fc.double({ min: 0, max: 1, noNaN: true }), { nil: null }),
        fc.option(fc.double({ min: 0, max: 1, noNaN: true }), { nil: null }),
        async ({ points, split }, maxPoints, f, g) => {
          const inst = await createInstrument(db, { name: `P-${++n}`, contractId, typeId });
          const key: SeriesKey = { instrumentId: inst.instrumentId, readingCodeId: codeId, depth: null };
          // Two uploads of the same series: the second one merges into the first one's rollups (and goes through a staging table).
          const cut = Math.floor(points.length * split);
          const shuffled = points.filter((_, i) => i % 2 === 0).concat(points.filter((_, i) => i % 2 === 1));
          const ids = (await load(db, [{ key, points: shuffled.slice(0, cut) }])).seriesIds;
          const seriesId = (await load(db, [{ key, points: shuffled.slice(cut) }], 'staging')).seriesIds[0]!;
          if (ids.length) expect(ids[0]).toBe(seriesId);
          const first = Math.min(...points.map((p) => p[0]));
          const last = Math.max(...points.map((p) => p[0]));
          const at = (x: number | null) => (x === null ? null : Math.round(first - HOUR + x * (last - first + 2 * HOUR)));
          let from = at(f);
          let to = at(g);
          if (from !== null && to !== null && from > to) [from, to] = [to, from];
          const got = await downsampleSeries(db.orm, seriesId, from, to, maxPoints);
          const { mode, want } = expected(points, from, to, maxPoints);
          modes.add(mode);
          expect(got.points.length).toBeLessThanOrEqual(Math.max(maxPoints, want.downsampled ? 0 : want.rawCount));
          if (got.downsampled) expect(got.points.length).toBeLessThanOrEqual(maxPoints);
          expect(got).toEqual(want);
          if (want.points.length > 0) {
            // Spikes survive: the range's extremes are among the points.
            const inRange = points.filter(([t]) => (from === null || t >= from) && (to === null || t <= to)).map((p) => p[1]);
            const values = got.points.map((p) => p[1]);
            expect(values).toContain(Math.min(...inRange));
            expect(values).toContain(Math.max(...inRange));
            for (let i = 1; i < got.points.length; i++) expect(got.points[i]![0]).toBeGreaterThan(got.points[i - 1]![0]);
          }
        },
      ),
      { numRuns: 40, examples },
    );
    // The runs went through every way of answering.
    expect([...modes].filter((m) => m !== 'none').sort()).toEqual(['raw', 'readings', 'rollups']);
  });

  it('plans buckets: raw under the limit, readings below a grain, whole grains above it', () => {
    expect(planBuckets(100, 0, DAY, 100)).toEqual({ mode: 'raw' });
    expect(planBuckets(1000, 0, 10 * DAY, 100)).toEqual({ mode: 'readings', first: 0, width: (10 * DAY) / 50, buckets: 50 });
    const p = planBuckets(100_000, 5 * HOUR, 5 * HOUR + 365 * DAY, 2000);
    expect(p.mode).toBe('rollups');
    if (p.mode === 'rollups') {
      expect(p.origin).toBe(0);
      expect(p.width % ROLLUP_GRAIN_MS).toBe(0);
      expect(p.buckets).toBeLessThanOrEqual(1000);
      expect(bucketOf(p, 5 * HOUR + 365 * DAY)).toBe(p.buckets - 1);
    }
    fc.assert(
      fc.property(
        fc.integer({ min: 3, max: 10_000_000 }),
        fc.integer({ min: 0, max: 1e12 }),
        fc.integer({ min: 1, max: 1e11 }),
        fc.integer({ min: 2, max: 50_000 }),
        (count, first, span, max) => {
          const plan = planBuckets(count, first, first + span, max);
          if (plan.mode === 'raw') return count <= max;
          return plan.buckets <= Math.floor(max / 2) && bucketOf(plan, first) === 0 && bucketOf(plan, first + span) === plan.buckets - 1;
        },
      ),
    );
  });
});

describe('reading partitions', () => {
  let db: Database;
  let drop: () => Promise<void>;
  beforeAll(async () => ({ db, drop } = await createTestDatabase()));
  afterAll(() => drop());

  it('creates one partition per month, once, and refuses a reading of a month without one', async () => {
    expect(monthsBetween(Date.UTC(2023, 10, 30), Date.UTC(2024, 1, 1))).toEqual(['2023-11-01', '2023-12-01', '2024-01-01', '2024-02-01']);
    expect(monthsOf([Date.UTC(2024, 0, 31, 23, 59), Date.UTC(2024, 1, 1), Date.UTC(2024, 0, 2)])).toEqual(['2024-01-01', '2024-02-01']);
    // Months no other test of this database loads readings in (partitions are the database's, whatever the order).
    const before = (await partitions(db.orm)).map((p) => p.name);
    expect(before.filter((n) => n >= 'readings_p203112')).toEqual([]);
    expect(await ensurePartitions(db.orm, ['2031-12-01', '2032-01-15', '2032-01-01'])).toBe(2);
    expect(await ensurePartitions(db.orm, ['2032-01-01', '2032-02-01'])).toBe(1);
    const parts = (await partitions(db.orm)).filter((p) => !before.includes(p.name));
    expect(parts.map((p) => p.name)).toEqual(['readings_p203112', 'readings_p203201', 'readings_p203202']);
    expect(parts[1]!.bound).toMatch(/FROM \('2032-01-01 00:00:00\+00'\) TO \('2032-02-01 00:00:00\+00'\)/);
    const series = 999_999;
    await db.exec(`insert into readings (series_id, taken_at, value) values (${series}, '2032-01-31T23:59:59Z', 1), (${series}, '2032-02-01T00:00:00Z', 2)`);
    const where = await db.query<{ p: string; n: number }>(
      `select tableoid::regclass::text p, count(*)::int n from readings where series_id = ${series} group by 1 order by 1`,
    );
    expect(where.rows).toEqual([
      { p: 'readings_p203201', n: 1 },
      { p: 'readings_p203202', n: 1 },
    ]);
    await expect(db.exec(`insert into readings (series_id, taken_at, value) values (${series}, '2040-01-01T00:00:00Z', 1)`)).rejects.toThrow(/no partition/);
    await db.exec(`delete from readings where series_id = ${series}`);
  });

  it('copies readings in the binary format exactly, before and after 2000, -0 as 0', async () => {
    const c = await createContract(db);
    const t = await createType(db, 'BX', ['V']);
    const inst = await createInstrument(db, { name: 'BX-1', contractId: c.contractId, typeId: t.type.typeId });
    const points: [number, number][] = [
      [Date.UTC(1970, 0, 1, 0, 0, 0, 1), -0],
      [Date.UTC(1999, 11, 31, 23, 59, 59, 999), 1e-300],
      [Date.UTC(2000, 0, 1), -1.7976931348623157e308],
      [Date.UTC(2024, 1, 29, 12, 34, 56, 789), 3.141592653589793],
    ];
    const { seriesIds } = await load(db, [{ key: { instrumentId: inst.instrumentId, readingCodeId: t.codes[0]!.readingCodeId, depth: null }, points }]);
    const rows = await db.query<{ t: Date; v: number }>('select taken_at t, value v from readings where series_id = $1 order by taken_at', [seriesIds[0]]);
    expect(rows.rows.map((r) => [r.t.getTime(), r.v])).toEqual(points.map(([tm, v]) => [tm, v + 0]));
    const writer = new BinaryReadingsWriter(1);
    for (let i = 0; i < 100; i++) writer.add(i % 3, null, Date.UTC(2024, 0, 1) + i, i);
    const data = Buffer.from(writer.finish());
    expect(patchSeriesRefs(data, (ref) => ref + 10)).toBe(100);
    const seen: number[] = [];
    patchSeriesRefs(data, (ref) => (seen.push(ref), ref));
    expect(new Set(seen)).toEqual(new Set([10, 11, 12]));
  });
});

describe('the readings API', () => {
  let t: TestApp;
  let w: World;
  const ids: Record<string, number> = {};
  const get = (who: keyof World['sessions'], url: string) => as(t, w.sessions[who], { method: 'GET', url: `/api/v1${url}` });
  const T0 = Date.UTC(2025, 0, 1);

  let codeB: number;
  let smTypeId: number;
  let dspaId: number;
  // The instruments and readings made here are read-only: the deletion test deletes an instrument of its own.
  beforeAll(async () => {
    t = await createTestApp();
    w = await createWorld(t, ['ViewInstrumentData']);
    const sm = await createType(t.db, 'SM', ['DSPA']);
    const inc = await createType(t.db, 'INC', ['A', 'B']);
    codeB = inc.codes[1]!.readingCodeId;
    ids.a = (await createInstrument(t.db, { name: 'SM-1', contractId: w.contractA, typeId: sm.type.typeId })).instrumentId;
    ids.b = (await createInstrument(t.db, { name: 'SM-2', contractId: w.contractB, typeId: sm.type.typeId })).instrumentId;
    ids.inc = (await createInstrument(t.db, { name: 'INC-1', contractId: w.contractA, typeId: inc.type.typeId })).instrumentId;
    const dspa = sm.codes[0]!.readingCodeId;
    smTypeId = sm.type.typeId;
    dspaId = dspa;
    // A year of 15-minute readings with one spike, on SM-1; a few on SM-2; two inclinometer depths.
    const dense: [number, number][] = Array.from({ length: 365 * 96 }, (_, i) => [T0 + i * 15 * 60_000, Math.round(Math.sin(i / 500) * 1000) / 100]);
    dense[20_000]![1] = 42;
    await load(t.db, [
      { key: { instrumentId: ids.a, readingCodeId: dspa, depth: null }, points: dense },
      {
        key: { instrumentId: ids.b, readingCodeId: dspa, depth: null },
        points: [
          [T0, 1],
          [T0 + DAY, 2],
        ],
      },
      { key: { instrumentId: ids.inc, readingCodeId: inc.codes[0]!.readingCodeId, depth: 5 }, points: [[T0, 0.5]] },
      { key: { instrumentId: ids.inc, readingCodeId: inc.codes[0]!.readingCodeId, depth: 2 }, points: [[T0, 0.25]] },
      { key: { instrumentId: ids.inc, readingCodeId: inc.codes[1]!.readingCodeId, depth: 2 }, points: [[T0 + HOUR, -0.25]] },
    ]);
  });
  afterAll(() => t.close());

  it('downsamples a long series to at most max_points (default 1000), keeping the spike', async () => {
    const res = await get('xuser', `/instruments/${ids.a}/readings`);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json<TInstrumentReadings>();
    expect(body).toMatchObject({ instrument_id: ids.a, name: 'SM-1', from: null, to: null, max_points: 1000 });
    const s = body.series[0]!;
    expect(s).toMatchObject({ code: 'DSPA', unit: 'mm', depth: null, raw_count: 365 * 96, downsampled: true });
    expect(s.points.length).toBeLessThanOrEqual(1000);
    expect(s.points.length).toBeGreaterThan(900);
    expect(s.points).toContainEqual([T0 + 20_000 * 15 * 60_000, 42]);

    const small = (await get('xuser', `/instruments/${ids.a}/readings?max_points=10&from=2025-03-01&to=2025-03-01`)).json<TInstrumentReadings>();
    expect(small.from).toBe('2025-03-01T00:00:00.000Z');
    expect(small.to).toBe('2025-03-01T23:59:59.999Z');
    expect(small.series[0]).toMatchObject({ raw_count: 96, downsampled: true });
    expect(small.series[0]!.points.length).toBeLessThanOrEqual(10);

    const raw = (await get('xuser', `/instruments/${ids.a}/readings?from=2025-03-01T00:00:00Z&to=2025-03-01T01:00:00Z`)).json<TInstrumentReadings>();
    expect(raw.series[0]!.points).toHaveLength(5);
    expect(raw.series[0]!.downsampled).toBe(false);
  });

  it('never serves more points than the chart_instrument_detail_limit setting', async () => {
    await writeSetting(t.db.orm, 'chart_instrument_detail_limit', 300);
    t.services.settings.invalidate();
    try {
      const body = (await get('xuser', `/instruments/${ids.a}/readings?max_points=5000`)).json<TInstrumentReadings>();
      expect(body.max_points).toBe(300);
      expect(body.series[0]!.points.length).toBeLessThanOrEqual(300);
    } finally {
      await t.db.orm.execute(sql`delete from settings where key = 'chart_instrument_detail_limit'`);
      t.services.settings.invalidate();
    }
  });

  it('filters by reading code and gives one series per depth', async () => {
    const all = (await get('manager', `/instruments/${ids.inc}/readings`)).json<TInstrumentReadings>();
    expect(all.series.map((s) => [s.code, s.depth, s.raw_count])).toEqual([
      ['A', 2, 1],
      ['A', 5, 1],
      ['B', 2, 1],
    ]);
    const b = (await get('manager', `/instruments/${ids.inc}/readings?codes=b`)).json<TInstrumentReadings>();
    expect(b.series.map((s) => [s.code, s.points])).toEqual([['B', [[T0 + HOUR, -0.25]]]]);
  });

  it('answers 404 outside the caller\u2019s contracts and 400 on a bad range', async () => {
    expect((await get('xuser', `/instruments/${ids.b}/readings`)).statusCode).toBe(404);
    expect((await get('yuser', `/instruments/${ids.b}/readings`)).statusCode).toBe(200);
    expect((await get('xuser', `/instruments/${ids.a}/readings?from=2025-02-01&to=2025-01-01`)).json()).toEqual({ to: 'The end must be after the start' });
    expect((await get('xuser', `/instruments/${ids.a}/readings?from=yesterday`)).json()).toEqual({ from: 'Enter a valid date' });
    expect((await get('xuser', `/instruments/${ids.a}/readings?max_points=1`)).statusCode).toBe(400);
    expect((await get('nobody', `/instruments/${ids.a}/readings`)).statusCode).toBe(403);
  });

  it('gives the latest reading of each series, for the caller\u2019s instruments only', async () => {
    const body = (await get('xuser', `/instruments/latest?ids=${ids.a},${ids.b},${ids.inc}`)).json<TLatestReadings>();
    expect(body.records.map((r) => r.instrument_id).sort()).toEqual([ids.a, ids.inc].sort());
    const a = body.records.find((r) => r.instrument_id === ids.a)!;
    expect(a.readings).toEqual([
      {
        series_id: expect.any(Number),
        code: 'DSPA',
        depth: null,
        unit: 'mm',
        taken_at: new Date(T0 + (365 * 96 - 1) * 15 * 60_000).toISOString(),
        value: expect.any(Number),
      },
    ]);
    expect(body.records.find((r) => r.instrument_id === ids.inc)!.readings.map((r) => [r.code, r.depth])).toEqual([
      ['A', 2],
      ['A', 5],
      ['B', 2],
    ]);
    expect((await get('xuser', '/instruments/latest?ids=[1,x]')).statusCode).toBe(400);
  });

  it('deletes an instrument with its readings; a type or reading code with readings stays', async () => {
    const admin = (opts: Parameters<typeof as>[2]) => as(t, w.sessions.admin, opts);
    const retype = await admin({ method: 'PUT', url: `/api/v1/instruments/${ids.inc}`, payload: { type_code: 'SM' } });
    expect(retype.statusCode).toBe(400);
    expect(retype.json()).toEqual({ type_code: 'This instrument has readings of its type: its type cannot change' });
    const code = await admin({ method: 'DELETE', url: `/api/v1/reading-codes/${codeB}` });
    expect(code.statusCode).toBe(409);
    expect(code.json()).toMatch(/reading series hold readings of this reading code/);

    const doomed = (await createInstrument(t.db, { name: 'SM-DOOMED', contractId: w.contractB, typeId: smTypeId })).instrumentId;
    await load(t.db, [
      {
        key: { instrumentId: doomed, readingCodeId: dspaId, depth: null },
        points: [
          [T0, 1],
          [T0 + DAY, 2],
        ],
      },
    ]);
    const count = async () =>
      (await t.db.query<{ n: number }>(`select count(*)::int n from readings r join reading_series s using (series_id) where s.instrument_id = $1`, [doomed]))
        .rows[0]!.n;
    expect(await count()).toBe(2);
    expect((await admin({ method: 'DELETE', url: `/api/v1/instruments/${doomed}` })).statusCode).toBe(200);
    expect(await count()).toBe(0);
    expect(
      (
        await t.db.query<{ n: number }>(
          `select count(*)::int n from readings r where not exists (select 1 from reading_series s where s.series_id = r.series_id)`,
        )
      ).rows[0]!.n,
    ).toBe(0);
    expect((await lastAudit(t.db, 'instrument.delete'))?.before).toMatchObject({ name: 'SM-DOOMED', readings: 2 });
  });
});
