#!/usr/bin/env node
// The API suite against real PostgreSQL: TEST_DATABASE_URL names a database on a server where each test file
// creates (and drops) its own fresh database.
import { spawnSync } from 'node:child_process';

if (!process.env.TEST_DATABASE_URL) {
  console.error('TEST_DATABASE_URL is not set (e.g. postgres://root@127.0.0.1:5432/test)');
  process.exit(2);
}
const r = spawnSync('npx', ['vitest', 'run', '--project', 'server'], { stdio: 'inherit', env: process.env });
process.exit(r.status ?? 1);
