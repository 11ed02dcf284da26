#!/usr/bin/env node
// Prints the slowest test files of a vitest JSON report (`vitest run --reporter=json --outputFile=FILE`), so a CI log
// shows where the suite's time goes: node scripts/slowest-tests.mjs FILE [N]
import { readFileSync } from 'node:fs';
import path from 'node:path';

const [file, n = '10'] = process.argv.slice(2);
if (!file) {
  console.error('usage: slowest-tests.mjs REPORT.json [N]');
  process.exit(2);
}
const report = JSON.parse(readFileSync(file, 'utf8'));
const files = report.testResults
  .map((r) => ({ name: path.relative(process.cwd(), r.name), seconds: (r.endTime - r.startTime) / 1000, tests: r.assertionResults.length }))
  .sort((a, b) => b.seconds - a.seconds);
const total = files.reduce((sum, f) => sum + f.seconds, 0);
console.log(`The ${n} slowest of ${files.length} test files (${total.toFixed(0)} s of test-file time in all):`);
for (const f of files.slice(0, Number(n))) console.log(`${f.seconds.toFixed(1).padStart(7)} s  ${f.name} (${f.tests} tests)`);
