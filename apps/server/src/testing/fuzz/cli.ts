/**
 * `npm run fuzz -- [--seed N] [--requests N] [--demo]`: the long fuzz run (issue 17) on a fresh in-memory PGlite
 * (`TEST_DATABASE_URL` set: a fresh database on that PostgreSQL). `--demo` seeds the demo data instead of the small
 * fuzz fixtures, so that well-formed requests find more rows. Prints the answers per status and per route and every
 * failure; exits 1 on a 5xx, a request left without an answer, or an unhealthy server afterwards.
 */
import { rmSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { seedDemo } from '../../seed/demo.js';
import { createTestApp } from '../harness.js';
import { tempDataDir } from '../master-data.js';
import { createFuzzWorld } from './fuzz-world.js';
import { describeFailures, fuzzApi, type FuzzReport } from './fuzzer.js';

const { values } = parseArgs({
  options: { seed: { type: 'string' }, requests: { type: 'string', default: '50000' }, demo: { type: 'boolean', default: false } },
});
const seed = values.seed === undefined ? Math.floor(Math.random() * 2 ** 31) : Number(values.seed);
const requests = Number(values.requests);
if (!Number.isSafeInteger(seed) || !Number.isSafeInteger(requests) || requests < 1) {
  console.error('usage: npm run fuzz -- [--seed N] [--requests N] [--demo]');
  process.exit(2);
}

const table = (rows: [string, Record<string, number>][]) => {
  const statuses = [...new Set(rows.flatMap(([, s]) => Object.keys(s)))].sort();
  const lines = [`${'route'.padEnd(72)} ${statuses.map((s) => s.padStart(6)).join(' ')}`];
  for (const [route, counts] of rows) lines.push(`${route.padEnd(72)} ${statuses.map((s) => String(counts[s] ?? '').padStart(6)).join(' ')}`);
  return lines.join('\n');
};

const progress = (done: number, r: FuzzReport) =>
  console.log(
    `${String(done).padStart(7)} requests, ${Object.entries(r.byStatus)
      .map(([s, n]) => `${s}: ${n}`)
      .join(', ')}; ${r.failures.length} failures`,
  );

const dataDir = tempDataDir('fuzz');
const t = await createTestApp({ dataDir, logLevel: process.env.LOG_LEVEL ?? 'silent' });
try {
  if (values.demo) await seedDemo(t.db);
  else await createFuzzWorld(t);
  console.log(`fuzzing ${requests} requests, seed ${seed}${values.demo ? ', demo data' : ''}`);
  const report = await fuzzApi(t, { seed, requests, onProgress: progress, progressEvery: 5000 });
  console.log(`\nanswers per route (${report.operations} operations):\n${table(Object.entries(report.byRoute).sort(([a], [b]) => a.localeCompare(b)))}`);
  console.log(`\nanswers per status: ${JSON.stringify(report.byStatus)}`);
  console.log(`${report.requests} requests in ${(report.ms / 1000).toFixed(1)} s (${Math.round(report.requests / (report.ms / 1000))}/s), seed ${seed}`);
  console.log(`5xx or no answer: ${report.failures.length}; healthy afterwards: ${report.healthy}`);
  if (report.failures.length > 0) console.log(`\n${describeFailures(report.failures, 200)}`);
  process.exitCode = report.failures.length === 0 && report.healthy ? 0 : 1;
} finally {
  await t.close();
  rmSync(dataDir, { recursive: true, force: true });
}
