/**
 * Background jobs: a thin wrapper over pg-boss 10, on the same database as everything else.
 *
 * How it reaches the database — always through pg-boss's `db` option (`{ executeSql(text, values) }`), never a
 * connection string of its own:
 *
 * - PostgreSQL (`db.kind === 'pg'`): `executeSql` is `db.pool.query`. The `Database` does not expose its URL, and
 *   sharing the app's pool keeps one connection budget to tune. pg-boss 10 needs no session state: no LISTEN, no
 *   session-level advisory locks (its locks are `pg_advisory_xact_lock` inside one multi-statement
 *   `BEGIN; …; COMMIT;` script sent as a single simple query), so any pooled connection will do. When such a
 *   script fails half-way, pg-pool destroys that connection instead of returning it, so an aborted transaction
 *   never leaks back into the pool. Row-claiming is `FOR UPDATE SKIP LOCKED`: many instances may work one queue and
 *   each job runs once.
 *
 * - PGlite (`db.kind === 'pglite'`, one connection, every call serialised by PGlite's own mutex):
 *   parameterised SQL goes through `pglite.query` (extended protocol); parameterless SQL — pg-boss's multi-statement
 *   scripts (schema install/migrate, and the `BEGIN; SET LOCAL …; advisory lock; …; COMMIT;` maintenance scripts)
 *   plus a few single SELECTs whose rows it reads (version, clock, schedules) — goes through `exec` (simple protocol),
 *   run inside `pglite.transaction()`. That wrapper matters: if a script with its own `BEGIN` fails half-way, the one
 *   and only session would otherwise stay in an aborted transaction and every later query of the app would fail;
 *   PGlite's transaction() rolls back while still holding the connection. (The script's own BEGIN/COMMIT inside it
 *   only raise silent warnings.) The result returned is that of the last statement, which is what pg-boss reads.
 *   Load on the single connection: each worker polls with one short query per `pollingIntervalSeconds` (default 1 s
 *   here), the cron worker every 5 s, cron/maintenance checks every 30 s/120 s — a few cheap queries per second at
 *   most. A job sent from this process wakes this process's workers of that queue at once (`notifyWorker`), so
 *   latency does not depend on the polling interval.
 *   Caveat: PGlite runs one transaction at a time, so `send()` awaited inside `db.orm.transaction(...)` deadlocks
 *   on PGlite (and on pg is not part of that transaction anyway). Send after the transaction resolves.
 *
 * Queues: pg-boss 10 requires `createQueue` before `send`/`work`/`schedule`; this wrapper creates a queue on first use
 * (idempotent, memoised per instance). On pg, queue creations run one at a time under an advisory lock: pg-boss's
 * own create_queue deadlocks with a concurrent one (processes starting together). Queue options (`work(…, { queue })` or `createQueue`) only apply when the queue
 * is created; change an existing queue with `boss.updateQueue`.
 *
 * Logging: nothing is logged except errors, through `logger.error`; job data is never logged, and database errors
 * are reduced to name/message/code/stack before logging (PGlite errors carry the query parameters, i.e. job data).
 *
 * Send-only (`workers: false`): an API instance whose jobs run in `npm run worker` processes still queues them, so a
 * worker takes them at its next poll (a couple of seconds) instead of at the next sweep of the waiting rows (up to a
 * minute). It runs no handler (`work()` registrations are kept but never attached), no maintenance and no cron: pg-boss
 * with `supervise` and `schedule` off. It does install pg-boss's schema when it is first (pg-boss tolerates that race).
 *
 * Lifecycle: `work()` may be called before `start()` (handlers attach when started, and re-attach after a restart).
 * `send`/`schedule` need a started instance. `stop()` stops fetching, waits for running handlers (and the
 * completion writes pg-boss does not await) up to a timeout, and leaves the database open.
 */
import PgBoss from 'pg-boss';
import type { Database } from '../db/client.js';
import { safeError } from './safe-error.js';

export interface JobsLogger {
  error(obj: unknown, msg?: string): void;
}

