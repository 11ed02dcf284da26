/**
 * The clients of bench:load, in a worker thread of their own (off the server's event loop, as real clients are): HTTP
 * load (closed loop for a time, or a steady rate) and many websockets. Commands arrive as messages `{ id, cmd, ... }`
 * and each is answered with `{ id, result }` or `{ id, error }`. Plain JavaScript: a worker thread does not get the
 * tsx loader of its parent.
 *
 * - `closed`: `concurrency` requests in flight against one URL for `durationMs`; → { count, errors, durations }.
 * - `steady`: `rate` requests a second from a list of requests (taken in turn) for `durationMs`, each started on its
 *   schedule whatever the answers do (an open loop, so a slow server shows as latency, not as fewer requests);
 *   → { count, errors, durations, statuses }.
 * - `open`: `perToken` websockets for each access token, each authenticated with the token as its first message;
 *   resolves when all are authenticated → { opened }. (`token: null` opens unauthenticated sockets, for the raw
 *   ws baseline.)
 * - `expect`: waits until every open socket has received a message holding `marker` → { latencies } (ms from
 *   `sentAt`, a `performance.timeOrigin + performance.now()` time of the sender: threads share the clock).
 * - `state`: → { open, closed: { [code]: count }, closedByToken: { [token index]: [codes] } }.
 * - `closeAll`: closes every socket → { closed }.
 */
import http from 'node:http';
import { parentPort } from 'node:worker_threads';
import WebSocket from 'ws';

const now = () => performance.timeOrigin + performance.now();

function request(agent, url, method, headers, body) {
  return new Promise((resolve) => {
    const req = http.request(url, { agent, method, headers }, (res) => {
      res.on('data', () => undefined);
      res.on('end', () => resolve(res.statusCode ?? 0));
      res.on('error', () => resolve(0));
    });
    req.on('error', () => resolve(0));
    req.setTimeout(10_000, () => req.destroy(new Error('timeout')));
    req.end(body);
  });
}

async function closed({ url, headers, concurrency, durationMs }) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: concurrency });
  const end = performance.now() + durationMs;
  const durations = [];
  let errors = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (performance.now() < end) {
        const t0 = performance.now();
        const status = await request(agent, url, 'GET', headers);
        durations.push(performance.now() - t0);
        if (status !== 200) errors++;
      }
    }),
  );
  agent.destroy();
  return { count: durations.length, errors, durations };
}

async function steady({ requests, rate, durationMs }) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });
  const total = Math.round((rate * durationMs) / 1000);
  const start = performance.now();
  const durations = [];
  const statuses = {};
  let errors = 0;
  const inFlight = [];
  for (let i = 0; i < total; i++) {
    const due = start + (i * 1000) / rate;
    const wait = due - performance.now();
    if (wait > 1) await new Promise((r) => setTimeout(r, wait));
    const r = requests[i % requests.length];
    const t0 = performance.now();
    inFlight.push(
      request(agent, r.url, r.method ?? 'GET', r.headers, r.body).then((status) => {
        durations.push(performance.now() - t0);
        statuses[status] = (statuses[status] ?? 0) + 1;
        if (status < 200 || status >= 300) errors++;
      }),
    );
  }
  await Promise.all(inFlight);
  agent.destroy();
  return { count: total, errors, durations, statuses };
}

/** @type {{ ws: WebSocket; token: number; got: Map<string, number>; closeCode?: number }[]} */
let sockets = [];
/** @type {{ marker: string; sentAt: number; resolve: (v: unknown) => void }[]} */
let waiters = [];

function checkWaiters() {
  waiters = waiters.filter((w) => {
    const open = sockets.filter((s) => s.closeCode === undefined);
    if (!open.every((s) => s.got.has(w.marker))) return true;
    w.resolve({ latencies: open.map((s) => s.got.get(w.marker) - w.sentAt) });
    return false;
  });
}

function openOne(url, token, index) {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url);
    const entry = { ws, token: index, got: new Map(), closeCode: undefined };
    ws.on('message', (data) => {
      const at = now();
      const text = String(data);
      const m = /"bench:([^"]+)"/.exec(text);
      if (m) {
        entry.got.set(m[1], at);
        checkWaiters();
      } else if (token !== null && text.includes('"authenticated"')) resolve(entry);
    });
    ws.on('open', () => {
      if (token !== null) ws.send(JSON.stringify({ token }));
      else resolve(entry);
    });
    ws.on('close', (code) => {
      entry.closeCode = code;
      checkWaiters();
    });
    ws.on('error', reject);
  });
}

async function open({ url, tokens, perToken }) {
  const made = [];
  for (let t = 0; t < tokens.length; t++) {
    // In groups, so the server is not asked for hundreds of upgrades in one tick.
    for (let i = 0; i < perToken; i += 25) {
      const group = Array.from({ length: Math.min(25, perToken - i) }, () => openOne(url, tokens[t], t));
      made.push(...(await Promise.all(group)));
    }
  }
  sockets.push(...made);
  return { opened: made.length };
}

const expect = ({ marker, sentAt }) =>
  new Promise((resolve) => {
    waiters.push({ marker, sentAt, resolve });
    checkWaiters();
  });

function state() {
  const closedCodes = {};
  const closedByToken = {};
  let openCount = 0;
  for (const s of sockets) {
    if (s.closeCode === undefined) {
      openCount++;
      continue;
    }
    closedCodes[s.closeCode] = (closedCodes[s.closeCode] ?? 0) + 1;
    (closedByToken[s.token] ??= []).push(s.closeCode);
  }
  return { open: openCount, closed: closedCodes, closedByToken };
}

async function closeAll() {
  const n = sockets.length;
  await Promise.all(
    sockets.map(
      (s) =>
        new Promise((resolve) => {
          if (s.ws.readyState === WebSocket.CLOSED) return resolve(undefined);
          s.ws.once('close', () => resolve(undefined));
          s.ws.close();
        }),
    ),
  );
  sockets = [];
  waiters = [];
  return { closed: n };
}

const COMMANDS = { closed, steady, open, expect, state, closeAll };

parentPort.on('message', ({ id, cmd, ...args }) => {
  Promise.resolve()
    .then(() => COMMANDS[cmd](args))
    .then(
      (result) => parentPort.postMessage({ id, result }),
      (err) => parentPort.postMessage({ id, error: String(err?.stack ?? err) }),
    );
});
