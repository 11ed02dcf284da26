import ExcelJS from 'exceljs';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  UPLOAD_REPORT_CAP,
  USER_TYPE,
  type PermissionCode,
  type TInstrumentReadings,
  type TUpload,
  type TUploadCreated,
  type TUploadList,
  type TUploadReport,
} from '@strata/shared';
import { and, eq, inArray, sql } from 'drizzle-orm';
import {
  contracts,
  instrumentTypes,
  notifications,
  readingCodes,
  readingLatest,
  readingRollups,
  readings,
  readingSeries,
  uploads,
} from '../../db/schema/index.js';
import { recorder } from '../../platform/bus.test-support.js';
import { createRole, createUser } from '../../testing/fixtures.js';
import { as, createTestApp, signIn, type Session, type TestApp } from '../../testing/harness.js';
import { waitFor } from '../../testing/wait.js';
import {
  countRows,
  createInstrument,
  createLevels,
  createType,
  createWorld,
  filesUnder,
  lastAudit,
  multipart,
  tempDataDir,
  type World,
} from '../../testing/master-data.js';
import { docx, zip, type ZipInput } from '../attachments/test-files.js';
import { REALTIME_CHANNEL, type RealtimeDelivery } from '../realtime/realtime.publish.js';
import { ReadingValidator } from './reading-validator.js';
import { loadHooks } from '../readings/readings-load.repository.js';

const TASKS = ['UploadInstrumentationFiles', 'ViewInstrumentationUploadHistory', 'ApproveUpload', 'ViewInstrumentData', 'ViewInstrumentCharts'] as const;
const LONG = 'instrument,date_time,reading_code,value,depth,contract';

