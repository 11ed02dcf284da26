/**
 * Reading instrument readings files (upload type `instrument`): CSV (UTF-8, optional BOM, `,` `;` or tab, RFC 4180
 * quoting) or XLSX (first worksheet), in the long layout (one reading per row: instrument, date_time, reading_code,
 * value, optional depth and contract) or the wide layout (instrument, date_time, optional depth and contract, then one
 * column per reading code). The format is decided by the content (`openSheet`: an XLSX is checked as a ZIP within
 * limits holding a workbook before exceljs reads it), the layout by the header.
 *
 * Built for large files: the CSV bytes are scanned line by line (a line without quotes is split at once) and every row
 * goes to a callback, so nothing but the file is held. Row numbers count the header as row 1.
 */
import type ExcelJS from 'exceljs';
import { ownValue } from '@strata/shared';
import { eachCsvRecordInSlices, openSheet, SheetFileError, type SheetFormat } from '../../lib/sheet-file.js';

export type ReadingLayout = 'long' | 'wide';

/** A date-time cell: text, or (XLSX) a wall-clock time whose UTC fields are the local date and time. */
export type TimeCell = string | { wall: number };

export interface ReadingCell {
  /** The column the value came from: `value` (long) or the reading code header (wide). */
  field: string;
  code: string;
  value: string | number;
}

export interface ReadingRow {
  row: number;
  instrument: string;
  contract: string;
  depth: string;
  time: TimeCell;
  cells: ReadingCell[];
}

const ALIASES: Record<string, string> = {
  instrument: 'instrument',
  instrument_name: 'instrument',
  name: 'instrument',
  date_time: 'date_time',
  datetime: 'date_time',
  date: 'date_time',
  timestamp: 'date_time',
  taken_at: 'date_time',
  time: 'date_time',
  reading_code: 'reading_code',
  code: 'reading_code',
  value: 'value',
  reading_value: 'value',
  depth: 'depth',
  contract: 'contract',
  contract_no: 'contract',
};

const headerKey = (h: string) =>
  h
    .trim()
    .toLowerCase()
    .replace(/[\s-]+/g, '_');

interface Columns {
  layout: ReadingLayout;
  instrument: number;
  dateTime: number;
  code: number;
  value: number;
  depth: number;
  contract: number;
  /** Wide layout: [column, header text]. */
  codes: [number, string][];
}

function columnsOf(header: string[]): Columns {
  const at: Record<string, number> = {};
  const others: [number, string][] = [];
  header.forEach((h, i) => {
    const text = h.trim();
    if (!text) return;
    const key = ownValue(ALIASES, headerKey(text));
    if (key && at[key] === undefined) at[key] = i;
    else others.push([i, text]);
  });
  const missing = ['instrument', 'date_time'].filter((k) => at[k] === undefined);
  const hasCode = at.reading_code !== undefined;
  const hasValue = at.value !== undefined;
  if (hasCode !== hasValue) missing.push(hasCode ? 'value' : 'reading_code');
  if (missing.length > 0) {
    throw new SheetFileError(
      `Missing columns: ${missing.join(', ')} (long layout: instrument, date_time, reading_code, value, optional depth and contract; wide layout: instrument, date_time, optional depth and contract, then one column per reading code)`,
    );
  }
  const layout: ReadingLayout = hasCode ? 'long' : 'wide';
  if (layout === 'wide' && others.length === 0)
    throw new SheetFileError('The file has no reading code columns (wide layout) and no reading_code and value columns (long layout)');
  return {
    layout,
    instrument: at.instrument!,
    dateTime: at.date_time!,
    code: at.reading_code ?? -1,
    value: at.value ?? -1,
    depth: at.depth ?? -1,
    contract: at.contract ?? -1,
    codes: layout === 'wide' ? others : [],
  };
}

function toRow(c: Columns, row: number, get: (i: number) => string | number | Date | undefined): ReadingRow | undefined {
  const text = (i: number) => {
    if (i < 0) return '';
    const v = get(i);
    return v === undefined ? '' : v instanceof Date ? v.toISOString() : String(v).trim();
  };
  const timeRaw = get(c.dateTime);
  const time: TimeCell = timeRaw instanceof Date ? { wall: timeRaw.getTime() } : typeof timeRaw === 'number' ? excelSerial(timeRaw) : (timeRaw ?? '').trim();
  const cells: ReadingCell[] = [];
  if (c.layout === 'long') {
    const v = get(c.value);
    cells.push({ field: 'value', code: text(c.code), value: typeof v === 'number' ? v : (v ?? '').toString().trim() });
  } else {
    for (const [i, header] of c.codes) {
      const v = get(i);
      if (v === undefined || v === '' || (typeof v === 'string' && v.trim() === '')) continue;
      cells.push({ field: header, code: header, value: typeof v === 'number' ? v : v.toString().trim() });
    }
  }
  const instrument = text(c.instrument);
  const contract = text(c.contract);
  const depth = text(c.depth);
  // A blank row is skipped.
  if (!instrument && !contract && !depth && time === '' && cells.every((x) => x.value === '' && !x.code)) return undefined;
  return { row, instrument, contract, depth, time, cells };
}

