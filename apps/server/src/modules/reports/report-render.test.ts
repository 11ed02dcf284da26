import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { renderChartSvg } from './report-charts.js';
import {
  ReportTooLargeError,
  type RenderReport,
  type ReportBlock,
  type ReportChart,
  type ReportDocument,
  type ReportRow,
  type ReportSink,
} from './report-document.js';
import { renderHtml } from './report-render-html.js';
import { renderPdf } from './report-render-pdf.js';
import { renderXlsx, sheetName } from './report-render-xlsx.js';

const TZ = 'Asia/Singapore';
const HOUR = 3_600_000;
const T0 = Date.UTC(2026, 2, 1, 0, 0, 0); // 01/03/2026 08:00:00 in Singapore

/** A sink that keeps the bytes, and how many rows the table's source had given when the first bytes came. */
class MemorySink implements ReportSink {
  readonly chunks: Uint8Array[] = [];
  written = 0;
  firstAt: number | null = null;
  /** Writes made while the table's source was part read. */
  midTable = 0;
  constructor(
    private readonly produced: () => number = () => 0,
    private readonly limit = Infinity,
  ) {}
  async write(chunk: Uint8Array): Promise<void> {
    const produced = this.produced();
    if (this.firstAt === null) this.firstAt = produced;
    if (produced > 0 && produced < BIG_ROWS) this.midTable += 1;
    this.written += chunk.length;
    if (this.written > this.limit) throw new ReportTooLargeError(this.limit);
    this.chunks.push(chunk);
  }
  bytes(): Buffer {
    return Buffer.concat(this.chunks);
  }
}

const settlement: ReportChart = {
  title: 'Settlement SM-0101',
  subtitle: 'Marina South · settlement marker',
  yName: 'mm',
  precision: 1,
  lines: [
    {
      name: 'SM-0101',
      points: Array.from({ length: 48 }, (_, i) => [T0 + i * HOUR, -2 - i * 0.1] as const),
    },
  ],
  thresholds: [
    { label: 'AL (lower)', short: 'AL', value: -6, color: '#fb8c00' },
    { label: 'WSL (lower)', short: 'WSL', value: -8, color: '#8e0000' },
  ],
  predictions: [{ label: 'Predicted (QP(D)) stage 3: -7 mm', value: -7 }],
};

const tilt: ReportChart = {
  title: 'Tilt TM-0202',
  yName: 'deg',
  lines: [
    { name: 'A', points: Array.from({ length: 10 }, (_, i) => [T0 + i * HOUR, 0.01 * i] as const), color: '#1e88e5' },
    { name: 'B', points: Array.from({ length: 10 }, (_, i) => [T0 + i * HOUR, -0.01 * i] as const) },
  ],
};

function documentOf(blocks: ReportBlock[], more: Partial<ReportDocument> = {}): ReportDocument {
  return {
    title: 'Instrument Status Report',
    fileStem: 'geostatus-T301',
    facts: [
      ['Contract', 'T301 <Marina South>'],
      ['Period', '01/03/2026 – 02/03/2026'],
      ['Generated', '02/03/2026 09:15:00'],
      ['Time zone', TZ],
    ],
    timezone: TZ,
    sectionCount: blocks.filter((b) => b.kind === 'heading' && b.level === 1).length,
    blocks,
    ...more,
  };
}

/** A document with every kind of block. */
function everyBlock(): ReportDocument {
  const rows: ReportRow[] = [
    ['SM-0101', new Date(Date.UTC(2026, 2, 1, 1, 2, 3)), -12.3456, { level: 'AL', color: '#fb8c00' }],
    ['TM-0202 <script>alert(1)</script>', new Date(Date.UTC(2026, 2, 1, 16, 30, 0)), 0.5, { level: 'WSL', color: '#8e0000' }],
    ['PZ-0303', null, null, 'Normal'],
  ];
  return documentOf([
    { kind: 'heading', text: 'Status', level: 1, sheet: 'Status: all [T301]' },
    { kind: 'paragraph', text: 'Readings compared with <b>levels</b> & predictions.' },
    { kind: 'facts', rows: [['Instruments', '3']] },
    {
      kind: 'table',
      columns: [
        { header: 'Instrument', type: 'text', width: 2 },
        { header: 'Latest reading', type: 'datetime', width: 2 },
        { header: 'Value (mm)', type: 'number', decimals: 3 },
        { header: 'Level', type: 'text' },
      ],
      rows,
    },
    { kind: 'heading', text: 'Empty', level: 2 },
    { kind: 'table', columns: [{ header: 'Alert', type: 'text' }], rows: [], empty: 'No alerts in the period' },
    { kind: 'heading', text: 'Charts', level: 1 },
    { kind: 'charts', charts: [settlement, tilt], perPage: 2 },
    { kind: 'pageBreak' },
    {
      kind: 'svg',
      svg: '<svg xmlns="http://www.w3.org/2000/svg" width="200" height="100" viewBox="0 0 200 100"><rect x="10" y="10" width="80" height="40" fill="#4caf50"/></svg>',
      width: 200,
      height: 100,
      caption: 'Site plan',
    },
  ]);
}

