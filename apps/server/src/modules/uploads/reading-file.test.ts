import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { parseDateTime, wallToEpoch, zoneOffsetMs } from '../../lib/zoned-time.js';
import { docx } from '../attachments/test-files.js';
import { readReadingFile, type ReadingRow } from './reading-file.js';
import { patchSeriesRefs } from '../readings/copy-binary.js';
import { ReadingValidator, type ValidationLookups } from './reading-validator.js';

async function rowsOf(data: string | Buffer) {
  const rows: ReadingRow[] = [];
  const info = await readReadingFile(typeof data === 'string' ? Buffer.from(data) : data, (r) => rows.push(r));
  return { info, rows };
}

async function xlsx(rows: unknown[][]): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('Sheet 1');
  for (const r of rows) ws.addRow(r);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

describe('readings files', () => {
  it('reads the long layout with header aliases, skipping blank rows; row numbers count the header', async () => {
    const { info, rows } = await rowsOf(
      'Instrument Name,Date Time,Code,Reading Value,Depth\nSM-1,2026-01-01 08:00,DSPA,1.5,\n,,,,\nINC-1,2026-01-01 08:00,A,2,5\n',
    );
    expect(info).toEqual({ format: 'csv', layout: 'long', rows: 2 });
    expect(rows).toEqual([
      { row: 2, instrument: 'SM-1', contract: '', depth: '', time: '2026-01-01 08:00', cells: [{ field: 'value', code: 'DSPA', value: '1.5' }] },
      { row: 4, instrument: 'INC-1', contract: '', depth: '5', time: '2026-01-01 08:00', cells: [{ field: 'value', code: 'A', value: '2' }] },
    ]);
  });

  it('reads a column named like an inherited property (constructor, __proto__) as a reading code of the wide layout', async () => {
    const { info, rows } = await rowsOf('instrument,date_time,constructor,__proto__\nINC-1,2026-01-01 08:00,1,2\n');
    expect(info.layout).toBe('wide');
    expect(rows[0]!.cells).toEqual([
      { field: 'constructor', code: 'constructor', value: '1' },
      { field: '__proto__', code: '__proto__', value: '2' },
    ]);
  });

  it('reads the wide layout: one reading per non-empty code column', async () => {
    const { info, rows } = await rowsOf('instrument,date_time,contract,A,B\nINC-1,2026-01-01 08:00,T301,1,\nINC-1,2026-01-02 08:00,,,2\n');
    expect(info.layout).toBe('wide');
    expect(rows.map((r) => [r.row, r.contract, r.cells])).toEqual([
      [2, 'T301', [{ field: 'A', code: 'A', value: '1' }]],
      [3, '', [{ field: 'B', code: 'B', value: '2' }]],
    ]);
  });

  it('reads XLSX: numbers, text, and date cells as wall-clock times', async () => {
    const data = await xlsx([
      ['instrument', 'date_time', 'reading_code', 'value'],
      ['SM-1', new Date(Date.UTC(2026, 0, 1, 8, 30)), 'DSPA', -1.25],
      ['SM-1', '2026-01-02T08:00:00Z', 'DSPA', '2.5'],
    ]);
    const { info, rows } = await rowsOf(data);
    expect(info).toEqual({ format: 'xlsx', layout: 'long', rows: 2 });
    expect(rows[0]).toEqual({
      row: 2,
      instrument: 'SM-1',
      contract: '',
      depth: '',
      time: { wall: Date.UTC(2026, 0, 1, 8, 30) },
      cells: [{ field: 'value', code: 'DSPA', value: -1.25 }],
    });
    expect(rows[1]!.time).toBe('2026-01-02T08:00:00Z');
  });

  it('refuses files it cannot read', async () => {
    await expect(rowsOf(Buffer.from([0, 1, 2]))).rejects.toThrow('The file must be a CSV or XLSX file');
    await expect(rowsOf('instrument,value\nA,1\n')).rejects.toThrow(/^Missing columns: date_time, reading_code/);
    await expect(rowsOf('instrument,date_time\nA,2026-01-01\n')).rejects.toThrow(/no reading code columns/);
    await expect(rowsOf('instrument,date_time,reading_code,value\n')).rejects.toThrow('The file has no readings');
    await expect(rowsOf('')).rejects.toThrow(/empty/);
    await expect(rowsOf(Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.from('not a zip')]))).rejects.toThrow('The XLSX file cannot be read');
    await expect(rowsOf(Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 1, 2]))).rejects.toThrow(/Old Excel files/);
    // A ZIP that is not a workbook never reaches exceljs.
    await expect(rowsOf(docx())).rejects.toThrow('The file is a ZIP archive but not an Excel workbook: save it as .xlsx or .csv');
  });

  it('tells how far it read, forward only and ending at the whole file: CSV by bytes, XLSX by rows', async () => {
    const lines = Array.from({ length: 4500 }, (_, i) => `SM-1,2026-01-01T00:00:${String(i % 60).padStart(2, '0')}Z,DSPA,${i}`);
    const csvSteps: number[] = [];
    const csv = await readReadingFile(
      Buffer.from(`instrument,date_time,reading_code,value\n${lines.join('\n')}\n`),
      () => undefined,
      (f) => void csvSteps.push(f),
    );
    expect(csv.rows).toBe(4500);
    const xlsxSteps: number[] = [];
    const data = await xlsx([['instrument', 'date_time', 'reading_code', 'value'], ...lines.map((l) => l.split(','))]);
    const book = await readReadingFile(
      data,
      () => undefined,
      (f) => void xlsxSteps.push(f),
    );
    expect(book.rows).toBe(4500);
    for (const steps of [csvSteps, xlsxSteps]) {
      expect(steps.length).toBeGreaterThanOrEqual(3);
      expect(steps.some((f) => f > 0 && f < 1)).toBe(true);
      expect(steps.every((f, i) => f > (steps[i - 1] ?? 0))).toBe(true);
      expect(steps.at(-1)).toBe(1);
    }
  });
});