describe('instrument readings uploads', () => {
  const dataDir = tempDataDir('uploads');
  let t: TestApp;
  let w: World;
  let noA: string;
  let noB: string;
  const ids: Record<string, number> = {};
  const bus = recorder<RealtimeDelivery>();
  type Who = keyof World['sessions'];

  const post = (who: Who, name: string, data: Buffer | string, opts: { query?: string; fields?: Record<string, string> } = {}) =>
    as(t, w.sessions[who], { method: 'POST', url: `/api/v1/uploads/instrument${opts.query ?? ''}`, ...multipart(name, data, opts.fields) });
  const get = (who: Who, url: string) => as(t, w.sessions[who], { method: 'GET', url: `/api/v1${url}` });
  const act = (who: Who, url: string) => as(t, w.sessions[who], { method: 'POST', url: `/api/v1${url}` });
  const status = async (id: number, who: Who = 'manager') => (await get(who, `/uploads/${id}`)).json<TUpload>();
  const readingsOf = async (uploadId: number) =>
    (
      await t.db.orm
        .select({ n: sql<number>`count(*)::int` })
        .from(readings)
        .where(eq(readings.uploadId, uploadId))
    )[0]!.n;

  /** Uploads, validates (in process: the test app runs no job workers) and returns the upload. */
  async function uploadAndValidate(who: Who, name: string, data: Buffer | string, opts: { query?: string; fields?: Record<string, string> } = {}) {
    const res = await post(who, name, data, opts);
    expect(res.statusCode, res.body).toBe(202);
    const created = res.json<TUploadCreated>();
    expect(created.status).toBe('received');
    await t.services.uploads.runPending();
    return status(created.upload_id, who);
  }

  /** Uploads, validates, approves and loads a good file; returns the upload, done. */
  async function uploadAndLoad(who: Who, name: string, data: string, opts: { fields?: Record<string, string> } = {}) {
    const u = await uploadAndValidate(who, name, data, opts);
    expect((await act('manager', `/uploads/${u.upload_id}/approve`)).statusCode).toBe(200);
    await t.services.uploads.runPending();
    const done = await status(u.upload_id, who);
    expect(done.status).toBe('done');
    return done;
  }

  let smTypeId: number;
  let incTypeId: number;

  // Types and levels are read-only here. Uploads are found, refused as repeats and listed within the caller's
  // contracts, and instruments by name within them: each test has a world of its own (contracts, users, instruments).
  beforeAll(async () => {
    t = await createTestApp({ dataDir });
    await createLevels(t.db);
    const sm = await createType(t.db, 'SM', ['DSPA']);
    await t.db.orm.update(readingCodes).set({ minValue: -1000, maxValue: 1000 }).where(eq(readingCodes.typeId, sm.type.typeId));
    const inc = await createType(t.db, 'INC', ['A', 'B']);
    await t.db.orm.update(instrumentTypes).set({ hasDepth: true }).where(eq(instrumentTypes.typeId, inc.type.typeId));
    smTypeId = sm.type.typeId;
    incTypeId = inc.type.typeId;
    await t.ctx.bus.subscribe(REALTIME_CHANNEL, bus.handler);
  });
  beforeEach(async () => {
    w = await createWorld(t, TASKS);
    const rows = await t.db.orm
      .select({ id: contracts.contractId, no: contracts.no })
      .from(contracts)
      .where(inArray(contracts.contractId, [w.contractA, w.contractB]));
    noA = rows.find((r) => r.id === w.contractA)!.no;
    noB = rows.find((r) => r.id === w.contractB)!.no;
    for (const key of Object.keys(ids)) delete ids[key];
    for (const [name, contractId, typeId] of [
      ['SM-A1', w.contractA, smTypeId],
      ['SM-A2', w.contractA, smTypeId],
      ['SM-A3', w.contractA, smTypeId],
      ['INC-A1', w.contractA, incTypeId],
      ['SM-SHARED', w.contractA, smTypeId],
      ['SM-B1', w.contractB, smTypeId],
      ['SM-SHARED-B', w.contractB, smTypeId],
    ] as const) {
      ids[name] = (await createInstrument(t.db, { name, contractId, typeId })).instrumentId;
    }
    await createInstrument(t.db, { name: 'SM-SHARED', contractId: w.contractB, typeId: smTypeId });
  });
  afterAll(() => t.close());
  afterEach(() => {
    delete loadHooks.afterCopy;
  });

  it('offers the templates, long and wide, as CSV and XLSX', async () => {
    const csv = await get('xuser', '/uploads/templates/instrument.csv');
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toMatch(/text\/csv/);
    expect(csv.headers['content-disposition']).toMatch(/instrument-readings-long\.csv/);
    expect(csv.body.replace(/^\ufeff/, '').split('\r\n')[0]).toBe(LONG);
    const xlsx = await get('xuser', '/uploads/templates/instrument.xlsx?layout=wide');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    expect(wb.worksheets[0]!.getRow(1).values).toEqual([undefined, 'instrument', 'date_time', 'depth', 'contract', 'DSPA', 'A', 'B']);
    expect((await get('nobody', '/uploads/templates/instrument.csv')).statusCode).toBe(403);
  });

  it('stores, validates, and on approval loads every reading of a good file in one go', async () => {
    const csv = [
      LONG,
      'SM-A1,2026-01-05 08:00:00,DSPA,-1.5,,',
      'SM-A1,2026-01-06 08:00,DSPA,-1.75,,',
      'SM-A1,2026-01-07T00:00:00Z,dspa,-2,,',
      `SM-A2,06/01/2026 08:00:00,DSPA,0.25,,${noA}`,
      'INC-A1,2026-01-05T08:00:00+08:00,A,3.5,2.5,',
      'INC-A1,2026-01-05T08:00:00+08:00,A,4.5,5,',
      'INC-A1,2026-01-05T08:00:00+08:00,B,-0.5,5,',
      '',
    ].join('\r\n');
    const u = await uploadAndValidate('manager', 'good.csv', csv, { fields: { contract_id: String(w.contractA) } });
    expect(u).toMatchObject({
      status: 'validated',
      format: 'csv',
      layout: 'long',
      rows_total: 7,
      rows_valid: 7,
      rows_invalid: 0,
      errors_total: 0,
      contract_ids: [w.contractA],
      contract_nos: [noA],
    });
    expect(u.first_taken_at).toBe('2026-01-05T00:00:00.000Z');
    expect(u.last_taken_at).toBe('2026-01-07T00:00:00.000Z');
    expect(u.sha256).toMatch(/^[0-9a-f]{64}$/);
    expect(await readingsOf(u.upload_id)).toBe(0);
    expect((await lastAudit(t.db, 'upload.create'))?.after).toMatchObject({ file_name: 'good.csv', contract_id: w.contractA });

    const approved = await act('manager', `/uploads/${u.upload_id}/approve`);
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json<TUpload>().status).toBe('approved');
    await t.services.uploads.runPending();
    const done = await status(u.upload_id);
    expect(done).toMatchObject({ status: 'done', rows_loaded: 7, progress: 100 });
    expect(await readingsOf(u.upload_id)).toBe(7);
    const sm = await t.db.orm
      .select({ t: readings.takenAt, v: readings.value })
      .from(readings)
      .innerJoin(readingSeries, eq(readingSeries.seriesId, readings.seriesId))
      .where(eq(readingSeries.instrumentId, ids['SM-A1']!))
      .orderBy(readings.takenAt);
    expect(sm.map((r) => [r.t.toISOString(), r.v])).toEqual([
      ['2026-01-05T00:00:00.000Z', -1.5],
      ['2026-01-06T00:00:00.000Z', -1.75],
      ['2026-01-07T00:00:00.000Z', -2],
    ]);
    // Three inclinometer series (A at 2.5 m and 5 m, B at 5 m); the latest value and the rollups are kept.
    expect(await t.db.orm.select().from(readingSeries).where(eq(readingSeries.instrumentId, ids['INC-A1']!))).toHaveLength(3);
    const latest = await t.db.orm
      .select({ v: readingLatest.value, t: readingLatest.takenAt })
      .from(readingLatest)
      .innerJoin(readingSeries, eq(readingSeries.seriesId, readingLatest.seriesId))
      .where(eq(readingSeries.instrumentId, ids['SM-A1']!));
    expect(latest.map((l) => [l.t.toISOString(), l.v])).toEqual([['2026-01-07T00:00:00.000Z', -2]]);
    const rollups = await t.db.orm
      .select({ n: sql<number>`count(*)::int` })
      .from(readingRollups)
      .innerJoin(readingSeries, eq(readingSeries.seriesId, readingRollups.seriesId))
      .where(inArray(readingSeries.instrumentId, [ids['SM-A1']!, ids['SM-A2']!, ids['INC-A1']!]));
    expect(rollups[0]!.n).toBe(7); // one per series and 6-hour grain
    expect((await lastAudit(t.db, 'upload.approve'))?.after).toMatchObject({ status: 'approved', rows_valid: 7 });
    expect((await lastAudit(t.db, 'upload.load'))?.after).toMatchObject({ status: 'done', rows_loaded: 7 });
    // The uploader is told (a stored fileCompleted notification); screens of the contract hear of new data.
    const told = await t.db.orm
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, w.userIds.manager), eq(notifications.type, 'fileCompleted')));
    expect(told.at(-1)).toMatchObject({ message: 'Upload good.csv: 7 readings loaded', linkUri: `/en/upload/instrument?upload=${u.upload_id}` });
    const heard = () =>
      bus.got.some(
        ({ event: e }) =>
          e.to === 'contract' &&
          e.contract_id === w.contractA &&
          e.message.event === 'notification' &&
          e.message.data.type === 'dataUpdated' &&
          e.message.data.topic === 'instruments',
      );
    await waitFor(heard, 5000); // on PostgreSQL the bus delivers through LISTEN, a moment later

    // The chart API serves them.
    const chart = (await get('xuser', `/instruments/${ids['SM-A1']}/readings`)).json<TInstrumentReadings>();
    expect(chart.series).toHaveLength(1);
    expect(chart.series[0]).toMatchObject({ code: 'DSPA', raw_count: 3, downsampled: false });
    expect(chart.series[0]!.points).toEqual([
      [Date.parse('2026-01-05T00:00:00Z'), -1.5],
      [Date.parse('2026-01-06T00:00:00Z'), -1.75],
      [Date.parse('2026-01-07T00:00:00Z'), -2],
    ]);
  });

  it('reports every bad row, and approval writes exactly the valid ones', async () => {
    await uploadAndLoad('manager', 'stored.csv', `${LONG}\nSM-A1,2026-01-05 08:00,DSPA,-1.5,,\n`);
    const csv = [
      LONG,
      'SM-A3,2026-02-01 08:00,DSPA,1.0,,', // 2 valid
      'NOPE-1,2026-02-01 08:00,DSPA,1.0,,', // 3 unknown instrument
      'SM-A3,2026-02-01 09:00,XYZ,1.0,,', // 4 unknown code
      'SM-A3,2026-02-01 10:00,DSPA,1.0,,NOPE', // 5 unknown contract
      'SM-SHARED,2026-02-01 08:00,DSPA,1.0,,', // 6 ambiguous name
      'SM-A3,31/02/2026 08:00,DSPA,1.0,,', // 7 unreadable date
      'SM-A3,2026-02-01 11:00,DSPA,abc,,', // 8 unreadable number
      'SM-A3,2026-02-01 08:00,DSPA,1.5,,', // 9 duplicate of row 2
      'SM-A1,2026-01-05 08:00,DSPA,9,,', // 10 already stored
      'SM-A3,2026-02-01 12:00,DSPA,1500,,', // 11 outside the physical limits
      'SM-A3,2099-01-01 00:00,DSPA,1,,', // 12 in the future
      'INC-A1,2026-02-01 08:00,A,1,,', // 13 depth required
      'SM-A3,2026-02-01 13:00,DSPA,1,3,', // 14 no depth for SM
      `SM-SHARED,2026-02-01 08:00,DSPA,2.0,,${noA}`, // 15 valid (contract given)
      'SM-A3,2026-02-01 14:00,DSPA,-0.5,,', // 16 valid
      `SM-B1,2026-02-01 08:00,DSPA,1,,${noB}`, // 17 valid (manager holds B)
      'SM-A3,,DSPA,,,', // 18 date and value missing
    ].join('\n');
    const u = await uploadAndValidate('manager', 'mixed.csv', csv);
    expect(u).toMatchObject({ status: 'validated', rows_total: 17, rows_valid: 4, rows_invalid: 13, errors_total: 14 });
    expect(u.contract_ids).toEqual([w.contractA, w.contractB].sort((a, b) => a - b));
    const report = (await get('manager', `/uploads/${u.upload_id}/report?limit=100`)).json<TUploadReport>();
    expect(report).toMatchObject({ rows_valid: 4, rows_invalid: 13, errors_total: 14, capped: false, total_records: 14 });
    // Each row names its instrument's id when the name resolved (the report links to it); null when it did not.
    const a3 = ids['SM-A3'];
    expect(report.records.map((r) => [r.row, r.field, r.message, r.instrument_id])).toEqual([
      [3, 'instrument', 'Unknown instrument NOPE-1', null],
      [4, 'reading_code', 'SM instruments have no reading code XYZ', a3],
      [5, 'contract', 'Unknown contract NOPE', null],
      [6, 'contract', 'Several contracts have an instrument SM-SHARED: give the contract', null],
      [7, 'date_time', expect.stringMatching(/^Unreadable date and time 31\/02\/2026 08:00/), a3],
      [8, 'value', 'Value must be a number (got abc)', a3],
      [9, 'date_time', 'Duplicate of row 2 in this file (same instrument, reading code, depth and time)', a3],
      [10, 'date_time', 'A reading of this instrument, reading code and depth at this time is already stored', ids['SM-A1']],
      [11, 'value', 'Value 1500 is outside the physical limits of DSPA (-1000 to 1000 mm)', a3],
      [12, 'date_time', 'The date and time is in the future', a3],
      [13, 'depth', 'Depth is required for INC instruments', ids['INC-A1']],
      [14, 'depth', 'SM instruments take no depth', a3],
      [18, 'date_time', 'Date and time are required', a3],
      [18, 'value', 'Value is required', a3],
    ]);
    const page = (await get('manager', `/uploads/${u.upload_id}/report?skip=12&limit=5`)).json<TUploadReport>();
    expect(page.records.map((r) => r.row)).toEqual([18, 18]);

    await act('manager', `/uploads/${u.upload_id}/approve`);
    await t.services.uploads.runPending();
    expect(await status(u.upload_id)).toMatchObject({ status: 'done', rows_loaded: 4 });
    const loaded = await t.db.orm
      .select({ id: readingSeries.instrumentId, t: readings.takenAt, v: readings.value })
      .from(readings)
      .innerJoin(readingSeries, eq(readingSeries.seriesId, readings.seriesId))
      .where(eq(readings.uploadId, u.upload_id))
      .orderBy(readingSeries.instrumentId, readings.takenAt);
    const byName = Object.fromEntries(Object.entries(ids).map(([k, v]) => [v, k]));
    expect(loaded.map((r) => [byName[r.id], r.t.toISOString(), r.v])).toEqual([
      ['SM-A3', '2026-02-01T00:00:00.000Z', 1],
      ['SM-A3', '2026-02-01T06:00:00.000Z', -0.5],
      ['SM-SHARED', '2026-02-01T00:00:00.000Z', 2],
      ['SM-B1', '2026-02-01T00:00:00.000Z', 1],
    ]);
  });

  it('reads the wide layout from XLSX, date cells in the timezone setting', async () => {
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet('Readings');
    ws.addRow(['instrument', 'date_time', 'depth', 'A', 'B', 'DSPA']);
    // An XLSX date cell is a wall-clock time: 2026-03-01 08:00 in Asia/Singapore is 00:00 UTC.
    ws.addRow(['INC-A1', new Date(Date.UTC(2026, 2, 1, 8, 0)), 1, 2.5, -1.25, null]);
    ws.addRow(['INC-A1', '2026-03-01T09:00:00+08:00', 1, 2.75, null, null]);
    ws.addRow(['SM-A3', new Date(Date.UTC(2026, 2, 1, 8, 0)), null, null, null, -3]);
    ws.addRow(['SM-A3', new Date(Date.UTC(2026, 2, 1, 9, 0)), null, 1, null, null]);
    const data = Buffer.from(await wb.xlsx.writeBuffer());
    const u = await uploadAndValidate('xuser', 'wide.xlsx', data);
    expect(u).toMatchObject({ status: 'validated', format: 'xlsx', layout: 'wide', rows_total: 5, rows_valid: 4, rows_invalid: 1 });
    const report = (await get('xuser', `/uploads/${u.upload_id}/report`)).json<TUploadReport>();
    expect(report.records).toEqual([{ row: 5, field: 'A', message: 'SM instruments have no reading code A', instrument_id: ids['SM-A3'] }]);
    await act('manager', `/uploads/${u.upload_id}/approve`);
    await t.services.uploads.runPending();
    const rows = await t.db.orm
      .select({ t: readings.takenAt, v: readings.value, depth: readingSeries.depth, code: readingCodes.code })
      .from(readings)
      .innerJoin(readingSeries, eq(readingSeries.seriesId, readings.seriesId))
      .innerJoin(readingCodes, eq(readingCodes.readingCodeId, readingSeries.readingCodeId))
      .where(eq(readings.uploadId, u.upload_id))
      .orderBy(readingCodes.code, readings.takenAt);
    expect(rows.map((r) => [r.code, r.depth, r.t.toISOString(), r.v])).toEqual([
      ['A', 1, '2026-03-01T00:00:00.000Z', 2.5],
      ['A', 1, '2026-03-01T01:00:00.000Z', 2.75],
      ['B', 1, '2026-03-01T00:00:00.000Z', -1.25],
      ['DSPA', null, '2026-03-01T00:00:00.000Z', -3],
    ]);
  });

  it('refuses the same file again with 409 unless forced; forced, every row is a stored duplicate', async () => {
    const csv = `${LONG}\nSM-A2,2026-04-01 08:00,DSPA,1,,\nSM-A2,2026-04-02 08:00,DSPA,2,,\n`;
    const first = await uploadAndValidate('manager', 'once.csv', csv);
    await act('manager', `/uploads/${first.upload_id}/approve`);
    await t.services.uploads.runPending();
    expect((await status(first.upload_id)).status).toBe('done');
    const before = await countRows(t.db, uploads);
    const again = await post('manager', 'once-again.csv', csv);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatch(new RegExp(`already uploaded .*\\(upload ${first.upload_id}, done\\)`));
    expect(await countRows(t.db, uploads)).toBe(before);
    const forced = await uploadAndValidate('manager', 'once-again.csv', csv, { query: '?force=true' });
    expect(forced).toMatchObject({ status: 'invalid', force: true, rows_valid: 0, rows_invalid: 2, error: 'No row of the file is valid' });
    expect((await act('manager', `/uploads/${forced.upload_id}/approve`)).statusCode).toBe(409);
    // A rejected or invalid upload does not block the same content.
    expect((await act('manager', `/uploads/${forced.upload_id}/reject`)).json<TUpload>()).toMatchObject({
      status: 'rejected',
      rejected_by_name: expect.any(String),
    });
  });

  it('takes over a load abandoned by a worker that died (the transaction rolled back)', async () => {
    const u = await uploadAndValidate('manager', 'abandoned.csv', `${LONG}\nSM-A2,2026-06-01 08:00,DSPA,1,,\n`);
    await act('manager', `/uploads/${u.upload_id}/approve`);
    // As if a worker claimed it and died before committing: status loading, untouched for 20 minutes.
    await t.db.orm
      .update(uploads)
      .set({ status: 'loading', updatedAt: new Date(Date.now() - 20 * 60_000) })
      .where(eq(uploads.uploadId, u.upload_id));
    await t.services.uploads.runPending();
    expect(await status(u.upload_id)).toMatchObject({ status: 'done', rows_loaded: 1 });
  });

  it('keeps uploads and readings within the caller\u2019s contracts', async () => {
    // xuser holds contract A only: B is not a contract of theirs, and B's instruments are unknown to them.
    const refused = await post('xuser', 'b.csv', `${LONG}\nSM-B1,2026-02-02 08:00,DSPA,1,,\n`, { fields: { contract_id: String(w.contractB) } });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({ contract_id: 'Contract not found' });
    const u = await uploadAndValidate('xuser', 'b.csv', `${LONG}\nSM-B1,2026-02-02 08:00,DSPA,1,,\nSM-A1,2026-02-02 08:00,DSPA,1,,${noB}\n`);
    const res = await get('xuser', `/uploads/${u.upload_id}/report`);
    expect(res.statusCode, res.body).toBe(200);
    const report = res.json<TUploadReport>();
    expect(report.records).toEqual([
      { row: 2, field: 'instrument', message: 'Unknown instrument SM-B1', instrument_id: null },
      { row: 3, field: 'contract', message: `Unknown contract ${noB}`, instrument_id: null },
    ]);
    // A file for contract A chosen at upload: a row of another contract is refused.
    const chosen = await uploadAndValidate('manager', 'a-only.csv', `${LONG}\nSM-B1,2026-02-03 08:00,DSPA,1,,${noB}\n`, {
      fields: { contract_id: String(w.contractA) },
    });
    expect((await get('manager', `/uploads/${chosen.upload_id}/report`)).json<TUploadReport>().records).toEqual([
      { row: 2, field: 'contract', message: `This upload is for contract ${noA}`, instrument_id: null },
    ]);

    // yuser (contract B) sees none of A's uploads; xuser none touching B.
    const mixed = await uploadAndValidate('manager', 'mixed.csv', `${LONG}\nSM-A1,2026-02-04 08:00,DSPA,1,,\nSM-B1,2026-02-04 08:00,DSPA,1,,${noB}\n`);
    expect(mixed.contract_ids).toEqual([w.contractA, w.contractB].sort((a, b) => a - b));
    await uploadAndLoad('manager', 'a-done.csv', `${LONG}\nSM-A2,2026-02-05 08:00,DSPA,1,,\n`, { fields: { contract_id: String(w.contractA) } });
    expect((await get('yuser', `/uploads/${u.upload_id}`)).statusCode).toBe(404);
    expect((await get('xuser', `/uploads/${mixed.upload_id}`)).statusCode).toBe(404);
    expect((await act('yuser', `/uploads/${chosen.upload_id}/reject`)).statusCode).toBe(404);
    const ylist = (await get('yuser', '/uploads?limit=100')).json<TUploadList>();
    expect(ylist.records.every((r) => r.contract_ids.every((c) => c === w.contractB))).toBe(true);
    const xlist = (await get('xuser', `/uploads?contract=${w.contractA}&status=done`)).json<TUploadList>();
    expect(xlist.records.length).toBeGreaterThan(0);
    expect(xlist.records.every((r) => r.status === 'done' && r.contract_ids.every((c) => c === w.contractA))).toBe(true);
    // Readings of an instrument of a contract not held: 404.
    expect((await get('xuser', `/instruments/${ids['SM-B1']}/readings`)).statusCode).toBe(404);
    expect((await get('yuser', `/instruments/${ids['SM-B1']}/readings`)).statusCode).toBe(200);
  });

  it('answers bad input with a field error and changes nothing', async () => {
    const before = await countRows(t.db, uploads);
    expect((await as(t, w.sessions.manager, { method: 'POST', url: '/api/v1/uploads/instrument', payload: {} })).json()).toEqual({ files: 'Upload one file' });
    expect((await post('manager', 'x.pdf', Buffer.from('%PDF-1.4\x00\x01'))).json()).toEqual({ files: 'The file must be a CSV or XLSX file' });
    expect((await post('manager', 'x.csv', 'a,b\n1,2\n', { fields: { contract_id: 'abc' } })).statusCode).toBe(400);
    expect((await post('manager', 'x.csv', 'a,b\n1,2\n', { query: '?force=maybe' })).statusCode).toBe(400);
    expect(await countRows(t.db, uploads)).toBe(before);
    expect((await post('nobody', 'x.csv', `${LONG}\n`)).statusCode).toBe(403);
    expect((await get('manager', '/uploads?status=nope')).statusCode).toBe(400);
    // A file with the wrong columns is stored, then found invalid with a file-level message.
    const u = await uploadAndValidate('manager', 'columns.csv', 'instrument,value\nSM-A1,1\n');
    expect(u).toMatchObject({ status: 'invalid', error: expect.stringMatching(/^Missing columns: date_time/) });
    expect((await act('manager', `/uploads/${u.upload_id}/approve`)).statusCode).toBe(409);
  });

  it('caps the kept report and counts every error', async () => {
    const lines = Array.from({ length: UPLOAD_REPORT_CAP + 5 }, (_, i) => `NOPE-${i},2026-02-01 08:00,DSPA,1,,`);
    const u = await uploadAndValidate('manager', 'many.csv', `${LONG}\n${lines.join('\n')}\nSM-A3,2026-07-01 08:00,DSPA,1,,\n`);
    expect(u).toMatchObject({ status: 'validated', rows_valid: 1, rows_invalid: UPLOAD_REPORT_CAP + 5, errors_total: UPLOAD_REPORT_CAP + 5 });
    const report = (await get('manager', `/uploads/${u.upload_id}/report?skip=${UPLOAD_REPORT_CAP - 1}`)).json<TUploadReport>();
    expect(report).toMatchObject({ capped: true, total_records: UPLOAD_REPORT_CAP });
    expect(report.records).toEqual([
      { row: UPLOAD_REPORT_CAP + 1, field: 'instrument', message: `Unknown instrument NOPE-${UPLOAD_REPORT_CAP - 1}`, instrument_id: null },
    ]);
  });

  it('refuses an XLSX that is not a workbook, or would inflate past the limits, before parsing it and changes nothing', async () => {
    const before = await countRows(t.db, uploads);
    const stored = filesUnder(dataDir).length;
    const parts = (extra: ZipInput[]) =>
      zip([
        { name: '[Content_Types].xml', data: '<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"/>' },
        { name: 'xl/workbook.xml', data: '<?xml version="1.0"?><workbook/>' },
        ...extra,
      ]);
    const tooLarge = { files: 'The XLSX file is too large once uncompressed (at most 100 MB)' };
    expect((await post('manager', 'letter.xlsx', docx())).json()).toEqual({
      files: 'The file is a ZIP archive but not an Excel workbook: save it as .xlsx or .csv',
    });
    const declared = parts([{ name: 'xl/worksheets/sheet1.xml', data: Buffer.alloc(1000), declaredSize: 0xf0000000 }]);
    const res = await post('manager', 'bomb.xlsx', declared);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(tooLarge);
    const liar = parts([{ name: 'xl/worksheets/sheet1.xml', data: Buffer.alloc(2_000_000), declaredSize: 100 }]);
    expect((await post('manager', 'liar.xlsx', liar)).json()).toEqual(tooLarge);
    const many = parts(Array.from({ length: 1000 }, (_, i) => ({ name: `xl/p${i}.xml`, data: 'x', store: true })));
    expect((await post('manager', 'many.xlsx', many)).json()).toEqual({ files: 'The XLSX file holds too many parts (at most 1000)' });
    expect(await countRows(t.db, uploads)).toBe(before);
    expect(filesUnder(dataDir)).toHaveLength(stored);
  });

  it('names in its 409 only an upload of the caller\u2019s own contracts', async () => {
    const csv = `${LONG}\nSM-A1,2026-08-01 08:00,DSPA,1,,\n`;
    // yuser (contract B) uploads the file first; xuser (contract A) may neither be refused for it nor hear of it.
    const theirs = await post('yuser', 'shared.csv', csv, { fields: { contract_id: String(w.contractB) } });
    expect(theirs.statusCode, theirs.body).toBe(202);
    const theirId = theirs.json<TUploadCreated>().upload_id;
    const mine = await post('xuser', 'shared.csv', csv, { fields: { contract_id: String(w.contractA) } });
    expect(mine.statusCode, mine.body).toBe(202);
    const myId = mine.json<TUploadCreated>().upload_id;
    const again = await post('xuser', 'shared-again.csv', csv, { fields: { contract_id: String(w.contractA) } });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatch(new RegExp(`\\(upload ${myId}, received\\)`));
    expect(again.json()).not.toMatch(new RegExp(`upload ${theirId}\\b`));
    // yuser in turn is refused naming their own upload, never xuser's.
    const theirsAgain = await post('yuser', 'shared-again.csv', csv);
    expect(theirsAgain.statusCode).toBe(409);
    expect(theirsAgain.json()).toMatch(new RegExp(`\\(upload ${theirId}, received\\)`));
    await t.services.uploads.runPending();
  });

  it('lets one of two identical uploads sent at the same moment through, unless forced', async () => {
    const csv = `${LONG}\nSM-A1,2026-08-02 08:00,DSPA,1,,\n`;
    const before = await countRows(t.db, uploads);
    const stored = filesUnder(dataDir).length;
    const both = await Promise.all([post('manager', 'twin.csv', csv), post('manager', 'twin.csv', csv)]);
    expect(both.map((r) => r.statusCode).sort()).toEqual([202, 409]);
    const refused = both.find((r) => r.statusCode === 409)!;
    const accepted = both.find((r) => r.statusCode === 202)!.json<TUploadCreated>();
    expect(refused.json()).toMatch(new RegExp(`\\(upload ${accepted.upload_id}, received\\)`));
    expect(await countRows(t.db, uploads)).toBe(before + 1);
    expect(filesUnder(dataDir)).toHaveLength(stored + 1); // the refused one's file is removed
    const forced = await Promise.all([post('manager', 'twin.csv', csv, { query: '?force=true' }), post('manager', 'twin.csv', csv, { query: '?force=true' })]);
    expect(forced.map((r) => r.statusCode)).toEqual([202, 202]);
    await t.services.uploads.runPending();
  });

  it('asks each upload route for its own task', async () => {
    const person = async (tasks: PermissionCode[]) => {
      const role = await createRole(t.db, tasks);
      const user = await createUser(t.db, { userType: USER_TYPE.Authority, roleId: role.roleId, contractIds: [w.contractA] });
      return signIn(t, user.loginName);
    };
    const uploader = await person(['UploadInstrumentationFiles']);
    const historian = await person(['ViewInstrumentationUploadHistory']);
    const approver = await person(['ApproveUpload']);
    const call = (s: Session, method: 'GET' | 'POST', url: string, extra: object = {}) => as(t, s, { method, url: `/api/v1${url}`, ...extra });
    const send = (s: Session, name: string, csv: string) => call(s, 'POST', '/uploads/instrument', multipart(name, csv, { contract_id: String(w.contractA) }));

    // Uploading needs UploadInstrumentationFiles.
    const first = await send(uploader, 'tasks-1.csv', `${LONG}\nSM-A1,2026-08-03 08:00,DSPA,1,,\n`);
    expect(first.statusCode, first.body).toBe(202);
    const second = await send(uploader, 'tasks-2.csv', `${LONG}\nSM-A1,2026-08-04 08:00,DSPA,1,,\n`);
    expect(second.statusCode, second.body).toBe(202);
    const before = await countRows(t.db, uploads);
    expect((await send(historian, 'tasks-3.csv', `${LONG}\nSM-A1,2026-08-05 08:00,DSPA,1,,\n`)).statusCode).toBe(403);
    expect((await send(approver, 'tasks-3.csv', `${LONG}\nSM-A1,2026-08-05 08:00,DSPA,1,,\n`)).statusCode).toBe(403);
    expect(await countRows(t.db, uploads)).toBe(before);
    await t.services.uploads.runPending();
    const [a, b] = [first.json<TUploadCreated>().upload_id, second.json<TUploadCreated>().upload_id];

    // Approving and rejecting need ApproveUpload: the uploader and the historian are refused, and nothing moves.
    for (const s of [uploader, historian]) {
      expect((await call(s, 'POST', `/uploads/${a}/approve`)).statusCode).toBe(403);
      expect((await call(s, 'POST', `/uploads/${b}/reject`)).statusCode).toBe(403);
    }
    expect((await status(a)).status).toBe('validated');
    expect((await status(b)).status).toBe('validated');

    // The history needs ViewInstrumentationUploadHistory; one upload, any of the three tasks.
    expect((await call(uploader, 'GET', '/uploads')).statusCode).toBe(403);
    expect((await call(approver, 'GET', '/uploads')).statusCode).toBe(403);
    const history = await call(historian, 'GET', '/uploads?limit=100');
    expect(history.statusCode).toBe(200);
    expect(history.json<TUploadList>().records.map((r) => r.upload_id)).toEqual(expect.arrayContaining([a, b]));
    for (const s of [uploader, historian, approver]) expect((await call(s, 'GET', `/uploads/${a}`)).statusCode).toBe(200);

    const approved = await call(approver, 'POST', `/uploads/${a}/approve`);
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json<TUpload>().status).toBe('approved');
    const rejected = await call(approver, 'POST', `/uploads/${b}/reject`);
    expect(rejected.statusCode, rejected.body).toBe(200);
    expect(rejected.json<TUpload>().status).toBe('rejected');
    await t.services.uploads.runPending();
  });

  it('refuses a file over the 10,000,000-byte limit with the spec\u2019s message, and the instrument_max_upload setting moves it', async () => {
    const before = await countRows(t.db, uploads);
    const stored = filesUnder(dataDir).length;
    const over = Buffer.alloc(10_000_001, 'a');
    const big = await post('manager', 'big.csv', over);
    expect(big.statusCode).toBe(400);
    expect(big.json()).toEqual({ files: 'big.csv size is greater than allowed size (10000000)' });

    const put = (values: Record<string, unknown>) => as(t, w.sessions.admin, { method: 'PUT', url: '/api/v1/master-data/settings', payload: values });
    expect((await put({ instrument_max_upload: 1000 })).statusCode).toBe(200);
    try {
      const small = await post('manager', 'small.csv', Buffer.alloc(1001, 'a'));
      expect(small.statusCode).toBe(400);
      expect(small.json()).toEqual({ files: 'small.csv size is greater than allowed size (1000)' });
    } finally {
      const reset = await put({ instrument_max_upload: null });
      expect(reset.statusCode, reset.body).toBe(200);
    }
    expect(await countRows(t.db, uploads)).toBe(before);
    expect(filesUnder(dataDir)).toHaveLength(stored);

    // The body is held in memory up to the limit: a limit may not exceed 2,000,000,000 bytes.
    for (const key of ['instrument_max_upload', 'general_max_upload']) {
      const tooHigh = await put({ [key]: 2_000_000_001 });
      expect(tooHigh.statusCode).toBe(400);
      expect(Object.keys(tooHigh.json<Record<string, string>>())).toEqual([key]);
    }
    expect((await put({ instrument_max_upload: 2_000_000_000 })).statusCode).toBe(200);
    expect((await put({ instrument_max_upload: null })).statusCode).toBe(200);
  });

  it('audits a validation that crashes as it moves to failed', async () => {
    const crash = vi.spyOn(ReadingValidator.prototype, 'checkFile').mockImplementation(() => {
      throw new Error('the validator broke');
    });
    let id: number;
    try {
      const res = await post('manager', 'crash.csv', `${LONG}\nSM-A1,2026-08-06 08:00,DSPA,1,,\n`);
      expect(res.statusCode, res.body).toBe(202);
      id = res.json<TUploadCreated>().upload_id;
      await t.services.uploads.runPending();
    } finally {
      crash.mockRestore();
    }
    expect(await status(id)).toMatchObject({ status: 'failed', error: 'The file could not be validated' });
    const audit = await lastAudit(t.db, 'upload.validate');
    expect(audit).toMatchObject({
      loginName: 'system',
      userId: null,
      entityType: 'upload',
      entityId: String(id),
      before: { status: 'validating' },
      after: { status: 'failed', error: 'The file could not be validated' },
    });
  });

  it('writes the progress of a validation as the file is read, at most every so often', async () => {
    // Every change of the row's progress, as the uploader's page would read it, recorded by a trigger.
    await t.db.exec(`create table progress_seen (seq serial primary key, upload_id int, status text, progress int);
      create function record_progress() returns trigger language plpgsql as $$
      begin
        if new.progress is distinct from old.progress then insert into progress_seen (upload_id, status, progress) values (new.upload_id, new.status, new.progress); end if;
        return new;
      end $$;
      create trigger record_progress after update on uploads for each row execute function record_progress();`);
    const seen = async (id: number) =>
      (await t.db.query<{ status: string; progress: number }>('select status, progress from progress_seen where upload_id = $1 order by seq', [id])).rows;
    // 6,000 rows, about 330 KB: several 64 KB slices.
    const file = (day: number) =>
      `${LONG}\n${Array.from({ length: 6000 }, (_, i) => `SM-A3,${new Date(Date.UTC(2025, 2, day) + i * 10_000).toISOString()},DSPA,${i / 100},,`).join('\n')}\n`;
    const every = t.services.uploads.progressEveryMs;
    try {
      t.services.uploads.progressEveryMs = 0;
      const u = await uploadAndValidate('manager', 'progress.csv', file(1));
      expect(u).toMatchObject({ status: 'validated', rows_valid: 6000, progress: 100 });
      const steps = await seen(u.upload_id);
      const reading = steps.filter((s) => s.status === 'validating' && s.progress > 0 && s.progress < 80).map((s) => s.progress);
      expect(reading.length).toBeGreaterThanOrEqual(3);
      const all = steps.map((s) => s.progress);
      expect(all.every((p, i) => i === 0 || p > all[i - 1]!)).toBe(true);
      expect(all.at(-1)).toBe(100);

      // Throttled: within the interval only the steps after reading are written.
      t.services.uploads.progressEveryMs = 60_000;
      const slow = await uploadAndValidate('manager', 'progress-throttled.csv', file(2));
      expect((await seen(slow.upload_id)).map((s) => s.progress)).toEqual([80, 90, 100]);
    } finally {
      t.services.uploads.progressEveryMs = every;
      await t.db.exec('drop trigger record_progress on uploads; drop function record_progress(); drop table progress_seen;');
    }
  });

  it('tells the upload\u2019s contracts when its load starts', async () => {
    const u = await uploadAndValidate('manager', 'starts.csv', `${LONG}\nSM-A2,2026-08-07 08:00,DSPA,1,,\n`, { fields: { contract_id: String(w.contractA) } });
    expect((await act('manager', `/uploads/${u.upload_id}/approve`)).statusCode).toBe(200);
    const mark = bus.got.length;
    const uploadsUpdated = () =>
      bus.got
        .slice(mark)
        .some(
          ({ event: e }) =>
            e.to === 'contract' &&
            e.contract_id === w.contractA &&
            e.message.event === 'notification' &&
            e.message.data.type === 'dataUpdated' &&
            e.message.data.topic === 'uploads',
        );
    let heardWhileLoading = false;
    loadHooks.afterCopy = async () => {
      // Inside the load transaction: the upload is `loading`, and its screens must have heard so already.
      await waitFor(uploadsUpdated, 5000);
      heardWhileLoading = true;
    };
    await t.services.uploads.runPending();
    expect(heardWhileLoading).toBe(true);
    expect(await status(u.upload_id)).toMatchObject({ status: 'done', rows_loaded: 1 });
  });
});
