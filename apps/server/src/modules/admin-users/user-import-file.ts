/**
 * A bulk user upload: CSV or XLSX, read by the shared tabular-file reader (`lib/sheet-file.ts`: format by content,
 * RFC 4180 CSV, the first worksheet of an XLSX), and its template.
 */
import { USER_IMPORT_COLUMNS } from '@strata/shared';
import { readSheet, SheetFileError, type SheetFormat, type SheetRow } from '../../lib/sheet-file.js';

export type ImportFormat = SheetFormat;
export type { SheetRow };
export { SheetFileError as ImportFileError };

export const MAX_IMPORT_ROWS = 5000;

/** The data rows as header -> text (headers lower-cased and trimmed); blank rows are skipped. */
export function readImportFile(data: Buffer): Promise<{ format: ImportFormat; rows: SheetRow[] }> {
  const required = USER_IMPORT_COLUMNS.filter((c) => c !== 'contractor' && c !== 'contracts');
  return readSheet(data, required, USER_IMPORT_COLUMNS, MAX_IMPORT_ROWS);
}

/** The template: the header row (and in XLSX an Instructions sheet). */
export async function importTemplate(format: ImportFormat): Promise<Buffer> {
  if (format === 'csv') return Buffer.from(`${USER_IMPORT_COLUMNS.join(',')}\r\n`, 'utf8');
  // exceljs is loaded on first use (its import is slow; most processes never write a template).
  const { default: ExcelJS } = await import('exceljs');
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('Users');
  ws.addRow([...USER_IMPORT_COLUMNS]);
  ws.getRow(1).font = { bold: true };
  ws.columns.forEach((c) => (c.width = 22));
  const help = wb.addWorksheet('Instructions');
  help.addRows([
    ['Column', 'Required', 'What to enter'],
    ['login_name', 'yes', '3-32 characters: letters, digits, dot, underscore, hyphen (stored lower-case)'],
    ['fullname', 'yes', 'Full name'],
    ['email', 'yes', 'E-mail address (the activation mail goes there after approval)'],
    ['user_type', 'yes', 'Authority or Contractor'],
    ['role', 'yes', 'The name of an existing role'],
    ['contractor', 'for Contractor users', 'The name or registration no. of an existing contractor'],
    ['contracts', 'no', "Contract numbers separated by semicolons, e.g. T301;T302 (a Contractor user: only their contractor's)"],
  ]);
  help.getRow(1).font = { bold: true };
  help.columns.forEach((c, i) => (c.width = i === 2 ? 90 : 22));
  return Buffer.from(await wb.xlsx.writeBuffer());
}
