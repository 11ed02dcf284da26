/**
 * Tabular files for bulk imports and exports (issue 6) and reading uploads (issue 7): CSV (UTF-8, optional BOM, `,`, `;`
 * or tab, RFC 4180 quoting; one reader, `eachCsvRecord`, linear in the file's size) or
 * XLSX (the first worksheet). The format of an upload is decided by its content, not its name: a ZIP signature is
 * read as XLSX, UTF-8 text without NUL bytes as CSV; anything else is refused.
 */
import ExcelJS from 'exceljs';

export type SheetFormat = 'csv' | 'xlsx';

export interface SheetRow {
  /** The row number in the file; the header is row 1. */
  row: number;
  /** Header (lower-case, spaces as `_`) -> trimmed text. */
  cells: Record<string, string>;
}

export class SheetFileError extends Error {}

export const MAX_SHEET_ROWS = 10_000;

const ZIP = [0x50, 0x4b, 0x03, 0x04];
const OLE = [0xd0, 0xcf, 0x11, 0xe0];

export function sniffSheetFormat(data: Buffer): SheetFormat {
  const starts = (sig: number[]) => sig.every((b, i) => data[i] === b);
  if (starts(ZIP)) return 'xlsx';
  if (starts(OLE)) throw new SheetFileError('Old Excel files (.xls) are not supported: save the file as .xlsx or .csv');
  if (data.includes(0)) throw new SheetFileError('The file must be a CSV or XLSX file');
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(data);
  } catch {
    throw new SheetFileError('The CSV file must be UTF-8 text');
  }
  return 'csv';
}

/** `,` unless the header line has none: then `;`, or a tab. */
function separatorOf(firstLine: string): string {
  if (firstLine.includes(',')) return ',';
  if (firstLine.includes(';')) return ';';
  if (firstLine.includes('\t')) return '\t';
  return ',';
}

/** The fields of one record's text (RFC 4180 quoting); the text holds the whole record (quoted line breaks too). */
function parseQuotedRecord(text: string, sep: string, record: number): string[] {
  const fields: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length;) {
    const ch = text[i]!;
    if (quoted) {
      if (ch === '"') {
        if (text[i + 1] === '"') {
          field += '"';
          i += 2;
        } else {
          quoted = false;
          i++;
        }
      } else {
        field += ch;
        i++;
      }
    } else if (ch === '"' && field === '') {
      quoted = true;
      i++;
    } else if (ch === sep) {
      fields.push(field);
      field = '';
      i++;
    } else {
      field += ch;
      i++;
    }
  }
  if (quoted) throw new SheetFileError(`The CSV file has an unclosed quote (record ${record})`);
  fields.push(field);
  return fields;
}

const LF = 10;
const CR = 13;
const QUOTE = 34;

/**
 * Calls `fn` with each CSV record (its fields and its number, the first being 1). Works on the bytes: a record
 * without quotes is decoded on its own and split at once; one with quotes is delimited byte by byte (the separators,
 * quotes and line breaks are ASCII, never part of a UTF-8 sequence) and parsed by RFC 4180. Each record is a small
 * string of its own, never a slice of the whole file (V8 can fall off a cliff on millions of slices of one string).
 */
export function eachCsvRecord(input: Buffer | string, fn: (fields: string[], record: number) => void): void {
  const buf = typeof input === 'string' ? Buffer.from(input, 'utf8') : input;
  const n = buf.length;
  let pos = n >= 3 && buf[0] === 0xef && buf[1] === 0xbb && buf[2] === 0xbf ? 3 : 0;
  const firstEnd = buf.indexOf(LF, pos);
  const sep = separatorOf(buf.toString('utf8', pos, firstEnd < 0 ? n : firstEnd));
  let record = 0;
  // The next quote at or after `pos` (-1: none left); searched again only once passed, so a file without quotes is
  // scanned once, not once per line.
  let quote = buf.indexOf(QUOTE, pos);
  while (pos < n) {
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
    // A record with quotes: it ends at the first line break outside quotes (quotes as parseQuotedRecord reads them).
    const sepByte = sep.charCodeAt(0);
    let quoted = false;
    let fieldStart = true;
    let i = pos;
    for (; i < n; i++) {
      const b = buf[i];
      if (quoted) {
        if (b === QUOTE) {
          if (buf[i + 1] === QUOTE) i++;
          else quoted = false;
        }
      } else if (b === LF) break;
      else if (b === QUOTE && fieldStart) quoted = true;
      fieldStart = !quoted && b === sepByte;
    }
    if (quoted) throw new SheetFileError(`The CSV file has an unclosed quote (record ${record})`);
    const recEnd = i > pos && buf[i - 1] === CR ? i - 1 : i;
    fn(parseQuotedRecord(buf.toString('utf8', pos, recEnd), sep, record), record);
    pos = i + 1;
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

async function xlsxRecords(data: Buffer): Promise<string[][]> {
  const wb = new ExcelJS.Workbook();
  try {
    await wb.xlsx.load(data as unknown as ArrayBuffer);
  } catch {
    throw new SheetFileError('The XLSX file cannot be read');
  }
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
  const format = sniffSheetFormat(data);
  const records = format === 'csv' ? parseCsvRecords(data.toString('utf8')) : await xlsxRecords(data);
  const header = (records[0] ?? []).map(headerKey);
  const missing = required.filter((c) => !header.includes(c));
  if (missing.length > 0) throw new SheetFileError(`Missing columns: ${missing.join(', ')} (expected ${all.join(', ')})`);
  const rows: SheetRow[] = [];
  for (let i = 1; i < records.length; i++) {
    const rec = records[i]!;
    if (rec.every((v) => v.trim() === '')) continue;
    const cells: Record<string, string> = {};
    header.forEach((h, j) => {
      if (h) cells[h] = (rec[j] ?? '').trim();
    });
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
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet(sheetName);
  ws.addRow([...header]).font = { bold: true };
  for (const r of rows) ws.addRow(r.map((v) => (v == null ? null : v)));
  ws.columns.forEach((col) => {
    col.width = 16;
  });
  return Buffer.from(await wb.xlsx.writeBuffer());
}
