import { TEMPLATE_TABLE_RANGES, TEMPLATE_WORKBOOK_LIMITS, zoneOffsetMs, type TemplatePlaceholder } from '@strata/shared';
import type ExcelJS from 'exceljs';
import type { RenderReport, ReportBlock, ReportColumn, ReportRow } from '../report-document.js';
import { cellText, namedRanges, PLACEHOLDER, type NamedRange } from './workbook-check.js';

/** What the placeholders of a workbook template become: text, or a day / an instant (a real date in the cell). */
export type PlaceholderValues = Record<TemplatePlaceholder, string | { day: string } | { instant: Date }>;

type Table = Extract<ReportBlock, { kind: 'table' }>;

/** An instant as the wall-clock time of the zone, in a Date's UTC fields (what ExcelJS writes as a date serial). */
const wall = (d: Date, tz: string) => new Date(d.getTime() + zoneOffsetMs(tz, d.getTime()));

function placeholderCell(v: PlaceholderValues[TemplatePlaceholder], tz: string): { value: ExcelJS.CellValue; format?: string } {
  if (typeof v === 'string') return { value: v };
  if ('day' in v) return { value: new Date(`${v.day}T00:00:00Z`), format: 'yyyy-mm-dd' };
  return { value: wall(v.instant, tz), format: 'yyyy-mm-dd hh:mm' };
}

function placeholderText(v: PlaceholderValues[TemplatePlaceholder]): string {
  return typeof v === 'string' ? v : 'day' in v ? v.day : v.instant.toISOString();
}

/** Fills every `{{placeholder}}` of the workbook; a cell that is exactly one placeholder of a date gets a real date. */
export function fillPlaceholders(wb: ExcelJS.Workbook, values: PlaceholderValues, tz: string, generatedText: string): void {
  wb.eachSheet((ws) =>
    ws.eachRow({ includeEmpty: false }, (row) =>
      row.eachCell({ includeEmpty: false }, (cell) => {
        const text = cellText(cell.value);
        if (text === undefined || !text.includes('{{')) return;
        const whole = /^\s*\{\{\s*([^{}]*?)\s*\}\}\s*$/.exec(text)?.[1] as TemplatePlaceholder | undefined;
        if (whole && values[whole] !== undefined) {
          const { value, format } = placeholderCell(values[whole], tz);
          cell.value = value;
          if (format && !cell.numFmt) cell.numFmt = format;
          return;
        }
        cell.value = text.replace(PLACEHOLDER, (all, name: string) => {
          if (name === 'generated.at') return generatedText;
          const v = values[name as TemplatePlaceholder];
          return v === undefined ? all : placeholderText(v);
        });
      }),
    ),
  );
}

