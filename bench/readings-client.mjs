/**
 * The HTTP clients of bench:readings, in a worker thread of their own: like real clients, their requests and their
 * JSON parsing do not run on the server's event loop. Receives the URLs, the headers and the concurrency; answers
 * each request's duration (ms, until the body is parsed) and the largest series it got. Plain JavaScript: a worker
 * thread does not get the tsx loader of its parent.
 */
import { parentPort, workerData } from 'node:worker_threads';

/** @type {{ urls: string[]; headers: Record<string, string>; concurrency: number }} */
const { urls, headers, concurrency } = workerData;
const durations = new Array(urls.length);
let largest = 0;
let next = 0;
await Promise.all(
  Array.from({ length: concurrency }, async () => {
    for (;;) {
      const i = next++;
      if (i >= urls.length) return;
      const t0 = performance.now();
      const res = await fetch(urls[i], { headers });
      if (res.status !== 200) throw new Error(`readings: ${res.status} ${await res.text()}`);
      const body = await res.json();
      durations[i] = performance.now() - t0;
      for (const s of body.series ?? []) largest = Math.max(largest, s.points.length);
    }
  }),
);
parentPort.postMessage({ durations, largest });
