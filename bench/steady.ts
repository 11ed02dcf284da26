/**
 * `npm run bench:steady` (issue 17): a steady rate of the work space's calls through nginx, as the deployment of
 * docs/deploy.md runs — nginx in front of two API instances (WORKERS=off) and a job worker, on a PostgreSQL 15 cluster
 * of the bench's own with the demo data (started with ops/lib, the parts `npm run topology` uses).
 *
 * The mix is what a signed-in engineer's work space asks for as it opens and as they click through instruments: sync,
 * configuration, preferences, the contract's sites, zones and instrument statuses, the latest values of a page of
 * instruments, an instrument, its thresholds, and its readings for a chart, each signed in as the demo admin.
 * Requests go out on a fixed schedule (an open loop: a slow answer shows as latency, never as fewer requests).
 *
 * Baseline, in the same run: the same mix at the same rate straight to one API instance (no nginx) for BENCH_BASE_S
 * seconds, so the figure is the ratio nginx-and-two-instances / one instance alone, for p50, p95 and p99.
 *
 *   npm run bench:steady                            5 minutes at 40 requests/s (BENCH_STEADY_S, BENCH_RATE)
 *   BENCH_STEADY_S=30 BENCH_BASE_S=10 npm run bench:steady   a short run
 * Target: 0 errors through nginx; p99 reported.
 */
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { cleanUp, cleanUpOnSignals, onCleanup } from '../ops/lib/children.js';
import { DEMO_ADMIN, signIn, type Session } from '../ops/lib/http.js';
import { startNginx } from '../ops/lib/nginx.js';
import { Cluster, freePort } from '../ops/lib/postgres.js';
import { apiReady, newSecretKey, startApi, startWorker, workerReady } from '../ops/lib/strata.js';
import { env, percentile } from './lib.js';

const STEADY_S = env('BENCH_STEADY_S', 300);
const BASE_S = env('BENCH_BASE_S', 60);
const RATE = env('BENCH_RATE', 40);

interface Steady {
  count: number;
  errors: number;
  durations: number[];
  statuses: Record<string, number>;
}

/** The mix, as absolute URLs against `base`, with the session's headers. */
async function workSpaceMix(cluster: Cluster, database: string, base: string, s: Session) {
  const q = <T extends Record<string, unknown>>(text: string) => cluster.query<T>(database, text);
  const contracts = (await q<{ id: number }>('select contract_id as id from contracts where active order by contract_id')).map((r) => r.id);
  const instruments = (await q<{ id: number }>(`select instrument_id as id from instruments where status = 'active' order by instrument_id limit 50`)).map(
    (r) => r.id,
  );
  const c = encodeURIComponent(JSON.stringify(contracts));
  const to = new Date();
  const from = new Date(to.getTime() - 30 * 86_400_000);
  const paths = [
    '/sync',
    '/config',
    '/preferences',
    `/civil/sites?contracts=${c}&limit=1000&skip=0`,
    `/zones?filter=${c}&limit=100&skip=0`,
    `/instruments/status?contracts=${c}`,
    `/instruments/latest?ids=${encodeURIComponent(JSON.stringify(instruments.slice(0, 20)))}`,
    ...instruments
      .slice(0, 10)
      .flatMap((id) => [
        `/instruments/${id}`,
        `/instruments/${id}/thresholds`,
        `/instruments/${id}/readings?from=${from.toISOString()}&to=${to.toISOString()}&max_points=1000`,
      ]),
  ];
  const headers = { authorization: `Bearer ${s.token}` };
  // Each once first: a path that does not answer 200 is a mistake in the mix, not load.
  for (const p of paths) {
    const r = await fetch(`${base}/api/v1${p}`, { headers });
    if (r.status !== 200) throw new Error(`${p}: ${r.status} ${(await r.text()).slice(0, 300)}`);
  }
  return paths.map((p) => ({ url: `${base}/api/v1${p}`, headers }));
}

function steady(requests: { url: string; headers: Record<string, string> }[], seconds: number): Promise<Steady> {
  const worker = new Worker(new URL('./load-client.mjs', import.meta.url));
  return new Promise<Steady>((resolve, reject) => {
    worker.once('message', ({ result, error }: { result?: Steady; error?: string }) => {
      void worker.terminate();
      if (error) reject(new Error(error));
      else resolve(result!);
    });
    worker.postMessage({ id: 1, cmd: 'steady', requests, rate: RATE, durationMs: seconds * 1000 });
  });
}

function summary(name: string, r: Steady) {
  const d = [...r.durations].sort((a, b) => a - b);
  const p = (x: number) => percentile(d, x);
  console.log(
    `${name.padEnd(34)} ${r.count} requests, ${r.errors} errors ${JSON.stringify(r.statuses)}; p50 ${p(50).toFixed(1)} ms, p95 ${p(95).toFixed(1)} ms, p99 ${p(99).toFixed(1)} ms, max ${d[d.length - 1]!.toFixed(0)} ms`,
  );
  return { p50: p(50), p95: p(95), p99: p(99) };
}

async function main() {
  const tmp = mkdtempSync(path.join(tmpdir(), 'strata-steady-'));
  chmodSync(tmp, 0o755); // the cluster's folder inside belongs to the postgres user
  onCleanup('the temporary folder', () => rmSync(tmp, { recursive: true, force: true }));
  const cluster = await Cluster.create(tmp);
  const database = 'strata';
  await cluster.createDatabase(database);
  const strataEnv = { databaseUrl: cluster.url(database), dataDir: path.join(tmp, 'data'), secretKey: newSecretKey(), logDir: tmp };
  const ports = [await freePort(), await freePort()];
  const nginxPort = await freePort();
  const apis = [startApi('api-1', ports[0]!, strataEnv), startApi('api-2', ports[1]!, strataEnv)];
  const worker = startWorker('worker-1', strataEnv);
  await Promise.all([...apis.map((a) => apiReady(a)), workerReady(worker)]);
  await startNginx(path.join(tmp, 'nginx'), { port: nginxPort, upstreams: ports, testHooks: false });
  const base = `http://127.0.0.1:${nginxPort}`;
  const session = await signIn(base, DEMO_ADMIN);
  const viaNginx = await workSpaceMix(cluster, database, base, session);
  const direct = viaNginx.map((r) => ({ ...r, url: r.url.replace(base, apis[0]!.base) }));
  console.log(`bench:steady: ${viaNginx.length} work-space calls in turn at ${RATE} requests/s; demo data on PostgreSQL 15`);

  const alone = summary(`one instance, no nginx (${BASE_S} s)`, await steady(direct, BASE_S));
  const result = await steady(viaNginx, STEADY_S);
  const front = summary(`nginx + two instances (${STEADY_S} s)`, result);
  console.log(
    `ratio nginx + two instances / one instance alone: p50 ${(front.p50 / alone.p50).toFixed(2)}×, p95 ${(front.p95 / alone.p95).toFixed(2)}×, p99 ${(front.p99 / alone.p99).toFixed(2)}×`,
  );
  const ok = result.errors === 0;
  console.log(ok ? 'target met: 0 errors through nginx' : `TARGET MISSED: ${result.errors} errors through nginx`);
  process.exitCode = ok ? 0 : 1;
}

cleanUpOnSignals();
try {
  await main();
} catch (err) {
  console.error(err);
  process.exitCode = 1;
} finally {
  await cleanUp();
}