export interface JobsOptions {
  /** Postgres schema for pg-boss's tables (default `pgboss`). */
  schema?: string;
  logger?: JobsLogger;
  /** Default polling interval of workers, seconds (min 0.5). Default: 1 on PGlite, 2 on pg. */
  pollingIntervalSeconds?: number;
  /**
   * False: send only — jobs are queued for other processes' workers; this one takes none (no handlers, no
   * maintenance, no cron). Default true.
   */
  workers?: boolean;
  /** Further pg-boss constructor options (maintenance, retention, cron intervals …). */
  boss?: Omit<PgBoss.ConstructorOptions, 'db' | 'schema' | 'connectionString' | keyof PgBoss.DatabaseOptions>;
}

export type Job<T = object> = PgBoss.Job<T>;
export type JobHandler<T = object> = (job: Job<T>) => Promise<unknown> | unknown;
export type QueueOptions = Omit<PgBoss.Queue, 'name'>;
export type SendOptions = Omit<PgBoss.SendOptions, 'db'>;
export type ScheduleOptions = Omit<PgBoss.ScheduleOptions, 'db'>;

export interface WorkOptions {
  /** Concurrent handlers of this queue in this process (default 1). */
  concurrency?: number;
  pollingIntervalSeconds?: number;
  /** Used when this call creates the queue (retry policy, expiry, dead letter …). */
  queue?: QueueOptions;
}

export interface StopOptions {
  /** How long to wait for running handlers, ms (default 30 s). Jobs still running then are marked failed and retried later. */
  timeoutMs?: number;
}

export interface Jobs {
  start(): Promise<void>;
  stop(options?: StopOptions): Promise<void>;
  /** Creates a queue if missing (no-op otherwise). Optional: send/work/schedule create queues on first use. */
  createQueue(name: string, options?: QueueOptions): Promise<void>;
  /** Returns the job id, or null when a singleton/throttle policy dropped the job. */
  send<T extends object>(name: string, data: T, options?: SendOptions): Promise<string | null>;
  /**
   * Registers the handler of a queue (one per queue per instance). A thrown error fails the job; it is retried per its
   * retry options. A send-only instance keeps the registration but never attaches it: the worker processes run it.
   */
  work<T extends object>(name: string, handler: JobHandler<T>, options?: WorkOptions): Promise<void>;
  offWork(name: string): Promise<void>;
  schedule(name: string, cron: string, data?: object, options?: ScheduleOptions): Promise<void>;
  unschedule(name: string): Promise<void>;
  /** Whether this process runs job handlers (false for a send-only instance). */
  readonly working: boolean;
  /** The pg-boss instance, for advanced use (getJobById, updateQueue, cancel …). */
  readonly boss: PgBoss;
}

type SqlResult = { rows: unknown[] };
type RunSql = (text: string, values?: unknown[]) => Promise<SqlResult>;

interface Registration {
  handler: JobHandler<never>;
  options: WorkOptions;
  workerIds: string[];
}

const consoleLogger: JobsLogger = {
  error: (obj, msg) => console.error(msg ?? 'jobs error', obj),
};

function scrub(err: unknown): void {
  if (err && typeof err === 'object') {
    for (const key of ['params', 'query', 'queryOptions']) {
      if (key in err) delete (err as Record<string, unknown>)[key];
    }
  }
}

function sqlRunner(db: Database): RunSql {
  if (db.kind === 'pglite') {
    const pglite = db.pglite;
    if (!pglite) throw new Error('jobs: PGlite database without its pglite instance');
    return async (text, values) => {
      if (!values || values.length === 0) {
        const results = await pglite.transaction((tx) => tx.exec(text));
        return { rows: results.at(-1)?.rows ?? [] };
      }
      const r = await pglite.query(text, values);
      return { rows: r.rows };
    };
  }
  const pool = db.pool;
  if (!pool) throw new Error('jobs: pg database without its pool');
  return async (text, values) => {
    if (CREATE_QUEUE.test(text)) {
      // pg-boss's create_queue inserts the queue's row, then adds foreign keys that reference the queue table: two
      // creations at once (this process's own, or another instance's at start-up) each hold the row lock the other's
      // ALTER TABLE waits for, and PostgreSQL kills one as a deadlock. One creation at a time, database-wide.
      const client = await pool.connect();
      try {
        await client.query('BEGIN');
        await client.query('SELECT pg_advisory_xact_lock(hashtext($1))', [CREATE_QUEUE_LOCK]);
        const r = await client.query(text, values as unknown[] | undefined);
        await client.query('COMMIT');
        return r as unknown as SqlResult;
      } catch (err) {
        await client.query('ROLLBACK').catch(() => undefined);
        throw err;
      } finally {
        client.release();
      }
    }
    // A multi-statement text returns an array of results; pg-boss does not read rows of those.
    return (await pool.query(text, values as unknown[] | undefined)) as unknown as SqlResult;
  };
}

