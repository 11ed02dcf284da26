/**
 * `npm run bench:ingest`: instrument readings through the upload pipeline against a plain COPY, on one database.
 *
 * BENCH_INSTRUMENTS instruments × BENCH_READINGS readings each (default 1000 × 1000 on PostgreSQL, 1000 × 200 on
 * PGlite), 15 minutes apart, as one long-layout CSV (one line per reading, time-major: every instrument at 00:00, then
 * every instrument at 00:15 …). One pipeline run is POST /uploads/instrument (multipart, over HTTP on a loopback
 * port) -> the validation job -> GET until validated -> POST approve -> the load job -> GET until done. The baseline
 * is `COPY readings (series_id, taken_at, value)` of the same rows in the same order, in one transaction. Both run
 * BENCH_RUNS times (default 3) after one warm-up pipeline run that creates the partitions and series; the medians
 * and their ratio are printed. Also printed: the load alone (`loadReadings`, direct COPY and via a staging table).
 *
 *   BENCH_DATABASE_URL=postgres://root@127.0.0.1:5432/postgres npm run bench:ingest
 *   npm run bench:ingest                      # PGlite in a temporary folder
 */
import { copyIn } from '../apps/server/src/db/client.js';
import { buildBatch } from '../apps/server/src/modules/readings/readings-batch.js';
import { loadReadings } from '../apps/server/src/modules/readings/readings-load.repository.js';
import { benchDatabase, benchInstruments, benchMasterData, env, median, ms, sleep, startApp, type RunningApp } from './lib.js';

const T0 = Date.UTC(2026, 0, 1);
const STEP = 15 * 60_000;

interface PipelineTimes {
  total: number;
  post: number;
  validate: number;
  load: number;
}

