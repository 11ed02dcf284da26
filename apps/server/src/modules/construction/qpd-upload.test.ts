import ExcelJS from 'exceljs';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { QPD_UPLOAD_COLUMNS, USER_TYPE, type TUploadList } from '@strata/shared';
import { asc, eq } from 'drizzle-orm';
import { designPredictions, notifications } from '../../db/schema/index.js';
import { createRole, createUser } from '../../testing/fixtures.js';
import { as, createTestApp, signIn, type TestApp } from '../../testing/harness.js';
import { countRows, lastAudit, tempDataDir } from '../../testing/master-data.js';
import type { CodeRef } from '../uploads/reading-validator.js';
import { checkQpdRows } from './qpd-upload.parse.js';
import { BOX, ADIT, INC, SM, createPlace, createTypes, csv, uploadSteps, xlsx, type Cells, type Place, type Types } from './qpd-upload.test-support.js';

const qpdCsv = (rows: Cells[]) => csv(QPD_UPLOAD_COLUMNS, rows);

const GOOD: Cells[] = [
  { instrument: SM, reading_code: 'DSPA', site: BOX, stage: 2, value: -9, remarks: 'QP(D) stage 2' },
  { instrument: 'sm-t301-0001', reading_code: 'dspa', site: 'marina south station box', stage: 3, value: -14.5 },
  { instrument: INC, reading_code: 'A', depth: 0.5, site: BOX, stage: 2, value: 18 },
  { instrument: INC, reading_code: 'A', depth: 10, site: BOX, stage: 2, value: 12.5 },
  { instrument: INC, reading_code: 'B', depth: 0.5, site: BOX, stage: 2, value: 4 },
  { instrument: SM, reading_code: 'DSPA', site: ADIT, stage: 1, value: -3 },
];

