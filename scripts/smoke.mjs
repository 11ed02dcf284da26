#!/usr/bin/env node
// Starts the built app with the Node that runs this script, on a fresh embedded database with demo data, and checks
// what a first visitor does: the web app is served, the demo admin signs in through the API, and a contract-scoped
// list answers. CI runs it on the current Node LTS (`npx -p node@22 node scripts/smoke.mjs`) besides the machine's Node.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const dataDir = mkdtempSync(path.join(tmpdir(), 'strata-smoke-'));
const port = 21_000 + Math.floor(Math.random() * 2000);
const base = `http://127.0.0.1:${port}`;
const started = Date.now();

const server = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'apps/server/src/main.ts')], {
  cwd: root,
  env: { ...process.env, NODE_ENV: 'production', PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, DEMO: '1', LOG_LEVEL: 'warn' },
  stdio: ['ignore', 'inherit', 'inherit'],
});

function stop() {
  if (server.exitCode === null) server.kill('SIGTERM');
  rmSync(dataDir, { recursive: true, force: true });
}

async function check(what, ok) {
  if (!ok) throw new Error(`smoke: ${what} failed`);
  console.log(`smoke: ${what}`);
}

async function waitForReady() {
  const deadline = Date.now() + 180_000;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`smoke: the server exited with ${server.exitCode}`);
    const ready = await fetch(`${base}/api/v1/ready`).then(
      (r) => r.ok,
      () => false,
    );
    if (ready) return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error('smoke: the server was not ready within 180 s');
}

try {
  await waitForReady();
  await check(`Node ${process.version}: ready after ${Math.round((Date.now() - started) / 1000)} s`, true);
  const page = await fetch(`${base}/en/account/login`);
  await check('the web app is served', page.ok && (await page.text()).includes('<div id="root">'));
  const auth = await fetch(`${base}/api/v1/auth`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ username: 'admin', password: 'strata-admin-2026' }),
  });
  await check('the demo admin signs in', auth.status === 200);
  const { access_token: token } = await auth.json();
  const zones = await fetch(`${base}/api/v1/zones`, { headers: { authorization: `Bearer ${token}`, accept: 'application/json' } });
  await check('a contract-scoped list answers', zones.status === 200 && Array.isArray((await zones.json()).records));
  stop();
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  stop();
  process.exit(1);
}
