/**
 * Tabular files for bulk imports and exports (issue 6) and reading uploads (issue 7): CSV (UTF-8, optional BOM, `,`, `;`
 * or tab, RFC 4180 quoting; one reader, `eachCsvRecord`, linear in the file's size) or
 * XLSX (the first worksheet). The format of an upload is decided by its content, not its name: a ZIP signature is
 * read as XLSX — once the ZIP is within the entry and uncompressed-size limits (every entry inflated with its output
 * capped, `lib/zip-inspect.ts`) and holds an Office workbook's parts — UTF-8 text without NUL bytes as CSV; anything
 * else is refused. Nothing reaches exceljs before those checks.
 */
import type ExcelJS from 'exceljs';
import { inspectZip, ooxmlKind } from './zip-inspect.js';

export type SheetFormat = 'csv' | 'xlsx';

export interface SheetRow {
  /** The row number in the file; the header is row 1. */
  row: number;
  /** Header (lower-case, spaces as `_`) -> trimmed text. */
  cells: Record<string, string>;
}

export class SheetFileError extends Error {}

export const MAX_SHEET_ROWS = 10_000;

/**
 * What an XLSX may hold before it is parsed (a zip bomb is refused, not inflated): the limits of the attachments'
 * Office files. A 10 MB workbook of readings inflates to well under 100 MB.
 */
export const XLSX_LIMITS = { maxEntries: 1000, maxUncompressedBytes: 100_000_000 } as const;

const ZIP = [0x50, 0x4b, 0x03, 0x04];
const OLE = [0xd0, 0xcf, 0x11, 0xe0];

/** Refuses a ZIP that is not an Office workbook within `XLSX_LIMITS` (a SheetFileError saying why). */
export async function checkXlsxContainer(data: Buffer): Promise<void> {
  const z = await inspectZip(data, XLSX_LIMITS);
  if (!z.ok) {
    if (z.reason === 'too-many-entries') throw new SheetFileError(`The XLSX file holds too many parts (at most ${XLSX_LIMITS.maxEntries})`);
    if (z.reason === 'too-large')
      throw new SheetFileError(`The XLSX file is too large once uncompressed (at most ${XLSX_LIMITS.maxUncompressedBytes / 1_000_000} MB)`);
    if (z.reason === 'encrypted') throw new SheetFileError('Encrypted XLSX files are not accepted');
    throw new SheetFileError('The XLSX file cannot be read');
  }
  if (ooxmlKind(z.entries) !== 'xlsx') throw new SheetFileError('The file is a ZIP archive but not an Excel workbook: save it as .xlsx or .csv');
}

/** The format by content; an XLSX is checked as a container too (`checkXlsxContainer`). Throws a SheetFileError. */
export async function sniffSheetFormat(data: Buffer): Promise<SheetFormat> {
  const starts = (sig: number[]) => sig.every((b, i) => data[i] === b);
  if (starts(ZIP)) {
    await checkXlsxContainer(data);
    return 'xlsx';
  }
  if (starts(OLE)) throw new SheetFileError('Old Excel files (.xls) are not supported: save the file as .xlsx or .csv');
  if (data.includes(0)) throw new SheetFileError('The file must be a CSV or XLSX file');
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(data);
  } catch {
    throw new SheetFileError('The CSV file must be UTF-8 text');
  }
  return 'csv';
}

export type OpenedSheet = { format: 'csv' } | { format: 'xlsx'; workbook: ExcelJS.Workbook };

/**
 * The format by content and, for an XLSX, the workbook loaded by exceljs once `sniffSheetFormat` passed it: the one
 * way into exceljs here, so no reader parses a workbook that was not checked. Throws a SheetFileError.
 */
export async function openSheet(data: Buffer): Promise<OpenedSheet> {
  if ((await sniffSheetFormat(data)) === 'csv') return { format: 'csv' };
  // exceljs is loaded on first use: its import takes seconds, which every process and test file that never opens a
  // workbook would otherwise pay.
  const { default: Excel } = await import('exceljs');
  const workbook = new Excel.Workbook();
  try {
    await workbook.xlsx.load(data as unknown as ArrayBuffer);
  } catch {
    throw new SheetFileError('The XLSX file cannot be read');
  }
  return { format: 'xlsx', workbook };
}

/** `,` unless the header line has none: then `;`, or a tab. */
function separatorOf(firstLine: string): string {
  if (firstLine.includes(',')) return ',';
  if (firstLine.includes(';')) return ';';
  if (firstLine.includes('\t')) return '\t';
  return ',';
}

const LF = 10;
const CR = 13;
const QUOTE = 34;

