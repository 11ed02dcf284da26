import { expect } from '@playwright/test';
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export interface RunningServer {
  baseUrl: string;
  stop: () => Promise<void>;
}

/** Answers once the server says it is ready; fails at once if it exited (a port taken, a migration failing). */
async function waitForReady(url: string, server: ChildProcess, timeout = 240_000): Promise<void> {
  const ready = async () => {
    if (server.exitCode !== null) throw new Error(`server exited with ${server.exitCode}`);
    return fetch(`${url}/api/v1/ready`).then(
      (res) => res.ok,
      () => false, // not listening yet
    );
  };
  await expect.poll(ready, { timeout, message: `server ready at ${url}` }).toBe(true);
}

/**
 * Starts the built app: a fresh embedded database with demo data in a temporary folder, on a free port, no SMTP
 * (mail lands in the outbox). `env` adds to or overrides the environment (e.g. `SESSION_IDLE_MINUTES`).
 * The web app must be built (`npm run build`) before.
 */
export async function startServer(env: Record<string, string> = {}): Promise<RunningServer> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'strata-e2e-'));
  const port = 18_000 + Math.floor(Math.random() * 2000);
  const baseUrl = `http://127.0.0.1:${port}`;
  const server = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'apps/server/src/main.ts')], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DEMO: '1',
      // The demo feed would add readings (and perhaps alerts and their toasts) while specs run: theirs only.
      DEMO_FEED: '0',
      PUBLIC_URL: baseUrl,
      LOG_LEVEL: process.env.E2E_LOG_LEVEL ?? 'warn',
      // Many sign-ins come from one address during the run.
      LOGIN_MAX_FAILURES_PER_IP: '1000',
      // The "Report a vulnerability" page shows it (without it the page says that no contact is set up).
      SECURITY_CONTACT: 'security@strata.example',
      ...env,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  try {
    await waitForReady(baseUrl, server);
  } catch (error) {
    server.kill('SIGTERM');
    rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }
  return {
    baseUrl,
    stop: async () => {
      if (server.exitCode === null) {
        server.kill('SIGTERM');
        await new Promise((r) => server.once('exit', r));
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
