/**
 * The readings table of the instrument detail (`GET /instruments/{id}/reading-rows`): the stored readings of a range,
 * paged, newest first — not the chart's downsampled points.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TReadingRow, TReadingRowList } from '@strata/shared';
import type { Database } from '../../db/client.js';
import { as, createTestApp, signIn, type Session, type TestApp } from '../../testing/harness.js';
import { createRole, createUser } from '../../testing/fixtures.js';
import { createInstrument, createType, createWorld, type World } from '../../testing/master-data.js';
import { buildBatch, type SeriesPoints } from './readings-batch.js';
import { ensurePartitions, loadReadings } from './readings-store.service.js';

const HOUR = 3_600_000;
const T0 = Date.UTC(2025, 0, 30); // the range crosses the January/February partitions

async function load(db: Database, series: SeriesPoints[]) {
  const batch = buildBatch(series);
  await ensurePartitions(db.orm, batch.months);
  await db.orm.transaction((tx) => loadReadings(tx, batch.input));
}

/** `count` readings every `stepHours` from `start`, valued `base + i`. */
const every = (start: number, stepHours: number, count: number, base: number): [number, number][] =>
  Array.from({ length: count }, (_, i) => [start + i * stepHours * HOUR, base + i]);

describe('GET /instruments/{id}/reading-rows', () => {
  let t: TestApp;
  let w: World;
  let chartsOnly: Session;
  const ids: Record<string, number> = {};
  /** Every reading loaded, per instrument, newest first (ties: code order, then depth) — what the pages must add up to. */
  const expected: Record<string, TReadingRow[]> = {};
  const get = (who: keyof World['sessions'], url: string) => as(t, w.sessions[who], { method: 'GET', url: `/api/v1${url}` });
  const page = async (who: keyof World['sessions'], url: string) => {
    const res = await get(who, url);
    expect(res.statusCode, res.body).toBe(200);
    return res.json<TReadingRowList>();
  };

  beforeAll(async () => {
    t = await createTestApp();
    w = await createWorld(t, ['ViewInstrumentData', 'ViewInstrumentCharts']);
    const role = await createRole(t.db, ['ViewInstrumentCharts']);
    await createUser(t.db, { loginName: 'rowscharts', roleId: role.roleId, contractIds: [w.contractA] });
    chartsOnly = await signIn(t, 'rowscharts');
    // Code order DSPB before DSPA (sort order), so a tie shows which order the rows follow.
    const sm = await createType(t.db, 'SMR', ['DSPB', 'DSPA']);
    const inc = await createType(t.db, 'INCR', ['A', 'B']);
    const mk = async (name: string, contractId: number, typeId: number) =>
      (ids[name] = (await createInstrument(t.db, { name, contractId, typeId })).instrumentId);
    await mk('SM-1', w.contractA, sm.type.typeId);
    await mk('SM-EMPTY', w.contractA, sm.type.typeId);
    await mk('INC-1', w.contractA, inc.type.typeId);
    await mk('SM-B', w.contractB, sm.type.typeId);
    const [dspb, dspa] = [sm.codes[0]!.readingCodeId, sm.codes[1]!.readingCodeId];
    const [a, b] = [inc.codes[0]!.readingCodeId, inc.codes[1]!.readingCodeId];
    const key = (name: string, readingCodeId: number, depth: number | null = null) => ({ instrumentId: ids[name]!, readingCodeId, depth });
    // SM-1: DSPA every 2 h and DSPB every 3 h for three days (both at the same instants every 6 h), across a month
    // boundary and many 6-hour rollup grains.
    const smSeries = [
      { key: key('SM-1', dspa), code: 'DSPA', order: 1, points: every(T0, 2, 36, 100) },
      { key: key('SM-1', dspb), code: 'DSPB', order: 0, points: every(T0, 3, 24, 500) },
    ];
    // INC-1: A and B at 2, 4, 6 m, daily, all at the same instants.
    const incSeries = [a, b].flatMap((codeId, c) =>
      [2, 4, 6].map((depth) => ({
        key: key('INC-1', codeId, depth),
        code: c === 0 ? 'A' : 'B',
        order: c * 10 + depth,
        points: every(T0, 24, 4, depth * 10 + c),
      })),
    );
    await load(
      t.db,
      [...smSeries, ...incSeries, { key: key('SM-B', dspa), points: [[T0, 1]] as [number, number][] }].map(({ key: k, points }) => ({ key: k, points })),
    );
    const rowsOf = (series: { key: { depth: number | null }; code: string; order: number; points: [number, number][] }[]) =>
      series
        .flatMap((s) =>
          s.points.map(([at, value]) => ({ at, order: s.order, row: { taken_at: new Date(at).toISOString(), code: s.code, depth: s.key.depth, value } })),
        )
        .sort((x, y) => y.at - x.at || x.order - y.order)
        .map((x) => x.row);
    expected['SM-1'] = rowsOf(smSeries);
    expected['INC-1'] = rowsOf(incSeries);
  });
  afterAll(() => t.close());

  it('pages through every stored reading newest first, ties in the reading codes\u2019 order, and counts them all', async () => {
    const all = expected['SM-1']!;
    expect(all).toHaveLength(60);
    const seen: TReadingRow[] = [];
    for (let skip = 0; skip < all.length; skip += 7) {
      const answer = await page('xuser', `/instruments/${ids['SM-1']}/reading-rows?skip=${skip}&limit=7`);
      expect(answer.total_records).toBe(60);
      expect(answer.records.length).toBe(Math.min(7, 60 - skip));
      seen.push(...answer.records);
    }
    // Both halves (the older one is read from the oldest end) join up exactly.
    expect(seen).toEqual(all);
    // Same instant: DSPB (first in the type's order) before DSPA.
    const newestTie = all.findIndex((r, i) => i > 0 && all[i - 1]!.taken_at === r.taken_at);
    expect(all[newestTie - 1]!.code).toBe('DSPB');
    expect(all[newestTie]!.code).toBe('DSPA');
    // The default page is 20 rows; past the end there is nothing, with the same total.
    const first = await page('xuser', `/instruments/${ids['SM-1']}/reading-rows`);
    expect(first.records).toEqual(all.slice(0, 20));
    expect(await page('xuser', `/instruments/${ids['SM-1']}/reading-rows?skip=60`)).toEqual({ records: [], total_records: 60 });
    expect(await page('xuser', `/instruments/${ids['SM-1']}/reading-rows?skip=55&limit=1000`)).toEqual({ records: all.slice(55), total_records: 60 });
  });

  it('keeps to the range: inclusive date-times, a bare `to` covering its whole day, one open side', async () => {
    const all = expected['SM-1']!;
    const within = (lo: number, hi: number) => all.filter((r) => Date.parse(r.taken_at) >= lo && Date.parse(r.taken_at) <= hi);
    const lo = T0 + 30 * HOUR;
    const hi = T0 + 48 * HOUR; // the boundary instant is in
    const narrow = await page(
      'xuser',
      `/instruments/${ids['SM-1']}/reading-rows?from=${new Date(lo).toISOString()}&to=${new Date(hi).toISOString()}&limit=1000`,
    );
    expect(narrow.records).toEqual(within(lo, hi));
    expect(narrow.total_records).toBe(within(lo, hi).length);
    expect(narrow.records[0]!.taken_at).toBe(new Date(hi).toISOString());
    // A bare `to`: through the end of 31 January (UTC), across the partition boundary at 1 February from `from`.
    const day = await page('xuser', `/instruments/${ids['SM-1']}/reading-rows?from=2025-01-31T12:00:00Z&to=2025-01-31&skip=2&limit=5`);
    const dayRows = within(Date.UTC(2025, 0, 31, 12), Date.UTC(2025, 1, 1) - 1);
    expect(day).toEqual({ records: dayRows.slice(2, 7), total_records: dayRows.length });
    // Only `from`: everything after it; only `to`: everything up to it.
    const since = await page('xuser', `/instruments/${ids['SM-1']}/reading-rows?from=2025-02-01&limit=1000`);
    expect(since.records).toEqual(within(Date.UTC(2025, 1, 1), Infinity));
    const until = await page('xuser', `/instruments/${ids['SM-1']}/reading-rows?to=2025-01-30T05:00:00Z&limit=1000`);
    expect(until).toEqual({ records: within(0, T0 + 5 * HOUR), total_records: 5 });
    // A range without readings.
    expect(await page('xuser', `/instruments/${ids['SM-1']}/reading-rows?from=2024-01-01&to=2024-12-31`)).toEqual({ records: [], total_records: 0 });
    expect(await page('xuser', `/instruments/${ids['SM-EMPTY']}/reading-rows`)).toEqual({ records: [], total_records: 0 });
  });

  it('keeps to the reading codes asked (any case)', async () => {
    const answer = await page('xuser', `/instruments/${ids['SM-1']}/reading-rows?codes=dspb&limit=1000`);
    expect(answer.records).toEqual(expected['SM-1']!.filter((r) => r.code === 'DSPB'));
    expect(answer.total_records).toBe(24);
    expect((await page('xuser', `/instruments/${ids['SM-1']}/reading-rows?codes=DSPA,DSPB`)).total_records).toBe(60);
    expect(await page('xuser', `/instruments/${ids['SM-1']}/reading-rows?codes=NOPE`)).toEqual({ records: [], total_records: 0 });
  });

  it('shows the depth of an inclinometer\u2019s readings, shallowest first at each instant, and keeps to the depths asked', async () => {
    const all = await page('manager', `/instruments/${ids['INC-1']}/reading-rows?limit=6`);
    expect(all.total_records).toBe(24);
    expect(all.records).toEqual(expected['INC-1']!.slice(0, 6));
    expect(all.records.map((r) => `${r.code}@${r.depth}`)).toEqual(['A@2', 'A@4', 'A@6', 'B@2', 'B@4', 'B@6']);
    const at4 = await page('manager', `/instruments/${ids['INC-1']}/reading-rows?codes=B&depths=4&limit=1000`);
    expect(at4.records).toEqual(expected['INC-1']!.filter((r) => r.code === 'B' && r.depth === 4));
    expect(at4.total_records).toBe(4);
    // A series without depth says null.
    expect((await page('xuser', `/instruments/${ids['SM-1']}/reading-rows?limit=1`)).records[0]!.depth).toBeNull();
  });

  it('answers another contract\u2019s instrument with the chart\u2019s 404, and refuses callers without View Instrument Data or Charts', async () => {
    const outside = await get('xuser', `/instruments/${ids['SM-B']}/reading-rows`);
    const chart = await get('xuser', `/instruments/${ids['SM-B']}/readings`);
    expect(outside.statusCode).toBe(404);
    expect(outside.json()).toEqual(chart.json());
    expect((await get('xuser', '/instruments/999999/reading-rows')).json()).toEqual(chart.json());
    expect(await page('yuser', `/instruments/${ids['SM-B']}/reading-rows`)).toEqual({
      records: [{ taken_at: new Date(T0).toISOString(), code: 'DSPA', depth: null, value: 1 }],
      total_records: 1,
    });
    expect((await get('admin', `/instruments/${ids['SM-B']}/reading-rows`)).statusCode).toBe(200);
    expect((await get('nobody', `/instruments/${ids['SM-1']}/reading-rows`)).statusCode).toBe(403);
    // View Instrument Charts alone reads them, as it reads the chart.
    const charts = await as(t, chartsOnly, { method: 'GET', url: `/api/v1/instruments/${ids['SM-1']}/reading-rows?limit=1` });
    expect(charts.statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: `/api/v1/instruments/${ids['SM-1']}/reading-rows` })).statusCode).toBe(401);
  });

  it('refuses a bad query with a clear message', async () => {
    const bad = async (query: string) => {
      const res = await get('xuser', `/instruments/${ids['SM-1']}/reading-rows?${query}`);
      expect(res.statusCode, query).toBe(400);
      return res.json();
    };
    expect(await bad('from=2025-02-02&to=2025-02-01')).toEqual({ to: 'The end must be after the start' });
    expect(await bad('from=2025-02-01T10:00:00Z&to=2025-02-01T09:59:59Z')).toEqual({ to: 'The end must be after the start' });
    expect(await bad('limit=1001')).toEqual({ limit: 'Limit must be at most 1000' });
    expect(await bad('limit=0')).toEqual({ limit: 'Limit must be at least 1' });
    expect(await bad('limit=ten')).toEqual({ limit: 'Limit must be a whole number' });
    expect(await bad('skip=-1')).toEqual({ skip: 'Skip must be 0 or more' });
    expect(await bad('from=later')).toEqual({ from: 'Enter a valid date' });
    expect(await bad('depths=2,x')).toEqual({ depths: 'Give depths as comma-separated numbers, e.g. 2,4,6' });
    expect((await get('xuser', '/instruments/x/reading-rows')).statusCode).toBe(400);
  });

  it('is in the OpenAPI document with its query and answer', async () => {
    const doc = (await t.app.inject('/api/docs/json')).json();
    const entry = doc.paths['/api/v1/instruments/{id}/reading-rows']?.get;
    expect(entry?.tags).toEqual(['readings']);
    expect(entry.summary).toMatch(/newest first/);
    expect(entry.parameters.map((p: { name: string }) => p.name)).toEqual(expect.arrayContaining(['id', 'codes', 'depths', 'from', 'to', 'skip', 'limit']));
    expect(Object.keys(entry.responses['200'].content['application/json'].schema.properties)).toEqual(['records', 'total_records']);
  });
});
