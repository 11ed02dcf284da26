/**
 * The XLSX renderer (issue 20, decision 039): ExcelJS's streaming WorkbookWriter writing into the sink. The first sheet
 * "Report" holds the title and the document's facts; each level-1 heading starts a sheet (named `sheet ?? text`, to
 * Excel's rules: at most 31 characters, none of : \ / ? * [ ], no apostrophe at either end, unique whatever the case).
 * Tables are rows under a bold header: numbers as numbers formatted to their decimals, instants as real Excel dates
 * (the report zone's wall clock) with a date-time format, levels as their text on their colour. Charts are a block of
 * their data (time, one column per line) with their threshold and predicted values; maps (svg) are left out.
 *
 * Rows are committed as they are written; every few thousand rows the renderer waits for the zip to take them and for
 * the sink to drain, so memory stays bounded whatever the number of rows.
 */
import { once } from 'node:events';
import { Writable } from 'node:stream';
import { zoneOffsetMs } from '@strata/shared';
import type ExcelJSNamespace from 'exceljs';
import type { RenderReport, ReportChart, ReportColumn, ReportDocument, ReportRow, ReportSink } from './report-document.js';
import { EMPTY_TABLE, forEachRow, isLevelCell, textOn } from './report-render-common.js';

type Workbook = InstanceType<typeof ExcelJSNamespace.stream.xlsx.WorkbookWriter>;
type Worksheet = ReturnType<Workbook['addWorksheet']>;
type Row = ReturnType<Worksheet['addRow']>;
/** The streaming sheet's protection as ExcelJS keeps it (not in its typings). */
type Locked = { sheetProtection: object };

