import { mkdirSync } from 'node:fs';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { fileURLToPath } from 'node:url';
import { PGlite, type Transaction as PGliteTransaction } from '@electric-sql/pglite';
import type { SQL } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { from as copyFromStdin } from 'pg-copy-streams';
import * as schema from './schema/index.js';

export type Schema = typeof schema;
export type Orm = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = Parameters<Parameters<Orm['transaction']>[0]>[0];
/**
 * A piece of SQL built by a repository that a service only hands on to another repository (the record resolvers'
 * listings): services name its type without importing drizzle-orm.
 */
export type SqlFragment = SQL;

/** Either the database or an open transaction: repositories accept both. */
export type Executor = Orm | Tx;

/**
 * The rows of a raw `sql` statement, as `T` (the caller names the columns the statement selects). Drizzle types the
 * result of `execute` per driver (PGlite's `Results`, node-postgres' `QueryResult`); both carry `rows`, so this is the
 * one place that cast lives.
 */
export async function rows<T>(db: Executor, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

/** How many rows a raw statement changed (`rowCount` on node-postgres, `affectedRows` on PGlite). */
export async function changed(db: Executor, query: SQL): Promise<number> {
  const result = (await db.execute(query)) as unknown as { rowCount?: number | null; affectedRows?: number };
  return Number(result.rowCount ?? result.affectedRows ?? 0);
}

export const MIGRATIONS_DIR = fileURLToPath(new URL('./migrations', import.meta.url));

/**
 * One database, two engines: the embedded PGlite (WASM Postgres, one connection, serialised) and a node-postgres pool.
 * Everything above this file sees the same Drizzle `orm`, raw `query`/`exec`, and LISTEN/NOTIFY.
 */
export interface Database {
  readonly kind: 'pglite' | 'pg';
  readonly orm: Orm;
  /** Parameterised single statement. */
  query<T = Record<string, unknown>>(text: string, params?: unknown[]): Promise<{ rows: T[]; rowCount: number }>;
  /** Parameterless, possibly several statements. */
  exec(text: string): Promise<void>;
  /** Subscribes to a channel; returns the unsubscribe function. */
  listen(channel: string, onPayload: (payload: string) => void): Promise<() => Promise<void>>;
  notify(channel: string, payload: string): Promise<void>;
  /**
   * Told when notifications may have been missed: `lost` as soon as the LISTEN connection drops (notifications sent
   * until it is back are never seen), `restored` once it listens again. Never called on PGlite (one process, nothing
   * to drop). Returns the function that stops telling. Caches kept fresh by notifications use it to stop trusting
   * themselves meanwhile.
   */
  onListenerReset(handler: (state: 'lost' | 'restored') => void): () => void;
  migrate(): Promise<void>;
  /**
   * Runs `work` (the migrations and the demo seed at start) holding the database's start-up lock, so that API
   * instances and workers started together take turns: a session-level advisory lock on a connection of its own,
   * released after (or when the process dies). A process that waited finds the work done. PGlite belongs to one
   * process: `work` just runs.
   */
  withStartupLock<T>(work: () => Promise<T>): Promise<T>;
  close(): Promise<void>;
  /** The PGlite instance, for COPY FROM '/dev/blob'; undefined on pg. */
  readonly pglite?: PGlite;
  /** The pool, for COPY streams on pg; undefined on PGlite. */
  readonly pool?: pg.Pool;
}

export interface OpenOptions {
  /** postgres:// URL; when absent the embedded PGlite is used. */
  url?: string | undefined;
  /** PGlite data directory; absent = in memory. */
  dataDir?: string | undefined;
  poolSize?: number;
  /** PGlite in memory only: start from this dump of a data directory (`dumpDataDir`) instead of an empty cluster. */
  loadDataDir?: Blob | undefined;
}

const quoteIdent = (s: string) => `"${s.replace(/"/g, '""')}"`;

/** The advisory lock key of start-up work (single-key space; the other advisory locks are named in their modules). */
const STARTUP_LOCK = 'strata.startup';

export async function openDatabase(opts: OpenOptions = {}): Promise<Database> {
  return opts.url ? openPg(opts.url, opts.poolSize ?? 10) : openPglite(opts.dataDir, opts.loadDataDir);
}

async function openPglite(dataDir?: string, loadDataDir?: Blob): Promise<Database> {
  if (dataDir) mkdirSync(dataDir, { recursive: true });
  const client = dataDir ? await PGlite.create(dataDir) : await PGlite.create(loadDataDir ? { loadDataDir } : {});
  const orm = drizzlePglite(client, { schema }) as unknown as Orm;
  return {
    kind: 'pglite',
    orm,
    pglite: client,
    async query<T>(text: string, params: unknown[] = []) {
      const r = await client.query<T>(text, params);
      return { rows: r.rows, rowCount: r.affectedRows ?? r.rows.length };
    },
    async exec(text) {
      await client.exec(text);
    },
    async listen(channel, onPayload) {
      const unsub = await client.listen(channel, onPayload);
      return async () => unsub();
    },
    async notify(channel, payload) {
      await client.query('SELECT pg_notify($1, $2)', [channel, payload]);
    },
    onListenerReset() {
      return () => undefined;
    },
    async migrate() {
      await migratePglite(drizzlePglite(client), { migrationsFolder: MIGRATIONS_DIR });
    },
    withStartupLock(work) {
      return work();
    },
    async close() {
      if (!client.closed) await client.close();
    },
  };
}

async function openPg(url: string, max: number): Promise<Database> {
  const pool = new pg.Pool({ connectionString: url, max });
  pool.on('error', () => {
    /* an idle client died; the pool replaces it */
  });
  // pg-pool listens for errors only on idle clients: one that dies while checked out (a transaction between two
  // statements when PostgreSQL restarts) would emit an unhandled 'error' and end the process. The statement under way
  // or the next one fails instead, and the pool drops the client when it comes back.
  pool.on('connect', (client) => {
    client.on('error', () => undefined);
  });
  const orm = drizzlePg(pool, { schema }) as unknown as Orm;
  let listener: Promise<pg.Client> | undefined;
  let closed = false;
  const handlers = new Map<string, Set<(payload: string) => void>>();
  const resetHandlers = new Set<(state: 'lost' | 'restored') => void>();
  const tellReset = (state: 'lost' | 'restored') => {
    for (const h of resetHandlers) {
      try {
        h(state);
      } catch {
        /* a handler's failure must not stop the listener coming back */
      }
    }
  };
  /** True after a drop until a new listener is in place (so `restored` follows only a `lost`). */
  let lost = false;
  const reconnectSoon = () => {
    setTimeout(() => {
      if (!closed && handlers.size > 0) void ensureListener().catch(() => reconnectSoon());
    }, 1000).unref();
  };
  /**
   * One dedicated connection for LISTEN; when it drops it is replaced and every channel is listened to again. TCP
   * keepalive finds a silently dead connection (a peer gone without a FIN) within a minute or so.
   */
  const ensureListener = (): Promise<pg.Client> => {
    listener ??= (async () => {
      const c = new pg.Client({ connectionString: url, keepAlive: true, keepAliveInitialDelayMillis: 10_000 });
      await c.connect();
      c.on('notification', (n) => handlers.get(n.channel)?.forEach((h) => h(n.payload ?? '')));
      let replaced = false;
      const replace = () => {
        if (closed || replaced) return;
        replaced = true;
        listener = undefined;
        if (!lost) {
          lost = true;
          tellReset('lost');
        }
        reconnectSoon();
      };
      c.on('error', replace);
      c.on('end', replace);
      for (const channel of handlers.keys()) await c.query(`LISTEN ${quoteIdent(channel)}`);
      if (lost) {
        lost = false;
        tellReset('restored');
      }
      return c;
    })();
    listener.catch(() => {
      listener = undefined;
    });
    return listener;
  };
  return {
    kind: 'pg',
    orm,
    pool,
    async query<T>(text: string, params: unknown[] = []) {
      const r = await pool.query(text, params);
      return { rows: r.rows as T[], rowCount: r.rowCount ?? 0 };
    },
    async exec(text) {
      await pool.query(text);
    },
    async listen(channel, onPayload) {
      let set = handlers.get(channel);
      if (!set) {
        set = new Set();
        handlers.set(channel, set);
        const c = await ensureListener();
        await c.query(`LISTEN ${quoteIdent(channel)}`);
      }
      set.add(onPayload);
      return async () => {
        const s = handlers.get(channel);
        s?.delete(onPayload);
        if (s && s.size === 0) {
          handlers.delete(channel);
          const c = await listener?.catch(() => undefined);
          await c?.query(`UNLISTEN ${quoteIdent(channel)}`).catch(() => undefined);
        }
      };
    },
    async notify(channel, payload) {
      await pool.query('SELECT pg_notify($1, $2)', [channel, payload]);
    },
    onListenerReset(handler) {
      resetHandlers.add(handler);
      return () => resetHandlers.delete(handler);
    },
    async migrate() {
      await migratePg(drizzlePg(pool), { migrationsFolder: MIGRATIONS_DIR });
    },
    async withStartupLock(work) {
      // Not a pool connection: the lock belongs to the session, which must stay the same until it is released.
      const c = new pg.Client({ connectionString: url });
      c.on('error', () => undefined);
      await c.connect();
      try {
        await c.query('SELECT pg_advisory_lock(hashtext($1))', [STARTUP_LOCK]);
        return await work();
      } finally {
        await c.query('SELECT pg_advisory_unlock(hashtext($1))', [STARTUP_LOCK]).catch(() => undefined);
        await c.end().catch(() => undefined);
      }
    },
    async close() {
      closed = true;
      const c = await listener?.catch(() => undefined);
      await c?.end().catch(() => undefined);
      await pool.end();
    },
  };
}

/** The driver connection under a Drizzle database or transaction: PGlite (or its transaction), a pg pool or client. */
type RawClient = PGlite | PGliteTransaction | pg.Pool | pg.PoolClient | pg.Client;

function rawClientOf(executor: Executor): RawClient {
  const session = (executor as unknown as { session?: { client?: RawClient } }).session;
  if (!session?.client) throw new Error('copyIn: no driver client under this executor');
  return session.client;
}

const COPY_CHUNK = 1 << 20;

/** COPY input: the whole text, or its chunks as they are built (a generator is consumed once). */
export type CopyData = string | Buffer | Iterable<string>;

/**
 * Joins small pieces (COPY lines) into chunks of about `size` characters: what `copyIn` is given when the text is built
 * as it goes, so PostgreSQL parses one chunk while the next is being built.
 */
export function* copyChunks(pieces: Iterable<string>, size = COPY_CHUNK / 2): Generator<string> {
  let chunk = '';
  for (const piece of pieces) {
    chunk += piece;
    if (chunk.length >= size) {
      yield chunk;
      chunk = '';
    }
  }
  if (chunk) yield chunk;
}

function* bufferChunks(data: CopyData): Generator<Buffer> {
  if (typeof data === 'string' || Buffer.isBuffer(data)) {
    const buf = typeof data === 'string' ? Buffer.from(data, 'utf8') : data;
    for (let i = 0; i < buf.length; i += COPY_CHUNK) yield buf.subarray(i, Math.min(buf.length, i + COPY_CHUNK));
    return;
  }
  for (const chunk of data) if (chunk) yield Buffer.from(chunk, 'utf8');
}

/**
 * `COPY <target> FROM …` with `data` (COPY text format unless `options` says otherwise), on either engine, inside the
 * executor's transaction when it is one: PGlite reads it from `/dev/blob` (the `blob` query option), node-postgres
 * streams it to `FROM STDIN` (pg-copy-streams). `target` is `table (col, …)`; returns the rows copied.
 * Chunks given as an iterable are built while PostgreSQL reads the ones before (on pg; PGlite takes them joined).
 * On pg, an executor that is not a transaction (the pool) copies on a connection of its own, committed at once.
 */
export async function copyIn(executor: Executor, target: string, data: CopyData, options = ''): Promise<number> {
  const client = rawClientOf(executor);
  const with_ = options ? ` WITH (${options})` : '';
  const run = async (c: pg.Client) => {
    const stream = c.query(copyFromStdin(`COPY ${target} FROM STDIN${with_}`));
    await pipeline(Readable.from(bufferChunks(data)), stream);
    return stream.rowCount;
  };
  if (client instanceof pg.Pool) {
    const c = await client.connect();
    try {
      return await run(c);
    } finally {
      c.release();
    }
  }
  if (client instanceof pg.Client) return run(client);
  // PGlite, or one of its transactions.
  const parts = typeof data === 'string' ? [data] : Buffer.isBuffer(data) ? [new Uint8Array(data.buffer, data.byteOffset, data.byteLength)] : [...data];
  const blob = new Blob(parts);
  const r = await client.query(`COPY ${target} FROM '/dev/blob'${with_}`, [], { blob });
  return r.affectedRows ?? 0;
}
