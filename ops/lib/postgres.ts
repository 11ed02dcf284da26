/**
 * A PostgreSQL 15 cluster of the script's own, in a temporary folder on a free port, so it can be restarted under load
 * without touching the machine's server. initdb and pg_ctl refuse to run as root: as root they run as the `postgres`
 * user (`runuser -u postgres --`), which owns the folder.
 */
import { execFileSync } from 'node:child_process';
import { chownSync, mkdirSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';
import pg from 'pg';
import { onCleanup, run } from './children.js';

export const PG_BIN = process.env.PG_BIN ?? '/usr/lib/postgresql/15/bin';

/** A port nothing listens on now (the kernel's choice). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
  });
}

const asRoot = process.getuid?.() === 0;

/** Runs a PostgreSQL server program, as `postgres` when this script is root. */
function pgRun(program: string, args: string[]): Promise<string> {
  const bin = path.join(PG_BIN, program);
  return asRoot ? run('runuser', ['-u', 'postgres', '--', bin, ...args]) : run(bin, args);
}

/** Gives `dir` to the postgres user when this script is root (initdb and pg_ctl run as that user). */
function ownedByPostgres(dir: string): void {
  if (!asRoot) return;
  const id = (flag: '-u' | '-g') => Number(execFileSync('id', [flag, 'postgres']).toString().trim());
  chownSync(dir, id('-u'), id('-g'));
}

export class Cluster {
  readonly dataDir: string;
  readonly logFile: string;
  private constructor(
    readonly dir: string,
    readonly port: number,
  ) {
    this.dataDir = path.join(dir, 'data');
    this.logFile = path.join(dir, 'postgres.log');
  }

  /** initdb (trust on 127.0.0.1, superuser `postgres`) and start, on a free port; stopped and removed on clean-up. */
  static async create(parent: string): Promise<Cluster> {
    const dir = path.join(parent, 'pg');
    mkdirSync(dir);
    ownedByPostgres(dir);
    const cluster = new Cluster(dir, await freePort());
    await pgRun('initdb', ['-D', cluster.dataDir, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--locale=C', '--no-sync']);
    onCleanup('the temporary PostgreSQL cluster', () => cluster.stop('immediate'));
    await cluster.start();
    return cluster;
  }

  private options(): string {
    // Enough connections for three Strata processes (pools of 10, LISTEN), the script and a restored instance.
    return `-p ${this.port} -k ${this.dir} -c listen_addresses=127.0.0.1 -c max_connections=200 -c fsync=off -c full_page_writes=off`;
  }

  async start(): Promise<void> {
    await pgRun('pg_ctl', ['-D', this.dataDir, '-l', this.logFile, '-o', this.options(), '-w', '-t', '60', 'start']);
  }

  /** `pg_ctl restart -m fast`: every connection is closed; the server is back when it returns. */
  async restart(): Promise<void> {
    await pgRun('pg_ctl', ['-D', this.dataDir, '-l', this.logFile, '-o', this.options(), '-m', 'fast', '-w', '-t', '60', 'restart']);
  }

  async stop(mode: 'fast' | 'immediate' = 'fast'): Promise<void> {
    await pgRun('pg_ctl', ['-D', this.dataDir, '-m', mode, '-w', '-t', '60', 'stop']).catch((err: Error) => {
      if (!/not running|No such file|does not exist/i.test(err.message)) throw err;
    });
  }

  url(database: string, applicationName?: string): string {
    const u = new URL(`postgres://postgres@127.0.0.1:${this.port}/${database}`);
    if (applicationName) u.searchParams.set('application_name', applicationName);
    return u.toString();
  }

  /** One statement on a connection of its own (so a restart between two calls is no concern of the caller's). */
  async query<T extends pg.QueryResultRow = Record<string, unknown>>(database: string, text: string, params: unknown[] = []): Promise<T[]> {
    const client = new pg.Client({ connectionString: this.url(database, 'topology-script') });
    client.on('error', () => undefined);
    await client.connect();
    try {
      return (await client.query<T>(text, params)).rows;
    } finally {
      await client.end().catch(() => undefined);
    }
  }

  async createDatabase(name: string): Promise<void> {
    await this.query('postgres', `create database "${name}"`);
  }

  /** Runs a client program of the cluster's version (pg_dump, pg_restore, psql) against it as `postgres`. */
  client(program: 'pg_dump' | 'pg_restore' | 'psql', args: string[]): Promise<string> {
    return run(path.join(PG_BIN, program), ['-h', '127.0.0.1', '-p', String(this.port), '-U', 'postgres', ...args]);
  }

  /** The row count of every table of the schemas given (partition parents counted through their partitions only). */
  async tableCounts(database: string, schemas: string[], snapshot?: string): Promise<Map<string, number>> {
    const client = new pg.Client({ connectionString: this.url(database, 'topology-script') });
    client.on('error', () => undefined);
    await client.connect();
    try {
      await client.query('begin isolation level repeatable read');
      if (snapshot) await client.query(`set transaction snapshot '${snapshot}'`);
      const tables = await client.query<{ name: string }>(
        `select format('%I.%I', n.nspname, c.relname) as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
          where c.relkind = 'r' and n.nspname = any($1) order by 1`,
        [schemas],
      );
      const counts = new Map<string, number>();
      for (const { name } of tables.rows) {
        const r = await client.query<{ n: string }>(`select count(*) as n from ${name}`);
        counts.set(name, Number(r.rows[0]!.n));
      }
      await client.query('commit');
      return counts;
    } finally {
      await client.end().catch(() => undefined);
    }
  }
}
