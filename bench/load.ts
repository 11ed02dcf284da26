/**
 * `npm run bench:load` (issue 17): how Strata's HTTP layer and live connection hold up against the bare minimum, on
 * loopback, bounded in count and time. Each figure is a ratio against a baseline run in the same process:
 *
 * 1. Requests per second, closed loop (BENCH_CONCURRENCY in flight, BENCH_HTTP_S seconds per round, BENCH_ROUNDS
 *    rounds alternating): `GET /api/v1/health` and one authenticated database route (`GET /api/v1/instruments/{id}`)
 *    against a bare `node:http` server answering the same bytes (status, headers, body). Target for /health: ≥ 0.9×.
 * 2. Fan-out: a notification to every one of BENCH_SOCKETS open, authenticated websockets (through the bus and the
 *    hub, as any instance delivers) against a raw `ws` server sending the same message to the same number of sockets.
 *    BENCH_MESSAGES messages, one after another; per message the p95 and the last delivery. Target: ≤ 1.5× of raw,
 *    p95 delivery < 1 s.
 * 3. Hold: BENCH_SOCKETS sockets held for BENCH_HOLD_S seconds (default 600) while BENCH_END sessions are signed out
 *    one after another: the sockets of each ended session get 4401, every other socket stays open through the
 *    keepalive pings and still receives a message at the end.
 *
 * BENCH_PARTS=http,fanout,hold chooses the parts (all by default); a part not run counts as met.
 *
 * The clients run in a worker thread (bench/load-client.mjs). The database as in bench/lib.ts (BENCH_DATABASE_URL
 * for PostgreSQL; PGlite otherwise).
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Worker } from 'node:worker_threads';
import { WebSocketServer } from 'ws';
import { publishToAll } from '../apps/server/src/modules/realtime/realtime.publish.js';
import { users } from '../apps/server/src/db/schema/index.js';
import { USER_TYPE, type TNotificationPayload } from '../packages/shared/src/index.js';
import {
  BENCH_PASSWORD,
  BENCH_USER,
  benchDatabase,
  signInAt,
  type BenchDatabase,
  benchInstruments,
  benchMasterData,
  env,
  median,
  percentile,
  startApp,
} from './lib.js';
import { hashPassword } from '../apps/server/src/lib/passwords.js';

const CONCURRENCY = env('BENCH_CONCURRENCY', 16);
const HTTP_S = env('BENCH_HTTP_S', 8);
const ROUNDS = env('BENCH_ROUNDS', 3);
const SOCKETS = env('BENCH_SOCKETS', 1000);
const SESSIONS = env('BENCH_SESSIONS', 20);
const MESSAGES = env('BENCH_MESSAGES', 20);
const HOLD_S = env('BENCH_HOLD_S', 600);
const END = env('BENCH_END', 5);
/** Which parts to run (BENCH_PARTS=http,fanout,hold; all by default). */
const PARTS = new Set((process.env.BENCH_PARTS ?? 'http,fanout,hold').split(','));

const now = () => performance.timeOrigin + performance.now();

/** The client worker, as a promise per command. */
function clients() {
  const worker = new Worker(new URL('./load-client.mjs', import.meta.url));
  let seq = 0;
  const pending = new Map<number, { resolve: (v: unknown) => void; reject: (e: Error) => void }>();
  worker.on('message', ({ id, result, error }: { id: number; result?: unknown; error?: string }) => {
    const p = pending.get(id)!;
    pending.delete(id);
    if (error) p.reject(new Error(error));
    else p.resolve(result);
  });
  return {
    run<T>(cmd: string, args: Record<string, unknown> = {}): Promise<T> {
      const id = ++seq;
      return new Promise<T>((resolve, reject) => {
        pending.set(id, { resolve: resolve as (v: unknown) => void, reject });
        worker.postMessage({ id, cmd, ...args });
      });
    },
    stop: () => worker.terminate(),
  };
}
type Clients = ReturnType<typeof clients>;

