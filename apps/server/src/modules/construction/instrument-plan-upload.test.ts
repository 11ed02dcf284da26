import ExcelJS from 'exceljs';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { INSTRUMENT_PLAN_UPLOAD_COLUMNS, USER_TYPE, type TUploadList } from '@strata/shared';
import { asc, eq } from 'drizzle-orm';
import { instrumentPlans, notifications } from '../../db/schema/index.js';
import { createRole, createUser } from '../../testing/fixtures.js';
import { createTestApp, signIn, type TestApp } from '../../testing/harness.js';
import { countRows, lastAudit, tempDataDir } from '../../testing/master-data.js';
import { checkPlanRows } from './instrument-plan-upload.parse.js';
import { createPlace, createTypes, csv, uploadSteps, xlsx, type Cells, type Place, type Types } from './qpd-upload.test-support.js';

const planCsv = (rows: Cells[]) => csv(INSTRUMENT_PLAN_UPLOAD_COLUMNS, rows);

const GOOD: Cells[] = [
  { name: 'SM-P-0001', type: 'SM', easting: 30352.5, northing: 28618.4, planned_install_date: '2025-04-01', planned_frequency: 'daily', remarks: 'north wall' },
  { name: 'SM-P-0002', type: 'sm', easting: 30362.5, northing: 28618.4, planned_install_date: '02/04/2025', planned_frequency: 'Twice weekly' },
  { name: 'INC-P-0001', type: 'INC', planned_frequency: 'WEEKLY' },
];

