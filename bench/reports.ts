/**
 * The report renderers (apps/server/src/modules/reports, issue 20, decision 039).
 *
 *   npm run bench:reports   (BENCH_ROWS=1000000, BENCH_RUNS=3, BENCH_SECTIONS=100, BENCH_PARTS=xlsx,pdf)
 *
 * (a) XLSX: a table of BENCH_ROWS readings rows (instrument, time, reading code, value to 3 decimals, status) through
 * `renderXlsx` against a bare ExcelJS streaming writer of the same rows (one sheet, a header row, the number and date
 * formats as column styles, `addRow(values).commit()` per row), in one process, alternating; both write into a sink
 * that counts the bytes and drops them. Medians of BENCH_RUNS. Target: ratio ≤ 1.3.
 * (b) PDF: BENCH_SECTIONS sections, each a level-1 heading, a table of 8 rows and two charts (a month of hourly
 * readings with two threshold levels and a prediction) — about one page per section, 2 × BENCH_SECTIONS charts —
 * through `renderPdf`: time, pages/s and peak RSS (sampled every 25 ms; the process's, with the fonts and ECharts
 * loaded), and the full collections lib/heap.ts ran. Target: < 300 MB. Run the parts apart (BENCH_PARTS=pdf, then xlsx) for the PDF's memory figure: each part
 * imports only what it uses.
 */
import { Writable } from 'node:stream';
import type { ReportBlock, ReportChart, ReportDocument, ReportRow, ReportSink } from '../apps/server/src/modules/reports/report-document.js';

// Not from ./lib.js: it loads the database layer, and the PDF's memory figure is the renderer's process.
const env = (name: string, fallback: number) => (process.env[name] ? Number(process.env[name]) : fallback);
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? NaN;

const ROWS = env('BENCH_ROWS', 1_000_000);
const RUNS = env('BENCH_RUNS', 3);
const SECTIONS = env('BENCH_SECTIONS', 100);
const PARTS = new Set((process.env.BENCH_PARTS ?? 'xlsx,pdf').split(','));
const TZ = 'Asia/Singapore';
const T0 = Date.UTC(2026, 0, 1);
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const STATUS = ['Normal', 'AL', 'WL', 'Normal', 'Normal'];

/** The readings rows: the same values for both writers. */
function* readings(count: number): Generator<[string, Date, string, number, string]> {
  for (let i = 0; i < count; i++) yield [`SM-${String(i % 500).padStart(4, '0')}`, new Date(T0 + i * MINUTE), 'SETT', -((i % 997) * 0.0137), STATUS[i % 5]!];
}

/** A sink that counts bytes and drops them. */
class CountingSink implements ReportSink {
  written = 0;
  async write(chunk: Uint8Array): Promise<void> {
    this.written += chunk.length;
  }
}

async function bareExcel(count: number): Promise<number> {
  const { default: ExcelJS } = await import('exceljs');
  let bytes = 0;
  const stream = new Writable({
    write(chunk: Buffer, _enc, cb) {
      bytes += chunk.length;
      cb();
    },
  });
  const wb = new ExcelJS.stream.xlsx.WorkbookWriter({ stream, useStyles: true, useSharedStrings: false });
  const ws = wb.addWorksheet('Readings');
  ws.columns = [
    { header: 'Instrument', width: 14 },
    { header: 'Time', width: 20, style: { numFmt: 'dd/mm/yyyy hh:mm:ss' } },
    { header: 'Reading', width: 10 },
    { header: 'Value (mm)', width: 12, style: { numFmt: '0.000' } },
    { header: 'Status', width: 10 },
  ];
  ws.getRow(1).font = { bold: true };
  ws.getRow(1).commit();
  for (const row of readings(count)) ws.addRow(row).commit();
  ws.commit();
  await wb.commit();
  return bytes;
}

async function ourExcel(count: number): Promise<number> {
  const { renderXlsx } = await import('../apps/server/src/modules/reports/report-render-xlsx.js');
  const sink = new CountingSink();
  const doc: ReportDocument = {
    title: 'Readings',
    fileStem: 'readings',
    facts: [['Time zone', TZ]],
    timezone: TZ,
    sectionCount: 1,
    blocks: [
      { kind: 'heading', text: 'Readings', level: 1 },
      {
        kind: 'table',
        columns: [
          { header: 'Instrument', type: 'text' },
          { header: 'Time', type: 'datetime', width: 1.6 },
          { header: 'Reading', type: 'text' },
          { header: 'Value (mm)', type: 'number', decimals: 3 },
          { header: 'Status', type: 'text' },
        ],
        rows: readings(count) as Iterable<ReportRow>,
      },
    ],
  };
  await renderXlsx(doc, sink, () => undefined);
  return sink.written;
}

async function timed<T>(fn: () => Promise<T>): Promise<{ ms: number; value: T }> {
  const start = performance.now();
  const value = await fn();
  return { ms: performance.now() - start, value };
}

