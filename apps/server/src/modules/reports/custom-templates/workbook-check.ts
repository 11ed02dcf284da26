import { TEMPLATE_PLACEHOLDERS, TEMPLATE_TABLE_RANGES, TEMPLATE_WORKBOOK_LIMITS, type TemplatePlaceholder, type TemplateTableRange } from '@strata/shared';
import type ExcelJS from 'exceljs';
import { detectFileKind } from '../../../lib/file-signature.js';
import { checkXlsxContainer, SheetFileError } from '../../../lib/sheet-file.js';

/** `{{ name }}` in a cell's text. */
export const PLACEHOLDER = /\{\{\s*([^{}]*?)\s*\}\}/g;

/** What a workbook template uses (ZCustomTemplate.workbook without its size). */
export interface WorkbookInfo {
  placeholders: string[];
  tables: string[];
  sheets: string[];
}

export type WorkbookCheck = { ok: true; info: WorkbookInfo; workbook: ExcelJS.Workbook } | { ok: false; problems: string[] };

/** A named range's name, sheet and bounds (`'Sheet 1'!$A$5:$D$5`). */
export interface NamedRange {
  name: string;
  sheet: string;
  top: number;
  left: number;
  bottom: number;
  right: number;
}

const REF = /^(?:'((?:[^']|'')+)'|([^!]+))!\$?([A-Z]{1,3})\$?(\d+)(?::\$?([A-Z]{1,3})\$?(\d+))?$/;

export function columnNumber(letters: string): number {
  return [...letters].reduce((n, ch) => n * 26 + ch.charCodeAt(0) - 64, 0);
}

/** The named ranges of a workbook (one entry per rectangle). */
export function namedRanges(wb: ExcelJS.Workbook): NamedRange[] {
  const model = (wb.definedNames as unknown as { model: { name: string; ranges: string[] }[] }).model;
  const out: NamedRange[] = [];
  for (const { name, ranges } of model) {
    for (const r of ranges) {
      const m = REF.exec(r);
      if (!m) continue;
      const top = Number(m[4]);
      const left = columnNumber(m[3]!);
      out.push({
        name,
        sheet: (m[1] ?? m[2]!).replace(/''/g, "'"),
        top,
        left,
        bottom: m[6] ? Number(m[6]) : top,
        right: m[5] ? columnNumber(m[5]) : left,
      });
    }
  }
  return out;
}

/** A cell's text when it holds text (plain or rich); undefined otherwise. */
export function cellText(value: ExcelJS.CellValue): string | undefined {
  if (typeof value === 'string') return value;
  if (value && typeof value === 'object' && 'richText' in value) return value.richText.map((r) => r.text).join('');
  return undefined;
}

const isPlaceholder = (name: string): name is TemplatePlaceholder => Object.hasOwn(TEMPLATE_PLACEHOLDERS, name);
const isTableRange = (name: string): name is TemplateTableRange => (TEMPLATE_TABLE_RANGES as readonly string[]).includes(name);

function distance(a: string, b: string): number {
  const d = Array.from({ length: a.length + 1 }, (_, i) => [i, ...Array<number>(b.length).fill(0)]);
  for (let j = 1; j <= b.length; j++) d[0]![j] = j;
  for (let i = 1; i <= a.length; i++)
    for (let j = 1; j <= b.length; j++) d[i]![j] = Math.min(d[i - 1]![j]! + 1, d[i]![j - 1]! + 1, d[i - 1]![j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
  return d[a.length]![b.length]!;
}

/**
 * The table range a named range was meant to be when it is not one exactly: another case, the singular, or a slip of
 * two letters (`Reading`, `reading`, `readngs`). Other named ranges (print areas, the user's own) are left alone.
 */
export function meantTable(name: string): TemplateTableRange | undefined {
  const n = name.toLowerCase();
  return TEMPLATE_TABLE_RANGES.find((t) => n === t || `${n}s` === t || `${n}es` === t || distance(n, t) <= 2);
}

/**
 * Checks an uploaded workbook template (decision 041): an .xlsx (its signature, a sound container, ExcelJS loads it),
 * at most TEMPLATE_WORKBOOK_LIMITS.maxBytes; every `{{…}}` in its cells a key of TEMPLATE_PLACEHOLDERS (at most
 * maxPlaceholders); every named range meant as a table one of TEMPLATE_TABLE_RANGES, on one row band of one sheet; at
 * least one placeholder or table range. All problems are reported, one line each, naming sheet and cell.
 */
export async function checkWorkbook(data: Buffer): Promise<WorkbookCheck> {
  if (data.length > TEMPLATE_WORKBOOK_LIMITS.maxBytes) {
    return { ok: false, problems: [`The file is ${data.length} bytes; a template workbook may be at most ${TEMPLATE_WORKBOOK_LIMITS.maxBytes} bytes`] };
  }
  if (detectFileKind(data, ['xlsx']) !== 'xlsx') return { ok: false, problems: ['The file is not an Excel workbook (.xlsx)'] };
  try {
    await checkXlsxContainer(data);
  } catch (err) {
    if (err instanceof SheetFileError) return { ok: false, problems: [err.message] };
    throw err;
  }
  const { default: Excel } = await import('exceljs');
  const wb = new Excel.Workbook();
  try {
    await wb.xlsx.load(data as unknown as ArrayBuffer);
  } catch {
    return { ok: false, problems: ['The workbook cannot be read (is it a damaged or password-protected .xlsx?)'] };
  }
  const problems: string[] = [];
  const placeholders = new Set<string>();
  let count = 0;
  wb.eachSheet((ws) => {
    ws.eachRow({ includeEmpty: false }, (row) => {
      row.eachCell({ includeEmpty: false }, (cell) => {
        const text = cellText(cell.value);
        if (text === undefined) return;
        for (const m of text.matchAll(PLACEHOLDER)) {
          count++;
          if (isPlaceholder(m[1]!)) placeholders.add(m[1]!);
          else problems.push(`Sheet "${ws.name}" cell ${cell.address}: unknown placeholder ${m[0]}`);
        }
      });
    });
  });
  if (count > TEMPLATE_WORKBOOK_LIMITS.maxPlaceholders) {
    problems.push(`The workbook holds ${count} placeholders; at most ${TEMPLATE_WORKBOOK_LIMITS.maxPlaceholders} are allowed`);
  }
  const tables = new Set<string>();
  for (const r of namedRanges(wb)) {
    const at = `Sheet "${r.sheet}" range ${r.name}`;
    if (isTableRange(r.name)) {
      if (tables.has(r.name)) problems.push(`${at}: the table range ${r.name} is defined more than once`);
      else if (!wb.getWorksheet(r.sheet)) problems.push(`${at}: the sheet does not exist`);
      tables.add(r.name);
      continue;
    }
    const meant = meantTable(r.name);
    if (meant) problems.push(`${at}: unknown table range ${r.name} (the table ranges are ${TEMPLATE_TABLE_RANGES.join(', ')}; did you mean ${meant}?)`);
  }
  if (placeholders.size === 0 && tables.size === 0 && problems.length === 0) {
    problems.push(`The workbook uses no placeholder (such as {{contract.no}}) and no table range (${TEMPLATE_TABLE_RANGES.join(', ')})`);
  }
  if (problems.length) return { ok: false, problems };
  const sheets: string[] = [];
  wb.eachSheet((ws) => sheets.push(ws.name));
  return { ok: true, info: { placeholders: [...placeholders].sort(), tables: [...tables].sort(), sheets }, workbook: wb };
}
