/**
 * The PDF renderer (issue 20, decision 039): pdfkit, A4 (portrait; landscape for a section whose first table is wide), the embedded Noto Sans SC fonts (lib/pdf-fonts.ts),
 * so every text is real, searchable text. A header with the title and the document's facts; each level-1 heading
 * starts a page; tables with their header row repeated on every page, columns sized to their contents (text wraps, never cut
 * within three lines), numbers
 * right-aligned to their decimals, instants in the report's zone, levels as coloured chips; charts `perPage` to a page,
 * drawn as vectors (ECharts' SVG, placed with svg-to-pdfkit); a footer on every page: "Page n", the title and the
 * generated time.
 *
 * Streaming: pdfkit's output is read (`doc.read()`, paused mode) and written to the sink after each block, every few
 * dozen table rows and each chart page, awaiting the sink each time; a finished page is written out as the next one
 * starts, so the document never sits in memory — one page's content and the font subsets do.
 */
import type PDFDocument from 'pdfkit';
import { PDF_FONT, PDF_FONT_BOLD, pdfText, useUnicodeFonts } from '../../lib/pdf-fonts.js';
import { plainSvg, renderChartSvg } from './report-charts.js';
import type { LevelCell, RenderReport, ReportBlock, ReportChart, ReportColumn, ReportDocument, ReportRow, ReportSink } from './report-document.js';
import { cellText, columnAlign, EMPTY_TABLE, generatedText, isLevelCell, textOn } from './report-render-common.js';

type Doc = InstanceType<typeof PDFDocument>;

/** A table with more columns than this gets a landscape page (its section starts on one). */
const WIDE_TABLE = 9;
/** Rows read ahead to size a table's columns to their contents. */
const SAMPLE_ROWS = 40;
/** A cell's text wraps to at most this many lines (then an ellipsis). */
const MAX_LINES = 3;
const MARGIN = 40;
/** Room under the content for the footer. */
const FOOTER = 28;
const ROW_HEIGHT = 15;
const CELL_FONT = 8;
const GAP = 8;
/** Table rows drawn between two writes to the sink. */
const ROWS_PER_FLUSH = 50;

/** The SVG as svg-to-pdfkit draws it: no hover styles, and text halos (`paint-order="stroke"`, which it does not
 * know and would paint over the letters) left out — on white paper they are not needed. */
export function pdfSvg(svg: string): string {
  return plainSvg(svg).replace(/<text\b[^>]*>/g, (tag) =>
    /paint-order="stroke"/.test(tag) ? tag.replace(/\s(?:stroke|stroke-width|paint-order|stroke-miterlimit)="[^"]*"/g, '') : tag,
  );
}

export const renderPdf: RenderReport = async (report, sink, onSection) => {
  const [{ default: PDF }, { default: SVGtoPDF }] = await Promise.all([import('pdfkit'), import('svg-to-pdfkit')]);
  const doc: Doc = new PDF({
    ...pageOptions('portrait'),
    bufferPages: false,
    autoFirstPage: false,
    info: { Title: pdfText(report.title), Creator: 'Strata' },
  });
  useUnicodeFonts(doc);
  const writer = new PdfWriter(doc, report, sink, SVGtoPDF as unknown as SvgToPdf);
  doc.addPage();
  writer.header();
  await writer.flush();
  let section = 0;
  // One block of look-ahead: a section whose first block is a wide table or a landscape map starts on a landscape page.
  const write = async (block: ReportBlock, next: ReportBlock | undefined) => {
    if (block.kind === 'heading' && block.level === 1) {
      onSection(++section, block.text);
      // A wide table or a landscape drawing (a report map) turns the section's pages.
      const wide = (next?.kind === 'table' && next.columns.length > WIDE_TABLE) || (next?.kind === 'svg' && next.width > next.height);
      writer.orientation = wide ? 'landscape' : 'portrait';
    }
    await writer.block(block);
    await writer.flush();
  };
  let previous: ReportBlock | undefined;
  for await (const block of report.blocks) {
    if (previous) await write(previous, block);
    previous = block;
  }
  if (previous) await write(previous, undefined);
  doc.end();
  await writer.flush();
};

