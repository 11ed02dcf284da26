import ExcelJS from 'exceljs';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { TImportResult, TInstrumentThresholds } from '@strata/shared';
import { and, eq, inArray } from 'drizzle-orm';
import { contracts, instruments, thresholds } from '../../db/schema/index.js';
import { as, createTestApp, type TestApp } from '../../testing/harness.js';
import { countRows, createInstrument, createLevels, createType, createWorld, createZone, lastAudit, multipart, type World } from '../../testing/master-data.js';

const HEADER = 'name,type,contract,zone,easting,northing,level,install_date,status,frequency,lta_code,remarks';

describe('bulk import and export of instruments and thresholds', () => {
  let t: TestApp;
  let w: World;
  let noA: string;
  let noB: string;
  const upload = (who: keyof World['sessions'], url: string, name: string, data: Buffer | string) =>
    as(t, w.sessions[who], { method: 'POST', url: `/api/v1${url}`, ...multipart(name, data) });
  const get = (who: keyof World['sessions'], url: string) => as(t, w.sessions[who], { method: 'GET', url: `/api/v1${url}` });

  let smTypeId: number;
  /** Instruments are found by name within the caller's contracts: SM-NEW-1 is the one of this test's contract A. */
  const instrumentOfA = async (name: string) =>
    (
      await t.db.orm
        .select()
        .from(instruments)
        .where(and(eq(instruments.name, name), eq(instruments.contractId, w.contractA)))
    )[0];
  const thresholdHeader = 'contract,instrument,reading_code,level,upper,lower';

  // Types and levels are read-only here; contracts, zones and instruments belong to each test's own world.
  beforeAll(async () => {
    t = await createTestApp();
    await createLevels(t.db);
    smTypeId = (await createType(t.db, 'SM', ['DSPA'])).type.typeId;
    await createType(t.db, 'INC', ['A', 'B']);
  });
  beforeEach(async () => {
    w = await createWorld(t, ['ManageInstruments']);
    const rows = await t.db.orm
      .select({ id: contracts.contractId, no: contracts.no })
      .from(contracts)
      .where(inArray(contracts.contractId, [w.contractA, w.contractB]));
    noA = rows.find((r) => r.id === w.contractA)!.no;
    noB = rows.find((r) => r.id === w.contractB)!.no;
    await createZone(t.db, w.contractA, 'North');
    await createInstrument(t.db, { name: 'SM-EXISTING', contractId: w.contractA, typeId: smTypeId });
    await createInstrument(t.db, { name: 'SM-SHARED', contractId: w.contractA, typeId: smTypeId });
    await createInstrument(t.db, { name: 'SM-SHARED', contractId: w.contractB, typeId: smTypeId });
  });
  afterAll(() => t.close());

  it('offers the templates as CSV and XLSX', async () => {
    const csv = await get('manager', '/instruments/import/template?format=csv');
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toMatch(/text\/csv/);
    expect(csv.body.replace(/^\ufeff/, '').split('\r\n')[0]).toBe(HEADER);
    const xlsx = await get('manager', '/thresholds/import/template?format=xlsx');
    expect(xlsx.headers['content-disposition']).toMatch(/threshold-import-template\.xlsx/);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    expect(wb.worksheets[0]!.getRow(1).values).toEqual([undefined, 'contract', 'instrument', 'reading_code', 'level', 'upper', 'lower']);
  });

  it('reports every row of a bad file and writes nothing', async () => {
    const before = await countRows(t.db, instruments);
    const csv = [
      HEADER,
      `SM-NEW-1,SM,${noA},North,30100,28700,103.5,2026-03-01,active,daily,GSM1,ok`,
      `SM-NEW-2,XYZ,${noA},,30100,28700,,,,,,`,
      `SM-NEW-3,SM,NOPE,,30100,28700,,,,,,`,
      `SM-NEW-4,SM,${noA},South,30100,28700,,,,,,`,
      `SM-NEW-1,SM,${noA},,30100,28700,,,,,,`,
      `sm-existing,SM,${noA},,30100,28700,,,,,,`,
      `SM-NEW-5,SM,${noA},,999999,28700,,,,,,`,
      `SM-NEW-6,SM,${noA},,abc,28700,high,31/02/2026,lost,sometimes,,`,
      '',
    ].join('\r\n');
    const res = await upload('manager', '/instruments/import', 'plan.csv', csv);
    expect(res.statusCode, res.body).toBe(200);
    const r = res.json<TImportResult>();
    expect(r).toMatchObject({ valid: 1, invalid: 7, imported: 0, dry_run: false });
    const errs = (row: number) => r.rows.find((x) => x.row === row)!.errors;
    expect(r.rows[0]).toEqual({ row: 2, name: 'SM-NEW-1', status: 'valid', errors: [] });
    expect(errs(3)).toEqual([{ field: 'type', message: 'Unknown instrument type XYZ' }]);
    expect(errs(4)).toEqual([{ field: 'contract', message: 'Unknown contract NOPE' }]);
    expect(errs(5)).toEqual([{ field: 'zone', message: `Contract ${noA} has no zone South` }]);
    expect(errs(6)).toEqual([{ field: 'name', message: 'Duplicate of row 2 in this file' }]);
    expect(errs(7)).toEqual([{ field: 'name', message: 'An instrument with this name already exists in this contract' }]);
    expect(errs(8)).toEqual([{ field: 'easting', message: expect.stringMatching(/outside the map bounds/) }]);
    expect(
      errs(9)
        .map((e) => e.field)
        .sort(),
    ).toEqual(['easting', 'frequency', 'install_date', 'level', 'status']);
    expect(await countRows(t.db, instruments)).toBe(before);
  });

  it("treats another contractor's contract as unknown for a Contractor user", async () => {
    const res = await upload('xuser', '/instruments/import', 'plan.csv', `${HEADER}\r\nSM-X-1,SM,${noB},,30100,28700,,,,,,\r\n`);
    expect(res.json<TImportResult>().rows[0]!.errors).toEqual([{ field: 'contract', message: `Unknown contract ${noB}` }]);
  });

  it('imports a valid file in one go (dry run first), as CSV or XLSX', async () => {
    const before = await countRows(t.db, instruments);
    const csv = [
      HEADER,
      `SM-NEW-1,SM,${noA},North,30100,28700,103.5,2026-03-01,active,daily,GSM1,ok`,
      `INC-NEW-1,inc,${noA},,30110,28710,,15/03/2026,,Weekly,,`,
    ].join('\n');
    const dry = (await upload('manager', '/instruments/import?dry_run=true', 'plan.csv', csv)).json<TImportResult>();
    expect(dry).toMatchObject({ valid: 2, invalid: 0, imported: 0, dry_run: true });
    expect(await countRows(t.db, instruments)).toBe(before);

    const res = (await upload('manager', '/instruments/import', 'plan.csv', csv)).json<TImportResult>();
    expect(res).toMatchObject({ valid: 2, invalid: 0, imported: 2 });
    expect(await countRows(t.db, instruments)).toBe(before + 2);
    const inc = await instrumentOfA('INC-NEW-1');
    expect(inc).toMatchObject({ installDate: '2026-03-15', frequency: 'weekly', status: 'active', contractId: w.contractA });
    expect((await lastAudit(t.db, 'instruments.import'))?.after).toMatchObject({ file_name: 'plan.csv', rows: 2 });

    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet('Instruments');
    ws.addRow(HEADER.split(','));
    ws.addRow(['SM-XLSX-1', 'SM', noA, '', 30200, 28800, 104, new Date(Date.UTC(2026, 3, 1)), 'active', 'daily', '', '']);
    const xlsx = Buffer.from(await wb.xlsx.writeBuffer());
    const fromXlsx = (await upload('manager', '/instruments/import', 'plan.xlsx', xlsx)).json<TImportResult>();
    expect(fromXlsx).toMatchObject({ valid: 1, imported: 1 });
    const x = await instrumentOfA('SM-XLSX-1');
    expect(x?.installDate).toBe('2026-04-01');
  });

  it('refuses files it cannot read, with a field error', async () => {
    expect((await upload('manager', '/instruments/import', 'x.csv', Buffer.from([0, 1, 2, 3]))).json()).toEqual({
      files: 'The file must be a CSV or XLSX file',
    });
    expect((await upload('manager', '/instruments/import', 'x.csv', 'name,type\r\nA,SM\r\n')).json()).toEqual({
      files: expect.stringMatching(/^Missing columns: contract, easting, northing/),
    });
    expect((await upload('manager', '/instruments/import', 'x.csv', `${HEADER}\r\n`)).json()).toEqual({ files: 'The file has no rows to import' });
    expect((await as(t, w.sessions.manager, { method: 'POST', url: '/api/v1/instruments/import', payload: {} })).json()).toEqual({ files: 'Upload one file' });
    expect((await upload('nobody', '/instruments/import', 'x.csv', `${HEADER}\r\n`)).statusCode).toBe(403);
  });

  it("exports the caller's instruments in the import format", async () => {
    await createInstrument(t.db, { name: 'SM-NEW-1', contractId: w.contractA, typeId: smTypeId });
    const csv = await get('xuser', '/instruments/export?format=csv');
    expect(csv.statusCode).toBe(200);
    const lines = csv.body
      .replace(/^\ufeff/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe(`${HEADER},latitude,longitude`);
    expect(lines.slice(1).every((l) => l.split(',')[2] === noA)).toBe(true);
    expect(lines.some((l) => l.startsWith('SM-NEW-1,SM,'))).toBe(true);
    const xlsx = await get('manager', `/instruments/export?format=xlsx&contract_id=${w.contractB}`);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    expect(wb.worksheets[0]!.rowCount).toBe(2); // header + SM-SHARED of B
    expect((await get('nobody', '/instruments/export')).statusCode).toBe(403);
  });

  it('imports thresholds row by row: a failing file changes nothing, a good one sets what it lists', async () => {
    const header = thresholdHeader;
    await createInstrument(t.db, { name: 'SM-NEW-1', contractId: w.contractA, typeId: smTypeId });
    const before = await countRows(t.db, thresholds);
    const bad = [
      header,
      ',SM-NEW-1,DSPA,AL,20,-20',
      ',SM-NEW-1,A,AL,20,-20',
      ',SM-NEW-1,DSPA,XL,20,-20',
      ',SM-SHARED,DSPA,AL,20,-20',
      ',NOPE,DSPA,AL,20,-20',
      ',SM-NEW-1,DSPA,AL,20,-20',
      ',SM-NEW-1,DSPA,WSL,,',
      ',SM-NEW-1,DSPA,PDL,1,5',
      ',SM-NEW-1,DSPA,CL,abc,',
    ].join('\r\n');
    const r = (await upload('manager', '/thresholds/import', 't.csv', bad)).json<TImportResult>();
    expect(r).toMatchObject({ valid: 1, invalid: 8, imported: 0 });
    const errs = (row: number) => r.rows.find((x) => x.row === row)!.errors;
    expect(errs(3)).toEqual([{ field: 'reading_code', message: 'SM-NEW-1 has no reading code A' }]);
    expect(errs(4)).toEqual([{ field: 'level', message: 'Unknown alert level XL' }]);
    expect(errs(5)).toEqual([{ field: 'contract', message: 'Several contracts have an instrument SM-SHARED: give the contract' }]);
    expect(errs(6)).toEqual([{ field: 'instrument', message: 'Unknown instrument NOPE' }]);
    expect(errs(7)).toEqual([{ field: 'level', message: 'Duplicate of row 2 in this file' }]);
    expect(errs(8)).toEqual([{ field: 'upper', message: 'Give an upper or a lower value' }]);
    expect(errs(9)).toEqual([{ field: 'upper', message: 'The upper value must be greater than the lower value' }]);
    expect(errs(10)).toEqual([{ field: 'upper', message: 'Upper must be a number' }]);
    expect(await countRows(t.db, thresholds)).toBe(before);

    const good = [header, ',SM-NEW-1,DSPA,AL,20,-20', ',sm-new-1,dspa,wsl,28,-28', `${noA},SM-SHARED,DSPA,AL,,-15`].join('\r\n');
    const ok = (await upload('manager', '/thresholds/import', 't.csv', good)).json<TImportResult>();
    expect(ok).toMatchObject({ valid: 3, invalid: 0, imported: 3 });
    expect(await countRows(t.db, thresholds)).toBe(before + 3);
    // A second file updates what it lists and leaves the rest.
    const update = (await upload('manager', '/thresholds/import', 't.csv', [header, ',SM-NEW-1,DSPA,AL,21,-21'].join('\r\n'))).json<TImportResult>();
    expect(update.imported).toBe(1);
    const inst = await instrumentOfA('SM-NEW-1');
    const now = (await get('manager', `/instruments/${inst!.instrumentId}/thresholds`)).json<TInstrumentThresholds>();
    expect(now.thresholds).toEqual([
      { reading_code: 'DSPA', level_code: 'AL', upper: 21, lower: -21 },
      { reading_code: 'DSPA', level_code: 'WSL', upper: 28, lower: -28 },
    ]);
    const audit = await lastAudit(t.db, 'thresholds.import');
    expect(audit?.before).toEqual({ thresholds: [{ contract: noA, instrument: 'SM-NEW-1', reading: 'DSPA', level: 'AL', upper: 20, lower: -20 }] });
    expect(audit?.after).toMatchObject({ rows: 1, thresholds: [{ instrument: 'SM-NEW-1', reading: 'DSPA', level: 'AL', upper: 21, lower: -21 }] });

    // A Contractor user cannot reach B's instrument of the same name.
    const x = (await upload('xuser', '/thresholds/import', 't.csv', [header, `${noB},SM-SHARED,DSPA,AL,1,-1`].join('\r\n'))).json<TImportResult>();
    expect(x.rows[0]!.errors).toEqual([{ field: 'instrument', message: `Contract ${noB} has no instrument SM-SHARED` }]);
  });

  it("refuses threshold rows that leave an instrument's levels out of order, with the stored levels counted", async () => {
    const header = thresholdHeader;
    await createInstrument(t.db, { name: 'SM-ORDER', contractId: w.contractA, typeId: smTypeId });
    const first = (await upload('manager', '/thresholds/import', 't.csv', [header, `${noA},SM-ORDER,DSPA,WSL,25,-25`].join('\r\n'))).json<TImportResult>();
    expect(first).toMatchObject({ imported: 1 });
    const before = await countRows(t.db, thresholds);

    // CL above the stored WSL on the upper side, and AL below CL on the lower side within the file itself.
    const bad = [header, `${noA},SM-ORDER,DSPA,CL,40,-10`, `${noA},SM-ORDER,DSPA,AL,30,-5`].join('\r\n');
    const r = (await upload('manager', '/thresholds/import', 't.csv', bad)).json<TImportResult>();
    expect(r).toMatchObject({ valid: 0, invalid: 2, imported: 0 });
    expect(r.rows.find((x) => x.row === 2)!.errors).toEqual([{ field: 'upper', message: 'CL upper must be at most WSL upper (25)' }]);
    expect(r.rows.find((x) => x.row === 3)!.errors).toEqual([
      { field: 'upper', message: 'AL upper must be at most WSL upper (25)' },
      { field: 'upper', message: 'AL upper must be at least CL upper (40)' },
      { field: 'lower', message: 'AL lower must be at most CL lower (-10)' },
    ]);
    expect(await countRows(t.db, thresholds)).toBe(before);
  });

  it('exports thresholds in the import format, within the caller’s contracts', async () => {
    await createInstrument(t.db, { name: 'SM-NEW-1', contractId: w.contractA, typeId: smTypeId });
    const thresholdFile = [thresholdHeader, `${noA},SM-NEW-1,DSPA,AL,21,-21`, `${noA},SM-SHARED,DSPA,AL,,-15`].join('\r\n');
    expect((await upload('manager', '/thresholds/import', 't.csv', thresholdFile)).json<TImportResult>()).toMatchObject({ imported: 2 });
    const res = await get('manager', `/thresholds/export?format=csv&contract_id=${w.contractA}`);
    const lines = res.body
      .replace(/^\ufeff/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe('contract,instrument,reading_code,level,upper,lower');
    expect(lines).toContain(`${noA},SM-NEW-1,DSPA,AL,21,-21`);
    expect(lines).toContain(`${noA},SM-SHARED,DSPA,AL,,-15`);
    const y = (await get('yuser', '/thresholds/export?format=csv')).body
      .replace(/^\ufeff/, '')
      .trim()
      .split('\r\n');
    expect(y).toHaveLength(1);
  });
});