const fieldAt = (f: string[], i: number) => (i >= 0 && i < f.length ? f[i]!.trim() : '');

/**
 * A CSV record as a row (the common case, without the generic cell access of `toRow`). No closure is made per row:
 * the server runs through tsx, which names every function it creates, and that costs per call.
 */
function rowFromFields(c: Columns, row: number, f: string[]): ReadingRow | undefined {
  const instrument = fieldAt(f, c.instrument);
  const time = fieldAt(f, c.dateTime);
  const contract = fieldAt(f, c.contract);
  const depth = fieldAt(f, c.depth);
  let cells: ReadingCell[];
  if (c.layout === 'long') {
    const code = fieldAt(f, c.code);
    const value = fieldAt(f, c.value);
    if (!instrument && !time && !code && !value && !contract && !depth) return undefined;
    cells = [{ field: 'value', code, value }];
  } else {
    cells = [];
    for (const [i, header] of c.codes) {
      const v = fieldAt(f, i);
      if (v !== '') cells.push({ field: header, code: header, value: v });
    }
    if (!instrument && !time && !contract && !depth && cells.length === 0) return undefined;
  }
  return { row, instrument, contract, depth, time, cells };
}

/** An Excel date serial (days since 1899-12-30) as a wall-clock time; other numbers stay text. */
function excelSerial(n: number): TimeCell {
  if (n > 1 && n < 2_958_466) return { wall: Math.round((n - 25569) * 86_400_000) };
  return String(n);
}

function cellOf(value: ExcelJS.CellValue): string | number | Date | undefined {
  if (value == null) return undefined;
  if (value instanceof Date || typeof value === 'number' || typeof value === 'string') return value;
  if (typeof value === 'boolean') return String(value);
  if (typeof value === 'object') {
    if ('richText' in value) return value.richText.map((r) => r.text).join('');
    if ('result' in value) return cellOf(value.result as ExcelJS.CellValue);
    if ('text' in value && typeof value.text === 'string') return value.text;
  }
  return undefined;
}

export interface ReadingFileInfo {
  format: SheetFormat;
  layout: ReadingLayout;
  /** Data rows seen (blank ones excluded). */
  rows: number;
}

/** XLSX rows between two progress reports (CSV: every 64 KB). */
const XLSX_ROWS_PER_STEP = 2000;

/**
 * Reads a readings file and calls `onRow` for every data row, in file order. File-level problems (not a CSV/XLSX
 * file, an XLSX that is not a workbook within the limits, no header, missing columns, an unclosed quote) throw a
 * SheetFileError. `onProgress(fraction)` is awaited as the file is read (CSV: by bytes; XLSX: by rows, once loaded).
 */
export async function readReadingFile(
  data: Buffer,
  onRow: (row: ReadingRow) => void,
  onProgress: (fraction: number) => void | Promise<void> = () => undefined,
): Promise<ReadingFileInfo> {
  const sheet = await openSheet(data);
  let columns: Columns | undefined;
  let rows = 0;
  if (sheet.format === 'csv') {
    await eachCsvRecordInSlices(
      data,
      (fields, record) => {
        if (!columns) {
          if (fields.every((f) => f.trim() === '')) return;
          columns = columnsOf(fields);
          return;
        }
        const r = rowFromFields(columns, record, fields);
        if (r) {
          rows++;
          onRow(r);
        }
      },
      (read, total) => onProgress(read / total),
    );
  } else {
    const ws = sheet.workbook.worksheets[0];
    if (!ws) throw new SheetFileError('The XLSX file has no worksheet');
    const last = ws.rowCount;
    // As `eachRow({ includeEmpty: false })`, with a progress report every so many rows.
    for (let rowNumber = 1; rowNumber <= last; rowNumber++) {
      if (rowNumber % XLSX_ROWS_PER_STEP === 0) await onProgress(rowNumber / last);
      const row = ws.findRow(rowNumber);
      if (!row?.hasValues) continue;
      const values = row.values as ExcelJS.CellValue[];
      const get = (i: number) => cellOf(values[i + 1]);
      if (!columns) {
        const header: string[] = [];
        for (let i = 1; i < values.length; i++) header[i - 1] = String(get(i - 1) ?? '');
        if (header.every((h) => h.trim() === '')) continue;
        columns = columnsOf(header);
        continue;
      }
      const r = toRow(columns, rowNumber, get);
      if (r) {
        rows++;
        onRow(r);
      }
    }
    await onProgress(1);
  }
  if (!columns) throw new SheetFileError('The file is empty: it needs a header row and readings');
  if (rows === 0) throw new SheetFileError('The file has no readings');
  return { format: sheet.format, layout: columns.layout, rows };
}