/** The page of every page: A4 with the margins and the footer's room; portrait, or landscape for wide tables. */
function pageOptions(layout: 'portrait' | 'landscape') {
  return { size: 'A4', layout, margins: { top: MARGIN, left: MARGIN, right: MARGIN, bottom: MARGIN + FOOTER } } as const;
}

type SvgToPdf = (doc: Doc, svg: string, x: number, y: number, options: Record<string, unknown>) => void;

class PdfWriter {
  private page = 0;
  /** Nothing drawn on the page yet but the footer. */
  private fresh = true;
  private readonly generated: string;
  private readonly left: number;
  /** The orientation of the pages this section starts (set by the renderer at each level-1 heading). */
  orientation: 'portrait' | 'landscape' = 'portrait';

  constructor(
    private readonly doc: Doc,
    private readonly report: ReportDocument,
    private readonly sink: ReportSink,
    private readonly svgToPdf: SvgToPdf,
  ) {
    this.generated = generatedText(report.facts, report.timezone);
    this.left = MARGIN;
    doc.on('pageAdded', () => this.pageAdded());
  }

  /** Writes what pdfkit has produced so far to the sink, chunk by chunk, awaiting each. */
  async flush(): Promise<void> {
    for (let chunk = this.doc.read() as Buffer | null; chunk !== null; chunk = this.doc.read() as Buffer | null) await this.sink.write(chunk);
  }

  /** The width of the content on this page. */
  private get width(): number {
    return this.doc.page.width - 2 * MARGIN;
  }

  private get bottom(): number {
    return this.doc.page.height - this.doc.page.margins.bottom;
  }

  private get y(): number {
    return this.doc.y;
  }

  private set y(value: number) {
    this.doc.y = value;
  }

  private pageAdded(): void {
    this.page += 1;
    this.fresh = true;
    const { doc } = this;
    const { x, y } = doc;
    const margins = doc.page.margins;
    const footerY = doc.page.height - MARGIN - 10;
    doc.page.margins = { ...margins, bottom: 0 };
    doc
      .moveTo(MARGIN, footerY - 4)
      .lineTo(doc.page.width - MARGIN, footerY - 4)
      .lineWidth(0.5)
      .strokeColor('#9e9e9e')
      .stroke();
    doc.font(PDF_FONT).fontSize(7.5).fillColor('#555555');
    doc.text(pdfText(`${this.report.title} · Generated ${this.generated}`), MARGIN, footerY, {
      width: this.width - 60,
      lineBreak: false,
      ellipsis: true,
    });
    doc.text(`Page ${this.page}`, doc.page.width - MARGIN - 60, footerY, { width: 60, align: 'right', lineBreak: false });
    // A custom template's header and footer text (decision 041): above the content and under the footer line's text.
    if (this.report.header) doc.text(pdfText(this.report.header), MARGIN, MARGIN - 22, { width: this.width, lineBreak: false, ellipsis: true });
    if (this.report.footer) doc.text(pdfText(this.report.footer), MARGIN, footerY + 10, { width: this.width, lineBreak: false, ellipsis: true });
    doc.page.margins = margins;
    doc.fillColor('#000000');
    doc.x = x;
    doc.y = y;
  }

  private newPage(): void {
    this.doc.addPage(pageOptions(this.orientation));
  }

  /** Room for `height` points on this page, else a new page. */
  private ensure(height: number): void {
    if (!this.fresh && this.y + height > this.bottom) this.newPage();
  }

  private drawn(): void {
    this.fresh = false;
  }

  header(): void {
    const { doc } = this;
    doc.font(PDF_FONT_BOLD).fontSize(18).fillColor('#000000');
    doc.text(pdfText(this.report.title), this.left, this.y, { width: this.width });
    this.y += 4;
    this.drawn();
    this.facts(this.report.facts);
    this.y += GAP;
  }

  async block(block: ReportBlock): Promise<void> {
    switch (block.kind) {
      case 'heading':
        return this.heading(block.text, block.level);
      case 'paragraph':
        return this.paragraph(block.text);
      case 'facts':
        this.facts(block.rows);
        this.y += GAP;
        return;
      case 'table':
        return this.table(block.columns, block.rows, block.empty);
      case 'charts':
        return this.charts(block.charts, block.perPage ?? 2);
      case 'svg':
        return this.svg(block.svg, block.width, block.height, block.caption);
      case 'image':
        return this.image(block);
      case 'pageBreak':
        if (!this.fresh) this.newPage();
        return;
    }
  }