/** pg-boss 10's createQueue command (`SELECT <schema>.create_queue($1, $2)`). */
const CREATE_QUEUE = /^\s*SELECT\s+\S+\.create_queue\(\$1,\s*\$2\)\s*$/;
const CREATE_QUEUE_LOCK = 'strata:pgboss:create_queue';

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Installs pg-boss's schema when it is missing. Call it under the start-up lock (`Database.withStartupLock`): processes
 * started together would otherwise each run pg-boss's install at once, and pg-boss's own advisory lock does not keep
 * the loser from failing — its `CREATE SCHEMA IF NOT EXISTS` reads the catalogue as it was before the lock was granted
 * and dies on a duplicate key (`pg_namespace_nspname_index`). `start()` then finds it installed.
 */
export async function installJobsSchema(db: Database, schema = 'pgboss'): Promise<void> {
  const run = sqlRunner(db);
  const found = await run(`SELECT to_regclass('${schema}.version') IS NOT NULL AS installed`);
  if ((found.rows[0] as { installed?: boolean } | undefined)?.installed) return;
  await run(PgBoss.getConstructionPlans(schema));
}

export function createJobs(db: Database, opts: JobsOptions = {}): Jobs {
  const logger = opts.logger ?? consoleLogger;
  const run = sqlRunner(db);
  const pollingIntervalSeconds = opts.pollingIntervalSeconds ?? (db.kind === 'pglite' ? 1 : 2);
  const working = opts.workers ?? true;

  let state: 'idle' | 'starting' | 'started' | 'stopping' | 'stopped' = 'idle';
  let starting: Promise<void> | undefined;
  let stopping: Promise<void> | undefined;
  let inFlightSql = 0;
  let activeHandlers = 0;

  const adapter: PgBoss.Db = {
    async executeSql(text: string, values?: unknown[]) {
      inFlightSql++;
      try {
        return await run(text, values);
      } catch (err) {
        scrub(err);
        if (state === 'stopped') {
          // A completion pg-boss fired without awaiting, after stop() gave up waiting (the database may be closed).
          // pg-boss's own Db returns undefined once closed, and tolerates it; do the same rather than leave an
          // unhandled rejection behind.
          logger.error({ err: safeError(err) }, 'jobs: query after stop failed');
          return undefined as unknown as SqlResult;
        }
        throw err;
      } finally {
        inFlightSql--;
      }
    },
  } as PgBoss.Db;

  const boss = new PgBoss({
    ...opts.boss,
    ...(working ? {} : { supervise: false, schedule: false }),
    db: adapter,
    schema: opts.schema ?? 'pgboss',
    pollingIntervalSeconds,
  });
  boss.on('error', (err: Error & { queue?: string; worker?: string }) => {
    logger.error({ err: safeError(err), queue: err.queue, worker: err.worker }, 'jobs: pg-boss error');
  });

  const queues = new Map<string, Promise<void>>();
  const registrations = new Map<string, Registration>();

  function ensureQueue(name: string, options?: QueueOptions): Promise<void> {
    let p = queues.get(name);
    if (!p) {
      p = boss.createQueue(name, { ...options, name });
      queues.set(name, p);
      p.catch(() => queues.delete(name));
    }
    return p;
  }

  function assertStarted(what: string) {
    if (state !== 'started') throw new Error(`jobs: ${what} needs a started instance (state: ${state})`);
  }

  async function attach(name: string, reg: Registration) {
    if (!working) return;
    await ensureQueue(name, reg.options.queue);
    const handler = reg.handler as JobHandler<object>;
    const wrapped = async (jobs: PgBoss.Job<object>[]) => {
      activeHandlers++;
      let result: unknown;
      try {
        // batchSize is always 1: one job per call, completed or failed on its own.
        for (const job of jobs) result = await handler(job);
        return result;
      } catch (err) {
        logger.error({ err: safeError(err), queue: name, jobId: jobs[0]?.id }, 'jobs: handler failed');
        throw err;
      } finally {
        activeHandlers--;
      }
    };
    const concurrency = Math.max(1, Math.floor(reg.options.concurrency ?? 1));
    const workOptions = { batchSize: 1, pollingIntervalSeconds: reg.options.pollingIntervalSeconds ?? pollingIntervalSeconds };
    for (let i = 0; i < concurrency; i++) reg.workerIds.push(await boss.work(name, workOptions, wrapped));
  }

  const jobs: Jobs = {
    working,
    get boss() {
      return boss;
    },

    async start() {
      if (state === 'started') return;
      if (stopping) await stopping;
      if (starting) return starting;
      state = 'starting';
      starting = (async () => {
        try {
          await boss.start();
          state = 'started';
          for (const [name, reg] of registrations) await attach(name, reg);
        } catch (err) {
          state = 'idle';
          throw err;
        } finally {
          starting = undefined;
        }
      })();
      return starting;
    },

    async stop({ timeoutMs = 30_000 }: StopOptions = {}) {
      if (starting) await starting.catch(() => undefined);
      if (stopping) return stopping;
      if (state !== 'started') return;
      state = 'stopping';
      stopping = (async () => {
        const deadline = Date.now() + timeoutMs;
        try {
          // Stops every worker loop and the timers, then waits while a worker holds a job (polls every 500 ms).
          await boss.stop({ graceful: true, wait: true, close: false, timeout: Math.max(1000, timeoutMs) });
        } catch (err) {
          logger.error({ err: safeError(err) }, 'jobs: stop failed');
        }
        // A worker may have been inside a fetch when told to stop: it still runs the job it got. pg-boss also does
        // not await its completion writes. Wait for both, so the caller may close the database afterwards.
        for (;;) {
          while ((activeHandlers > 0 || inFlightSql > 0) && Date.now() < deadline) await sleep(20);
          await new Promise<void>((resolve) => setImmediate(resolve));
          if ((activeHandlers === 0 && inFlightSql === 0) || Date.now() >= deadline) break;
        }
        for (const reg of registrations.values()) reg.workerIds = [];
        state = 'stopped';
      })();
      try {
        await stopping;
      } finally {
        stopping = undefined;
      }
    },

    async createQueue(name, options) {
      assertStarted('createQueue');
      await ensureQueue(name, options);
    },

    async send(name, data, options) {
      assertStarted('send');
      await ensureQueue(name);
      const id = await boss.send(name, data, options ?? {});
      // Wake this process's idle workers of the queue now instead of at their next poll.
      for (const workerId of registrations.get(name)?.workerIds ?? []) boss.notifyWorker(workerId);
      return id;
    },

    async work(name, handler, options = {}) {
      if (registrations.has(name)) throw new Error(`jobs: queue ${name} already has a handler`);
      const reg: Registration = { handler: handler as JobHandler<never>, options, workerIds: [] };
      registrations.set(name, reg);
      if (state === 'started') {
        try {
          await attach(name, reg);
        } catch (err) {
          registrations.delete(name);
          throw err;
        }
      }
    },

    async offWork(name) {
      const reg = registrations.get(name);
      registrations.delete(name);
      if (reg && reg.workerIds.length > 0) await boss.offWork(name);
    },

    async schedule(name, cron, data, options) {
      assertStarted('schedule');
      await ensureQueue(name);
      await boss.schedule(name, cron, data, options ?? {});
    },

    async unschedule(name) {
      assertStarted('unschedule');
      await boss.unschedule(name);
    },
  };
  return jobs;
}