async function benchXlsx(): Promise<void> {
  const floor: number[] = [];
  const ours: number[] = [];
  let sizes = '';
  for (let r = 0; r < RUNS; r++) {
    const a = await timed(() => bareExcel(ROWS));
    const b = await timed(() => ourExcel(ROWS));
    floor.push(a.ms);
    ours.push(b.ms);
    sizes = `${(a.value / 1e6).toFixed(1)} MB bare, ${(b.value / 1e6).toFixed(1)} MB ours`;
    console.log(`run ${r + 1}: bare ${a.ms.toFixed(0)} ms, renderXlsx ${b.ms.toFixed(0)} ms`);
  }
  const f = median(floor);
  const o = median(ours);
  console.log(`XLSX, ${ROWS.toLocaleString('en')} rows (${sizes})`);
  console.log(
    `  bare ExcelJS streaming writer: ${(f / 1000).toFixed(1)} s median of ${RUNS} (${Math.min(...floor).toFixed(0)}–${Math.max(...floor).toFixed(0)} ms)`,
  );
  console.log(
    `  renderXlsx                   : ${(o / 1000).toFixed(1)} s median of ${RUNS} (${Math.min(...ours).toFixed(0)}–${Math.max(...ours).toFixed(0)} ms)`,
  );
  console.log(`  ratio ${(o / f).toFixed(2)} (target ≤ 1.3)`);
}

function chartOf(section: number, n: number): ReportChart {
  return {
    title: `Settlement SM-${String(section).padStart(4, '0')}-${n}`,
    subtitle: 'Marina South · settlement marker',
    yName: 'mm',
    precision: 1,
    lines: [{ name: `SM-${section}-${n}`, points: Array.from({ length: 720 }, (_, i) => [T0 + i * HOUR, -2 - i * 0.006 + Math.sin(i / 9) * 0.4] as const) }],
    thresholds: [
      { label: 'AL (lower)', short: 'AL', value: -6, color: '#fb8c00' },
      { label: 'WSL (lower)', short: 'WSL', value: -8, color: '#8e0000' },
    ],
    predictions: [{ label: 'Predicted (QP(D)) stage 3: -7 mm', value: -7 }],
  };
}

function* pdfBlocks(): Generator<ReportBlock> {
  for (let s = 0; s < SECTIONS; s++) {
    yield { kind: 'heading', text: `Instrument group ${s + 1}`, level: 1 };
    yield {
      kind: 'table',
      columns: [
        { header: 'Instrument', type: 'text', width: 2 },
        { header: 'Latest reading', type: 'datetime', width: 2 },
        { header: 'Value (mm)', type: 'number', decimals: 2 },
        { header: 'Level', type: 'text' },
      ],
      rows: Array.from({ length: 8 }, (_, i) => [
        `SM-${s}-${i}`,
        new Date(T0 + i * HOUR),
        -3.14159 * i,
        i % 3 ? { level: 'AL', color: '#fb8c00' } : { level: 'Normal', color: '#43a047' },
      ]),
    };
    yield { kind: 'charts', charts: [chartOf(s, 1), chartOf(s, 2)], perPage: 2 };
  }
}

const PAGE = Buffer.from('/Type /Page\n');

async function benchPdf(): Promise<void> {
  const { renderPdf } = await import('../apps/server/src/modules/reports/report-render-pdf.js');
  const { forcedCollections } = await import('../apps/server/src/lib/heap.js');
  const sink = new CountingSink();
  let pages = 0;
  const counting: ReportSink = {
    write: async (chunk) => {
      const bytes = Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
      for (let at = bytes.indexOf(PAGE); at >= 0; at = bytes.indexOf(PAGE, at + 1)) pages += 1;
      return sink.write(chunk);
    },
    get written() {
      return sink.written;
    },
  };
  const before = process.memoryUsage().rss;
  let peak = before;
  const timer = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 25);
  const doc: ReportDocument = {
    title: 'Instrumentation Monitoring Report',
    fileStem: 'imr',
    facts: [
      ['Contract', 'T301'],
      ['Time zone', TZ],
    ],
    timezone: TZ,
    sectionCount: SECTIONS,
    blocks: pdfBlocks(),
  };
  const { ms } = await timed(() => renderPdf(doc, counting, () => undefined));
  clearInterval(timer);
  peak = Math.max(peak, process.memoryUsage().rss);
  console.log(`PDF, ${SECTIONS} sections, ${SECTIONS * 2} charts: ${pages} pages, ${(sink.written / 1e6).toFixed(1)} MB`);
  console.log(`  renderPdf: ${(ms / 1000).toFixed(1)} s, ${(pages / (ms / 1000)).toFixed(1)} pages/s`);
  console.log(`  peak RSS ${(peak / 1048576).toFixed(0)} MB (${(before / 1048576).toFixed(0)} MB before; target < 300 MB)`);
  const gc = forcedCollections();
  console.log(`  forced collections (lib/heap.ts): ${gc.count}, ${(gc.ms / 1000).toFixed(2)} s in all (${((100 * gc.ms) / ms).toFixed(1)} % of the time)`);
}

if (PARTS.has('pdf')) await benchPdf();
if (PARTS.has('xlsx')) await benchXlsx();