  private heading(text: string, level: 1 | 2): void {
    const { doc } = this;
    const turned = (this.doc.page.width > this.doc.page.height ? 'landscape' : 'portrait') !== this.orientation;
    if (level === 1 && (!this.fresh || turned)) this.newPage();
    else this.ensure(60);
    if (!this.fresh) this.y += level === 1 ? 0 : 6;
    doc
      .font(PDF_FONT_BOLD)
      .fontSize(level === 1 ? 15 : 12)
      .fillColor('#000000');
    doc.text(pdfText(text), this.left, this.y, { width: this.width });
    this.y += 4;
    this.drawn();
  }

  private paragraph(text: string): void {
    const { doc } = this;
    doc.font(PDF_FONT).fontSize(9.5).fillColor('#000000');
    this.ensure(doc.heightOfString(pdfText(text), { width: this.width }) > 200 ? 30 : doc.heightOfString(pdfText(text), { width: this.width }));
    doc.text(pdfText(text), this.left, this.y, { width: this.width });
    this.y += GAP / 2;
    this.drawn();
  }

  /** Label/value pairs: the label bold in a column of a third of the width. */
  private facts(rows: readonly (readonly [string, string])[]): void {
    const { doc } = this;
    const labelWidth = Math.min(160, this.width / 3);
    for (const [label, value] of rows) {
      doc.font(PDF_FONT).fontSize(9);
      const height = Math.max(doc.heightOfString(pdfText(value), { width: this.width - labelWidth }), 12);
      this.ensure(height);
      const y = this.y;
      doc
        .font(PDF_FONT_BOLD)
        .fillColor('#333333')
        .text(pdfText(label), this.left, y, { width: labelWidth - 6 });
      doc
        .font(PDF_FONT)
        .fillColor('#000000')
        .text(pdfText(value), this.left + labelWidth, y, { width: this.width - labelWidth });
      this.y = Math.max(this.y, y + height) + 2;
      this.drawn();
    }
  }

  private async table(columns: readonly ReportColumn[], rows: Iterable<ReportRow> | AsyncIterable<ReportRow>, empty?: string): Promise<void> {
    const font = columns.length > WIDE_TABLE ? CELL_FONT - 1 : CELL_FONT;
    const source = Symbol.asyncIterator in rows ? rows[Symbol.asyncIterator]() : rows[Symbol.iterator]();
    const sample: ReportRow[] = [];
    let ended = false;
    while (sample.length < SAMPLE_ROWS) {
      const next = await source.next();
      if (next.done) {
        ended = true;
        break;
      }
      sample.push(next.value);
    }
    const widths = this.columnWidths(columns, sample, font);
    const headerHeight = this.headerHeight(columns, widths, font);
    this.ensure(headerHeight + ROW_HEIGHT * 2);
    this.headerRow(columns, widths, headerHeight, font);
    let count = 0;
    const draw = (row: ReportRow) => {
      const height = this.rowHeight(columns, widths, row, font);
      if (this.y + height > this.bottom) {
        this.newPage();
        this.headerRow(columns, widths, headerHeight, font);
      }
      this.row(columns, widths, row, count, height, font);
      count += 1;
      return count % ROWS_PER_FLUSH === 0 ? this.flush() : undefined;
    };
    for (const row of sample) await draw(row);
    if (!ended) for (let next = await source.next(); !next.done; next = await source.next()) await draw(next.value);
    if (count === 0) {
      this.doc.font(PDF_FONT).fontSize(CELL_FONT).fillColor('#555555');
      this.doc.text(pdfText(empty ?? EMPTY_TABLE), this.left + 3, this.y + 4, { width: this.width - 6 });
      this.doc.fillColor('#000000');
    }
    this.y += GAP;
  }