describe('instrument plan upload', () => {
  const dataDir = tempDataDir('plan-uploads');
  let t: TestApp;
  let types: Types;
  let p: Place;
  const steps = () => uploadSteps(t, () => p, 'instrument-plan');
  const stored = () =>
    t.db.orm
      .select({
        contractId: instrumentPlans.contractId,
        name: instrumentPlans.name,
        typeId: instrumentPlans.typeId,
        easting: instrumentPlans.easting,
        northing: instrumentPlans.northing,
        plannedInstallDate: instrumentPlans.plannedInstallDate,
        plannedFrequency: instrumentPlans.plannedFrequency,
        remarks: instrumentPlans.remarks,
        uploadId: instrumentPlans.uploadId,
        createdBy: instrumentPlans.createdBy,
      })
      .from(instrumentPlans)
      .orderBy(asc(instrumentPlans.name));

  beforeAll(async () => {
    t = await createTestApp({ dataDir });
    types = await createTypes(t);
  });
  beforeEach(async () => {
    p = await createPlace(t, types);
  });
  afterAll(() => t.close());

  for (const format of ['csv', 'xlsx'] as const) {
    it(`checks a good ${format.toUpperCase()} without writing, and on approval stores the contract's plan rows with the upload id, audited and told`, async () => {
      const { uploadAndValidate, approve, report } = steps();
      const data = format === 'csv' ? planCsv(GOOD) : await xlsx(INSTRUMENT_PLAN_UPLOAD_COLUMNS, GOOD);
      const u = await uploadAndValidate(`plan.${format}`, data);
      expect(u, JSON.stringify(await report(u.upload_id))).toMatchObject({
        type: 'instrument-plan',
        status: 'validated',
        format,
        rows_total: 3,
        rows_valid: 3,
        errors_total: 0,
        contract_ids: [p.w.contractA],
      });
      expect(await countRows(t.db, instrumentPlans)).toBe(0);

      expect(await approve(u.upload_id)).toMatchObject({ status: 'done', rows_loaded: 3 });
      const src = { contractId: p.w.contractA, uploadId: u.upload_id, createdBy: p.w.userIds.manager };
      expect(await stored()).toEqual([
        { name: 'INC-P-0001', typeId: types.inc, easting: null, northing: null, plannedInstallDate: null, plannedFrequency: 'weekly', remarks: '', ...src },
        {
          name: 'SM-P-0001',
          typeId: types.sm,
          easting: 30352.5,
          northing: 28618.4,
          plannedInstallDate: '2025-04-01',
          plannedFrequency: 'daily',
          remarks: 'north wall',
          ...src,
        },
        {
          name: 'SM-P-0002',
          typeId: types.sm,
          easting: 30362.5,
          northing: 28618.4,
          plannedInstallDate: '2025-04-02',
          plannedFrequency: 'twice-weekly',
          remarks: '',
          ...src,
        },
      ]);
      expect((await lastAudit(t.db, 'upload.load'))!.after).toMatchObject({ status: 'done', type: 'instrument-plan', count: 3, replaced: 0, types: 2 });
      const told = await t.db.orm
        .select({ key: notifications.messageKey })
        .from(notifications)
        .where(eq(notifications.linkUri, `/en/upload/instrument-plan?upload=${u.upload_id}`));
      expect(told.map((n) => n.key)).toEqual(['upload.instrumentPlanLoaded', 'upload.instrumentPlanLoaded']);
    });
  }

  it('reports each bad row with its row number and field, and loads only the good ones', async () => {
    const { uploadAndValidate, approve, report } = steps();
    const rows: Cells[] = [
      /* 2 */ { name: 'SM-P-0001', type: 'SM' },
      /* 3 */ { type: 'SM' },
      /* 4 */ { name: 'SM;P', type: 'SM' },
      /* 5 */ { name: 'XX-P-0001', type: 'XX' },
      /* 6 */ { name: 'SM-P-0003', type: 'SM', easting: 30000 },
      /* 7 */ { name: 'SM-P-0004', type: 'SM', easting: 30000, northing: 99999 },
      /* 8 */ { name: 'SM-P-0005', type: 'SM', easting: 'east', northing: 28000 },
      /* 9 */ { name: 'SM-P-0006', type: 'SM', planned_install_date: '31/02/2025' },
      /* 10 */ { name: 'SM-P-0007', type: 'SM', planned_frequency: 'sometimes' },
      /* 11 */ { name: 'sm-p-0001', type: 'SM' },
      /* 12 */ { name: 'SM-P-0008', type: '' },
    ];
    const u = await uploadAndValidate('bad.csv', planCsv(rows));
    expect(u).toMatchObject({ status: 'validated', rows_total: 11, rows_valid: 1 });
    const found = (await report(u.upload_id)).records.map((r) => [r.row, r.field, r.message]);
    expect(found).toEqual([
      [3, 'name', 'name is required (the instrument id on the drawings)'],
      [4, 'name', 'name may not hold , ; or "'],
      [5, 'type', 'Unknown instrument type XX'],
      [6, 'northing', 'Give both easting and northing (SVY21 m), or neither'],
      [7, 'northing', 'Northing is outside the map bounds (15748.72 to 50256.33)'],
      [8, 'easting', 'easting must be a number (got east)'],
      [9, 'planned_install_date', 'planned_install_date must be a date, YYYY-MM-DD or DD/MM/YYYY (got 31/02/2025)'],
      [10, 'planned_frequency', 'Unknown frequency sometimes: one of 15min, hourly, 6-hourly, 12-hourly, daily, twice-weekly, weekly, fortnightly, monthly'],
      [11, 'name', 'The same name as row 2'],
      [12, 'type', 'type is required (an instrument type code)'],
    ]);
    expect(await approve(u.upload_id)).toMatchObject({ status: 'done', rows_loaded: 1 });
    expect((await stored()).map((r) => r.name)).toEqual(['SM-P-0001']);
  });

  it('replaces the stored plan row of the same name (any case) on a later upload, and says how many', async () => {
    const { uploadAndValidate, approve, planOf } = steps();
    const first = await uploadAndValidate('first.csv', planCsv(GOOD));
    await approve(first.upload_id);
    const second = await uploadAndValidate(
      'second.csv',
      planCsv([
        { name: 'sm-p-0001', type: 'SM', planned_install_date: '2025-05-01', remarks: 'moved' },
        { name: 'SM-P-0009', type: 'SM' },
      ]),
    );
    expect((await planOf(second.upload_id)).replaced).toBe(1);
    expect(await approve(second.upload_id)).toMatchObject({ status: 'done', rows_loaded: 2 });
    const rows = await stored();
    expect(rows.map((r) => [r.name, r.easting, r.plannedInstallDate, r.remarks, r.uploadId])).toEqual([
      ['INC-P-0001', null, null, '', first.upload_id],
      ['SM-P-0002', 30362.5, '2025-04-02', '', first.upload_id],
      ['SM-P-0009', null, null, '', second.upload_id],
      ['sm-p-0001', null, '2025-05-01', 'moved', second.upload_id],
    ]);
    expect((await lastAudit(t.db, 'upload.load'))!.after).toMatchObject({ count: 2, replaced: 1 });
  });

  it('keeps a contract\u2019s plan to that contract: the same name in another contract is another row', async () => {
    const { uploadAndValidate, approve } = steps();
    await t.db.orm.insert(instrumentPlans).values({ contractId: p.w.contractB, name: 'SM-P-0001', typeId: types.sm, remarks: 'contract B' });
    const u = await uploadAndValidate('a.csv', planCsv(GOOD.slice(0, 1)));
    expect(u).toMatchObject({ status: 'validated', rows_valid: 1 });
    await approve(u.upload_id);
    const rows = await stored();
    expect(rows.map((r) => [r.contractId, r.remarks]).sort()).toEqual(
      [
        [p.w.contractA, 'north wall'],
        [p.w.contractB, 'contract B'],
      ].sort(),
    );
  });

  it('lets only Manage Instruments holders upload a plan (spec \u00a76 has no instrument-plan task), within their contracts; history needs View Instrumentation Upload History', async () => {
    const { post, get, uploadAndValidate } = steps();
    expect((await post(p.w.sessions.nobody, 'a.csv', planCsv(GOOD), { contract_id: String(p.w.contractA) })).statusCode).toBe(403);
    expect((await get('nobody', '/uploads/templates/instrument-plan')).statusCode).toBe(403);
    const role = await createRole(t.db, ['UploadDesignedValue', 'UploadInstrumentationFiles']);
    const other = await createUser(t.db, { userType: USER_TYPE.Authority, roleId: role.roleId, contractIds: [p.w.contractA] });
    const os = await signIn(t, other.loginName);
    expect((await post(os, 'a.csv', planCsv(GOOD), { contract_id: String(p.w.contractA) })).statusCode).toBe(403);
    const b = await post(p.w.sessions.xuser, 'a.csv', planCsv(GOOD), { contract_id: String(p.w.contractB) });
    expect(b.statusCode).toBe(400);
    expect(b.json()).toEqual({ contract_id: 'Contract not found' });

    const u = await uploadAndValidate('a.csv', planCsv(GOOD));
    expect((await get('yuser', `/uploads/${u.upload_id}`)).statusCode).toBe(404);
    expect((await get('manager', '/uploads?type=instrument-plan')).json<TUploadList>().records.map((r) => r.upload_id)).toContain(u.upload_id);
    expect((await get('yuser', '/uploads?type=instrument-plan')).json<TUploadList>().records.map((r) => r.upload_id)).not.toContain(u.upload_id);
  });

  for (const format of ['csv', 'xlsx'] as const) {
    it(`downloads the template as ${format.toUpperCase()}, and it checks and loads cleanly when uploaded as it is`, async () => {
      const { get, uploadAndValidate, approve, report } = steps();
      // The template names a VWP too.
      await t.db.query(`INSERT INTO instrument_types (code, name) VALUES ('VWP', 'Vibrating Wire Piezometer') ON CONFLICT DO NOTHING`);
      const res = await get('xuser', `/uploads/templates/instrument-plan?format=${format}`);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.headers['content-disposition']).toContain(`instrument-plan-template.${format}`);
      let records: number;
      if (format === 'csv') {
        const lines = res.body
          .replace(/^\ufeff/, '')
          .trim()
          .split(/\r\n/);
        expect(lines[0]).toBe(INSTRUMENT_PLAN_UPLOAD_COLUMNS.join(','));
        records = lines.length - 1;
      } else {
        const wb = new ExcelJS.Workbook();
        await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
        const ws = wb.worksheets[0]!;
        expect((ws.getRow(1).values as unknown[]).slice(1)).toEqual([...INSTRUMENT_PLAN_UPLOAD_COLUMNS]);
        records = ws.rowCount - 1;
      }
      expect(records).toBeGreaterThanOrEqual(3);
      const u = await uploadAndValidate(`template.${format}`, res.rawPayload);
      expect(u, JSON.stringify(await report(u.upload_id))).toMatchObject({ status: 'validated', rows_total: records, rows_valid: records, errors_total: 0 });
      expect(await approve(u.upload_id)).toMatchObject({ status: 'done', rows_loaded: records });
      expect(await countRows(t.db, instrumentPlans)).toBe(records);
    });
  }
});

describe('instrument plan row checks (on their own)', () => {
  it('takes any location without map bounds, and a frequency by its code or its name', () => {
    const r = checkPlanRows(
      [
        { row: 2, cells: { name: 'A', type: 'sm', easting: '1', northing: '2', planned_frequency: 'Every 6 hours' } },
        { row: 3, cells: { name: 'B', type: 'SM', planned_frequency: '15MIN' } },
      ],
      { types: new Map([['SM', { typeId: 4, code: 'SM' }]]), bounds: null },
    );
    expect(r.errors).toEqual([]);
    expect(r.rows.map((x) => [x.name, x.typeId, x.easting, x.northing, x.plannedFrequency])).toEqual([
      ['A', 4, 1, 2, '6-hourly'],
      ['B', 4, null, null, '15min'],
    ]);
  });
});
