/**
 * The CSV renderer (issue 21, decision 041): the document's tables as comma-separated text (RFC 4180: fields with a
 * comma, quote or line break are quoted, quotes doubled, lines end CRLF), each table under its section's heading on a
 * line of its own and a blank line between tables. Numbers keep the column's decimals; instants are the report zone's
 * wall clock as `YYYY-MM-DD HH:mm:ss`, days `YYYY-MM-DD`; levels their text. Paragraphs, facts, charts, maps and images
 * are left out. Starts with a UTF-8 byte order mark so spreadsheet programs read non-ASCII text right.
 */
import { zoneOffsetMs } from '@strata/shared';
import type { RenderReport, ReportCell, ReportColumn, LevelCell } from './report-document.js';
import { cellText, forEachRow, isLevelCell } from './report-render-common.js';

/** Rows gathered before one write to the sink. */
const ROWS_PER_WRITE = 500;

/** One field, quoted when it must be (RFC 4180). */
export function csvField(value: string): string {
  return /[",\r\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
}

export const csvLine = (fields: readonly string[]) => `${fields.map(csvField).join(',')}\r\n`;

/** An instant as the zone's wall clock, `YYYY-MM-DD HH:mm:ss` (or `YYYY-MM-DD` for a date column). */
export function csvTime(value: Date, column: ReportColumn | undefined, timezone: string): string {
  const ms = value.getTime();
  if (!Number.isFinite(ms)) return '';
  const wall = new Date(ms + zoneOffsetMs(timezone, ms)).toISOString();
  return column?.type === 'date' ? wall.slice(0, 10) : `${wall.slice(0, 10)} ${wall.slice(11, 19)}`;
}

function csvCell(value: ReportCell | LevelCell, column: ReportColumn | undefined, timezone: string): string {
  if (value instanceof Date) return csvTime(value, column, timezone);
  if (isLevelCell(value)) return value.level;
  return cellText(value, column, timezone);
}

export const renderCsv: RenderReport = async (doc, sink, onSection) => {
  const enc = new TextEncoder();
  await sink.write(new Uint8Array([0xef, 0xbb, 0xbf]));
  let section = 0;
  let heading = doc.title;
  let first = true;
  for await (const block of doc.blocks) {
    if (block.kind === 'heading') {
      if (block.level === 1) onSection(++section, block.text);
      heading = block.text;
      continue;
    }
    if (block.kind !== 'table') continue;
    let text = (first ? '' : '\r\n') + csvLine([heading]) + csvLine(block.columns.map((c) => c.header));
    first = false;
    let pending = 0;
    await forEachRow(block.rows, async (row) => {
      text += csvLine(row.map((cell, i) => csvCell(cell, block.columns[i], doc.timezone)));
      if (++pending >= ROWS_PER_WRITE) {
        await sink.write(enc.encode(text));
        text = '';
        pending = 0;
      }
    });
    if (text) await sink.write(enc.encode(text));
  }
};