/** Where a CSV scan stands: the next record starts at `pos`. */
interface CsvCursor {
  buf: Buffer;
  sep: string;
  pos: number;
  record: number;
  /** The next quote at or after `pos` (-1: none left). */
  quote: number;
}

function csvCursor(input: Buffer | string): CsvCursor {
  const buf = typeof input === 'string' ? Buffer.from(input, 'utf8') : input;
  const n = buf.length;
  const pos = n >= 3 && buf[0] === 0xef && buf[1] === 0xbb && buf[2] === 0xbf ? 3 : 0;
  const firstEnd = buf.indexOf(LF, pos);
  const sep = separatorOf(buf.toString('utf8', pos, firstEnd < 0 ? n : firstEnd));
  return { buf, sep, pos, record: 0, quote: buf.indexOf(QUOTE, pos) };
}

/**
 * One record holding quotes, from byte `start`, by RFC 4180: a quote at the start of a field opens a quoted part in
 * which separators and line breaks are text and `""` is a quote; a quote anywhere else is text. Fields are decoded
 * from byte ranges (separators, quotes and line breaks are ASCII, never inside a UTF-8 sequence). Calls `fn` with the
 * fields and returns where the next record starts. The one tokenizer of quoted CSV here: delimiting a record and
 * splitting it into fields are the same pass.
 */
function readQuotedRecord(buf: Buffer, start: number, sepByte: number, record: number, fn: (fields: string[], record: number) => void): number {
  const n = buf.length;
  const fields: string[] = [];
  let field = '';
  let from = start; // the start of the field's bytes not yet decoded into `field`
  let quoted = false;
  let fieldStart = true;
  let i = start;
  for (; i < n; i++) {
    const b = buf[i];
    if (quoted) {
      if (b !== QUOTE) continue;
      field += buf.toString('utf8', from, i);
      if (buf[i + 1] === QUOTE) {
        field += '"';
        i++;
      } else quoted = false;
      from = i + 1;
    } else if (b === LF) break;
    else if (b === sepByte) {
      fields.push(field + buf.toString('utf8', from, i));
      field = '';
      from = i + 1;
      fieldStart = true;
      continue;
    } else if (b === QUOTE && fieldStart) {
      quoted = true;
      from = i + 1;
    }
    fieldStart = false;
  }
  if (quoted) throw new SheetFileError(`The CSV file has an unclosed quote (record ${record})`);
  const end = i > from && buf[i - 1] === CR ? i - 1 : i;
  fields.push(field + buf.toString('utf8', from, end));
  fn(fields, record);
  return i + 1;
}

/** Reads records from the cursor until one ends at or past byte `until` (or the file ends); moves the cursor. */
function readCsvUntil(c: CsvCursor, until: number, fn: (fields: string[], record: number) => void): void {
  const { buf, sep } = c;
  const n = buf.length;
  const stop = Math.min(until, n);
  let { pos, record, quote } = c;
  // The next quote is searched again only once passed, so a file without quotes is scanned once, not once per line.
  while (pos < stop) {
    let end = buf.indexOf(LF, pos);
    if (end < 0) end = n;
    if (quote >= 0 && quote < pos) quote = buf.indexOf(QUOTE, pos);
    record++;
    if (quote < 0 || quote >= end) {
      const lineEnd = end > pos && buf[end - 1] === CR ? end - 1 : end;
      fn(buf.toString('utf8', pos, lineEnd).split(sep), record);
      pos = end + 1;
      continue;
    }
    // A record with quotes: read byte by byte, to the first line break outside quotes.
    pos = readQuotedRecord(buf, pos, sep.charCodeAt(0), record, fn);
  }
  c.pos = pos;
  c.record = record;
  c.quote = quote;
}

/**
 * Calls `fn` with each CSV record (its fields and its number, the first being 1). Works on the bytes: a record
 * without quotes is decoded on its own and split at once; one with quotes is delimited byte by byte (the separators,
 * quotes and line breaks are ASCII, never part of a UTF-8 sequence) and parsed by RFC 4180. Each record is a small
 * string of its own, never a slice of the whole file (V8 can fall off a cliff on millions of slices of one string).
 */
export function eachCsvRecord(input: Buffer | string, fn: (fields: string[], record: number) => void): void {
  const c = csvCursor(input);
  readCsvUntil(c, c.buf.length, fn);
}

/**
 * `eachCsvRecord` in slices of about `sliceBytes`: after each slice `onProgress(bytesRead, totalBytes)` is awaited,
 * so a long file gives the event loop a turn and its reader can report how far it got.
 */