/** One real answer of `url`, to be replayed byte for byte by the bare server. */
function capture(url: string, headers: Record<string, string>): Promise<{ status: number; headers: http.OutgoingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          const h = { ...res.headers };
          for (const k of ['date', 'connection', 'keep-alive', 'transfer-encoding']) delete h[k];
          resolve({ status: res.statusCode ?? 0, headers: h, body: Buffer.concat(chunks) });
        });
      })
      .on('error', reject);
  });
}

async function bareServer(answer: { status: number; headers: http.OutgoingHttpHeaders; body: Buffer }) {
  const server = http.createServer((_req, res) => {
    res.writeHead(answer.status, answer.headers);
    res.end(answer.body);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as AddressInfo;
  return { base: `http://127.0.0.1:${port}`, close: () => new Promise<void>((r) => server.close(() => r())) };
}

interface Closed {
  count: number;
  errors: number;
  durations: number[];
}

async function compareHttp(c: Clients, name: string, strataUrl: string, headers: Record<string, string>) {
  const answer = await capture(strataUrl, headers);
  if (answer.status !== 200) throw new Error(`${name}: ${answer.status} ${answer.body.toString()}`);
  const bare = await bareServer(answer);
  const bareUrl = bare.base + new URL(strataUrl).pathname;
  const rps: Record<'strata' | 'bare', number[]> = { strata: [], bare: [] };
  const p99: Record<'strata' | 'bare', number[]> = { strata: [], bare: [] };
  // Warm-up of both, not counted.
  for (const url of [strataUrl, bareUrl]) await c.run<Closed>('closed', { url, headers, concurrency: CONCURRENCY, durationMs: 1000 });
  for (let round = 0; round < ROUNDS; round++) {
    for (const who of round % 2 === 0 ? (['strata', 'bare'] as const) : (['bare', 'strata'] as const)) {
      const r = await c.run<Closed>('closed', { url: who === 'strata' ? strataUrl : bareUrl, headers, concurrency: CONCURRENCY, durationMs: HTTP_S * 1000 });
      if (r.errors > 0) throw new Error(`${name} (${who}): ${r.errors} of ${r.count} requests failed`);
      rps[who].push(r.count / HTTP_S);
      p99[who].push(
        percentile(
          r.durations.sort((a, b) => a - b),
          99,
        ),
      );
    }
  }
  await bare.close();
  const s = median(rps.strata);
  const b = median(rps.bare);
  console.log(
    `${name.padEnd(28)} Strata ${s.toFixed(0).padStart(6)} req/s (p99 ${median(p99.strata).toFixed(1)} ms)   bare node:http ${b
      .toFixed(0)
      .padStart(6)} req/s (p99 ${median(p99.bare).toFixed(1)} ms)   ratio ${(s / b).toFixed(2)}×   [${answer.body.length} B body]`,
  );
  return s / b;
}

interface Delivery {
  latencies: number[];
}

/** Sends MESSAGES messages one after another with `send`; per message the p95 and the last delivery (ms). */
async function fanOut(c: Clients, send: (marker: string) => Promise<void>) {
  const p95s: number[] = [];
  const lasts: number[] = [];
  for (let i = 0; i < MESSAGES + 2; i++) {
    const marker = `m${i}-${Math.random().toString(36).slice(2, 8)}`;
    const sentAt = now();
    const delivered = c.run<Delivery>('expect', { marker, sentAt });
    await send(marker);
    const { latencies } = await delivered;
    if (latencies.length !== SOCKETS) throw new Error(`fan-out: ${latencies.length} of ${SOCKETS} sockets open`);
    if (i < 2) continue; // warm-up
    latencies.sort((a, b) => a - b);
    p95s.push(percentile(latencies, 95));
    lasts.push(latencies[latencies.length - 1]!);
  }
  return { p95: median(p95s), last: median(lasts), worstP95: Math.max(...p95s) };
}

const payload = (marker: string): TNotificationPayload => ({ type: 'settingUpdated', message: `bench:${marker}`, severity: 1, link_uri: null });

interface Setup {
  c: Clients;
  running: Awaited<ReturnType<typeof startApp>>;
  sessions: Awaited<ReturnType<typeof signInAt>>[];
  perToken: number;
  wsUrl: string;
}

/** Part 1: requests per second; returns the /health ratio. */
async function httpPart({ c, running }: Setup, instrumentId: number) {
  console.log('\n1. Requests per second against a bare node:http server answering the same bytes');
  const health = await compareHttp(c, 'GET /api/v1/health', `${running.base}/api/v1/health`, {});
  await compareHttp(c, `GET /api/v1/instruments/{id}`, `${running.base}/api/v1/instruments/${instrumentId}`, running.headers);
  return health >= 0.9;
}

/** Part 2: one notification to SOCKETS sockets, through Strata and through a raw ws server. */
async function fanoutPart({ c, running, sessions, perToken, wsUrl }: Setup) {
  console.log(`\n2. Fan-out of one notification to ${SOCKETS} websockets (${MESSAGES} messages)`);
  await c.run('open', { url: wsUrl, tokens: sessions.map((s) => s.token), perToken });
  const strata = await fanOut(c, (m) => publishToAll(running.built.ctx.bus, payload(m)));
  await c.run('closeAll');

  const raw = new WebSocketServer({ port: 0, host: '127.0.0.1' });
  await new Promise<void>((r) => raw.once('listening', () => r()));
  await c.run('open', { url: `ws://127.0.0.1:${(raw.address() as AddressInfo).port}`, tokens: sessions.map(() => null), perToken });
  const bare = await fanOut(c, async (m) => {
    const text = JSON.stringify({ event: 'notification', data: payload(m) });
    for (const client of raw.clients) client.send(text);
  });
  await c.run('closeAll');
  await new Promise<void>((r) => raw.close(() => r()));
  console.log(`   Strata (bus + hub): p95 ${strata.p95.toFixed(1)} ms, last ${strata.last.toFixed(1)} ms (worst p95 ${strata.worstP95.toFixed(1)} ms)`);
  console.log(`   raw ws broadcast:   p95 ${bare.p95.toFixed(1)} ms, last ${bare.last.toFixed(1)} ms`);
  const ratio = strata.last / bare.last;
  console.log(`   ratio (last delivery) ${ratio.toFixed(2)}×, (p95) ${(strata.p95 / bare.p95).toFixed(2)}×`);
  return ratio <= 1.5 && strata.worstP95 < 1000;
}

/** Part 3: SOCKETS sockets held for HOLD_S seconds while END sessions are signed out. */
async function holdPart({ c, running, sessions, perToken, wsUrl }: Setup) {
  console.log(`\n3. ${SOCKETS} sockets held for ${HOLD_S} s, ${END} sessions signed out along the way`);
  await c.run('open', { url: wsUrl, tokens: sessions.map((s) => s.token), perToken });
  const rssStart = process.memoryUsage().rss;
  const holdStart = Date.now();
  const step = (HOLD_S * 1000) / (END + 1);
  const closeTimes: number[] = [];
  for (let e = 0; e < END; e++) {
    await new Promise((r) => setTimeout(r, Math.max(0, holdStart + (e + 1) * step - Date.now())));
    const t0 = now();
    const res = await fetch(`${running.base}/api/v1/signout`, { method: 'POST', headers: sessions[e]!.headers });
    if (res.status !== 200) throw new Error(`sign-out: ${res.status}`);
    for (;;) {
      const st = await c.run<{ closedByToken: Record<string, number[]> }>('state');
      const codes = st.closedByToken[e] ?? [];
      if (codes.length === perToken) {
        if (codes.some((code) => code !== 4401)) throw new Error(`session ${e}: closed with ${codes.join(',')}`);
        closeTimes.push(now() - t0);
        break;
      }
      if (now() - t0 > 5000) throw new Error(`session ${e}: ${codes.length} of ${perToken} sockets closed after 5 s`);
      await new Promise((r) => setImmediate(r));
    }
  }
  await new Promise((r) => setTimeout(r, Math.max(0, holdStart + HOLD_S * 1000 - Date.now())));
  const st = await c.run<{ open: number; closed: Record<string, number> }>('state');
  const expectedOpen = perToken * (SESSIONS - END);
  const delivered = c.run<Delivery>('expect', { marker: 'final', sentAt: now() });
  await publishToAll(running.built.ctx.bus, payload('final'));
  const { latencies } = await delivered;
  console.log(
    `   open at the end ${st.open} (expected ${expectedOpen}); closes ${JSON.stringify(st.closed)}; 4401 after sign-out within ${Math.max(...closeTimes).toFixed(0)} ms (worst); final message reached ${latencies.length}; RSS ${(rssStart / 2 ** 20).toFixed(0)} → ${(process.memoryUsage().rss / 2 ** 20).toFixed(0)} MiB`,
  );
  await c.run('closeAll');
  return st.open === expectedOpen && latencies.length === expectedOpen && Object.keys(st.closed).every((code) => code === '4401');
}

/** Sessions for the sockets: SESSIONS users of the bench role, each signed in once. */
async function socketSessions(db: BenchDatabase['db'], base: string) {
  const [bench] = await db.query<{ role_id: number }>(`select role_id from users where login_name = $1`, [BENCH_USER]).then((r) => r.rows);
  const hash = await hashPassword(BENCH_PASSWORD);
  const logins = Array.from({ length: SESSIONS }, (_, i) => `bench-s${String(i + 1).padStart(2, '0')}`);
  await db.orm
    .insert(users)
    .values(
      logins.map((loginName) => ({
        loginName,
        fullname: loginName,
        email: `${loginName}@example.com`,
        userType: USER_TYPE.AppAdmin,
        roleId: bench!.role_id,
        status: 'active' as const,
        passwordHash: hash,
        passwordChangedAt: new Date(),
      })),
    )
    .onConflictDoNothing();
  const sessions = [];
  for (const login of logins) sessions.push(await signInAt(base, login));
  return sessions;
}

async function main() {
  const database = await benchDatabase('load');
  const { contractId, typeId } = await benchMasterData(database.db);
  const [instrumentId] = await benchInstruments(database.db, contractId, typeId, 50);
  const running = await startApp(database.db, { workers: false });
  const c = clients();
  try {
    console.log(
      `bench:load on ${database.kind}; ${CONCURRENCY} requests in flight, ${ROUNDS} rounds of ${HTTP_S} s; ${SOCKETS} sockets; parts ${[...PARTS].join(', ')}`,
    );
    const setup: Setup = {
      c,
      running,
      sessions: await socketSessions(database.db, running.base),
      perToken: Math.ceil(SOCKETS / SESSIONS),
      wsUrl: `${running.base.replace('http', 'ws')}/api/v1/rtc/ws`,
    };
    const results: Record<string, boolean> = {};
    if (PARTS.has('http')) results['/health ≥ 0.9× of bare node:http'] = await httpPart(setup, instrumentId!);
    if (PARTS.has('fanout')) results['fan-out ≤ 1.5× of raw ws, p95 < 1 s'] = await fanoutPart(setup);
    if (PARTS.has('hold')) results['hold: 4401 to ended sessions, the rest open'] = await holdPart(setup);
    const missed = Object.entries(results).filter(([, ok]) => !ok);
    console.log(`\n${missed.length === 0 ? 'all targets met' : `TARGET MISSED: ${missed.map(([name]) => name).join('; ')}`}`);
    process.exitCode = missed.length === 0 ? 0 : 1;
  } finally {
    await c.stop();
    await running.stop();
    await database.close();
  }
}

await main();
