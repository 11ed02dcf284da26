/**
 * The readings views of the work space beyond the chart (issue 7): status levels of many instruments, the readings
 * download (CSV/XLSX), inclinometer profiles and the time series at chosen depths.
 */
import fc from 'fast-check';
import ExcelJS from 'exceljs';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { statusLevelOf, ZInstrumentReadings, type TInstrumentProfile, type TInstrumentReadings, type TInstrumentStatuses } from '@strata/shared';
import type { Database } from '../../db/client.js';
import { thresholds } from '../../db/schema/index.js';
import { as, createTestApp, signIn, type Session, type TestApp } from '../../testing/harness.js';
import { createRole, createUser } from '../../testing/fixtures.js';
import { createInstrument, createLevels, createType, createWorld, lastAudit, type World } from '../../testing/master-data.js';
import { parseDateTime } from '../../lib/zoned-time.js';
import { readReadingFile, type ReadingRow } from '../uploads/reading-file.js';
import { exportLimits, isoInZone, wallClockInZone } from './readings-export.js';
import { buildBatch, type SeriesPoints } from './readings-batch.js';
import { downsampleSeries, planBuckets } from './downsample.js';
import { rangeStats } from './readings-chart.repository.js';
import { ensurePartitions, loadReadings } from './readings-store.service.js';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

async function load(db: Database, series: SeriesPoints[]) {
  const batch = buildBatch(series);
  await ensurePartitions(db.orm, batch.months);
  return db.orm.transaction((tx) => loadReadings(tx, batch.input));
}

