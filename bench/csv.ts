/**
 * The CSV scanner of the readings ingest (`eachCsvRecord`, apps/server/src/lib/sheet-file.ts) against `csv-parse` on
 * the same generated readings file, in one process: 3 alternating runs each, time and peak memory, as ratios
 * (csv-parse ÷ scanner). Decision record: docs/decisions/022-csv-scanner.md.
 *
 *   node --expose-gc --import tsx bench/csv.ts   (BENCH_ROWS=1000000, BENCH_QUOTED_ROWS=200000, BENCH_RUNS=3)
 *
 * Both parsers visit every record and keep none, as the ingest does: the scanner through its callback, csv-parse
 * through `on_record` returning nothing (its sync API; nothing is collected) and through its stream (how an async
 * reader with progress would use it). A second file quotes every text field, so the scanner's quoted path is timed
 * too. Peak memory is the highest heap + ArrayBuffer use seen during a run (sampled every 10,000 records) above what
 * was in use before it, after a collection.
 */
import { Readable } from 'node:stream';
import { parse as parseStream } from 'csv-parse';
import { parse as parseSync } from 'csv-parse/sync';
import { eachCsvRecord } from '../apps/server/src/lib/sheet-file.js';
import { env } from './lib.js';

const ROWS = env('BENCH_ROWS', 1_000_000);
const QUOTED_ROWS = env('BENCH_QUOTED_ROWS', 200_000);
const RUNS = env('BENCH_RUNS', 3);

function readingsCsv(rows: number, quoted: boolean): Buffer {
  const q = (s: string) => (quoted ? `"${s}"` : s);
  const instruments = 1000;
  const names = Array.from({ length: instruments }, (_, i) => q(`SM-${String(i + 1).padStart(5, '0')}`));
  const t0 = Date.UTC(2025, 0, 1);
  let seed = 12345;
  const lines: string[] = ['instrument,date_time,reading_code,value\n'];
  for (let k = 0; k < rows; k++) {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    const at = new Date(t0 + Math.floor(k / instruments) * 600_000).toISOString();
    lines.push(`${names[k % instruments]},${at},${q('DSPA')},${((seed / 2147483648) * 60 - 30).toFixed(3)}\n`);
  }
  return Buffer.from(lines.join(''));
}

interface Result {
  ms: number;
  peakBytes: number;
  records: number;
  check: number;
}

const inUse = () => {
  const m = process.memoryUsage();
  return m.heapUsed + m.arrayBuffers;
};

/** Runs `parse`, which calls `visit` for each record, timing it and sampling memory. */
async function measure(parse: (visit: (fields: string[]) => void) => void | Promise<void>): Promise<Result> {
  globalThis.gc?.();
  const base = inUse();
  let peak = base;
  let records = 0;
  let check = 0;
  const visit = (fields: string[]) => {
    records++;
    check += fields[3]!.length; // touch a field, so neither parser's work can be skipped
    if (records % 10_000 === 0) peak = Math.max(peak, inUse());
  };
  const start = performance.now();
  await parse(visit);
  const ms = performance.now() - start;
  peak = Math.max(peak, inUse());
  return { ms, peakBytes: peak - base, records, check };
}

const scanner = (file: Buffer) => (visit: (fields: string[]) => void) => eachCsvRecord(file, visit);

const csvParseSync = (file: Buffer) => (visit: (fields: string[]) => void) => {
  parseSync(file, {
    bom: true,
    on_record: (record: string[]) => {
      visit(record);
      return null; // nothing is kept
    },
  });
};

const csvParseStream = (file: Buffer) => async (visit: (fields: string[]) => void) => {
  const parser = Readable.from(chunks(file)).pipe(parseStream({ bom: true }));
  for await (const record of parser) visit(record as string[]);
};

/** The file in 64 KB pieces, as the upload reader slices it. */
function* chunks(file: Buffer): Generator<Buffer> {
  for (let i = 0; i < file.length; i += 65_536) yield file.subarray(i, i + 65_536);
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const mb = (bytes: number) => `${(bytes / 1048576).toFixed(1)} MB`;

async function compare(label: string, rows: number, file: Buffer): Promise<void> {
  console.log(`\n${label}: ${rows.toLocaleString('en')} rows, ${mb(file.length)}, ${RUNS} alternating runs`);
  const contenders = { scanner: scanner(file), 'csv-parse sync': csvParseSync(file), 'csv-parse stream': csvParseStream(file) };
  const results: Record<string, Result[]> = { scanner: [], 'csv-parse sync': [], 'csv-parse stream': [] };
  for (let run = 0; run < RUNS; run++) {
    for (const [name, parse] of Object.entries(contenders)) {
      const r = await measure(parse);
      results[name]!.push(r);
      console.log(`  run ${run + 1} ${name.padEnd(16)} ${r.ms.toFixed(0).padStart(6)} ms  peak +${mb(r.peakBytes)}  (${r.records} records)`);
    }
  }
  const first = results.scanner![0]!;
  for (const [name, rs] of Object.entries(results)) {
    if (rs.some((r) => r.records !== first.records || r.check !== first.check)) throw new Error(`${name} read different records`);
  }
  const base = { ms: median(results.scanner!.map((r) => r.ms)), peak: median(results.scanner!.map((r) => r.peakBytes)) };
  for (const [name, rs] of Object.entries(results)) {
    const ms = median(rs.map((r) => r.ms));
    const peak = median(rs.map((r) => r.peakBytes));
    const perRun = rs.map((r, i) => (r.ms / results.scanner![i]!.ms).toFixed(2)).join(', ');
    console.log(
      `  ${name.padEnd(16)} median ${ms.toFixed(0).padStart(6)} ms (${(ms / base.ms).toFixed(2)}x; per run ${perRun}), peak +${mb(peak)} (${(peak / base.peak).toFixed(2)}x)`,
    );
  }
}

if (!globalThis.gc) console.log('(run with node --expose-gc for a collection before each run: the memory figures are steadier)');
// Either file is left out with its row count set to 0.
if (ROWS > 0) await compare('plain (no quotes)', ROWS, readingsCsv(ROWS, false));
if (QUOTED_ROWS > 0) await compare('every text field quoted', QUOTED_ROWS, readingsCsv(QUOTED_ROWS, true));
