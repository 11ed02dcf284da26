/**
 * The HTTP clients of bench:readings, in a worker thread of their own: like real clients, their requests do not run
 * on the server's event loop. The worker lives for the whole run (so the warm-up warms the clients as well as the
 * server) and takes blocks of URLs as messages: `{ urls }` → `{ durations, largest }`, each request's duration (ms,
 * from sending the request to the last byte of the answer) and the largest series it got.
 *
 * Lean on purpose, as load generators are (wrk, autocannon): node:http over keep-alive connections, and the answers
 * parsed only after the block's last request, to check them (status 200, points per series) — a real client parses on
 * its own machine, while here every CPU cycle the client spends is taken from the server on the same cores. Plain
 * JavaScript: a worker thread does not get the tsx loader of its parent.
 */
import http from 'node:http';
import { parentPort, workerData } from 'node:worker_threads';

/** @type {{ headers: Record<string, string>; concurrency: number }} */
const { headers, concurrency } = workerData;
const agent = new http.Agent({ keepAlive: true, maxSockets: concurrency });

/** @returns {Promise<{ status: number; body: Buffer }>} */
const get = (url) =>
  new Promise((resolve, reject) => {
    http
      .get(url, { agent, headers }, (res) => {
        const chunks = [];
        res.on('data', (c) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks) }));
        res.on('error', reject);
      })
      .on('error', reject);
  });

/** @param {string[]} urls */
async function block(urls) {
  const durations = new Array(urls.length);
  const bodies = new Array(urls.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      for (;;) {
        const i = next++;
        if (i >= urls.length) return;
        const t0 = performance.now();
        const res = await get(urls[i]);
        durations[i] = performance.now() - t0;
        if (res.status !== 200) throw new Error(`readings: ${res.status} ${res.body.toString()}`);
        bodies[i] = res.body;
      }
    }),
  );
  let largest = 0;
  for (const body of bodies) for (const s of JSON.parse(body.toString()).series ?? []) largest = Math.max(largest, s.points.length);
  return { durations, largest };
}

parentPort.on('message', ({ urls }) => {
  block(urls).then(
    (result) => parentPort.postMessage(result),
    (err) => parentPort.postMessage({ error: String(err?.stack ?? err) }),
  );
});
