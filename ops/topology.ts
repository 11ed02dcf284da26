/**
 * `npm run topology`: the production topology of docs/deploy.md started on this machine and checked through its
 * front door, then put through faults. nginx in front of two API instances (WORKERS=off, TRUST_PROXY=127.0.0.1) and
 * one job worker, all started at the same moment on a fresh database of a PostgreSQL 15 cluster of the script's own.
 * Every step prints what it checks and how long it took; the first failure ends the run with exit code 1. Children,
 * the cluster and the temporary folder are removed on exit, on failure and on Ctrl-C.
 */
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  clientAddressFromNginxOnly,
  requestsReachBoth,
  rolePermissionAppliesOnBoth,
  settingReachesSocketsOnBoth,
  signOutReachesTheOther,
  socketsOnBoth,
  uploadAndAlertReachSockets,
} from './lib/checks.js';
import { cleanUp, cleanUpOnSignals, onCleanup } from './lib/children.js';
import type { Topology } from './lib/context.js';
import { dumpAndRestore, upgradeFromEarlierRelease } from './lib/data.js';
import { killAnApiInstance, killTheWorkerDuringALoad, restartPostgres } from './lib/faults.js';
import { DEMO_ADMIN, signIn } from './lib/http.js';
import { NGINX, startNginx } from './lib/nginx.js';
import { Cluster, freePort } from './lib/postgres.js';
import { elapsed, note, step } from './lib/report.js';
import { apiReady, newSecretKey, startApi, startWorker, workerReady, type StrataEnv } from './lib/strata.js';

const LIMIT_MS = 5 * 60_000;

async function main(): Promise<void> {
  const tmp = mkdtempSync(path.join(tmpdir(), 'strata-topology-'));
  chmodSync(tmp, 0o755); // the cluster's folder inside belongs to the postgres user, who must reach it
  const keep = process.env.TOPOLOGY_KEEP === '1';
  onCleanup('the temporary folder', () => {
    if (keep) process.stdout.write(`kept ${tmp}\n`);
    else rmSync(tmp, { recursive: true, force: true });
  });
  process.stdout.write(`Strata topology: nginx, two API instances, one worker, PostgreSQL 15 (work folder ${tmp})\n`);

  const cluster = await step('PostgreSQL 15: a cluster of its own in the work folder', async () => {
    const c = await Cluster.create(tmp);
    note(`port ${c.port}`);
    return c;
  });
  const database = 'strata';
  await cluster.createDatabase(database);
  const env: StrataEnv = {
    databaseUrl: cluster.url(database),
    dataDir: path.join(tmp, 'data'),
    secretKey: newSecretKey(),
    logDir: tmp,
  };
  const ports = [await freePort(), await freePort()];
  const nginxPort = await freePort();

  const t = await step('two API instances and the worker started at the same moment on the empty database, nginx in front', async () => {
    const apis = [startApi('api-1', ports[0]!, env), startApi('api-2', ports[1]!, env)] as Topology['apis'];
    const worker = startWorker('worker-1', env);
    await Promise.all([...apis.map((a) => apiReady(a)), workerReady(worker)]);
    await startNginx(path.join(tmp, 'nginx'), { port: nginxPort, upstreams: ports, testHooks: true });
    const base = `http://127.0.0.1:${nginxPort}`;
    const admin = await signIn(base, DEMO_ADMIN);
    const topology: Topology = {
      tmp,
      cluster,
      database,
      base,
      apis,
      worker,
      env,
      admin,
      q: (text, params) => cluster.query(database, text, params),
    };
    const [applied] = await topology.q<{ n: string }>('select count(*) as n from drizzle.__drizzle_migrations');
    const seeded = apis.filter((a) => a.output().includes('demo data seeded')).length;
    note(`api-1 :${ports[0]}, api-2 :${ports[1]}, nginx :${nginxPort} (${NGINX}); ${applied!.n} migrations applied once, demo seeded by ${seeded} instance`);
    return topology;
  });

  await step('(1) requests through nginx reach both instances', () => requestsReachBoth(t));
  await step('(2) a sign-out on one instance is refused on the other within 1 s', () => signOutReachesTheOther(t));
  await step('(3) a role permission change applies on both instances', () => rolePermissionAppliesOnBoth(t));
  const sockets = await step('admin sockets held by each instance through nginx', () => socketsOnBoth(t));
  await step('(4) a setting change reaches the sockets on both instances', () => settingReachesSocketsOnBoth(t, sockets));
  await step('(5, 6) an upload validated and loaded by the worker tells the socket on the other instance; its alert reaches both', () =>
    uploadAndAlertReachSockets(t, sockets),
  );
  sockets.forEach((s) => s.close());
  await step('X-Forwarded-For: the address nginx forwarded is audited; a forged one is not trusted', () => clientAddressFromNginxOnly(t));

  await step('fault: PostgreSQL restarted under load', () => restartPostgres(t));
  await step('fault: SIGKILL api-1 under load', () => killAnApiInstance(t));
  await step('fault: SIGKILL the worker during a readings load', () => killTheWorkerDuringALoad(t));

  await step('data: pg_dump of the running demo restored into a new database; Strata starts on it', () => dumpAndRestore(t));
  await step('data: a database of the release before issue 17 upgraded by this checkout', () => upgradeFromEarlierRelease(t));
}

cleanUpOnSignals();
const limit = setTimeout(() => {
  process.stderr.write(`\nThe topology run passed its limit of ${LIMIT_MS / 60_000} minutes\n`);
  void cleanUp().finally(() => process.exit(1));
}, LIMIT_MS);
let code = 0;
try {
  await main();
  process.stdout.write(`\nAll topology checks passed in ${elapsed()}\n`);
} catch (err) {
  process.stderr.write(`\nTopology check failed after ${elapsed()}: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
  code = 1;
} finally {
  clearTimeout(limit);
  await cleanUp();
}
process.exit(code);