/** Rows between two waits for the zip and the sink. */
const ROWS_PER_YIELD = 2000;
const DATE_TIME_FORMAT = 'dd/mm/yyyy hh:mm:ss';
const DATE_FORMAT = 'dd/mm/yyyy';
const HEADER_FILL = { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FFECEFF1' } } as const;
const BOLD = { bold: true } as const;

/** The `0.00` format of so many decimals. */
export function numberFormat(decimals: number): string {
  return decimals > 0 ? `0.${'0'.repeat(Math.min(decimals, 15))}` : '0';
}

/** A sheet name Excel accepts, unique (case-insensitive) among `used` (which it joins). */
export function sheetName(raw: string, used: Set<string>): string {
  let base = raw
    // eslint-disable-next-line no-control-regex
    .replace(/[:\\/?*[\]\u0000-\u001f]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/^'+|'+$/g, '')
    .trim();
  if (!base || base.toLowerCase() === 'history') base = base ? `${base} 1` : 'Sheet';
  base = base.slice(0, 31).trim();
  let name = base;
  for (let n = 2; used.has(name.toLowerCase()); n++) {
    const suffix = ` (${n})`;
    name = `${base.slice(0, 31 - suffix.length).trim()}${suffix}`;
  }
  used.add(name.toLowerCase());
  return name;
}

/** An instant as an Excel date showing the zone's wall clock (Excel dates have no zone: ExcelJS writes them as UTC). */
export function wallDate(value: Date, timezone: string): Date {
  const ms = value.getTime();
  return new Date(ms + zoneOffsetMs(timezone, ms));
}

/** `#rrggbb` as ExcelJS's ARGB. */
function argb(color: string): string {
  const hex = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(color.trim())?.[1];
  if (!hex) return 'FF9E9E9E';
  return `FF${(hex.length === 3 ? [...hex].map((c) => c + c).join('') : hex).toUpperCase()}`;
}

/** A Writable over the sink: each chunk written waits for the sink (backpressure reaches ExcelJS's zip). */
function sinkStream(sink: ReportSink): Writable {
  return new Writable({
    highWaterMark: 256 * 1024,
    write(chunk: Buffer, _encoding, callback) {
      sink.write(chunk).then(() => callback(), callback);
    },
  });
}

export const renderXlsx: RenderReport = async (report, sink, onSection) => {
  const { default: ExcelJS } = await import('exceljs');
  const stream = sinkStream(sink);
  let failed: unknown;
  stream.on('error', (err) => (failed ??= err));
  const wb = new ExcelJS.stream.xlsx.WorkbookWriter({ stream, useStyles: true, useSharedStrings: false });
  wb.creator = 'Strata';
  wb.title = report.title;
  const writer = new XlsxWriter(wb, report, stream, () => failed);
  writer.titleSheet();
  if (report.sheetPassword) await writer.lockSheets(report.sheetPassword);
  let section = 0;
  for await (const block of report.blocks) {
    if (block.kind === 'heading' && block.level === 1) {
      onSection(++section, block.text);
      writer.newSheet(block.sheet ?? block.text);
    }
    switch (block.kind) {
      case 'heading':
        writer.line(block.text, { bold: true, size: block.level === 1 ? 14 : 12 });
        break;
      case 'paragraph':
        writer.line(block.text);
        break;
      case 'facts':
        writer.facts(block.rows);
        break;
      case 'table':
        await writer.table(block.columns, block.rows, block.empty);
        break;
      case 'charts':
        for (const chart of block.charts) await writer.chart(chart);
        break;
      case 'svg':
      case 'image':
      case 'pageBreak':
        break;
    }
    await writer.settle();
  }
  writer.endSheet();
  await wb.commit();
  if (!stream.writableFinished) await once(stream, 'finish');
  if (failed) throw failed;
};

class XlsxWriter {
  private sheet: Worksheet | null = null;
  /** Rows added to the sheet but not committed: those before its first table (column widths are written first). */
  private pending: Row[] = [];
  private started = false;
  private readonly names = new Set<string>();
  private count = 0;
  /** Every sheet's protection (report protection, issue 21): hashed once, on the first sheet, and copied to the others. */
  private lock: object | undefined;

  constructor(
    private readonly wb: Workbook,
    private readonly report: ReportDocument,
    private readonly out: Writable,
    private readonly failed: () => unknown,
  ) {}

  titleSheet(): void {
    this.newSheet('Report');
    this.line(this.report.title, { bold: true, size: 16 });
    if (this.report.header) this.line(this.report.header, {});
    this.facts(this.report.facts);
    if (this.report.footer) this.line(this.report.footer, {});
    this.add([]);
  }

  /**
   * Locks this sheet and every later one for editing with the password (SHA-512, Excel's 100,000 rounds: once per
   * workbook, not per sheet). Cells can still be selected, and columns and rows resized.
   */
  async lockSheets(password: string): Promise<void> {
    if (!this.sheet) return;
    await this.sheet.protect(password, { selectLockedCells: true, selectUnlockedCells: true, formatColumns: true, formatRows: true });
    this.lock = (this.sheet as unknown as Locked).sheetProtection;
  }

  newSheet(name: string): void {
    this.endSheet();
    this.sheet = this.wb.addWorksheet(sheetName(name, this.names));
    if (this.lock) (this.sheet as unknown as Locked).sheetProtection = { ...this.lock };
    this.started = false;
    this.pending = [];
  }

  endSheet(): void {
    if (!this.sheet) return;
    this.start([]);
    this.sheet.commit();
    this.sheet = null;
  }

  /** The sheet's column widths (from its first table, else a default) and its rows so far, written. */
  private start(widths: readonly number[]): void {
    if (this.started || !this.sheet) return;
    this.sheet.columns = Array.from({ length: Math.max(widths.length, 2) }, (_, i) => ({ width: widths[i] ?? (i === 0 ? 24 : 18) }));
    for (const row of this.pending) row.commit();
    this.pending = [];
    this.started = true;
  }

  /** Adds a row, styled by `style` before it is committed (a committed row's style can no longer change). */
  private add(values: unknown[], style?: (row: Row) => void): Row {
    const row = this.sheet!.addRow(values);
    style?.(row);
    if (this.started) row.commit();
    else this.pending.push(row);
    return row;
  }

  line(text: string, font?: Partial<{ bold: boolean; size: number }>): void {
    this.add([text], font ? (row) => (row.getCell(1).font = font) : undefined);
  }

  facts(rows: readonly (readonly [string, string])[]): void {
    for (const [label, value] of rows) {
      this.add([label, value], (row) => (row.getCell(1).font = BOLD));
    }
  }

  /** Waits for the zip and the sink when they hold more than a little; throws what the sink threw. */
  async settle(): Promise<void> {
    const err = this.failed();
    if (err) throw err;
    await new Promise<void>((resolve) => setImmediate(resolve));
    if (this.out.writableNeedDrain) await once(this.out, 'drain');
    const after = this.failed();
    if (after) throw after;
  }

  async table(columns: readonly ReportColumn[], rows: Iterable<ReportRow> | AsyncIterable<ReportRow>, empty?: string): Promise<void> {
    this.start(columns.map((c) => Math.max(8, Math.min(60, Math.round((c.width ?? 1) * 12)))));
    this.add(
      columns.map((c) => c.header),
      (header) =>
        columns.forEach((_, i) => {
          header.getCell(i + 1).font = BOLD;
          header.getCell(i + 1).fill = HEADER_FILL;
        }),
    );
    const formats = columns.map((c) =>
      c.type === 'number' ? numberFormat(c.decimals ?? 2) : c.type === 'datetime' ? DATE_TIME_FORMAT : c.type === 'date' ? DATE_FORMAT : undefined,
    );
    const tz = this.report.timezone;
    const width = columns.length;
    let written = 0;
    await forEachRow(rows, (cells) => {
      const values: unknown[] = new Array(width);
      for (let i = 0; i < width; i++) {
        const v = cells[i] ?? null;
        values[i] = v instanceof Date ? wallDate(v, tz) : isLevelCell(v) ? v.level : typeof v === 'number' && !Number.isFinite(v) ? null : v;
      }
      const row = this.sheet!.addRow(values);
      for (let i = 0; i < width; i++) {
        const v = cells[i];
        if (v === null || v === undefined) continue;
        const format = formats[i];
        if (isLevelCell(v)) {
          const cell = row.getCell(i + 1);
          cell.fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: argb(v.color) } };
          cell.font = { bold: true, color: { argb: textOn(v.color) === '#ffffff' ? 'FFFFFFFF' : 'FF000000' } };
        } else if (format && (typeof v === 'number' || v instanceof Date)) row.getCell(i + 1).numFmt = format;
      }
      row.commit();
      written += 1;
      this.count += 1;
      return this.count % ROWS_PER_YIELD === 0 ? this.settle() : undefined;
    });
    if (written === 0) this.add([empty ?? EMPTY_TABLE]);
    this.add([]);
  }

  /** A chart as its data: the title, a header (Time, each line), one row per time, then its levels and predictions. */
  async chart(chart: ReportChart): Promise<void> {
    const tz = this.report.timezone;
    this.start([20, ...chart.lines.map(() => 16)]);
    this.add([chart.subtitle ? `${chart.title} — ${chart.subtitle}` : chart.title], (row) => (row.getCell(1).font = { bold: true, size: 12 }));
    const names = chart.lines.map((l) => (chart.yName ? `${l.name} (${chart.yName})` : l.name));
    this.add(['Time', ...names], (row) => names.forEach((_, i) => (row.getCell(i + 1).font = BOLD)));
    const format = numberFormat(chart.precision ?? 2);
    const times = new Map<number, (number | null)[]>();
    chart.lines.forEach((line, li) => {
      for (const [t, v] of line.points) {
        let values = times.get(t);
        if (!values) times.set(t, (values = new Array<number | null>(chart.lines.length).fill(null)));
        values[li] = v;
      }
    });
    let n = 0;
    for (const t of [...times.keys()].sort((a, b) => a - b)) {
      this.add([wallDate(new Date(t), tz), ...times.get(t)!], (row) => {
        row.getCell(1).numFmt = DATE_TIME_FORMAT;
        for (let i = 0; i < chart.lines.length; i++) row.getCell(i + 2).numFmt = format;
      });
      if (++n % ROWS_PER_YIELD === 0) await this.settle();
    }
    for (const t of chart.thresholds ?? []) {
      this.add([t.label, t.value], (row) => {
        row.getCell(2).numFmt = format;
        row.getCell(1).fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: argb(t.color) } };
        row.getCell(1).font = { color: { argb: textOn(t.color) === '#ffffff' ? 'FFFFFFFF' : 'FF000000' } };
      });
    }
    for (const p of chart.predictions ?? []) {
      this.add([p.label, p.value], (row) => (row.getCell(2).numFmt = format));
    }
    this.add([]);
  }
}