  /**
   * Column widths from their contents: each column as wide as its widest text in the first rows (its header may wrap
   * at spaces, a word never breaks), shared out to the page's width. When they do not fit, the columns with most to
   * spare give way first (their text wraps), never below the header's longest word.
   */
  private columnWidths(columns: readonly ReportColumn[], sample: readonly ReportRow[], font: number): number[] {
    const { doc } = this;
    const pad = 6;
    const minimum = columns.map((c) => {
      doc.font(PDF_FONT_BOLD).fontSize(font);
      const word = Math.max(
        ...pdfText(c.header)
          .split(/\s+/)
          .map((w) => doc.widthOfString(w)),
      );
      return Math.max(word + pad, 22);
    });
    const natural = columns.map((c, i) => {
      doc.font(PDF_FONT).fontSize(font);
      let widest = minimum[i]!;
      for (const row of sample) {
        const cell = row[i] ?? null;
        const text = isLevelCell(cell) ? cell.level : cellText(cell, c, this.report.timezone);
        if (text) widest = Math.max(widest, doc.widthOfString(pdfText(text)) + pad + (isLevelCell(cell) ? 10 : 0));
      }
      return Math.min(widest, this.width / 2);
    });
    const room = this.width;
    const total = natural.reduce((a, b) => a + b, 0);
    if (total <= room) return natural.map((w) => (w * room) / total);
    const spare = natural.map((w, i) => w - minimum[i]!);
    const spareTotal = spare.reduce((a, b) => a + b, 0);
    const floor = minimum.reduce((a, b) => a + b, 0);
    if (floor >= room || spareTotal <= 0) return minimum.map((w) => (w * room) / floor);
    const cut = total - room;
    return natural.map((w, i) => w - (cut * spare[i]!) / spareTotal);
  }

  private textHeight(text: string, width: number, font: number, bold = false): number {
    const { doc } = this;
    doc.font(bold ? PDF_FONT_BOLD : PDF_FONT).fontSize(font);
    const line = doc.currentLineHeight(true);
    return Math.min(doc.heightOfString(pdfText(text), { width }), line * MAX_LINES);
  }

  private headerHeight(columns: readonly ReportColumn[], widths: number[], font: number): number {
    return Math.max(ROW_HEIGHT, ...columns.map((c, i) => this.textHeight(c.header, widths[i]! - 6, font, true) + 8));
  }

  private rowHeight(columns: readonly ReportColumn[], widths: number[], row: ReportRow, font: number): number {
    let height = ROW_HEIGHT;
    columns.forEach((c, i) => {
      const cell = row[i] ?? null;
      if (isLevelCell(cell) || c.type === 'number') return;
      const text = cellText(cell, c, this.report.timezone);
      if (text) height = Math.max(height, this.textHeight(text, widths[i]! - 6, font) + 6);
    });
    return height;
  }

  private headerRow(columns: readonly ReportColumn[], widths: number[], height: number, font: number): void {
    const { doc } = this;
    const y = this.y;
    doc.rect(this.left, y, this.width, height).fill('#eceff1');
    doc.font(PDF_FONT_BOLD).fontSize(font).fillColor('#000000');
    let x = this.left;
    columns.forEach((c, i) => {
      doc.text(pdfText(c.header), x + 3, y + 4, { width: widths[i]! - 6, height: height - 4, align: columnAlign(c), ellipsis: true });
      x += widths[i]!;
    });
    this.y = y + height;
    this.drawn();
  }

  private row(columns: readonly ReportColumn[], widths: number[], row: ReportRow, index: number, height: number, font: number): void {
    const { doc } = this;
    const y = this.y;
    if (index % 2 === 1) doc.rect(this.left, y, this.width, height).fill('#fafafa');
    doc.font(PDF_FONT).fontSize(font).fillColor('#000000');
    let x = this.left;
    columns.forEach((c, i) => {
      const cell = row[i] ?? null;
      const w = widths[i]!;
      if (isLevelCell(cell)) this.chip(cell, x + 3, y + 2, w - 6, columnAlign(c), font);
      else {
        const text = cellText(cell, c, this.report.timezone);
        if (text) doc.text(pdfText(text), x + 3, y + 4, { width: w - 6, height: height - 4, align: columnAlign(c), ellipsis: true });
      }
      x += w;
    });
    doc
      .moveTo(this.left, y + height)
      .lineTo(this.left + this.width, y + height)
      .lineWidth(0.3)
      .strokeColor('#bdbdbd')
      .stroke();
    this.y = y + height;
  }