describe('QP(D) design values upload', () => {
  const dataDir = tempDataDir('qpd-uploads');
  let t: TestApp;
  let types: Types;
  let p: Place;
  const steps = () => uploadSteps(t, () => p, 'qpd');
  const stored = () =>
    t.db.orm
      .select({
        instrumentId: designPredictions.instrumentId,
        readingCodeId: designPredictions.readingCodeId,
        depth: designPredictions.depth,
        siteId: designPredictions.siteId,
        stageNo: designPredictions.stageNo,
        value: designPredictions.value,
        remarks: designPredictions.remarks,
        uploadId: designPredictions.uploadId,
        createdBy: designPredictions.createdBy,
      })
      .from(designPredictions)
      .orderBy(
        asc(designPredictions.instrumentId),
        asc(designPredictions.siteId),
        asc(designPredictions.stageNo),
        asc(designPredictions.readingCodeId),
        asc(designPredictions.depth),
      );

  beforeAll(async () => {
    t = await createTestApp({ dataDir });
    types = await createTypes(t);
  });
  beforeEach(async () => {
    p = await createPlace(t, types);
  });
  afterAll(() => t.close());

  for (const format of ['csv', 'xlsx'] as const) {
    it(`checks a good ${format.toUpperCase()} without writing, and on approval stores every prediction with the upload id, audits the counts and tells the users`, async () => {
      const { uploadAndValidate, approve, report } = steps();
      const data = format === 'csv' ? qpdCsv(GOOD) : await xlsx(QPD_UPLOAD_COLUMNS, GOOD);
      const u = await uploadAndValidate(`qpd.${format}`, data);
      expect(u, JSON.stringify(await report(u.upload_id))).toMatchObject({
        type: 'qpd',
        status: 'validated',
        format,
        rows_total: 6,
        rows_valid: 6,
        errors_total: 0,
        contract_ids: [p.w.contractA],
      });
      expect(await countRows(t.db, designPredictions)).toBe(0);

      expect(await approve(u.upload_id)).toMatchObject({ status: 'done', rows_loaded: 6 });
      const by = p.w.userIds.manager;
      const src = { uploadId: u.upload_id, createdBy: by };
      expect(await stored()).toEqual([
        { instrumentId: p.sm, readingCodeId: types.dspa, depth: null, siteId: p.box, stageNo: 2, value: -9, remarks: 'QP(D) stage 2', ...src },
        { instrumentId: p.sm, readingCodeId: types.dspa, depth: null, siteId: p.box, stageNo: 3, value: -14.5, remarks: '', ...src },
        { instrumentId: p.sm, readingCodeId: types.dspa, depth: null, siteId: p.adit, stageNo: 1, value: -3, remarks: '', ...src },
        { instrumentId: p.inc, readingCodeId: types.a, depth: 0.5, siteId: p.box, stageNo: 2, value: 18, remarks: '', ...src },
        { instrumentId: p.inc, readingCodeId: types.a, depth: 10, siteId: p.box, stageNo: 2, value: 12.5, remarks: '', ...src },
        { instrumentId: p.inc, readingCodeId: types.b, depth: 0.5, siteId: p.box, stageNo: 2, value: 4, remarks: '', ...src },
      ]);
      const audit = await lastAudit(t.db, 'upload.load');
      expect(audit).toMatchObject({ entityId: String(u.upload_id), userId: by });
      expect(audit!.after).toMatchObject({ status: 'done', rows_loaded: 6, type: 'qpd', count: 6, replaced: 0, instruments: 2, sites: 2 });
      const told = await t.db.orm
        .select({ userId: notifications.userId, key: notifications.messageKey })
        .from(notifications)
        .where(eq(notifications.linkUri, `/en/upload/qpd?upload=${u.upload_id}`));
      expect(told.map((n) => n.userId).sort()).toEqual([p.w.userIds.manager, p.w.userIds.xuser].sort());
      expect(told.map((n) => n.key)).toEqual(['upload.designValuesLoaded', 'upload.designValuesLoaded']);
    });
  }

  it('reports each bad row with its row number and field, and loads only the good ones', async () => {
    const { uploadAndValidate, approve, report } = steps();
    const rows: Cells[] = [
      /* 2 */ { instrument: SM, reading_code: 'DSPA', site: BOX, stage: 2, value: -9 },
      /* 3 */ { instrument: 'SM-NOWHERE', reading_code: 'DSPA', site: BOX, stage: 2, value: -9 },
      /* 4 */ { instrument: SM, reading_code: 'A', site: BOX, stage: 2, value: -9 },
      /* 5 */ { instrument: INC, reading_code: 'A', site: BOX, stage: 2, value: 3 },
      /* 6 */ { instrument: SM, reading_code: 'DSPA', depth: 2, site: BOX, stage: 3, value: -9 },
      /* 7 */ { instrument: SM, reading_code: 'DSPA', site: 'Bayshore Station Box', stage: 2, value: -9 },
      /* 8 */ { instrument: SM, reading_code: 'DSPA', site: BOX, stage: 9, value: -9 },
      /* 9 */ { instrument: SM, reading_code: 'DSPA', site: BOX, stage: 4, value: 'ten' },
      /* 10 */ { instrument: 'sm-t301-0001', reading_code: 'DSPA', site: BOX, stage: 2, value: -11 },
      /* 11 */ { instrument: SM, reading_code: 'DSPA', site: BOX, stage: 5, value: 5000 },
      /* 12 */ { instrument: INC, reading_code: 'A', depth: -1, site: BOX, stage: 2, value: 3 },
      /* 13 */ { instrument: INC, reading_code: 'A', depth: 1, site: BOX, stage: 2.5, value: 3 },
      /* 14 */ { reading_code: 'DSPA', site: BOX, stage: 2 },
      /* 15 */ { instrument: SM, reading_code: 'DSPA', site: BOX, stage: 1, value: 1, remarks: '<script>x</script>' },
    ];
    const u = await uploadAndValidate('bad.csv', qpdCsv(rows));
    expect(u).toMatchObject({ status: 'validated', rows_total: 14, rows_valid: 1 });
    const found = (await report(u.upload_id)).records.map((r) => [r.row, r.field, r.message]);
    expect(found).toEqual([
      [3, 'instrument', 'No instrument named SM-NOWHERE in the contract of the upload'],
      [4, 'reading_code', 'A is not a reading code of type SM (its codes: DSPA)'],
      [5, 'depth', 'depth is required: INC readings are by depth (m below the top)'],
      [6, 'depth', `${SM} is of type SM, which has no depths: leave depth empty`],
      [7, 'site', 'No construction site named Bayshore Station Box in the contract of the upload'],
      [8, 'stage', `${BOX} has no stage 9 (its stages: 1, 2, 3, 4, 5)`],
      [9, 'value', 'value must be a number (got ten)'],
      [10, 'stage', 'The same instrument, reading code, depth, site and stage as row 2'],
      [11, 'value', 'value 5000 is above the most DSPA can be (1000 mm)'],
      [12, 'depth', 'depth must be 0 or more (got -1)'],
      [13, 'stage', 'stage must be a whole number (got 2.5)'],
      [14, 'instrument', 'instrument is required'],
      [14, 'value', 'value is required'],
      [15, 'remarks', 'remarks holds characters that are not allowed (markup or control characters)'],
    ]);
    expect(await countRows(t.db, designPredictions)).toBe(0);
    expect(await approve(u.upload_id)).toMatchObject({ status: 'done', rows_loaded: 1 });
    expect(await stored()).toMatchObject([{ instrumentId: p.sm, stageNo: 2, value: -9 }]);
  });

  it('gives a file with no valid row the status invalid, and one missing its columns invalid with the columns named', async () => {
    const { uploadAndValidate, post } = steps();
    const none = await uploadAndValidate('none.csv', qpdCsv([{ instrument: 'X', reading_code: 'DSPA', site: BOX, stage: 1, value: 1 }]));
    expect(none).toMatchObject({ status: 'invalid', rows_valid: 0, error: 'No row of the file is valid' });
    expect((await post(p.w.sessions.manager, 'x', 'y', {}, '')).statusCode).toBe(400);
    const cols = await uploadAndValidate('cols.csv', 'instrument,value\r\nX,1\r\n');
    expect(cols.status).toBe('invalid');
    expect(cols.error).toMatch(/Missing columns: reading_code, site, stage/);
  });

  it('replaces the stored value of the same instrument, code, depth, site and stage on a later upload, and says how many', async () => {
    const { uploadAndValidate, approve, planOf } = steps();
    const first = await uploadAndValidate('first.csv', qpdCsv(GOOD));
    await approve(first.upload_id);
    const second = await uploadAndValidate(
      'second.csv',
      qpdCsv([
        { instrument: SM, reading_code: 'DSPA', site: BOX, stage: 2, value: -10, remarks: 'revised' },
        { instrument: INC, reading_code: 'A', depth: 10, site: BOX, stage: 2, value: 13 },
        { instrument: INC, reading_code: 'A', depth: 15, site: BOX, stage: 2, value: 6 },
      ]),
    );
    expect(second).toMatchObject({ status: 'validated', rows_valid: 3 });
    expect((await planOf(second.upload_id)).replaced).toBe(2);
    expect(await approve(second.upload_id)).toMatchObject({ status: 'done', rows_loaded: 3 });
    expect(await countRows(t.db, designPredictions)).toBe(7);
    const rows = await stored();
    expect(rows.filter((r) => r.instrumentId === p.sm && r.siteId === p.box && r.stageNo === 2)).toMatchObject([
      { value: -10, remarks: 'revised', uploadId: second.upload_id },
    ]);
    expect(rows.filter((r) => r.instrumentId === p.inc && r.readingCodeId === types.a).map((r) => [r.depth, r.value, r.uploadId])).toEqual([
      [0.5, 18, first.upload_id],
      [10, 13, second.upload_id],
      [15, 6, second.upload_id],
    ]);
    expect((await lastAudit(t.db, 'upload.load'))!.after).toMatchObject({ count: 3, replaced: 2 });
  });

  it('leaves nothing written when the load fails part way, and loads when approved again', async () => {
    const { uploadAndValidate, approve } = steps();
    const u = await uploadAndValidate('fail.csv', qpdCsv(GOOD));
    await t.db.exec(`CREATE FUNCTION test_refuse_load_audit() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN IF NEW.action = 'upload.load' AND NEW.after->>'status' = 'done' THEN RAISE EXCEPTION 'refused'; END IF; RETURN NEW; END $$;
      CREATE TRIGGER test_refuse_load_audit BEFORE INSERT ON audit_log FOR EACH ROW EXECUTE FUNCTION test_refuse_load_audit();`);
    try {
      expect(await approve(u.upload_id)).toMatchObject({ status: 'failed', error: 'The design values could not be loaded; nothing was written' });
    } finally {
      await t.db.exec('DROP TRIGGER test_refuse_load_audit ON audit_log; DROP FUNCTION test_refuse_load_audit();');
    }
    expect(await countRows(t.db, designPredictions)).toBe(0);
    expect(await approve(u.upload_id)).toMatchObject({ status: 'done', rows_loaded: 6 });
  });

  it('refuses the load when an instrument of the file was deleted after the check, writing nothing', async () => {
    const { uploadAndValidate, approve } = steps();
    const u = await uploadAndValidate('gone.csv', qpdCsv(GOOD));
    await t.db.query('DELETE FROM instruments WHERE instrument_id = $1', [p.inc]);
    expect(await approve(u.upload_id)).toMatchObject({
      status: 'failed',
      error: 'An instrument, site or reading code of this file was deleted after the file was checked: upload the file again',
    });
    expect(await countRows(t.db, designPredictions)).toBe(0);
  });

  it('keeps the upload to Upload Designed Value holders and the caller\u2019s contracts; history needs View Design Value Upload History', async () => {
    const { post, get, uploadAndValidate, report } = steps();
    expect((await post(p.w.sessions.nobody, 'a.csv', qpdCsv(GOOD), { contract_id: String(p.w.contractA) })).statusCode).toBe(403);
    expect((await get('nobody', '/uploads/templates/qpd')).statusCode).toBe(403);
    const other = await post(p.w.sessions.xuser, 'a.csv', qpdCsv(GOOD), { contract_id: String(p.w.contractB) });
    expect(other.statusCode).toBe(400);
    expect(other.json()).toEqual({ contract_id: 'Contract not found' });
    const png = await post(p.w.sessions.xuser, 'a.png', Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 0, 0, 0]), { contract_id: String(p.w.contractA) });
    expect(png.statusCode).toBe(400);

    // A historian may see the history but not upload.
    const role = await createRole(t.db, ['ViewDesignValueUploadHistory']);
    const historian = await createUser(t.db, { userType: USER_TYPE.Authority, roleId: role.roleId, contractIds: [p.w.contractA] });
    const hs = await signIn(t, historian.loginName);
    expect((await post(hs, 'a.csv', qpdCsv(GOOD), { contract_id: String(p.w.contractA) })).statusCode).toBe(403);

    // Contract B's marker of the same name is not the one a contract A upload names.
    const u = await uploadAndValidate('a.csv', qpdCsv(GOOD.slice(0, 1)), p.w.sessions.manager);
    expect(u).toMatchObject({ status: 'validated', rows_valid: 1 });
    expect((await report(u.upload_id)).errors_total).toBe(0);
    expect((await get('yuser', `/uploads/${u.upload_id}`)).statusCode).toBe(404);
    expect((await get('manager', '/uploads?type=qpd')).json<TUploadList>().records.map((r) => r.upload_id)).toContain(u.upload_id);
    expect((await get('yuser', '/uploads?type=qpd')).json<TUploadList>().records.map((r) => r.upload_id)).not.toContain(u.upload_id);
    // An uploader without the history task follows their own upload but lists no history.
    const uploader = await createRole(t.db, ['UploadDesignedValue']);
    const designer = await createUser(t.db, { userType: USER_TYPE.Authority, roleId: uploader.roleId, contractIds: [p.w.contractA] });
    const ds = await signIn(t, designer.loginName);
    expect((await as(t, ds, { method: 'GET', url: '/api/v1/uploads?type=qpd' })).statusCode).toBe(403);
    expect((await as(t, ds, { method: 'GET', url: `/api/v1/uploads/${u.upload_id}` })).statusCode).toBe(200);
  });

  it('makes an upload invalid when its uploader lost Upload Designed Value before the check', async () => {
    const { post, status } = steps();
    const role = await createRole(t.db, ['UploadDesignedValue']);
    const designer = await createUser(t.db, { userType: USER_TYPE.Authority, roleId: role.roleId, contractIds: [p.w.contractA] });
    const s = await signIn(t, designer.loginName);
    const res = await post(s, 'a.csv', qpdCsv(GOOD), { contract_id: String(p.w.contractA) });
    expect(res.statusCode).toBe(202);
    await t.db.query('DELETE FROM role_permissions WHERE role_id = $1', [role.roleId]);
    await t.services.uploads.runPending();
    expect(await status(res.json<{ upload_id: number }>().upload_id)).toMatchObject({
      status: 'invalid',
      error: 'The uploader may no longer upload design values',
    });
  });

  for (const format of ['csv', 'xlsx'] as const) {
    it(`downloads the template as ${format.toUpperCase()}, and it checks and loads cleanly when uploaded as it is`, async () => {
      const { get, uploadAndValidate, approve, report } = steps();
      const res = await get('xuser', `/uploads/templates/qpd?format=${format}`);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.headers['content-disposition']).toContain(`qpd-template.${format}`);
      let records: number;
      if (format === 'csv') {
        const lines = res.body
          .replace(/^\ufeff/, '')
          .trim()
          .split(/\r\n/);
        expect(lines[0]).toBe(QPD_UPLOAD_COLUMNS.join(','));
        records = lines.length - 1;
      } else {
        const wb = new ExcelJS.Workbook();
        await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
        const ws = wb.worksheets[0]!;
        expect((ws.getRow(1).values as unknown[]).slice(1)).toEqual([...QPD_UPLOAD_COLUMNS]);
        records = ws.rowCount - 1;
      }
      expect(records).toBeGreaterThanOrEqual(4);
      const u = await uploadAndValidate(`template.${format}`, res.rawPayload);
      expect(u, JSON.stringify(await report(u.upload_id))).toMatchObject({ status: 'validated', rows_total: records, rows_valid: records, errors_total: 0 });
      expect(await approve(u.upload_id)).toMatchObject({ status: 'done', rows_loaded: records });
      expect(await countRows(t.db, designPredictions)).toBe(records);
    });
  }
});

