/**
 * `npm run bench:readings`: the chart query (GET /instruments/{id}/readings) against the same downsampling SQL run
 * directly (`downsampleSeries`, the function the service calls), on PostgreSQL.
 *
 * Data: BENCH_INSTRUMENTS instruments (default 200) × BENCH_YEARS years (default 5) of 15-minute readings — 35 M rows
 * at the defaults — generated in SQL with generate_series (not through the API), then the rollups rebuilt from them,
 * VACUUM ANALYZE. Queries: BENCH_REQUESTS (default 800) of a random instrument and a random range (two uniform points
 * in the data's span), max_points BENCH_MAX_POINTS (default 2000), BENCH_CONCURRENCY clients at once (default 8),
 * after a warm-up of a quarter as many. The API over HTTP on a loopback port and the direct calls alternate in blocks
 * (so both see the same machine load); the HTTP clients run in a worker thread (`readings-client.mjs`), off the
 * server's event loop. p50 and p95 of each and their ratios are printed.
 *
 *   BENCH_DATABASE_URL=postgres://root@127.0.0.1:5432/postgres npm run bench:readings
 *   BENCH_KEEP=1 …   keeps the generated database (strata_bench_readings) and reuses it on the next run
 *   BENCH_NAME=x …   names the database strata_bench_x instead
 */
import { loadavg } from 'node:os';
import { Worker } from 'node:worker_threads';
import { downsampleSeries } from '../apps/server/src/modules/readings/downsample.js';
import { monthsBetween } from '../apps/server/src/modules/readings/reading-keys.js';
import { ensureSeries, rebuildRollups } from '../apps/server/src/modules/readings/readings-load.repository.js';
import { ensurePartitions } from '../apps/server/src/modules/readings/readings-partitions.repository.js';
import {
  benchDatabase,
  benchInstruments,
  benchMasterData,
  cpuSince,
  cpuSnapshot,
  env,
  ms,
  percentile,
  runConcurrently,
  startApp,
  type RunningApp,
} from './lib.js';

const START = Date.UTC(2021, 0, 1);
const STEP = 15 * 60_000;