  /** A level as a rounded chip in its colour, the level's text on it. */
  private chip(cell: LevelCell, x: number, y: number, room: number, align: 'left' | 'right' | 'center', font: number): void {
    const { doc } = this;
    const text = pdfText(cell.level);
    doc.font(PDF_FONT_BOLD).fontSize(font - 0.5);
    const width = Math.min(room, doc.widthOfString(text) + 10);
    const left = align === 'right' ? x + room - width : align === 'center' ? x + (room - width) / 2 : x;
    doc.roundedRect(left, y, width, ROW_HEIGHT - 4, 4).fill(cell.color);
    doc.fillColor(textOn(cell.color)).text(text, left + 5, y + 2, { width: width - 10, lineBreak: false, ellipsis: true });
    doc.font(PDF_FONT).fontSize(font).fillColor('#000000');
  }

  /** Charts `perPage` to a page, each the page's width and a share of its height, drawn as vectors. */
  private async charts(charts: readonly ReportChart[], perPage: number): Promise<void> {
    const per = Math.max(1, Math.floor(perPage));
    const top = this.doc.page.margins.top;
    let height = 0;
    for (let i = 0; i < charts.length; i++) {
      if (i % per === 0) {
        // A group of `per` charts shares what is left of the page (after a heading), else a new page.
        if (!this.fresh && this.bottom - this.y < (this.bottom - top) * 0.6) this.newPage();
        height = Math.floor((this.bottom - this.y - GAP * (per - 1)) / per);
      } else if (this.y + height > this.bottom) this.newPage();
      const y = this.y;
      const svg = await renderChartSvg(charts[i]!, this.report.timezone, { width: Math.floor(this.width), height });
      this.drawSvg(svg, this.left, y, this.width, height);
      this.y = y + height + GAP;
      this.drawn();
      await this.flush();
    }
  }

  private svg(svg: string, width: number, height: number, caption?: string): void {
    const scale = Math.min(1, this.width / width);
    const w = width * scale;
    const h = Math.min(height * scale, this.bottom - this.doc.page.margins.top - 20);
    this.ensure(h + (caption ? 16 : 0));
    const y = this.y;
    this.drawSvg(svg, this.left, y, w, h);
    this.y = y + h + 4;
    if (caption) {
      this.doc.font(PDF_FONT).fontSize(8.5).fillColor('#333333').text(pdfText(caption), this.left, this.y, { width: this.width });
      this.doc.fillColor('#000000');
    }
    this.y += GAP;
    this.drawn();
  }

  /** A PNG or JPEG, scaled to the width and to `maxHeight` (or the page), never enlarged; its caption under it. */
  private image(b: Extract<ReportBlock, { kind: 'image' }>): void {
    const room = this.bottom - this.doc.page.margins.top - 20;
    const scale = Math.min(1, this.width / b.width, Math.min(b.maxHeight ?? room, room) / b.height);
    const w = b.width * scale;
    const h = b.height * scale;
    this.ensure(h + (b.caption ? 16 : 0));
    const y = this.y;
    this.doc.image(Buffer.from(b.data), this.left, y, { width: w, height: h });
    this.y = y + h + 4;
    if (b.caption) {
      this.doc.font(PDF_FONT).fontSize(8.5).fillColor('#333333').text(pdfText(b.caption), this.left, this.y, { width: this.width });
      this.doc.fillColor('#000000');
    }
    this.y += GAP;
    this.drawn();
  }

  private drawSvg(svg: string, x: number, y: number, width: number, height: number): void {
    const { doc } = this;
    doc.save();
    this.svgToPdf(doc, pdfSvg(svg), x, y, {
      width,
      height,
      assumePt: true,
      preserveAspectRatio: 'xMidYMid meet',
      // Every chart text in the embedded fonts (ECharts names sans-serif): real, searchable text, Chinese included.
      fontCallback: (_family: string, bold: boolean) => (bold ? PDF_FONT_BOLD : PDF_FONT),
      warningCallback: () => undefined,
    });
    doc.restore();
    doc.font(PDF_FONT).fillColor('#000000');
    doc.x = this.left;
  }
}