describe('date-times of uploaded files', () => {
  const SG = 'Asia/Singapore';
  it('reads ISO with offsets as given, and wall-clock times in the zone', () => {
    expect(parseDateTime('2026-03-01T08:00:00+08:00', SG)).toBe(Date.UTC(2026, 2, 1, 0));
    expect(parseDateTime('2026-03-01T08:00:00-0530', SG)).toBe(Date.UTC(2026, 2, 1, 13, 30));
    expect(parseDateTime('2026-03-01 08:00:00Z', SG)).toBe(Date.UTC(2026, 2, 1, 8));
    expect(parseDateTime('2026-03-01 08:00:00.123456', SG)).toBe(Date.UTC(2026, 2, 1, 0, 0, 0, 123));
    expect(parseDateTime('2026-03-01 08:00', SG)).toBe(Date.UTC(2026, 2, 1, 0));
    expect(parseDateTime('2026-03-01', SG)).toBe(Date.UTC(2026, 1, 28, 16));
    expect(parseDateTime('01/03/2026 08:00:00', SG)).toBe(Date.UTC(2026, 2, 1, 0));
    expect(parseDateTime('1/3/2026 8:05', SG)).toBe(Date.UTC(2026, 2, 1, 0, 5));
  });

  it('refuses what is not a real date-time', () => {
    for (const bad of ['2026-02-30 08:00', '31/02/2026', '2026-13-01', '2026-01-01 24:00', '2026-01-01T08:00+15:00', 'yesterday', '1800-01-01', '2026/01/01']) {
      expect(parseDateTime(bad, SG), bad).toBeUndefined();
    }
  });

  it('follows daylight saving in zones that have it', () => {
    const NY = 'America/New_York';
    expect(zoneOffsetMs(NY, Date.UTC(2026, 0, 15))).toBe(-5 * 3_600_000);
    expect(zoneOffsetMs(NY, Date.UTC(2026, 6, 15))).toBe(-4 * 3_600_000);
    expect(parseDateTime('2026-07-01 12:00', NY)).toBe(Date.UTC(2026, 6, 1, 16));
    expect(parseDateTime('2026-01-01 12:00', NY)).toBe(Date.UTC(2026, 0, 1, 17));
    // 02:30 on the spring-forward day does not exist: read with one of the offsets around it.
    expect([Date.UTC(2026, 2, 8, 6, 30), Date.UTC(2026, 2, 8, 7, 30)]).toContain(wallToEpoch(Date.UTC(2026, 2, 8, 2, 30), NY));
  });
});

