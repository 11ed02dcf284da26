/**
 * Strata's processes as a deployment starts them: the API (`npm start`'s server, `apps/server/src/main.ts`) and the
 * job worker (`npm run worker`, `apps/server/src/worker.ts`), each `node --import tsx <entry>` in apps/server, on the
 * script's cluster. The API does not need the built web app (it serves the API alone when apps/web/dist is missing).
 */
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { spawnChild, type Child } from './children.js';
import { Abort, until } from './report.js';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export interface StrataEnv {
  /** The database URL (each process adds its name as `application_name`). */
  databaseUrl: string;
  /** Files storage shared by every process (uploads are stored by an API instance and read by the worker). */
  dataDir: string;
  /** Shared by every process of one database (README: SECRET_KEY). */
  secretKey: string;
  logDir: string;
  /** The server folder to run (another release's, for the upgrade check); default this checkout's. */
  serverDir?: string;
  extra?: Record<string, string>;
}

export const newSecretKey = () => randomBytes(32).toString('hex');

function env(name: string, e: StrataEnv, own: Record<string, string>): NodeJS.ProcessEnv {
  const url = new URL(e.databaseUrl);
  url.searchParams.set('application_name', name); // its connections, told apart in pg_stat_activity
  return {
    ...process.env,
    NODE_ENV: 'production',
    DATABASE_URL: url.toString(),
    DATA_DIR: e.dataDir,
    SECRET_KEY: e.secretKey,
    DEMO: '1',
    // The demo feed would load readings every few minutes: the row counts this script compares must hold still.
    DEMO_FEED: '0',
    LOG_LEVEL: 'info',
    ...e.extra,
    ...own,
  };
}

export interface Api extends Child {
  port: number;
  base: string;
}

/** An API instance: WORKERS=off (jobs go to the worker), behind nginx at 127.0.0.1 (TRUST_PROXY). */
export function startApi(name: string, port: number, e: StrataEnv): Api {
  const serverDir = e.serverDir ?? path.join(ROOT, 'apps/server');
  const child = spawnChild(name, process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: serverDir,
    env: env(name, e, { HOST: '127.0.0.1', PORT: String(port), WORKERS: 'off', TRUST_PROXY: '127.0.0.1' }),
    logFile: path.join(e.logDir, `${name}.log`),
  });
  return Object.assign(child, { port, base: `http://127.0.0.1:${port}` });
}

/** The job worker (`npm run worker`). */
export function startWorker(name: string, e: StrataEnv): Child {
  const serverDir = e.serverDir ?? path.join(ROOT, 'apps/server');
  return spawnChild(name, process.execPath, ['--import', 'tsx', 'src/worker.ts'], {
    cwd: serverDir,
    env: env(name, e, {}),
    logFile: path.join(e.logDir, `${name}.log`),
  });
}

/** Waits until the API answers /api/v1/ready (or throws with its output when it ended). */
export async function apiReady(api: Api, timeoutMs = 180_000): Promise<void> {
  await until(
    `${api.name} to be ready`,
    timeoutMs,
    async () => {
      if (!api.alive()) throw new Abort(`${api.name} ended (${await api.exited}):\n${api.output().slice(-4000)}`);
      const r = await fetch(`${api.base}/api/v1/ready`).catch(() => undefined);
      return r?.status === 200;
    },
    200,
  );
}

/** Waits until the worker says it started. */
export async function workerReady(worker: Child, timeoutMs = 180_000): Promise<void> {
  await until(
    `${worker.name} to start`,
    timeoutMs,
    async () => {
      if (!worker.alive()) throw new Abort(`${worker.name} ended (${await worker.exited}):\n${worker.output().slice(-4000)}`);
      return worker.output().includes('"msg":"worker started"');
    },
    200,
  );
}