async function main() {
  const bdb = await benchDatabase('ingest');
  const { db } = bdb;
  const instruments = env('BENCH_INSTRUMENTS', 1000);
  const perInstrument = env('BENCH_READINGS', bdb.kind === 'pg' ? 1000 : 200);
  const runs = env('BENCH_RUNS', 3);
  const rows = instruments * perInstrument;
  let app: RunningApp | undefined;
  try {
    const md = await benchMasterData(db);
    const ids = await benchInstruments(db, md.contractId, md.typeId, instruments);
    await db.query(
      `insert into settings (key, value) values ('instrument_max_upload', '1000000000'::jsonb) on conflict (key) do update set value = excluded.value`,
    );
    await db.exec('truncate readings, reading_rollups, reading_latest');

    // The same values for the file and the baseline.
    let seed = 12345;
    const values: string[] = new Array(rows);
    for (let k = 0; k < rows; k++) {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      values[k] = ((seed / 2147483648) * 60 - 30).toFixed(3);
    }
    const iso: string[] = Array.from({ length: perInstrument }, (_, r) => new Date(T0 + r * STEP).toISOString());
    const names = Array.from({ length: instruments }, (_, i) => `SM-${String(i + 1).padStart(5, '0')}`);
    const lines: string[] = ['instrument,date_time,reading_code,value\n'];
    for (let r = 0, k = 0; r < perInstrument; r++) for (let i = 0; i < instruments; i++, k++) lines.push(`${names[i]},${iso[r]},DSPA,${values[k]}\n`);
    const file = Buffer.from(lines.join(''));
    lines.length = 0;
    console.log(
      `${bdb.kind}: ${instruments} instruments × ${perInstrument} readings = ${rows.toLocaleString('en')} rows, CSV ${(file.length / 1e6).toFixed(1)} MB, ${runs} runs`,
    );

    app = await startApp(db, { workers: true });
    const { base, headers } = app;
    const status = async (id: number) =>
      (await (await fetch(`${base}/api/v1/uploads/${id}`, { headers })).json()) as { status: string; rows_loaded: number; error: string | null };
    const until = async (id: number, done: string[]) => {
      for (;;) {
        const s = await status(id);
        if (done.includes(s.status)) return s;
        await sleep(20);
      }
    };
    const pipeline = async (force: boolean): Promise<PipelineTimes> => {
      const t0 = performance.now();
      const form = new FormData();
      form.append('files', new Blob([file]), 'bench.csv');
      const res = await fetch(`${base}/api/v1/uploads/instrument?force=${force}`, { method: 'POST', headers, body: form });
      if (res.status !== 202) throw new Error(`upload: ${res.status} ${await res.text()}`);
      const { upload_id: id } = (await res.json()) as { upload_id: number };
      const t1 = performance.now();
      const v = await until(id, ['validated', 'invalid', 'failed']);
      if (v.status !== 'validated') throw new Error(`validation: ${v.status} ${v.error}`);
      const t2 = performance.now();
      const a = await fetch(`${base}/api/v1/uploads/${id}/approve`, { method: 'POST', headers });
      if (a.status !== 200) throw new Error(`approve: ${a.status} ${await a.text()}`);
      const d = await until(id, ['done', 'failed']);
      if (d.status !== 'done' || d.rows_loaded !== rows) throw new Error(`load: ${d.status} ${d.rows_loaded} ${d.error}`);
      const t3 = performance.now();
      return { total: t3 - t0, post: t1 - t0, validate: t2 - t1, load: t3 - t2 };
    };
    const truncate = () => db.exec('truncate readings, reading_rollups, reading_latest');

    const warm = await pipeline(false);
    console.log(`warm-up pipeline (creates partitions and series): ${ms(warm.total)}`);
    await truncate();

    const series = await db.query<{ instrument_id: number; series_id: number }>(
      'select instrument_id, series_id from reading_series where reading_code_id = $1',
      [md.codeId],
    );
    const sid = new Map(series.rows.map((r) => [r.instrument_id, r.series_id]));
    const copyLines: string[] = [];
    for (let r = 0, k = 0; r < perInstrument; r++) for (let i = 0; i < instruments; i++, k++) copyLines.push(`${sid.get(ids[i]!)}\t${iso[r]}\t${values[k]}\n`);
    const copyText = copyLines.join('');
    copyLines.length = 0;

    const copies: number[] = [];
    const pipes: PipelineTimes[] = [];
    for (let r = 0; r < runs; r++) {
      const t0 = performance.now();
      await db.orm.transaction((tx) => copyIn(tx, 'readings (series_id, taken_at, value)', copyText));
      copies.push(performance.now() - t0);
      await truncate();
      pipes.push(await pipeline(true));
      await truncate();
      console.log(
        `run ${r + 1}: plain COPY ${ms(copies.at(-1)!)}; pipeline ${ms(pipes.at(-1)!.total)} (post ${ms(pipes.at(-1)!.post)}, validate ${ms(pipes.at(-1)!.validate)}, approve+load ${ms(pipes.at(-1)!.load)})`,
      );
    }

    // The load alone, both ways (what the load job does inside its transaction), on the same rows.
    const batch = buildBatch(
      ids.map((id, i) => ({
        key: { instrumentId: id, readingCodeId: md.codeId, depth: null },
        points: Array.from({ length: perInstrument }, (_, r) => [T0 + r * STEP, Number(values[r * instruments + i])] as [number, number]),
      })),
    );
    const loads: Record<'direct' | 'staging', number[]> = { direct: [], staging: [] };
    for (let r = 0; r < runs; r++) {
      for (const via of ['direct', 'staging'] as const) {
        const t0 = performance.now();
        await db.orm.transaction((tx) => loadReadings(tx, { ...batch.input, via }));
        loads[via].push(performance.now() - t0);
        await truncate();
      }
    }

    const copy = median(copies);
    const total = median(pipes.map((p) => p.total));
    console.log('\n| measure (median) | time | vs plain COPY |');
    console.log('|---|---|---|');
    console.log(`| plain COPY of ${rows.toLocaleString('en')} rows | ${ms(copy)} | 1.00× |`);
    console.log(`| upload pipeline, POST -> committed | ${ms(total)} | **${(total / copy).toFixed(2)}×** |`);
    console.log(`| … POST (upload, sha256, store, row) | ${ms(median(pipes.map((p) => p.post)))} | |`);
    console.log(`| … validation job (parse, check, duplicates, write) | ${ms(median(pipes.map((p) => p.validate)))} | |`);
    console.log(`| … approve + load job (COPY, rollups, latest) | ${ms(median(pipes.map((p) => p.load)))} | |`);
    console.log(`| load alone, COPY straight into readings | ${ms(median(loads.direct))} | ${(median(loads.direct) / copy).toFixed(2)}× |`);
    console.log(`| load alone, COPY into staging + INSERT … SELECT | ${ms(median(loads.staging))} | ${(median(loads.staging) / copy).toFixed(2)}× |`);
    const perRun = pipes.map((p, i) => p.total / copies[i]!);
    console.log(
      `\nper-run ratios (each pipeline run against the COPY just before it): ${perRun.map((r) => r.toFixed(2)).join(', ')}; median ${median(perRun).toFixed(2)}`,
    );
    console.log(`RATIO ingest pipeline / plain COPY (${bdb.kind}, ${rows} rows): ${(total / copy).toFixed(2)}`);
  } finally {
    await app?.stop();
    await bdb.close();
  }
}

await main();
