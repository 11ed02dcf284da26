/**
 * Writers for generated files, all into memory under a byte budget (the export limit): CSV, XLSX (exceljs's
 * streaming writer, so rows are not kept as objects) and PDF tables (pdfkit). Going past the budget throws
 * `TooLargeError`; the export then ends with status 4. exceljs and pdfkit are imported when a writer is made, not
 * with this module: their imports are slow, and most processes and test files never write a workbook or a PDF.
 */
import { Writable } from 'node:stream';
import type PDFDocument from 'pdfkit';
import { PDF_FONT, PDF_FONT_BOLD, pdfText, useUnicodeFonts } from '../../lib/pdf-fonts.js';

export class TooLargeError extends Error {
  constructor(readonly reason: string) {
    super(reason);
  }
}

/** Collects bytes up to `maxBytes`. */
export class ByteSink {
  readonly chunks: Buffer[] = [];
  size = 0;
  constructor(private readonly maxBytes: number) {}
  push(chunk: Buffer): void {
    this.size += chunk.length;
    if (this.size > this.maxBytes) throw new TooLargeError(`The file would be larger than ${Math.round(this.maxBytes / 1048576)} MB`);
    this.chunks.push(chunk);
  }
  buffer(): Buffer {
    return Buffer.concat(this.chunks, this.size);
  }
  writable(): Writable {
    return new Writable({
      write: (chunk: Buffer, _enc, cb) => {
        try {
          this.push(chunk);
          cb();
        } catch (err) {
          cb(err as Error);
        }
      },
    });
  }
}

export type Cell = string | number | boolean | Date | null | undefined;

export interface TableWriter {
  header(cells: string[]): Promise<void>;
  row(cells: Cell[]): Promise<void>;
  /** Ends the file and returns its bytes. */
  finish(): Promise<Buffer>;
}

/** A cell that a spreadsheet would read as a formula is prefixed with `'` (CSV injection). */
function csvText(v: Cell): string {
  if (v == null) return '';
  const s = v instanceof Date ? v.toISOString() : String(v);
  const safe = typeof v === 'string' && /^[=+\-@\t\r]/.test(s) ? `'${s}` : s;
  return /[",\r\n;]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

export function csvWriter(maxBytes: number): TableWriter {
  const sink = new ByteSink(maxBytes);
  sink.push(Buffer.from('\ufeff', 'utf8')); // BOM: spreadsheet programs then read UTF-8
  const line = (cells: Cell[]) => sink.push(Buffer.from(`${cells.map(csvText).join(',')}\r\n`, 'utf8'));
  return {
    async header(cells) {
      line(cells);
    },
    async row(cells) {
      line(cells);
    },
    async finish() {
      return sink.buffer();
    },
  };
}

export function xlsxWriter(maxBytes: number, sheetName: string, widths: number[] = []): TableWriter {
  const sink = new ByteSink(maxBytes);
  const stream = sink.writable();
  const opened = import('exceljs').then(({ default: ExcelJS }) => {
    const wb = new ExcelJS.stream.xlsx.WorkbookWriter({ stream, useStyles: true, useSharedStrings: false });
    return { wb, ws: wb.addWorksheet(sheetName, { views: [{ state: 'frozen', ySplit: 1 }] }) };
  });
  let failed: unknown;
  stream.on('error', (err) => (failed = err));
  const check = () => {
    if (failed) throw failed;
  };
  return {
    async header(cells) {
      const { ws } = await opened;
      ws.columns = cells.map((h, i) => ({ header: h, width: widths[i] ?? 18 }));
      ws.getRow(1).font = { bold: true };
      ws.getRow(1).commit();
    },
    async row(cells) {
      check();
      const { ws } = await opened;
      ws.addRow(cells.map((c) => (c === undefined ? null : c))).commit();
    },
    async finish() {
      check();
      const { wb, ws } = await opened;
      ws.commit();
      await wb.commit();
      check();
      return sink.buffer();
    },
  };
}

export interface PdfTableOptions {
  title: string;
  subtitle?: string;
  columns: { header: string; width: number }[];
  landscape?: boolean;
}

/** A simple paged table: a title on the first page, the header repeated on every page, cells clipped to one line. */
export function pdfTableWriter(maxBytes: number, o: PdfTableOptions): TableWriter {
  const opened = import('pdfkit').then(({ default: PDF }) => openPdfTable(PDF, maxBytes, o));
  return {
    async header() {
      (await opened).header();
    },
    async row(cells) {
      (await opened).row(cells);
    },
    async finish() {
      return (await opened).finish();
    },
  };
}

/** The table drawn into a pdfkit document (`PDF`, the class loaded by `pdfTableWriter`). */
function openPdfTable(PDF: typeof PDFDocument, maxBytes: number, o: PdfTableOptions) {
  const sink = new ByteSink(maxBytes);
  const doc = new PDF({ size: 'A4', layout: o.landscape ? 'landscape' : 'portrait', margin: 36, bufferPages: false });
  useUnicodeFonts(doc);
  let failed: unknown;
  doc.on('data', (chunk: Buffer) => {
    try {
      sink.push(chunk);
    } catch (err) {
      failed = err;
    }
  });
  const ended = new Promise<void>((resolve) => doc.on('end', () => resolve()));
  const left = doc.page.margins.left;
  const rowHeight = 14;
  const fontSize = 8;
  let y = doc.page.margins.top;
  const bottom = () => doc.page.height - doc.page.margins.bottom - rowHeight;
  const drawRow = (cells: string[], bold: boolean) => {
    doc.font(bold ? PDF_FONT_BOLD : PDF_FONT).fontSize(fontSize);
    let x = left;
    o.columns.forEach((c, i) => {
      doc.text(pdfText(cells[i] ?? ''), x + 2, y + 3, { width: c.width - 4, height: rowHeight - 2, lineBreak: false, ellipsis: true });
      x += c.width;
    });
    doc
      .moveTo(left, y + rowHeight)
      .lineTo(x, y + rowHeight)
      .lineWidth(0.3)
      .strokeColor('#999999')
      .stroke();
    y += rowHeight;
  };
  const headerCells = o.columns.map((c) => c.header);
  doc.font(PDF_FONT_BOLD).fontSize(14).text(pdfText(o.title), left, y);
  y = doc.y + 2;
  if (o.subtitle) {
    doc.font(PDF_FONT).fontSize(9).fillColor('#555555').text(pdfText(o.subtitle), left, y);
    doc.fillColor('#000000');
    y = doc.y + 8;
  }
  const text = (v: Cell) => (v == null ? '' : v instanceof Date ? v.toISOString() : String(v));
  return {
    header() {
      drawRow(headerCells, true);
    },
    row(cells: Cell[]) {
      if (failed) throw failed;
      if (y > bottom()) {
        doc.addPage();
        y = doc.page.margins.top;
        drawRow(headerCells, true);
      }
      drawRow(cells.map(text), false);
    },
    async finish() {
      doc.end();
      await ended;
      if (failed) throw failed;
      return sink.buffer();
    },
  };
}