async function main() {
  if (!process.env.BENCH_DATABASE_URL) {
    console.error('bench:readings runs on PostgreSQL: set BENCH_DATABASE_URL (e.g. postgres://root@127.0.0.1:5432/postgres)');
    process.exit(2);
  }
  const instruments = env('BENCH_INSTRUMENTS', 200);
  const years = env('BENCH_YEARS', 5);
  const requests = env('BENCH_REQUESTS', 800);
  const concurrency = env('BENCH_CONCURRENCY', 8);
  const maxPoints = env('BENCH_MAX_POINTS', 2000);
  const end = START + Math.round(years * 365.25 * 86_400_000) - STEP;
  const perSeries = Math.floor((end - START) / STEP) + 1;
  const rows = instruments * perSeries;

  // BENCH_NAME: the database's name (strata_bench_<name>), so two people's runs on one server do not meet.
  const bdb = await benchDatabase(process.env.BENCH_NAME ?? 'readings');
  const { db } = bdb;
  let app: RunningApp | undefined;
  let clients: Worker | undefined;
  try {
    const md = await benchMasterData(db);
    const ids = await benchInstruments(db, md.contractId, md.typeId, instruments);
    const seriesIds = await ensureSeries(
      db.orm,
      ids.map((instrumentId) => ({ instrumentId, readingCodeId: md.codeId, depth: null })),
    );
    const have = Number((await db.query<{ n: string }>('select count(*) as n from readings')).rows[0]!.n);
    console.log(`pg: ${instruments} instruments × ${years} years of 15-minute readings = ${rows.toLocaleString('en')} rows`);
    if (have !== rows) {
      if (have > 0) await db.exec('truncate readings, reading_rollups, reading_latest');
      const t0 = performance.now();
      await ensurePartitions(db.orm, monthsBetween(START, end));
      const chunk = 10;
      for (let i = 0; i < seriesIds.length; i += chunk) {
        const part = seriesIds.slice(i, i + chunk);
        // A slow wave, noise, and now and then a spike.
        await db.query(
          `insert into readings (series_id, taken_at, value)
           select s, t, round((sin(date_part('epoch', t) / 2592000 + s) * 12 + random() * 2 + case when random() < 0.0005 then 40 else 0 end)::numeric, 3)::float8
             from unnest($1::int[]) s, generate_series($2::timestamptz, $3::timestamptz, interval '15 minutes') t`,
          [part, new Date(START).toISOString(), new Date(end).toISOString()],
        );
        await rebuildRollups(db.orm, part);
        process.stdout.write(`\r  generated ${Math.min(i + chunk, seriesIds.length)}/${seriesIds.length} series (${ms(performance.now() - t0)})`);
      }
      await db.exec(`insert into reading_latest (series_id, taken_at, value)
        select distinct on (series_id) series_id, taken_at, value from readings where taken_at > '${new Date(end - 86_400_000).toISOString()}' order by series_id, taken_at desc
        on conflict (series_id) do update set taken_at = excluded.taken_at, value = excluded.value`);
      await db.exec('vacuum analyze readings');
      await db.exec('vacuum analyze reading_rollups');
      console.log(`\n  data ready in ${ms(performance.now() - t0)}`);
    } else console.log('  reusing the data of a kept database');

    // The same random requests for both: a random instrument, a range between two uniform points of the span.
    let seed = 4242;
    const rnd = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
    const plan = Array.from({ length: requests + Math.ceil(requests / 4) }, () => {
      const k = Math.floor(rnd() * instruments);
      let a = START + Math.floor(rnd() * (end - START));
      let b = START + Math.floor(rnd() * (end - START));
      if (a > b) [a, b] = [b, a];
      if (b - a < 3_600_000) b = Math.min(end, a + 3_600_000);
      return { instrumentId: ids[k]!, seriesId: seriesIds[k]!, from: a, to: b };
    });
    const warm = plan.slice(requests);
    const measured = plan.slice(0, requests);

    app = await startApp(db, { workers: false });
    const { base, headers } = app;
    let maxSeen = 0;
    const urlOf = (q: (typeof plan)[number]) =>
      `${base}/api/v1/instruments/${q.instrumentId}/readings?from=${new Date(q.from).toISOString()}&to=${new Date(q.to).toISOString()}&max_points=${maxPoints}`;
    /**
     * The HTTP clients run in one worker thread for the whole run (bench/readings-client.mjs), off the server's event
     * loop as real clients would be; each call sends it a block of URLs.
     */
    const worker = new Worker(new URL('./readings-client.mjs', import.meta.url), { workerData: { headers, concurrency } });
    clients = worker;
    const http = async (urls: string[]): Promise<number[]> => {
      const out = await new Promise<{ durations: number[]; largest: number; error?: string }>((resolve, reject) => {
        worker.once('message', resolve);
        worker.once('error', reject);
        worker.postMessage({ urls });
      });
      worker.removeAllListeners('error');
      if (out.error) throw new Error(out.error);
      maxSeen = Math.max(maxSeen, out.largest);
      return out.durations;
    };
    const api = (block: (typeof plan)[number][]) => http(block.map(urlOf));
    const direct = (q: (typeof plan)[number]) => async () => {
      const r = await downsampleSeries(db.orm, q.seriesId, q.from, q.to, maxPoints);
      maxSeen = Math.max(maxSeen, r.points.length);
    };

    await api(warm);
    await runConcurrently(warm.map(direct), concurrency);
    const times = { api: [] as number[], direct: [] as number[] };
    const blocks = 4;
    const size = Math.ceil(measured.length / blocks);
    const t0 = performance.now();
    // Main-thread busy time per request (event-loop utilisation; the HTTP clients run in their own thread): what
    // each way costs the Node process, a figure a loaded machine moves less than the latencies.
    // And the CPU each way takes on this machine: PostgreSQL's processes, the Node main thread (the app, or the direct
    // calls), the rest of the process (the HTTP clients' thread, V8's helpers).
    const busy = { api: 0, direct: 0 };
    const cpu = { api: { postgres: 0, main: 0, other: 0 }, direct: { postgres: 0, main: 0, other: 0 } };
    const timed = async <T>(k: 'api' | 'direct', f: () => Promise<T>): Promise<T> => {
      const e0 = performance.eventLoopUtilization();
      const c0 = cpuSnapshot();
      const r = await f();
      const used = cpuSince(c0);
      busy[k] += performance.eventLoopUtilization(e0).active;
      cpu[k].postgres += used.postgres;
      cpu[k].main += used.main;
      cpu[k].other += used.other;
      return r;
    };
    for (let b = 0; b < blocks; b++) {
      const block = measured.slice(b * size, (b + 1) * size);
      times.api.push(...(await timed('api', () => api(block))));
      times.direct.push(...(await timed('direct', () => runConcurrently(block.map(direct), concurrency))));
    }
    const wall = performance.now() - t0;
    // The floor of any API call here: an authenticated GET that does next to nothing (latest value of one instrument).
    const floor = [
      ...(await http(Array.from({ length: Math.min(400, requests) }, (_, i) => `${base}/api/v1/instruments/latest?ids=${ids[i % ids.length]}`))),
    ].sort((x, y) => x - y);
    const sorted = { api: [...times.api].sort((x, y) => x - y), direct: [...times.direct].sort((x, y) => x - y) };
    const p = (k: 'api' | 'direct', q: number) => percentile(sorted[k], q);
    const spans = measured.map((q) => (q.to - q.from) / 86_400_000).sort((x, y) => x - y);
    console.log(
      `\n${requests} requests each way, ${concurrency} concurrent, max_points ${maxPoints}; range spans: median ${percentile(spans, 50).toFixed(0)} days, p95 ${percentile(spans, 95).toFixed(0)} days; largest answer ${maxSeen} points; ${ms(wall)} in all`,
    );
    console.log('\n| | p50 | p95 | max |');
    console.log('|---|---|---|---|');
    console.log(`| downsampling SQL run directly (\`downsampleSeries\`) | ${ms(p('direct', 50))} | ${ms(p('direct', 95))} | ${ms(p('direct', 100))} |`);
    console.log(`| GET /instruments/{id}/readings over HTTP | ${ms(p('api', 50))} | ${ms(p('api', 95))} | ${ms(p('api', 100))} |`);
    console.log(`| ratio API / direct | **${(p('api', 50) / p('direct', 50)).toFixed(2)}×** | **${(p('api', 95) / p('direct', 95)).toFixed(2)}×** | |`);
    console.log(
      `| (floor: GET /instruments/latest?ids=<one>, auth + HTTP only) | ${ms(percentile(floor, 50))} | ${ms(percentile(floor, 95))} | ${ms(percentile(floor, 100))} |`,
    );
    console.log(
      `\nNode main thread busy per request: API ${ms(busy.api / requests)}, direct ${ms(busy.direct / requests)}; load average ${loadavg()
        .map((x) => x.toFixed(1))
        .join(' ')}`,
    );
    const cpuLine = (k: 'api' | 'direct') =>
      `PostgreSQL ${ms(cpu[k].postgres / requests)}, Node main ${ms(cpu[k].main / requests)}, other threads ${ms(cpu[k].other / requests)}`;
    console.log(`CPU per request: API — ${cpuLine('api')}; direct — ${cpuLine('direct')}`);
    console.log(
      `\nRATIO chart API / direct SQL (pg, ${rows} rows): p50 ${(p('api', 50) / p('direct', 50)).toFixed(2)}, p95 ${(p('api', 95) / p('direct', 95)).toFixed(2)}; API p95 ${p('api', 95).toFixed(1)} ms`,
    );
  } finally {
    await clients?.terminate();
    await app?.stop();
    await bdb.close();
  }
}

await main();