describe('QP(D) row checks (on their own)', () => {
  it('takes the reading code and the names case-insensitively, and a depth only for types with depths', () => {
    const instruments = new Map([
      ['inc-1', { instrumentId: 1, name: 'INC-1', typeId: 10, typeCode: 'INC', hasDepth: true }],
      ['sm-1', { instrumentId: 2, name: 'SM-1', typeId: 20, typeCode: 'SM', hasDepth: false }],
    ]);
    const codesByType = new Map<number, Map<string, CodeRef>>([
      [10, new Map([['A', { id: 100, code: 'A', unit: 'mm', min: null, max: null }]])],
      [20, new Map([['DSPA', { id: 200, code: 'DSPA', unit: 'mm', min: -5, max: 5 }]])],
    ]);
    const site = { siteId: 7, siteName: 'Box', type: 'E' as const, stages: BOX_STAGES_1, geometry: null, chainageStart: null, designValues: {} };
    const sites = new Map([['box', site]]);
    const r = checkQpdRows(
      [
        { row: 2, cells: { instrument: 'Inc-1', reading_code: 'a', depth: '3', site: 'BOX', stage: '1', value: '2' } },
        { row: 3, cells: { instrument: 'SM-1', reading_code: 'DSPA', site: 'Box', stage: '1', value: '-5' } },
        { row: 4, cells: { instrument: 'SM-1', reading_code: 'DSPA', site: 'Box', stage: '1', value: '-5.5' } },
      ],
      { instruments, codesByType, sites },
    );
    expect(r.rows).toEqual([
      { row: 2, instrumentId: 1, readingCodeId: 100, depth: 3, siteId: 7, stageNo: 1, value: 2, remarks: '' },
      { row: 3, instrumentId: 2, readingCodeId: 200, depth: null, siteId: 7, stageNo: 1, value: -5, remarks: '' },
    ]);
    expect(r.errors).toEqual([{ row: 4, field: 'value', message: 'value -5.5 is below the least DSPA can be (-5 mm)' }]);
  });
});

const BOX_STAGES_1 = [{ stage_no: 1, name: 'One', description: '', target: 90, planned_start: null, planned_end: null }];
