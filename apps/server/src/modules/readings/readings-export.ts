/**
 * The readings download (`GET /instruments/{id}/readings/export`): every reading of the range, not downsampled, as CSV
 * or XLSX, written while it is read — pages of `PAGE_ROWS` readings by key (`readingsPage`), series after series — so
 * a million rows never sit in memory as rows. The columns are those of the upload template's long layout plus the
 * unit, so a downloaded file can be uploaded again.
 */
import { once } from 'node:events';
import { PassThrough, Readable } from 'node:stream';
import { READINGS_EXPORT_XLSX_MAX_ROWS, type TReadingsExportFormat } from '@strata/shared';
import type { Executor } from '../../db/client.js';
import { zoneOffsetMs } from '../../lib/zoned-time.js';
import { readingsPage, type SeriesView } from './readings.repository.js';

export const READINGS_EXPORT_COLUMNS = ['instrument', 'date_time', 'reading_code', 'depth', 'value', 'unit'] as const;

/** Readings per page read from the database. */
const PAGE_ROWS = 20_000;

/** The XLSX row cap (a test lowers it rather than writing a million readings). */
export const exportLimits = { xlsxMaxRows: READINGS_EXPORT_XLSX_MAX_ROWS };

/** An instant as ISO 8601 in a time zone, with its offset: `2026-03-01T09:00:00+08:00` (milliseconds when not zero). */
export function isoInZone(ms: number, tz: string): string {
  const off = zoneOffsetMs(tz, ms);
  const local = new Date(ms + off).toISOString(); // YYYY-MM-DDTHH:mm:ss.sssZ, the wall clock of the zone
  const abs = Math.abs(off) / 60_000;
  const zone = `${off < 0 ? '-' : '+'}${String(Math.floor(abs / 60)).padStart(2, '0')}:${String(abs % 60).padStart(2, '0')}`;
  return `${local.endsWith('.000Z') ? local.slice(0, 19) : local.slice(0, 23)}${zone}`;
}

/**
 * An instant as the spec shows every time, `DD/MM/YYYY HH:mm:ss` on the wall clock of the time zone setting
 * (`.SSS` added only when there are milliseconds, so no reading is rounded): what the upload reads back in the same
 * setting (decision 029).
 */
export function wallClockInZone(ms: number, tz: string): string {
  const local = new Date(ms + zoneOffsetMs(tz, ms)).toISOString(); // YYYY-MM-DDTHH:mm:ss.sssZ
  const time = local.endsWith('.000Z') ? local.slice(11, 19) : local.slice(11, 23);
  return `${local.slice(8, 10)}/${local.slice(5, 7)}/${local.slice(0, 4)} ${time}`;
}

/** A text cell of the CSV: a leading formula character is neutralised with `'` (CSV injection), quotes when needed. */
function csvText(s: string): string {
  const safe = /^[=+\-@\t\r]/.test(s) ? `'${s}` : s;
  return /[",\r\n;]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

export interface ExportSource {
  db: Executor;
  instrumentName: string;
  series: SeriesView[];
  fromMs: number | null;
  toMs: number | null;
  timezone: string;
}

/** Every reading of each series in the range, a page at a time. */
async function* pages(src: ExportSource): AsyncGenerator<{ s: SeriesView; rows: { t: number; v: number }[] }> {
  for (const s of src.series) {
    let after: number | null = null;
    for (;;) {
      const rows = await readingsPage(src.db, s.seriesId, { fromMs: src.fromMs, afterMs: after, toMs: src.toMs }, PAGE_ROWS);
      if (rows.length === 0) break;
      yield { s, rows };
      if (rows.length < PAGE_ROWS) break;
      after = rows[rows.length - 1]!.t;
    }
  }
}

async function* csvChunks(src: ExportSource): AsyncGenerator<string> {
  yield `\ufeff${READINGS_EXPORT_COLUMNS.join(',')}\r\n`;
  const name = csvText(src.instrumentName);
  for await (const { s, rows } of pages(src)) {
    const tail = `,${csvText(s.code)},${s.depth ?? ''},`;
    const unit = `,${csvText(s.unit)}\r\n`;
    const parts = new Array<string>(rows.length);
    for (let i = 0; i < rows.length; i++) parts[i] = `${name},${wallClockInZone(rows[i]!.t, src.timezone)}${tail}${rows[i]!.v}${unit}`;
    yield parts.join('');
  }
}

/** XLSX through exceljs's streaming writer (rows are committed as they come), paused while the reader is behind. */
function xlsxStream(src: ExportSource): Readable {
  const out = new PassThrough();
  const write = async () => {
    // exceljs is loaded on first use: its import is slow, and most processes never write a workbook.
    const { default: ExcelJS } = await import('exceljs');
    const wb = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false });
    const ws = wb.addWorksheet('Readings', { views: [{ state: 'frozen', ySplit: 1 }] });
    ws.columns = READINGS_EXPORT_COLUMNS.map((header, i) => ({ header, width: [18, 24, 14, 8, 14, 8][i] }));
    ws.getRow(1).font = { bold: true };
    ws.getRow(1).commit();
    for await (const { s, rows } of pages(src)) {
      if (out.destroyed) return;
      for (const r of rows) ws.addRow([src.instrumentName, wallClockInZone(r.t, src.timezone), s.code, s.depth, r.v, s.unit]).commit();
      if (out.writableNeedDrain) await Promise.race([once(out, 'drain'), once(out, 'close')]);
    }
    ws.commit();
    await wb.commit();
  };
  write().catch((err: unknown) => out.destroy(err as Error));
  return out;
}

/** The file as a stream: the caller checked access and the row cap. */
export function readingsFile(format: TReadingsExportFormat, src: ExportSource): Readable {
  return format === 'csv' ? Readable.from(csvChunks(src)) : xlsxStream(src);
}

/** `<instrument>_readings_<from>_<to>.<format>`: dates (YYYY-MM-DD in the time zone) of the range asked, else of the data. */
export function exportFileName(instrument: string, format: TReadingsExportFormat, fromDate: string, toDate: string): string {
  const safe = instrument.replace(/[\\/:*?"<>|\s]+/g, '_');
  return `${safe}_readings_${fromDate}_${toDate}.${format}`;
}
