/** The tabular-file reader shared by the bulk imports and the reading uploads. */
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { docx, zip, type ZipInput } from '../modules/attachments/test-files.js';
import { eachCsvRecord, eachCsvRecordInSlices, parseCsvRecords, readSheet, SheetFileError, sniffSheetFormat, XLSX_LIMITS } from './sheet-file.js';

/** A ZIP with the parts of an Excel workbook (enough for the container checks), then `extra`. */
const workbookZip = (extra: ZipInput[]) =>
  zip([
    { name: '[Content_Types].xml', data: '<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"/>' },
    { name: 'xl/workbook.xml', data: '<?xml version="1.0"?><workbook/>' },
    ...extra,
  ]);

async function refusal(p: Promise<unknown>): Promise<string> {
  const err = await p.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(SheetFileError);
  return (err as Error).message;
}

describe('CSV records', () => {
  it('splits plain lines fast and reads quoted fields (separators, quotes, line breaks) by RFC 4180', () => {
    const got: [string[], number][] = [];
    eachCsvRecord('\ufeffa,b,c\r\n1,"x,y",3\n"multi\nline","say ""hi""",\n4,5,6', (f, n) => got.push([f, n]));
    expect(got).toEqual([
      [['a', 'b', 'c'], 1],
      [['1', 'x,y', '3'], 2],
      [['multi\nline', 'say "hi"', ''], 3],
      [['4', '5', '6'], 4],
    ]);
  });

  it('takes ; or tab as the separator when the header has no comma', () => {
    const semi: string[][] = [];
    eachCsvRecord('a;b\n1,5;2\n', (f) => semi.push(f));
    expect(semi).toEqual([
      ['a', 'b'],
      ['1,5', '2'],
    ]);
    const tab: string[][] = [];
    eachCsvRecord('a\tb\n1\t2', (f) => tab.push(f));
    expect(tab).toEqual([
      ['a', 'b'],
      ['1', '2'],
    ]);
  });

  // Its speed (a scan once through, not from every line to the end) is measured by `npm run bench:ingest`: a
  // quadratic scan took 820 s on its 1,000,000 rows (docs/benchmarks.md).
  it('reads every record of a large file whose only quote comes at the end', () => {
    const text = `a,b\n${'SM-00001,2026-01-01T00:00:00.000Z\n'.repeat(300_000)}"q",1\n`;
    let n = 0;
    let last: string[] = [];
    eachCsvRecord(text, (fields) => {
      n++;
      last = fields;
    });
    expect(n).toBe(300_002);
    expect(last).toEqual(['q', '1']);
  });

  it('reads quotes only at the start of a field, keeps what follows a closing quote, and decodes UTF-8 around quotes', () => {
    const got: string[][] = [];
    eachCsvRecord('a,b,c\n"ab"cd,x"y"z,"合同 ""Süd""\r\nzwei"\r\n"",","\n', (f) => got.push(f));
    expect(got).toEqual([
      ['a', 'b', 'c'],
      ['abcd', 'x"y"z', '合同 "Süd"\r\nzwei'],
      ['', ','],
    ]);
  });

  it('refuses an unclosed quote', () => {
    expect(() => eachCsvRecord('a,b\n"1,2\n', () => undefined)).toThrow(SheetFileError);
  });

  it('reads in slices the same records, a quoted line break across a slice boundary included, telling the bytes read', async () => {
    const lines = Array.from({ length: 40 }, (_, i) => (i % 7 === 3 ? `"multi\nline ${i}","x,""${i}"""` : `r${i},${i}`));
    const text = `a,b\n${lines.join('\r\n')}\n`;
    const whole: [string[], number][] = [];
    eachCsvRecord(text, (f, n) => whole.push([f, n]));
    expect(whole[4]).toEqual([['multi\nline 3', 'x,"3"'], 5]);
    const sliced: [string[], number][] = [];
    const reports: [number, number][] = [];
    await eachCsvRecordInSlices(
      text,
      (f, n) => sliced.push([f, n]),
      (read, total) => void reports.push([read, total]),
      16,
    );
    expect(sliced).toEqual(whole);
    const total = Buffer.byteLength(text);
    expect(reports.length).toBeGreaterThan(10);
    expect(reports.every(([read, t], i) => t === total && read > (reports[i - 1]?.[0] ?? 0))).toBe(true);
    expect(reports.at(-1)).toEqual([total, total]);
  });
});

describe('sheet rows', () => {
  it('keeps every column as an own key of the row, even one named __proto__ or constructor', async () => {
    const { rows } = await readSheet(Buffer.from('name,__proto__,constructor\nA,1,2\n'), ['name'], ['name']);
    expect(Object.keys(rows[0]!.cells)).toEqual(['name', '__proto__', 'constructor']);
    expect(Object.getPrototypeOf(rows[0]!.cells)).toBe(Object.prototype);
  });
});

describe('XLSX files are checked as containers before they are parsed', () => {
  it('refuses a ZIP that is not an Excel workbook', async () => {
    const message = 'The file is a ZIP archive but not an Excel workbook: save it as .xlsx or .csv';
    await expect(sniffSheetFormat(docx())).rejects.toThrow(message);
    await expect(sniffSheetFormat(zip([{ name: 'xl/workbook.xml', data: '<workbook/>' }]))).rejects.toThrow(message); // no [Content_Types].xml
    expect(await refusal(readSheet(docx(), ['name'], ['name']))).toBe(message);
  });

  it('refuses a zip bomb, whether it declares its size or lies about it, without parsing it', async () => {
    const tooLarge = `The XLSX file is too large once uncompressed (at most ${XLSX_LIMITS.maxUncompressedBytes / 1_000_000} MB)`;
    const declared = workbookZip([{ name: 'xl/worksheets/sheet1.xml', data: Buffer.alloc(1000), declaredSize: 0xf0000000 }]);
    expect(declared.length).toBeLessThan(2000);
    expect(await refusal(readSheet(declared, ['name'], ['name']))).toBe(tooLarge);
    const liar = workbookZip([{ name: 'xl/worksheets/sheet1.xml', data: Buffer.alloc(1_000_000), declaredSize: 100 }]);
    expect(await refusal(readSheet(liar, ['name'], ['name']))).toBe(tooLarge);
    const many = workbookZip(Array.from({ length: XLSX_LIMITS.maxEntries }, (_, i) => ({ name: `xl/p${i}.xml`, data: 'x', store: true })));
    expect(await refusal(readSheet(many, ['name'], ['name']))).toBe(`The XLSX file holds too many parts (at most ${XLSX_LIMITS.maxEntries})`);
  });

  it('still reads a real workbook', async () => {
    const wb = new ExcelJS.Workbook();
    wb.addWorksheet('Instruments').addRows([
      ['Name', 'Type'],
      ['SM-1', 'SM'],
    ]);
    const data = Buffer.from(await wb.xlsx.writeBuffer());
    expect(await sniffSheetFormat(data)).toBe('xlsx');
    expect(await readSheet(data, ['name'], ['name', 'type'])).toEqual({ format: 'xlsx', rows: [{ row: 2, cells: { name: 'SM-1', type: 'SM' } }] });
  });
});

describe('CSV records of a bulk import', () => {
  it('are the same records, a blank line included and a final line break not making one', () => {
    expect(parseCsvRecords('name;type\r\nSM-1;"S;M"\n\nSM-2;SP\n')).toEqual([['name', 'type'], ['SM-1', 'S;M'], [''], ['SM-2', 'SP']]);
  });
});
