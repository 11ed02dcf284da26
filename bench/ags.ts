/**
 * The AGS reader and checker (apps/server/src/modules/boreholes/ags) against the floor any AGS reader stands on: a
 * bare tokenisation of the same bytes with csv-parse, in one process, on one generated AGS4 file (about 50 MB,
 * ≥ 200,000 DATA rows across LOCA, GEOL, ISPT, SAMP, SCPG and SCPT, valid against the 4.1 dictionary). Decision 035.
 *
 *   npm run bench:ags   (BENCH_AGS_MB=50, BENCH_RUNS=3; node --expose-gc for the memory figures after a collection)
 *
 * Runs alternate (floor, ours, floor, ours …); the figures are medians. Both read the file as a stream from disk:
 * csv-parse (relax_column_count, every record counted in a 'data' handler and dropped) and `checkAgs` (every line decoded, tokenized
 * and checked as it streams; the groups' rows kept, then the group and dictionary rules). Peak RSS and heap are
 * sampled every 25 ms and at the end, above what was in use before the run.
 */
import { createReadStream, createWriteStream, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { once } from 'node:events';
import { parse } from 'csv-parse';
import { checkAgs } from '../apps/server/src/modules/boreholes/ags/index.js';
import { env } from './lib.js';

const TARGET_MB = env('BENCH_AGS_MB', 50);
const RUNS = env('BENCH_RUNS', 3);

const q = (values: (string | number)[]) => `${values.map((v) => `"${v}"`).join(',')}\r\n`;

function group(name: string, headings: string[], units: string[], types: string[]): string {
  return q(['GROUP', name]) + q(['HEADING', ...headings]) + q(['UNIT', ...units]) + q(['TYPE', ...types]);
}

/** Writes the file; returns its DATA row count. */
async function generate(file: string): Promise<number> {
  const out = createWriteStream(file);
  let rows = 0;
  const write = async (s: string) => {
    if (!out.write(s)) await once(out, 'drain');
  };
  const target = TARGET_MB * 1_000_000;
  await write(group('PROJ', ['PROJ_ID', 'PROJ_NAME'], ['', ''], ['ID', 'X']) + q(['DATA', 'BENCH', 'Generated AGS4']) + '\r\n');
  await write(
    group(
      'TRAN',
      ['TRAN_ISNO', 'TRAN_DATE', 'TRAN_PROD', 'TRAN_STAT', 'TRAN_AGS', 'TRAN_RECV', 'TRAN_DLIM', 'TRAN_RCON'],
      ['', 'yyyy-mm-dd', '', '', '', '', '', ''],
      ['X', 'DT', 'X', 'X', 'X', 'X', 'X', 'X'],
    ) +
      q(['DATA', '1', '2025-01-01', 'Strata bench', 'Final', '4.1', 'Strata', '|', '+']) +
      '\r\n',
  );
  const abbr: [string, string, string][] = [
    ['LOCA_TYPE', 'CP', 'Cable percussion (shell and auger)'],
    ['SAMP_TYPE', 'D', 'Small disturbed sample'],
    ['SAMP_TYPE', 'U', 'Undisturbed sample - open drive'],
    ['GEOL_LEG', '101', 'Clay'],
    ['GEOL_LEG', '102', 'Sand'],
  ];
  await write(group('ABBR', ['ABBR_HDNG', 'ABBR_CODE', 'ABBR_DESC'], ['', '', ''], ['X', 'X', 'X']) + abbr.map((a) => q(['DATA', ...a])).join('') + '\r\n');
  const types = ['ID', 'X', 'PA', 'DT', '0DP', '1DP', '2DP', '3DP', '4DP'];
  await write(group('TYPE', ['TYPE_TYPE', 'TYPE_DESC'], ['', ''], ['X', 'X']) + types.map((t) => q(['DATA', t, t])).join('') + '\r\n');
  const units = ['m', 'mm', 'MPa', 'yyyy-mm-dd', 'yyyy-mm-ddThh:mm'];
  await write(group('UNIT', ['UNIT_UNIT', 'UNIT_DESC'], ['', ''], ['X', 'X']) + units.map((u) => q(['DATA', u, u])).join('') + '\r\n');

  // Per location (12.6 kB, 201 rows): 20 strata, 10 SPTs, 20 samples, one cone test of 150 readings.
  const locations = Math.max(1, Math.round(target / 12_600));
  const id = (i: number) => `BH${String(i + 1).padStart(5, '0')}`;
  await write(
    group(
      'LOCA',
      ['LOCA_ID', 'LOCA_TYPE', 'LOCA_NATE', 'LOCA_NATN', 'LOCA_GL', 'LOCA_FDEP', 'LOCA_STAR'],
      ['', '', 'm', 'm', 'm', 'm', 'yyyy-mm-dd'],
      ['ID', 'PA', '2DP', '2DP', '2DP', '2DP', 'DT'],
    ),
  );
  for (let i = 0; i < locations; i++) {
    await write(q(['DATA', id(i), 'CP', (28000 + i).toFixed(2), (36000 + i * 2).toFixed(2), '15.20', '40.00', '2025-02-03']));
    rows++;
  }
  await write('\r\n');
  await write(group('GEOL', ['LOCA_ID', 'GEOL_TOP', 'GEOL_BASE', 'GEOL_DESC', 'GEOL_LEG'], ['', 'm', 'm', '', ''], ['ID', '2DP', '2DP', 'X', 'PA']));
  for (let i = 0; i < locations; i++) {
    for (let s = 0; s < 20; s++) {
      const desc =
        s % 2 ? 'Firm grey silty CLAY with occasional shell fragments (Marine Clay)' : 'Medium dense yellowish brown clayey fine to coarse SAND (Old Alluvium)';
      await write(q(['DATA', id(i), (s * 2).toFixed(2), (s * 2 + 2).toFixed(2), desc, s % 2 ? '101' : '102']));
      rows++;
    }
  }
  await write('\r\n');
  await write(group('ISPT', ['LOCA_ID', 'ISPT_TOP', 'ISPT_NVAL', 'ISPT_REP'], ['', 'm', '', ''], ['ID', '2DP', '0DP', 'X']));
  for (let i = 0; i < locations; i++) {
    for (let s = 0; s < 10; s++) {
      await write(q(['DATA', id(i), (s * 4 + 1.5).toFixed(2), String(5 + ((i + s) % 45)), '2,3/4,5,6,7 N=22']));
      rows++;
    }
  }
  await write('\r\n');
  await write(
    group(
      'SAMP',
      ['LOCA_ID', 'SAMP_TOP', 'SAMP_REF', 'SAMP_TYPE', 'SAMP_ID', 'SAMP_BASE', 'SAMP_DTIM'],
      ['', 'm', '', '', '', 'm', 'yyyy-mm-ddThh:mm'],
      ['ID', '2DP', 'X', 'PA', 'ID', '2DP', 'DT'],
    ),
  );
  for (let i = 0; i < locations; i++) {
    for (let s = 0; s < 20; s++) {
      await write(q(['DATA', id(i), (s * 2).toFixed(2), String(s + 1), s % 2 ? 'U' : 'D', `${id(i)}-${s + 1}`, (s * 2 + 0.45).toFixed(2), '2025-02-03T10:15']));
      rows++;
    }
  }
  await write('\r\n');
  await write(group('SCPG', ['LOCA_ID', 'SCPG_TESN'], ['', ''], ['ID', 'X']));
  for (let i = 0; i < locations; i++) {
    await write(q(['DATA', id(i), '1']));
    rows++;
  }
  await write('\r\n');
  await write(
    group(
      'SCPT',
      ['LOCA_ID', 'SCPG_TESN', 'SCPT_DPTH', 'SCPT_RES', 'SCPT_FRES', 'SCPT_PWP2'],
      ['', '', 'm', 'MPa', 'MPa', 'MPa'],
      ['ID', 'X', '2DP', '3DP', '4DP', '4DP'],
    ),
  );
  for (let i = 0; i < locations; i++) {
    for (let d = 0; d < 150; d++) {
      await write(
        q(['DATA', id(i), '1', (d * 0.2).toFixed(2), (1 + (d % 40) / 7).toFixed(3), (0.02 + (d % 9) / 1000).toFixed(4), (0.1 + d / 2000).toFixed(4)]),
      );
      rows++;
    }
  }
  await write('\r\n');
  out.end();
  await once(out, 'finish');
  return rows;
}

interface Run {
  ms: number;
  rssMb: number;
  heapMb: number;
}

async function measure(work: () => Promise<void>): Promise<Run> {
  globalThis.gc?.();
  const before = process.memoryUsage();
  let rss = before.rss;
  let heap = before.heapUsed;
  const sample = () => {
    const m = process.memoryUsage();
    rss = Math.max(rss, m.rss);
    heap = Math.max(heap, m.heapUsed);
  };
  const timer = setInterval(sample, 25);
  const t0 = performance.now();
  await work();
  const ms = performance.now() - t0;
  sample();
  clearInterval(timer);
  return { ms, rssMb: (rss - before.rss) / 1e6, heapMb: (heap - before.heapUsed) / 1e6 };
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? NaN;

async function main(): Promise<void> {
  const dir = mkdtempSync(path.join(tmpdir(), 'strata-bench-ags-'));
  const file = path.join(dir, 'bench.ags');
  try {
    const rows = await generate(file);
    const size = statSync(file).size;
    console.log(`file: ${(size / 1e6).toFixed(1)} MB, ${rows.toLocaleString('en')} DATA rows`);
    const floor: Run[] = [];
    const ours: Run[] = [];
    let records = 0;
    let summary = '';
    for (let r = 0; r < RUNS; r++) {
      floor.push(
        await measure(async () => {
          records = 0;
          const parser = createReadStream(file).pipe(parse({ relax_column_count: true, skip_empty_lines: true }));
          parser.on('data', () => records++);
          await once(parser, 'end');
        }),
      );
      ours.push(
        await measure(async () => {
          const { file: model, report } = await checkAgs(createReadStream(file));
          const kept = model.groups.reduce((n, g) => n + g.rows.length, 0);
          summary = `${kept.toLocaleString('en')} rows kept, ${report.counts.errors} errors, ${report.counts.warnings} warnings, ${report.counts.fyi} FYI`;
        }),
      );
    }
    const f = median(floor.map((x) => x.ms));
    const o = median(ours.map((x) => x.ms));
    console.log(
      `csv-parse (floor): ${f.toFixed(0)} ms median of ${RUNS} (${records.toLocaleString('en')} records); peak +RSS ${median(floor.map((x) => x.rssMb)).toFixed(0)} MB, +heap ${median(floor.map((x) => x.heapMb)).toFixed(0)} MB`,
    );
    console.log(
      `read + check     : ${o.toFixed(0)} ms median of ${RUNS} (${summary}); peak +RSS ${median(ours.map((x) => x.rssMb)).toFixed(0)} MB, +heap ${median(ours.map((x) => x.heapMb)).toFixed(0)} MB`,
    );
    console.log(`ratio read + check / floor: ${(o / f).toFixed(2)} (target ≤ 3)`);
    console.log(`runs (ms): floor ${floor.map((x) => x.ms.toFixed(0)).join(', ')}; ours ${ours.map((x) => x.ms.toFixed(0)).join(', ')}`);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

await main();
