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
 *
 * The load (BENCH_PARTS=load; BENCH_DATABASE_URL for PostgreSQL, else PGlite): the read file through `loadAgsFile` (the
 * generic store, boreholes and versions, the six typed groups, one transaction) against a plain COPY of the same typed
 * rows into tables like the typed ones, their COPY text built before the clock starts. Runs alternate; medians.
 */
import { createReadStream, createWriteStream, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { once } from 'node:events';
import { parse } from 'csv-parse';
import { sql } from 'drizzle-orm';
import { copyIn, rows as sqlRows } from '../apps/server/src/db/client.js';
import { boreholeColumn } from '../apps/server/src/db/schema/boreholes.js';
import { checkAgs, readAgs, toAgs4Names, type AgsFile } from '../apps/server/src/modules/boreholes/ags/index.js';
import { agsNumber, loadAgsFile } from '../apps/server/src/modules/boreholes/borehole-store.repository.js';
import { BOREHOLE_FIELDS, BOREHOLE_GROUP_SOURCE, BOREHOLE_GROUPS } from '../packages/shared/src/index.js';
import { benchDatabase, env } from './lib.js';

const TARGET_MB = env('BENCH_AGS_MB', 50);
const RUNS = env('BENCH_RUNS', 3);
/** read: read + check against csv-parse; load: the loader against a plain COPY of the typed rows. */
const PARTS = new Set((process.env.BENCH_PARTS ?? 'read,load').split(','));

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

/**
 * The baseline of the load: the six typed groups' rows as COPY text (built before the clock starts), copied into
 * tables like the typed ones (same columns and primary key, no foreign key) in one transaction. The floor of any
 * load of those rows.
 */
function typedCopyText(model: AgsFile): Map<string, { columns: string; text: string; rows: number }> {
  const file = toAgs4Names(model);
  const out = new Map<string, { columns: string; text: string; rows: number }>();
  for (const group of BOREHOLE_GROUPS) {
    const g = file.groups.find((x) => x.name === BOREHOLE_GROUP_SOURCE[group]);
    if (!g) continue;
    const fields = BOREHOLE_FIELDS[group];
    const at = fields.map((f) => f.from.map((h) => g.headings.indexOf(h)).find((i) => i >= 0) ?? -1);
    let text = '';
    g.rows.forEach((r, seq) => {
      text += `1\t${seq}`;
      fields.forEach((f, k) => {
        const v = at[k]! < 0 ? undefined : r.values[at[k]!];
        const cell = f.kind === 'number' ? agsNumber(v) : v === undefined || v === '' ? null : v.replace(/[\\\t\n\r]/g, ' ');
        text += `\t${cell === null ? '\\N' : String(cell)}`;
      });
      text += '\n';
    });
    out.set(group, { columns: `(version_id, seq, ${fields.map((f) => boreholeColumn(f.name)).join(', ')})`, text, rows: g.rows.length });
  }
  return out;
}

async function loadBench(file: string): Promise<void> {
  const bench = await benchDatabase('ags');
  const db = bench.db;
  try {
    const model = await readAgs(createReadStream(file));
    const [contract] = await sqlRows<{ id: number }>(db.orm, sql`INSERT INTO contracts (no, title) VALUES ('BENCH', 'AGS load') RETURNING contract_id AS id`);
    const typed = typedCopyText(model);
    const typedRows = [...typed.values()].reduce((n, t) => n + t.rows, 0);
    for (const group of typed.keys()) await db.orm.execute(sql.raw(`CREATE TABLE bench_${group} (LIKE borehole_${group} INCLUDING ALL)`));
    const floor: number[] = [];
    const ours: number[] = [];
    let summary = '';
    for (let r = 0; r < RUNS; r++) {
      let t0 = performance.now();
      await db.orm.transaction(async (tx) => {
        for (const [group, t] of typed) await copyIn(tx, `bench_${group} ${t.columns}`, t.text);
      });
      floor.push(performance.now() - t0);
      for (const group of typed.keys()) await db.orm.execute(sql.raw(`TRUNCATE bench_${group}`));

      t0 = performance.now();
      const loaded = await db.orm.transaction((tx) =>
        loadAgsFile(tx, { contractId: contract!.id, uploadId: null, fileName: 'bench.ags', file: model, crs: '3414', loadedBy: null }),
      );
      ours.push(performance.now() - t0);
      summary = `${loaded.boreholes.length.toLocaleString('en')} boreholes, ${loaded.groupRows.toLocaleString('en')} typed rows, ${loaded.rows.toLocaleString('en')} rows in the generic store`;
      await db.orm.execute(sql`DELETE FROM boreholes WHERE contract_id = ${contract!.id}`);
      await db.orm.execute(sql`DELETE FROM ags_files WHERE contract_id = ${contract!.id}`);
    }
    const f = median(floor);
    const o = median(ours);
    console.log(`\nload on ${bench.kind === 'pg' ? 'PostgreSQL' : 'PGlite'}:`);
    console.log(`plain COPY of the typed rows (floor): ${f.toFixed(0)} ms median of ${RUNS} (${typedRows.toLocaleString('en')} rows)`);
    console.log(`loadAgsFile                         : ${o.toFixed(0)} ms median of ${RUNS} (${summary})`);
    console.log(`ratio load / floor: ${(o / f).toFixed(2)} (target ≤ 2)`);
    console.log(`runs (ms): floor ${floor.map((x) => x.toFixed(0)).join(', ')}; ours ${ours.map((x) => x.toFixed(0)).join(', ')}`);
  } finally {
    await bench.close();
  }
}

async function main(): Promise<void> {
  const dir = mkdtempSync(path.join(tmpdir(), 'strata-bench-ags-'));
  const file = path.join(dir, 'bench.ags');
  try {
    const rows = await generate(file);
    const size = statSync(file).size;
    console.log(`file: ${(size / 1e6).toFixed(1)} MB, ${rows.toLocaleString('en')} DATA rows`);
    if (PARTS.has('load')) await loadBench(file);
    if (!PARTS.has('read')) return;
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