export async function eachCsvRecordInSlices(
  input: Buffer | string,
  fn: (fields: string[], record: number) => void,
  onProgress: (bytesRead: number, totalBytes: number) => void | Promise<void>,
  sliceBytes = 64 * 1024,
): Promise<void> {
  const c = csvCursor(input);
  const n = c.buf.length;
  while (c.pos < n) {
    readCsvUntil(c, c.pos + sliceBytes, fn);
    await onProgress(Math.min(c.pos, n), n);
  }
}

/** Every CSV record of a file's text (`eachCsvRecord`), for the small files of the bulk imports. */
export function parseCsvRecords(text: string): string[][] {
  const records: string[][] = [];
  eachCsvRecord(text, (fields) => records.push(fields));
  return records;
}

function cellText(value: ExcelJS.CellValue): string {
  if (value == null) return '';
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  if (typeof value === 'object') {
    if ('richText' in value) return value.richText.map((r) => r.text).join('');
    if ('text' in value && typeof value.text === 'string') return value.text;
    if ('result' in value) return value.result == null ? '' : String(value.result as unknown);
    return '';
  }
  return String(value);
}

function xlsxRecords(wb: ExcelJS.Workbook): string[][] {
  const ws = wb.worksheets[0];
  if (!ws) throw new SheetFileError('The XLSX file has no worksheet');
  if (ws.rowCount > MAX_SHEET_ROWS + 1) throw new SheetFileError(`The file has more than ${MAX_SHEET_ROWS} rows`);
  const out: string[][] = [];
  for (let r = 1; r <= ws.rowCount; r++) {
    const row = ws.getRow(r);
    const cells: string[] = [];
    for (let c = 1; c <= Math.max(row.cellCount, ws.columnCount); c++) cells.push(cellText(row.getCell(c).value));
    out.push(cells);
  }
  return out;
}

const headerKey = (h: string) => h.trim().toLowerCase().replace(/\s+/g, '_');

/** The data rows as header -> text; blank rows are skipped. `required` columns must be in the header. */
export async function readSheet(
  data: Buffer,
  required: readonly string[],
  all: readonly string[],
  maxRows: number = MAX_SHEET_ROWS,
): Promise<{ format: SheetFormat; rows: SheetRow[] }> {
  const sheet = await openSheet(data);
  const format = sheet.format;
  const records = sheet.format === 'csv' ? parseCsvRecords(data.toString('utf8')) : xlsxRecords(sheet.workbook);
  const header = (records[0] ?? []).map(headerKey);
  const missing = required.filter((c) => !header.includes(c));
  if (missing.length > 0) throw new SheetFileError(`Missing columns: ${missing.join(', ')} (expected ${all.join(', ')})`);
  const rows: SheetRow[] = [];
  for (let i = 1; i < records.length; i++) {
    const rec = records[i]!;
    if (rec.every((v) => v.trim() === '')) continue;
    // Own keys only, whatever the header says (`__proto__`, `constructor`): the pairs become own properties.
    const cells: Record<string, string> = Object.fromEntries(header.flatMap((h, j) => (h ? [[h, (rec[j] ?? '').trim()]] : [])));
    rows.push({ row: i + 1, cells });
  }
  if (rows.length === 0) throw new SheetFileError('The file has no rows to import');
  if (rows.length > maxRows) throw new SheetFileError(`The file has ${rows.length} rows; at most ${maxRows} can be imported at once`);
  return { format, rows };
}

export type SheetCell = string | number | null | undefined;

/** A cell a spreadsheet would read as a formula is prefixed with `'` (CSV injection). */
function csvCell(v: SheetCell): string {
  if (v == null) return '';
  const s = String(v);
  const safe = typeof v === 'string' && /^[=+\-@\t\r]/.test(s) && !/^-?\d/.test(s) ? `'${s}` : s;
  return /[",\r\n;]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** A whole table as CSV (with a BOM, so spreadsheet programs read UTF-8) or XLSX (one sheet, bold header). */
export async function writeSheet(format: SheetFormat, sheetName: string, header: readonly string[], rows: readonly SheetCell[][]): Promise<Buffer> {
  if (format === 'csv') {
    const lines = [header, ...rows].map((r) => r.map(csvCell).join(','));
    return Buffer.from(`\ufeff${lines.join('\r\n')}\r\n`, 'utf8');
  }
  const { default: Excel } = await import('exceljs'); // loaded on first use, as in openSheet
  const wb = new Excel.Workbook();
  const ws = wb.addWorksheet(sheetName);
  ws.addRow([...header]).font = { bold: true };
  for (const r of rows) ws.addRow(r.map((v) => (v == null ? null : v)));
  ws.columns.forEach((col) => {
    col.width = 16;
  });
  return Buffer.from(await wb.xlsx.writeBuffer());
}