async function render(renderer: RenderReport, doc: ReportDocument, sink = new MemorySink()) {
  const sections: [number, string][] = [];
  await renderer(doc, sink, (n, label) => sections.push([n, label]));
  return { bytes: sink.bytes(), sections, sink };
}

function pdfFile<T>(pdf: Buffer, read: (file: string) => T): T {
  const dir = mkdtempSync(join(tmpdir(), 'strata-report-'));
  try {
    const file = join(dir, 'report.pdf');
    writeFileSync(file, pdf);
    return read(file);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * Rows from an async source, counting those given: enough for about a hundred PDF pages, so streaming shows; the
 * million-row case is the benchmark's (bench/reports.ts), not a test's.
 */
const BIG_ROWS = 5_000;

function bigTable(): { block: ReportBlock; produced: () => number } {
  let produced = 0;
  async function* rows(): AsyncGenerator<ReportRow> {
    for (let i = 0; i < BIG_ROWS; i++) {
      produced += 1;
      yield [`R-${i}`, new Date(T0 + i * 60_000), i / 7];
    }
  }
  return {
    block: {
      kind: 'table',
      columns: [
        { header: 'Instrument', type: 'text' },
        { header: 'Time', type: 'datetime' },
        { header: 'Value', type: 'number', decimals: 2 },
      ],
      rows: rows(),
    },
    produced: () => produced,
  };
}

describe('report charts', () => {
  it('draws a chart with the web chart code to SVG: title, threshold lines in their colours, the time axis in the zone', async () => {
    const svg = await renderChartSvg(settlement, TZ, { width: 600, height: 300 });
    expect(svg.startsWith('<svg')).toBe(true);
    expect(svg).toContain('Settlement SM-0101');
    expect(svg).toContain('Marina South · settlement marker');
    // The levels are dashed lines in their colours, labelled in the margin; the prediction is in the legend.
    expect(svg).toContain('stroke="#fb8c00"');
    expect(svg).toContain('stroke="#8e0000"');
    expect(svg).toMatch(/AL -6/);
    expect(svg).toContain('Predicted (QP(D)) stage 3: -7 mm');
    // Ticks on the Singapore wall clock: the first day's midnight is 02/03/2026 (16:00 UTC), ticks are whole hours there.
    expect(svg).toContain('02/03/2026');
    expect(svg).not.toContain('<image');
  });
});

describe('renderPdf', () => {
  it('writes every block: title, facts, table values with decimals in the zone, levels, charts as vectors, footers', async () => {
    const { bytes, sections } = await render(renderPdf, everyBlock());
    expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
    expect(sections).toEqual([
      [1, 'Status'],
      [2, 'Charts'],
    ]);
    const { text, pages } = pdfFile(bytes, (file) => ({
      text: execFileSync('pdftotext', [file, '-'], { encoding: 'utf8' }),
      pages: Number(/Pages:\s+(\d+)/.exec(execFileSync('pdfinfo', [file], { encoding: 'utf8' }))?.[1]),
    }));
    for (const s of [
      'Instrument Status Report',
      'T301 <Marina South>',
      'Time zone',
      TZ,
      'Status',
      '-12.346',
      '0.500',
      '01/03/2026 09:02:03',
      '02/03/2026 00:30:00',
      'WSL',
      'Normal',
      'No alerts in the period',
      'Settlement SM-0101',
      'Tilt TM-0202',
      'Site plan',
      'Page 1',
      'Page 2',
      'Generated 02/03/2026 09:15:00',
    ])
      expect(text).toContain(s);
    // The cover (title and facts), Status, Charts (both on one page), the map after the page break.
    expect(pages).toBe(4);
    expect(text).toContain('Page 4');
    // Charts are vector paths and text, not images.
    expect(bytes.toString('latin1')).not.toMatch(/\/Subtype\s*\/Image/);
  });

  it('starts a page at each level-1 heading and repeats the table header on every page', async () => {
    const rows: ReportRow[] = Array.from({ length: 120 }, (_, i) => [`I-${i}`, i * 1.5]);
    const doc = documentOf([
      { kind: 'heading', text: 'First', level: 1 },
      {
        kind: 'table',
        columns: [
          { header: 'Name', type: 'text' },
          { header: 'Reading', type: 'number', decimals: 1 },
        ],
        rows,
      },
      { kind: 'heading', text: 'Second', level: 1 },
      { kind: 'paragraph', text: 'After' },
    ]);
    const { bytes } = await render(renderPdf, doc);
    const pages = pdfFile(bytes, (file) =>
      execFileSync('pdftotext', [file, '-'], { encoding: 'utf8' })
        .split('\f')
        .filter((p) => p.trim()),
    );
    expect(pages.length).toBeGreaterThanOrEqual(4);
    const withRows = pages.filter((p) => /I-\d+/.test(p));
    expect(withRows.length).toBeGreaterThanOrEqual(2);
    for (const page of withRows) expect(page).toContain('Reading');
    expect(pages.at(-1)).toContain('Second');
    expect(pages.at(-1)).not.toContain('I-119');
    expect(pages.at(-2)).toContain('178.5');
  });
});

/** A sheet's values: index = row number, each row's cells from 0. */
const rowsOf = (ws: ExcelJS.Worksheet): unknown[][] => Array.from(ws.getSheetValues(), (r) => (Array.isArray(r) ? r.slice(1) : []));

describe('renderXlsx', () => {
  it('writes a Report sheet, a sheet per section, numbers as numbers, dates as wall-clock dates, level fills', async () => {
    const { bytes, sections } = await render(renderXlsx, everyBlock());
    expect(sections.map(([n]) => n)).toEqual([1, 2]);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(bytes as unknown as ArrayBuffer);
    expect(wb.worksheets.map((s) => s.name)).toEqual(['Report', 'Status all T301', 'Charts']);
    const report = wb.getWorksheet('Report')!;
    expect(report.getCell('A1').value).toBe('Instrument Status Report');
    expect(report.getCell('A1').font?.bold).toBe(true);
    expect(report.getCell('A2').value).toBe('Contract');
    expect(report.getCell('B2').value).toBe('T301 <Marina South>');

    const status = wb.getWorksheet('Status all T301')!;
    const values = rowsOf(status);
    const headerAt = values.findIndex((r) => r[0] === 'Instrument');
    expect(headerAt).toBeGreaterThan(0);
    const header = status.getRow(headerAt);
    expect(header.getCell(3).value).toBe('Value (mm)');
    expect(header.getCell(1).font?.bold).toBe(true);
    const first = status.getRow(headerAt + 1);
    expect(first.getCell(3).value).toBe(-12.3456);
    expect(first.getCell(3).numFmt).toBe('0.000');
    const when = first.getCell(2).value as Date;
    expect(when).toBeInstanceOf(Date);
    // 01:02:03 UTC is 09:02:03 on the Singapore wall clock: the Excel date shows that.
    expect(when.toISOString()).toBe('2026-03-01T09:02:03.000Z');
    expect(first.getCell(2).numFmt).toBe('dd/mm/yyyy hh:mm:ss');
    expect(first.getCell(4).value).toBe('AL');
    expect((first.getCell(4).fill as ExcelJS.FillPattern).fgColor?.argb).toBe('FFFB8C00');
    const second = status.getRow(headerAt + 2);
    expect(second.getCell(1).value).toBe('TM-0202 <script>alert(1)</script>');
    expect((second.getCell(2).value as Date).toISOString()).toBe('2026-03-02T00:30:00.000Z');
    expect(values.some((r) => r[0] === 'No alerts in the period')).toBe(true);

    const charts = wb.getWorksheet('Charts')!;
    const chartRows = rowsOf(charts);
    expect(chartRows.some((r) => r[0] === 'Settlement SM-0101 — Marina South · settlement marker')).toBe(true);
    const timeHeader = chartRows.findIndex((r) => r[0] === 'Time' && r[1] === 'SM-0101 (mm)');
    expect(timeHeader).toBeGreaterThan(0);
    const firstPoint = charts.getRow(timeHeader + 1);
    expect((firstPoint.getCell(1).value as Date).toISOString()).toBe('2026-03-01T08:00:00.000Z');
    expect(firstPoint.getCell(2).value).toBe(-2);
    expect(chartRows.some((r) => r[0] === 'AL (lower)' && r[1] === -6)).toBe(true);
    expect(chartRows.some((r) => r[0] === 'Time' && r[1] === 'A (deg)' && r[2] === 'B (deg)')).toBe(true);
  });

  it('names sheets to Excel rules, unique whatever the case', () => {
    const used = new Set<string>();
    expect(sheetName('Report', used)).toBe('Report');
    expect(sheetName('report', used)).toBe('report (2)');
    expect(sheetName("'A/B: C*D?[E]'", used)).toBe('A B C D E');
    const long = sheetName('Instrumentation monitoring readings of the week', used);
    expect(long.length).toBeLessThanOrEqual(31);
    const again = sheetName('Instrumentation monitoring readings of the week', used);
    expect(again.length).toBeLessThanOrEqual(31);
    expect(again.endsWith(' (2)')).toBe(true);
    expect(sheetName('   ', used)).toBe('Sheet');
  });
});

describe('renderHtml', () => {
  it('writes one self-contained page: escaped text, level chips, inline SVG charts, no scripts or external requests', async () => {
    const { bytes, sections } = await render(renderHtml, everyBlock());
    expect(sections).toEqual([
      [1, 'Status'],
      [2, 'Charts'],
    ]);
    const html = bytes.toString('utf8');
    expect(html.startsWith('<!DOCTYPE html>')).toBe(true);
    expect(html.match(/<html/g)).toHaveLength(1);
    expect(html).not.toMatch(/<script/i);
    expect(html).not.toContain('src="http');
    expect(html).not.toMatch(/<link\b/i);
    expect(html).toContain('TM-0202 &lt;script&gt;alert(1)&lt;/script&gt;');
    expect(html).toContain('T301 &lt;Marina South&gt;');
    expect(html).toContain('&lt;b&gt;levels&lt;/b&gt; &amp; predictions.');
    expect(html).toContain('<td class="r">-12.346</td>');
    expect(html).toContain('01/03/2026 09:02:03');
    expect(html).toMatch(/<span class="chip" style="background:#8e0000;color:#ffffff">WSL<\/span>/);
    expect(html).toContain('No alerts in the period');
    expect((html.match(/<svg/g) ?? []).length).toBe(3);
    expect(html).toContain('Settlement SM-0101');
    expect(html).toContain('<figcaption>Site plan</figcaption>');
    expect(html).toContain('Generated 02/03/2026 09:15:00');
  });

  it('leaves scripts, handlers and external references out of an inlined drawing', async () => {
    const svg =
      '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script><a href="https://evil.example/"><rect onclick="alert(2)" width="5" height="5"/></a><image href="http://x/y.png"/><use href="#a"/></svg>';
    const { bytes } = await render(renderHtml, documentOf([{ kind: 'svg', svg, width: 10, height: 10 }]));
    const html = bytes.toString('utf8');
    expect(html).not.toMatch(/<script|onclick|https?:\/\/(evil|x\/)/i);
    expect(html).toContain('href="#a"');
  });
});

describe('streaming', () => {
  for (const [name, renderer] of [
    ['pdf', renderPdf],
    ['xlsx', renderXlsx],
    ['html', renderHtml],
  ] as const) {
    it(`${name}: a table of ${BIG_ROWS} rows from an async source reaches the sink while rows are still coming`, async () => {
      const { block, produced } = bigTable();
      const sink = new MemorySink(produced);
      const chunkSizes: number[] = [];
      const counting: ReportSink = {
        write: (chunk) => {
          chunkSizes.push(chunk.length);
          return sink.write(chunk);
        },
        get written() {
          return sink.written;
        },
      };
      await renderer(documentOf([{ kind: 'heading', text: 'Readings', level: 1 }, block]), counting, () => undefined);
      expect(produced()).toBe(BIG_ROWS);
      // The first bytes came before the table was read; no single write holds the document.
      expect(sink.firstAt).not.toBeNull();
      expect(sink.firstAt!).toBeLessThan(BIG_ROWS);
      expect(sink.midTable).toBeGreaterThanOrEqual(3);
      expect(chunkSizes.length).toBeGreaterThan(10);
      expect(Math.max(...chunkSizes)).toBeLessThan(sink.written / 4);
    }, 120_000);

    it(`${name}: the sink's size limit ends the rendering with ReportTooLargeError`, async () => {
      const { block } = bigTable();
      const sink = new MemorySink(() => 0, 100_000);
      await expect(render(renderer, documentOf([block]), sink)).rejects.toBeInstanceOf(ReportTooLargeError);
    }, 120_000);
  }
});