describe('the validator on its own', () => {
  const lookups = (): ValidationLookups => ({
    timezone: 'Asia/Singapore',
    now: Date.UTC(2026, 5, 1),
    contract: null,
    instrumentsByName: new Map([['sm-1', [{ id: 1, name: 'SM-1', contractId: 10, contractNo: 'T1', typeId: 100, typeCode: 'SM', hasDepth: false }]]]),
    contractsByNo: new Map([['t1', { id: 10, no: 'T1' }]]),
    codesByType: new Map([[100, new Map([['DSPA', { id: 1000, code: 'DSPA', unit: 'mm', min: -50, max: 50 }]])]]),
  });

  it('groups valid readings by series in time order, with rollups per 6-hour grain and the latest value', () => {
    const v = new ReadingValidator(lookups());
    const add = (row: number, time: string, value: string) =>
      v.add({ row, instrument: 'SM-1', contract: '', depth: '', time, cells: [{ field: 'value', code: 'DSPA', value }] });
    add(2, '2026-01-01T05:00:00Z', '3');
    add(3, '2026-01-01T01:00:00Z', '-1');
    add(4, '2026-01-01T02:00:00Z', '5');
    add(5, '2026-01-01T07:00:00Z', '2');
    add(6, '2026-01-01T01:00:00Z', '9'); // duplicate of row 3
    v.checkFile();
    expect(v.storedCheck(new Map([['1|1000|', 77]]))).toEqual([{ index: 0, seriesId: 77, lo: Date.UTC(2026, 0, 1, 1), hi: Date.UTC(2026, 0, 1, 7) }]);
    v.markStored([{ index: 0, t: Date.UTC(2026, 0, 1, 5) }]);
    const r = v.result(new Map([['1|1000|', 77]]), 9);
    expect(r).toMatchObject({ rowsTotal: 5, rowsValid: 3, rowsInvalid: 2, errorsTotal: 2, contractIds: [10], months: ['2026-01-01'] });
    expect(r.errors).toEqual([
      { row: 2, field: 'date_time', message: 'A reading of this instrument, reading code and depth at this time is already stored', instrument_id: 1 },
      { row: 6, field: 'date_time', message: 'Duplicate of row 3 in this file (same instrument, reading code, depth and time)', instrument_id: 1 },
    ]);
    expect(r.series).toEqual([{ instrumentId: 1, readingCodeId: 1000, depth: null }]);
    expect(r.refs).toEqual([77]); // every series exists: the texts name it by id
    const copied: number[] = [];
    expect(patchSeriesRefs(Buffer.from(r.readings), (ref) => (copied.push(ref), ref))).toBe(3);
    expect(copied).toEqual([77, 77, 77]);
    expect(r.rollupsText).toBe(
      '77\t2026-01-01T00:00:00.000Z\t2\t-1\t5\t3600000\t7200000\t3600000\t7200000\n77\t2026-01-01T06:00:00.000Z\t1\t2\t2\t3600000\t3600000\t3600000\t3600000\n',
    );
    expect(r.latest).toEqual([{ index: 0, takenAt: '2026-01-01T07:00:00.000Z', value: 2 }]);
  });

  it('echoes no unsafe text into messages', () => {
    const v = new ReadingValidator(lookups());
    v.add({
      row: 2,
      instrument: '<img src=x onerror=alert(1)>',
      contract: '',
      depth: '',
      time: '2026-01-01',
      cells: [{ field: 'value', code: 'DSPA', value: '1' }],
    });
    expect(v.result().errors[0]!.message).toBe('Unknown instrument (text refused: it holds unsafe characters)');
  });
});