/** An A1 reference in a formula (not a function name, not in a sheet-qualified or quoted part). */
const A1 = /(?<![A-Za-z0-9_.!'"$])(\$?)([A-Z]{1,3})(\$?)(\d+)(?::(\$?)([A-Z]{1,3})(\$?)(\d+))?(?![A-Za-z0-9_(])/g;

/**
 * A formula after `inserted` rows were inserted under row `bottom` of its sheet: references below move down, a range
 * ending on the table's last row grows with it (`SUM(C5:C5)` under a table from row 5 becomes `SUM(C5:C9)`). Only
 * references to the same sheet written without a sheet name are adjusted.
 */
export function shiftFormula(formula: string, bottom: number, inserted: number): string {
  const parts = formula.split('"');
  return parts
    .map((part, i) =>
      i % 2 === 1
        ? part
        : part.replace(A1, (all, c1: string, col1: string, r1: string, row1: string, c2?: string, col2?: string, r2?: string, row2?: string) => {
            const a = Number(row1);
            if (row2 === undefined) return a > bottom ? `${c1}${col1}${r1}${a + inserted}` : all;
            const b = Number(row2);
            return `${c1}${col1}${r1}${a > bottom ? a + inserted : a}:${c2}${col2}${r2}${b >= bottom ? b + inserted : b}`;
          }),
    )
    .join('"');
}

/** A column number as its letters (1 = A, 27 = AA). */
export function letters(n: number): string {
  let out = '';
  for (let k = n; k > 0; k = Math.floor((k - 1) / 26)) out = String.fromCharCode(65 + ((k - 1) % 26)) + out;
  return out;
}

function cellValue(v: ReportRow[number], column: ReportColumn | undefined, tz: string): ExcelJS.CellValue {
  if (v === null || v === undefined) return null;
  if (v instanceof Date) return column?.type === 'date' ? v : wall(v, tz);
  if (typeof v === 'object') return v.level;
  return v;
}

/**
 * Fills a table range from a report table: its first row is the template row (its styles and number formats are
 * copied to every row); rows are inserted under the range when the table is longer than the range, so content below
 * moves down and formulas referring to the range grow with it. At most TEMPLATE_WORKBOOK_LIMITS.maxTableRows rows.
 */
export async function fillRange(wb: ExcelJS.Workbook, range: NamedRange, table: Table, tz: string): Promise<number> {
  const ws = wb.getWorksheet(range.sheet);
  if (!ws) return 0;
  const width = range.right - range.left + 1;
  const styles = Array.from({ length: width }, (_, j) => ({ ...ws.getRow(range.top).getCell(range.left + j).style }));
  const rows: ReportRow[] = [];
  let more = false;
  for await (const row of table.rows) {
    if (rows.length >= TEMPLATE_WORKBOOK_LIMITS.maxTableRows) {
      more = true;
      break;
    }
    rows.push(row);
  }
  const capacity = range.bottom - range.top + 1;
  const needed = rows.length + (more ? 1 : 0);
  const inserted = Math.max(0, needed - capacity);
  if (inserted > 0) {
    ws.spliceRows(range.bottom + 1, 0, ...Array.from({ length: inserted }, () => []));
    wb.eachSheet((sheet) =>
      sheet.eachRow((row) =>
        row.eachCell((cell) => {
          const v = cell.value;
          if (sheet === ws && v && typeof v === 'object' && 'formula' in v && typeof v.formula === 'string') {
            cell.value = { formula: shiftFormula(v.formula, range.bottom, inserted) } as ExcelJS.CellFormulaValue;
          }
        }),
      ),
    );
    // The named range covers the filled rows too.
    wb.definedNames.add(
      `'${range.sheet.replace(/'/g, "''")}'!$${letters(range.left)}$${range.top}:$${letters(range.right)}$${range.bottom + inserted}`,
      range.name,
    );
  }
  rows.forEach((row, i) => {
    const r = ws.getRow(range.top + i);
    for (let j = 0; j < width; j++) {
      const cell = r.getCell(range.left + j);
      cell.style = { ...styles[j] };
      cell.value = cellValue(row[j] ?? null, table.columns[j], tz);
      if (row[j] instanceof Date && !cell.numFmt) cell.numFmt = table.columns[j]?.type === 'date' ? 'yyyy-mm-dd' : 'yyyy-mm-dd hh:mm';
    }
  });
  if (more) ws.getRow(range.top + rows.length).getCell(range.left).value = `More rows were left out (at most ${TEMPLATE_WORKBOOK_LIMITS.maxTableRows})`;
  return rows.length;
}

/**
 * The renderer of a report made with an Excel template (decision 041): the user's workbook, read and written back by
 * ExcelJS (its styles, number formats, formulas and named ranges kept), its placeholders filled and each table range
 * filled from the report's first table tagged with that range. Other blocks are not written. ExcelJS (4.4) does not
 * read charts: a chart of the user's workbook is not in the report (exceljs issues #141, #1734).
 */
export function workbookRenderer(bytes: Buffer, values: PlaceholderValues, tz: string, generatedText: string): RenderReport {
  return async (doc, sink, onSection) => {
    const { default: Excel } = await import('exceljs');
    const wb = new Excel.Workbook();
    await wb.xlsx.load(bytes as unknown as ArrayBuffer);
    fillPlaceholders(wb, values, tz, generatedText);
    const filled = new Set<string>();
    let section = 0;
    for await (const block of doc.blocks) {
      if (block.kind === 'heading' && block.level === 1) onSection(++section, block.text);
      if (block.kind !== 'table' || !block.range || filled.has(block.range)) continue;
      // Looked up at each fill: a range below one filled before has moved down.
      const range = namedRanges(wb).find((r) => r.name === block.range);
      if (!range || !(TEMPLATE_TABLE_RANGES as readonly string[]).includes(range.name)) continue;
      filled.add(block.range);
      await fillRange(wb, range, block, tz);
    }
    wb.calcProperties.fullCalcOnLoad = true;
    // Report and document protection: the settings' sheet password locks every sheet, as in the default workbook.
    if (doc.sheetPassword) {
      const options = { selectLockedCells: true, selectUnlockedCells: true, formatColumns: true, formatRows: true };
      for (const sheet of wb.worksheets) await sheet.protect(doc.sheetPassword, options);
    }
    const out = await wb.xlsx.writeBuffer();
    await sink.write(new Uint8Array(out as ArrayBuffer));
  };
}
