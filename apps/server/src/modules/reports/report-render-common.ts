/**
 * What the three report renderers share: a cell as text (numbers with the column's decimals, instants in the report's
 * zone), level chips' colours, and the rows of a table block read one at a time whether they are an array, a
 * generator or a cursor.
 */
import { formatDate, formatDateTime } from '@strata/shared';
import type { LevelCell, ReportCell, ReportColumn, ReportRow } from './report-document.js';

export function isLevelCell(value: unknown): value is LevelCell {
  return typeof value === 'object' && value !== null && !(value instanceof Date) && 'level' in value && 'color' in value;
}

/** A cell as the report shows it: '' for null, a number to the column's decimals, a date-time in the zone. */
export function cellText(value: ReportCell | LevelCell, column: ReportColumn | undefined, timezone: string): string {
  if (value === null || value === undefined) return '';
  if (isLevelCell(value)) return value.level;
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) return '';
    return column?.decimals !== undefined ? value.toFixed(column.decimals) : String(value);
  }
  if (value instanceof Date) return column?.type === 'date' ? formatDate(value, timezone) : formatDateTime(value, timezone);
  return String(value);
}

/** How a column is aligned: as asked, else numbers right and the rest left. */
export function columnAlign(column: ReportColumn): 'left' | 'right' | 'center' {
  return column.align ?? (column.type === 'number' ? 'right' : 'left');
}

/** Black or white, whichever reads better on a `#rrggbb` (or `#rgb`) background. */
export function textOn(color: string): '#000000' | '#ffffff' {
  const hex = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(color.trim())?.[1];
  if (!hex) return '#000000';
  const full = hex.length === 3 ? [...hex].map((c) => c + c).join('') : hex;
  const [r, g, b] = [0, 2, 4].map((i) => parseInt(full.slice(i, i + 2), 16) / 255) as [number, number, number];
  const lin = (c: number) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4);
  const luminance = 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b);
  return luminance > 0.4 ? '#000000' : '#ffffff';
}

/**
 * Calls `fn` with each row of a table block in turn (an array, a generator or an async cursor), holding one row at a
 * time; `fn` may return a promise (to wait for the sink), which is awaited before the next row.
 */
export async function forEachRow(rows: Iterable<ReportRow> | AsyncIterable<ReportRow>, fn: (row: ReportRow) => void | Promise<void>): Promise<void> {
  if (Symbol.asyncIterator in rows) {
    for await (const row of rows) await fn(row);
    return;
  }
  for (const row of rows) {
    const waiting = fn(row);
    if (waiting) await waiting;
  }
}

/** The text shown for a table without rows. */
export const EMPTY_TABLE = 'No data';

/** The "Generated" fact of a document, else the time now in its zone. */
export function generatedText(facts: readonly (readonly [string, string])[], timezone: string, now = new Date()): string {
  // 生成时间: the label of a custom template in Chinese (decision 041).
  return facts.find(([label]) => /^(generated( (at|on))?|生成时间)$/i.test(label))?.[1] ?? formatDateTime(now, timezone);
}