describe('readings views: status, download, profile', () => {
  let t: TestApp;
  let w: World;
  let chartsOnly: Session;
  const ids: Record<string, number> = {};
  const level: Record<string, number> = {};
  let sm: Awaited<ReturnType<typeof createType>>;
  let inc: Awaited<ReturnType<typeof createType>>;
  const get = (who: keyof World['sessions'], url: string) => as(t, w.sessions[who], { method: 'GET', url: `/api/v1${url}` });
  const getAs = (s: Session, url: string) => as(t, s, { method: 'GET', url: `/api/v1${url}` });
  /**
   * The instruments, readings and thresholds made in beforeAll are read-only: the tests list them exactly. A test that
   * adds instruments adds them to contracts of a world of its own.
   */
  const ownWorld = () => createWorld(t, ['ViewInstrumentData', 'ViewInstrumentCharts']);
  const T0 = Date.UTC(2025, 0, 1); // 08:00 on 1 January in Singapore

  const threshold = (instrumentId: number, readingCodeId: number, levelCode: string, upper: number | null, lower: number | null) =>
    t.db.orm.insert(thresholds).values({ instrumentId, readingCodeId, levelId: level[levelCode]!, upper, lower });

  beforeAll(async () => {
    t = await createTestApp();
    w = await createWorld(t, ['ViewInstrumentData', 'ViewInstrumentCharts']);
    const role = await createRole(t.db, ['ViewInstrumentCharts']);
    await createUser(t.db, { loginName: 'chartsonly', roleId: role.roleId, contractIds: [w.contractA] });
    chartsOnly = await signIn(t, 'chartsonly');
    for (const l of await createLevels(t.db)) level[l.code] = l.levelId;
    sm = await createType(t.db, 'SM', ['DSPA']);
    inc = await createType(t.db, 'INC', ['A', 'B']);
    const mk = async (name: string, contractId: number, typeId: number) =>
      (ids[name] = (await createInstrument(t.db, { name, contractId, typeId })).instrumentId);
    await mk('SM-UP', w.contractA, sm.type.typeId);
    await mk('SM-LOW', w.contractA, sm.type.typeId);
    await mk('SM-OK', w.contractA, sm.type.typeId);
    await mk('SM-NONE', w.contractA, sm.type.typeId);
    await mk('INC-1', w.contractA, inc.type.typeId);
    await mk('SM-B', w.contractB, sm.type.typeId);
    const dspa = sm.codes[0]!.readingCodeId;
    const [a, b] = [inc.codes[0]!.readingCodeId, inc.codes[1]!.readingCodeId];
    const key = (name: string, readingCodeId: number, depth: number | null = null) => ({ instrumentId: ids[name]!, readingCodeId, depth });
    await load(t.db, [
      // SM-UP: ends above WSL (and AL); an early reading above nothing.
      {
        key: key('SM-UP', dspa),
        points: [
          [T0, 1],
          [T0 + HOUR, 2.5],
          [T0 + DAY, -3.25],
          [T0 + 2 * DAY, 30],
        ],
      },
      // SM-LOW: ends below AL's lower value, above WSL's.
      { key: key('SM-LOW', dspa), points: [[T0 + DAY, -25]] },
      { key: key('SM-OK', dspa), points: [[T0 + DAY, 5]] },
      // INC-1: axes A and B at 2, 4, 6 m on three days; 6 m missed on the second day.
      {
        key: key('INC-1', a, 2),
        points: [
          [T0, 1],
          [T0 + DAY, 2],
          [T0 + 2 * DAY, 3],
        ],
      },
      {
        key: key('INC-1', a, 4),
        points: [
          [T0, 0.5],
          [T0 + DAY, 1],
          [T0 + 2 * DAY, 21],
        ],
      },
      {
        key: key('INC-1', a, 6),
        points: [
          [T0, 0.25],
          [T0 + 2 * DAY, 0.75],
        ],
      },
      {
        key: key('INC-1', b, 2),
        points: [
          [T0, -1],
          [T0 + DAY, -2],
          [T0 + 2 * DAY, -3],
        ],
      },
      {
        key: key('INC-1', b, 4),
        points: [
          [T0, -0.5],
          [T0 + DAY, -1],
          [T0 + 2 * DAY, -1.5],
        ],
      },
      {
        key: key('INC-1', b, 6),
        points: [
          [T0, -0.25],
          [T0 + 2 * DAY, -0.5],
        ],
      },
      { key: key('SM-B', dspa), points: [[T0, 100]] },
    ]);
    for (const name of ['SM-UP', 'SM-LOW', 'SM-OK', 'SM-NONE', 'SM-B']) {
      await threshold(ids[name]!, dspa, 'AL', 20, -20);
      await threshold(ids[name]!, dspa, 'WSL', 28, -28);
    }
    // INC-1: A passes AL at 4 m (21 > 20) on the last day; B's threshold is lower-only and not passed.
    await threshold(ids['INC-1']!, a, 'AL', 20, null);
    await threshold(ids['INC-1']!, b, 'WSL', null, -10);
  });
  afterAll(() => t.close());
  afterEach(() => {
    exportLimits.xlsxMaxRows = 1_000_000;
  });

  describe('GET /instruments/status', () => {
    it('gives every instrument of the caller\u2019s contracts its most severe passed level, normal ones included', async () => {
      const res = await get('xuser', '/instruments/status');
      expect(res.statusCode, res.body).toBe(200);
      const byId = new Map(res.json<TInstrumentStatuses>().records.map((r) => [r.instrument_id, r]));
      expect([...byId.keys()].sort((x, y) => x - y)).toEqual(['SM-UP', 'SM-LOW', 'SM-OK', 'SM-NONE', 'INC-1'].map((n) => ids[n]!).sort((x, y) => x - y));
      expect(byId.get(ids['SM-UP']!)).toEqual({
        instrument_id: ids['SM-UP'],
        level_code: 'WSL',
        severity: 4,
        last_reading_at: new Date(T0 + 2 * DAY).toISOString(),
      });
      expect(byId.get(ids['SM-LOW']!)).toMatchObject({ level_code: 'AL', severity: 2 }); // -25 < -20, not < -28
      expect(byId.get(ids['SM-OK']!)).toMatchObject({ level_code: null, severity: 0, last_reading_at: new Date(T0 + DAY).toISOString() });
      expect(byId.get(ids['SM-NONE']!)).toEqual({ instrument_id: ids['SM-NONE'], level_code: null, severity: 0, last_reading_at: null });
      expect(byId.get(ids['INC-1']!)).toMatchObject({ level_code: 'AL', severity: 2, last_reading_at: new Date(T0 + 2 * DAY).toISOString() });
    });

    it('keeps to the contracts asked, within the caller\u2019s; -1 means all of them', async () => {
      const names = async (who: keyof World['sessions'], q: string) =>
        (await get(who, `/instruments/status${q}`)).json<TInstrumentStatuses>().records.map((r) => r.instrument_id);
      expect(await names('yuser', '')).toEqual([ids['SM-B']]);
      expect(await names('manager', `?contracts=[${w.contractB}]`)).toEqual([ids['SM-B']]);
      expect(await names('manager', `?contracts=${w.contractA},${w.contractB}`)).toHaveLength(6);
      expect(await names('manager', '?contracts=-1')).toHaveLength(6);
      expect(await names('manager', '?contracts=[-1]')).toHaveLength(6);
      expect(await names('xuser', `?contracts=[${w.contractB}]`)).toEqual([]); // not theirs: nothing, not an error
      expect((await get('admin', '/instruments/status')).json<TInstrumentStatuses>().records.length).toBeGreaterThanOrEqual(6);
      expect((await get('xuser', '/instruments/status?contracts=[x]')).statusCode).toBe(400);
      expect((await get('nobody', '/instruments/status')).statusCode).toBe(403);
    });

    it('agrees with the rule the web applies (statusLevelOf) on random latest readings and thresholds', async () => {
      const own = await ownWorld();
      const contract = own.contractB;
      const dspa = sm.codes[0]!.readingCodeId;
      const severities = { CL: 1, AL: 2, PDL: 3, WSL: 4 } as Record<string, number>;
      const value = fc.integer({ min: -40, max: 40 });
      const bound = fc.option(fc.integer({ min: -40, max: 40 }), { nil: null });
      const caseArb = fc.record({
        readings: fc.option(value, { nil: null }), // null: no reading at all
        thresholds: fc.uniqueArray(
          fc.record({ level: fc.constantFrom('CL', 'AL', 'PDL', 'WSL'), upper: bound, lower: bound }).filter((x) => x.upper !== null || x.lower !== null),
          { selector: (x) => x.level, maxLength: 4 },
        ),
      });
      const cases = fc.sample(caseArb, { numRuns: 60, seed: 7 });
      const made: { id: number; c: (typeof cases)[number] }[] = [];
      const series: SeriesPoints[] = [];
      for (const [i, c] of cases.entries()) {
        const id = (await createInstrument(t.db, { name: `RND-${i}`, contractId: contract, typeId: sm.type.typeId })).instrumentId;
        made.push({ id, c });
        if (c.readings !== null) series.push({ key: { instrumentId: id, readingCodeId: dspa, depth: null }, points: [[T0 + i * HOUR, c.readings]] });
        for (const th of c.thresholds) await threshold(id, dspa, th.level, th.upper, th.lower);
      }
      await load(t.db, series);
      const got = new Map((await getAs(own.sessions.yuser, '/instruments/status')).json<TInstrumentStatuses>().records.map((r) => [r.instrument_id, r]));
      const seen = new Set<string>();
      for (const { id, c } of made) {
        const want = statusLevelOf(
          c.readings === null ? [] : [{ code: 'DSPA', value: c.readings }],
          c.thresholds.map((th) => ({ reading_code: 'DSPA', level_code: th.level, upper: th.upper, lower: th.lower })),
          Object.entries(severities).map(([code, severity]) => ({ code, severity })),
        );
        expect({ case: c, level: got.get(id)?.level_code, severity: got.get(id)?.severity }).toEqual({
          case: c,
          level: want?.code ?? null,
          severity: want?.severity ?? 0,
        });
        seen.add(
          c.readings === null ? 'no reading' : want ? (c.thresholds.some((th) => th.lower !== null && c.readings! < th.lower) ? 'below' : 'above') : 'normal',
        );
      }
      // The sample covers every kind of case.
      expect([...seen].sort()).toEqual(['above', 'below', 'no reading', 'normal']);
    });
  });

  describe('GET /instruments/{id}/readings/export', () => {
    const csvRows = (body: string) =>
      body
        .replace(/^\ufeff/, '')
        .split('\r\n')
        .filter(Boolean)
        .map((l) => l.split(','));

    it('downloads every reading of the range as CSV with a plain link (resource token), times in the time zone setting', async () => {
      const url = `/api/v1/instruments/${ids['SM-UP']}/readings/export?format=csv&from=2025-01-01&to=2025-01-02&_token=${w.sessions.xuser.resourceToken}`;
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
      expect(res.headers['content-disposition']).toBe(`attachment; filename="SM-UP_readings_2025-01-01_2025-01-02.csv"`);
      // The range is [1 Jan 00:00Z, 2 Jan 23:59:59.999Z]: the reading of 3 January is left out.
      expect(csvRows(res.body)).toEqual([
        ['instrument', 'date_time', 'reading_code', 'depth', 'value', 'unit'],
        ['SM-UP', '01/01/2025 08:00:00', 'DSPA', '', '1', 'mm'],
        ['SM-UP', '01/01/2025 09:00:00', 'DSPA', '', '2.5', 'mm'],
        ['SM-UP', '02/01/2025 08:00:00', 'DSPA', '', '-3.25', 'mm'],
      ]);
      expect((await lastAudit(t.db, 'readings.export'))?.after).toMatchObject({
        format: 'csv',
        rows: 3,
        file_name: 'SM-UP_readings_2025-01-01_2025-01-02.csv',
      });
      // The file is an upload file of the long layout: it reads back as the same readings (unit ignored).
      const back: ReadingRow[] = [];
      expect((await readReadingFile(res.rawPayload, (r) => back.push(r))).layout).toBe('long');
      expect(back.map((r) => [r.instrument, parseDateTime(r.time as string, 'Asia/Singapore'), r.cells[0]!.code, Number(r.cells[0]!.value)])).toEqual([
        ['SM-UP', T0, 'DSPA', 1],
        ['SM-UP', T0 + HOUR, 'DSPA', 2.5],
        ['SM-UP', T0 + DAY, 'DSPA', -3.25],
      ]);

      const narrow = await get('xuser', `/instruments/${ids['SM-UP']}/readings/export?format=csv&from=2025-01-01T00:30:00Z&to=2025-01-03T00:00:00Z`);
      expect(csvRows(narrow.body).map((r) => r[4])).toEqual(['value', '2.5', '-3.25', '30']);
      expect(narrow.headers['content-disposition']).toContain('SM-UP_readings_2025-01-01_2025-01-03.csv');
    });

    it('writes XLSX that reads back the same, depths and codes chosen', async () => {
      const res = await get('manager', `/instruments/${ids['INC-1']}/readings/export?format=xlsx&codes=B&depths=2,6`);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
      // No range asked: the file is named after the first and last reading (dates in the time zone).
      expect(res.headers['content-disposition']).toContain('filename="INC-1_readings_2025-01-01_2025-01-03.xlsx"');
      const wb = new ExcelJS.Workbook();
      await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
      const rows: unknown[][] = [];
      wb.worksheets[0]!.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
      expect(rows).toEqual([
        ['instrument', 'date_time', 'reading_code', 'depth', 'value', 'unit'],
        ['INC-1', '01/01/2025 08:00:00', 'B', 2, -1, 'mm'],
        ['INC-1', '02/01/2025 08:00:00', 'B', 2, -2, 'mm'],
        ['INC-1', '03/01/2025 08:00:00', 'B', 2, -3, 'mm'],
        ['INC-1', '01/01/2025 08:00:00', 'B', 6, -0.25, 'mm'],
        ['INC-1', '03/01/2025 08:00:00', 'B', 6, -0.5, 'mm'],
      ]);
    });

    it('pages through a long series without losing or repeating a reading', async () => {
      const dense: [number, number][] = Array.from({ length: 45_000 }, (_, i) => [Date.UTC(2024, 0, 1) + i * 15 * 60_000, i]);
      const own = await ownWorld();
      const id = (await createInstrument(t.db, { name: 'SM-DENSE', contractId: own.contractA, typeId: sm.type.typeId })).instrumentId;
      await load(t.db, [{ key: { instrumentId: id, readingCodeId: sm.codes[0]!.readingCodeId, depth: null }, points: dense }]);
      const res = await getAs(own.sessions.xuser, `/instruments/${id}/readings/export?format=csv`);
      const values = csvRows(res.body)
        .slice(1)
        .map((r) => Number(r[4]));
      expect(values).toHaveLength(45_000);
      expect(values.every((v, i) => v === i)).toBe(true);
    });

    it('refuses an XLSX above the row cap with a clear message, and bad input with 400', async () => {
      exportLimits.xlsxMaxRows = 3;
      const res = await get('xuser', `/instruments/${ids['SM-UP']}/readings/export?format=xlsx`);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toBe('The range holds 4 readings; an XLSX download takes at most 3. Choose a shorter range or CSV.');
      expect((await get('xuser', `/instruments/${ids['SM-UP']}/readings/export?format=xlsx&to=2025-01-02`)).statusCode).toBe(200);
      expect((await get('xuser', `/instruments/${ids['SM-UP']}/readings/export?format=csv`)).statusCode).toBe(200); // CSV has no cap

      expect((await get('xuser', `/instruments/${ids['SM-UP']}/readings/export?format=pdf`)).json()).toEqual({ format: 'Format must be csv or xlsx' });
      expect((await get('xuser', `/instruments/${ids['SM-UP']}/readings/export`)).statusCode).toBe(400);
      expect((await get('xuser', `/instruments/${ids['SM-UP']}/readings/export?format=csv&from=later`)).json()).toEqual({ from: 'Enter a valid date' });
      expect((await get('xuser', `/instruments/${ids['SM-UP']}/readings/export?format=csv&depths=2,x`)).statusCode).toBe(400);
    });

    it('answers 404 for another contract\u2019s instrument and 403 without View Instrument Data or a token', async () => {
      expect((await get('xuser', `/instruments/${ids['SM-B']}/readings/export?format=csv`)).statusCode).toBe(404);
      expect((await get('yuser', `/instruments/${ids['SM-B']}/readings/export?format=csv`)).statusCode).toBe(200);
      const charts = await as(t, chartsOnly, { method: 'GET', url: `/api/v1/instruments/${ids['SM-UP']}/readings/export?format=csv` });
      expect(charts.statusCode).toBe(403);
      expect((await t.app.inject({ method: 'GET', url: `/api/v1/instruments/${ids['SM-UP']}/readings/export?format=csv` })).statusCode).toBe(401);
      expect((await t.app.inject({ method: 'GET', url: `/api/v1/instruments/${ids['SM-UP']}/readings/export?format=csv&_token=nope` })).statusCode).toBe(401);
    });

    it('writes times as DD/MM/YYYY HH:mm:ss on the zone\u2019s wall clock, milliseconds only when there are some', () => {
      expect(wallClockInZone(Date.UTC(2025, 0, 1, 0, 0, 0), 'Asia/Singapore')).toBe('01/01/2025 08:00:00');
      expect(wallClockInZone(Date.UTC(2025, 0, 1, 0, 0, 0, 250), 'Asia/Singapore')).toBe('01/01/2025 08:00:00.250');
      expect(wallClockInZone(Date.UTC(2025, 6, 1, 12), 'America/New_York')).toBe('01/07/2025 08:00:00');
      expect(wallClockInZone(Date.UTC(2024, 11, 31, 20), 'Asia/Kolkata')).toBe('01/01/2025 01:30:00');
      for (const ms of [Date.UTC(2025, 0, 1), Date.UTC(2025, 0, 1, 0, 0, 0, 250), Date.UTC(2025, 6, 1, 12, 34, 56)]) {
        expect(parseDateTime(wallClockInZone(ms, 'Asia/Singapore'), 'Asia/Singapore')).toBe(ms);
      }
    });

    it('writes ISO date-times with the zone\u2019s offset (file names), milliseconds only when there are some', () => {
      expect(isoInZone(Date.UTC(2025, 0, 1, 0, 0, 0), 'Asia/Singapore')).toBe('2025-01-01T08:00:00+08:00');
      expect(isoInZone(Date.UTC(2025, 0, 1, 0, 0, 0, 250), 'Asia/Singapore')).toBe('2025-01-01T08:00:00.250+08:00');
      expect(isoInZone(Date.UTC(2025, 6, 1, 12), 'America/New_York')).toBe('2025-07-01T08:00:00-04:00');
      expect(isoInZone(Date.UTC(2025, 0, 1, 12), 'Asia/Kolkata')).toBe('2025-01-01T17:30:00+05:30');
      expect(isoInZone(Date.UTC(2025, 0, 1, 12), 'UTC')).toBe('2025-01-01T12:00:00+00:00');
    });
  });

  describe('GET /instruments/{id}/readings with a range: series and their counts in one round trip', () => {
    it('answers exactly what the downsampling gives on its own, for random ranges and limits', async () => {
      const own = await ownWorld();
      const id = (await createInstrument(t.db, { name: 'SM-RANGE', contractId: own.contractA, typeId: sm.type.typeId })).instrumentId;
      const start = Date.UTC(2024, 5, 1);
      // 40 days of 10-minute readings with gaps (every 7th hour missing), so partial grains and empty stretches occur.
      const points: [number, number][] = [];
      for (let i = 0; i < 40 * 144; i++) if (Math.floor(i / 6) % 7 !== 3) points.push([start + i * 600_000, Math.round(Math.sin(i / 37) * 1000) / 10]);
      await load(t.db, [{ key: { instrumentId: id, readingCodeId: sm.codes[0]!.readingCodeId, depth: null }, points }]);
      const span = 42 * DAY;
      const cases = fc.sample(
        fc.record({ a: fc.integer({ min: -DAY, max: span }), len: fc.integer({ min: 0, max: span }), max: fc.integer({ min: 2, max: 3000 }) }),
        { numRuns: 40, seed: 11 },
      );
      cases.push({ a: 3 * HOUR + 60_000, len: HOUR, max: 4 }, { a: -5 * DAY, len: DAY, max: 10 }); // inside one grain; before the data
      const modes = new Set<string>();
      for (const c of cases) {
        const from = start + c.a;
        const to = from + c.len;
        const res = await getAs(
          own.sessions.xuser,
          `/instruments/${id}/readings?from=${new Date(from).toISOString()}&to=${new Date(to).toISOString()}&max_points=${c.max}`,
        );
        expect(res.statusCode, res.body).toBe(200);
        const s = res.json<TInstrumentReadings>().series[0]!;
        const direct = await downsampleSeries(t.db.orm, s.series_id, from, to, c.max);
        expect({ c, raw_count: s.raw_count, downsampled: s.downsampled, points: s.points }).toEqual({
          c,
          raw_count: direct.rawCount,
          downsampled: direct.downsampled,
          points: direct.points,
        });
        const st = await rangeStats(t.db.orm, s.series_id, from, to);
        modes.add(st.first === null ? 'empty' : planBuckets(st.count, st.first, st.last!, c.max).mode);
      }
      // Every way of answering was exercised: nothing in range, whole, buckets from readings, buckets from rollups.
      expect([...modes].sort()).toEqual(['empty', 'raw', 'readings', 'rollups']);
    });
  });

  describe('GET /instruments/{id}/profile and readings at chosen depths', () => {
    it('gives, per date and axis, the latest reading at or before the date at each depth', async () => {
      const res = await get('xuser', `/instruments/${ids['INC-1']}/profile?at=2025-01-02,2025-01-03T00:30:00Z,2024-12-31`);
      expect(res.statusCode, res.body).toBe(200);
      const body = res.json<TInstrumentProfile>();
      expect(body.instrument_id).toBe(ids['INC-1']);
      const iso = (ms: number) => new Date(ms).toISOString();
      expect(body.profiles).toEqual([
        {
          at: '2025-01-02',
          code: 'A',
          until: '2025-01-02T23:59:59.999Z',
          unit: 'mm',
          points: [
            { depth: 2, value: 2, taken_at: iso(T0 + DAY) },
            { depth: 4, value: 1, taken_at: iso(T0 + DAY) },
            { depth: 6, value: 0.25, taken_at: iso(T0) }, // missed on the 2nd: the reading before
          ],
        },
        {
          at: '2025-01-02',
          code: 'B',
          until: '2025-01-02T23:59:59.999Z',
          unit: 'mm',
          points: [
            { depth: 2, value: -2, taken_at: iso(T0 + DAY) },
            { depth: 4, value: -1, taken_at: iso(T0 + DAY) },
            { depth: 6, value: -0.25, taken_at: iso(T0) },
          ],
        },
        // 00:30Z on the 3rd: the readings of 00:00Z that day count (at or before).
        { at: '2025-01-03T00:30:00Z', code: 'A', until: '2025-01-03T00:30:00.000Z', unit: 'mm', points: expect.any(Array) },
        { at: '2025-01-03T00:30:00Z', code: 'B', until: '2025-01-03T00:30:00.000Z', unit: 'mm', points: expect.any(Array) },
        { at: '2024-12-31', code: 'A', until: '2024-12-31T23:59:59.999Z', unit: 'mm', points: [] },
        { at: '2024-12-31', code: 'B', until: '2024-12-31T23:59:59.999Z', unit: 'mm', points: [] },
      ]);
      expect(body.profiles[2]!.points.map((p) => [p.depth, p.value])).toEqual([
        [2, 3],
        [4, 21],
        [6, 0.75],
      ]);
      const a = (await get('xuser', `/instruments/${ids['INC-1']}/profile?at=2025-01-01&codes=a`)).json<TInstrumentProfile>();
      expect(a.profiles.map((p) => [p.code, p.points.map((x) => x.value)])).toEqual([['A', [1, 0.5, 0.25]]]);
      // An instrument without depth series has no profile.
      expect((await get('xuser', `/instruments/${ids['SM-UP']}/profile?at=2025-01-02`)).json<TInstrumentProfile>().profiles).toEqual([]);
    });

    it('refuses bad dates and more than six, and another contract\u2019s instrument', async () => {
      const at = (q: string) => get('xuser', `/instruments/${ids['INC-1']}/profile${q}`);
      expect((await at('')).statusCode).toBe(400);
      expect((await at('?at=')).json()).toEqual({ at: 'Give 1 to 6 dates' });
      expect((await at('?at=2025-01-01,2025-01-02,2025-01-03,2025-01-04,2025-01-05,2025-01-06,2025-01-07')).json()).toEqual({ at: 'Give 1 to 6 dates' });
      expect((await at('?at=2025-01-01,soon')).json()).toEqual({ at: 'Enter valid dates, e.g. 2026-03-01,2026-04-01' });
      expect((await get('xuser', `/instruments/${ids['SM-B']}/profile?at=2025-01-01`)).statusCode).toBe(404);
      expect((await get('nobody', `/instruments/${ids['INC-1']}/profile?at=2025-01-01`)).statusCode).toBe(403);
    });

    it('limits the time series to the depths asked', async () => {
      const body = (await get('xuser', `/instruments/${ids['INC-1']}/readings?depths=2,6`)).json<TInstrumentReadings>();
      // Sent without zod on the way out (the chart's hot path): still exactly the contract, nothing more.
      expect(ZInstrumentReadings.parse(body)).toEqual(body);
      expect(body.series.map((s) => [s.code, s.depth, s.points.length])).toEqual([
        ['A', 2, 3],
        ['A', 6, 2],
        ['B', 2, 3],
        ['B', 6, 2],
      ]);
      const one = (await get('xuser', `/instruments/${ids['INC-1']}/readings?depths=4&codes=A`)).json<TInstrumentReadings>();
      expect(one.series.map((s) => [s.code, s.depth, s.points])).toEqual([
        [
          'A',
          4,
          [
            [T0, 0.5],
            [T0 + DAY, 1],
            [T0 + 2 * DAY, 21],
          ],
        ],
      ]);
      expect((await get('xuser', `/instruments/${ids['INC-1']}/readings?depths=3`)).json<TInstrumentReadings>().series).toEqual([]);
      expect((await get('xuser', `/instruments/${ids['INC-1']}/readings?depths=two`)).json()).toEqual({
        depths: 'Give depths as comma-separated numbers, e.g. 2,4,6',
      });
    });
  });
});
