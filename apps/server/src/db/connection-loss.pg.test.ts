/**
 * A pooled connection that dies while a transaction holds it between two statements (PostgreSQL restarted, an
 * administrator's pg_terminate_backend): the transaction fails, the process lives on, and the pool serves the next
 * query on a new connection. Found by the topology script (`npm run topology`): an API instance under load died of
 * an unhandled 'error' event when PostgreSQL restarted, because pg-pool takes its error listener off a client while it
 * is checked out.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isConnectionLost } from '../platform/connection-lost.js';
import { createTestDatabase, type TestDatabase } from '../platform/test-database.js';
import { waitFor } from '../testing/wait.js';

describe('a pooled connection lost inside a transaction', () => {
  let tdb: TestDatabase;

  beforeAll(async () => {
    tdb = await createTestDatabase();
  });
  afterAll(async () => {
    await tdb?.drop();
  });

  it('fails that transaction only; the next query gets a new connection', async () => {
    const db = await tdb.open();
    let pid = 0;
    let killed!: () => void;
    const whenKilled = new Promise<void>((resolve) => (killed = resolve));
    const tx = db.orm.transaction(async (t) => {
      const r = await t.execute(sql`select pg_backend_pid() as pid`);
      pid = Number((r as unknown as { rows: { pid: number }[] }).rows[0]!.pid);
      await whenKilled; // the connection is checked out, no statement under way
      await t.execute(sql`select 1`);
    });
    let error: unknown;
    const outcome = tx.then(
      () => 'committed',
      (e: unknown) => {
        error = e;
        return 'failed';
      },
    );
    await waitFor(() => pid !== 0);
    await tdb.db.query('select pg_terminate_backend($1)', [pid]);
    // The server closes the connection; the client hears of it before the transaction's next statement.
    await waitFor(async () => (await tdb.db.query<{ n: number }>('select count(*)::int n from pg_stat_activity where pid = $1', [pid])).rows[0]!.n === 0);
    killed();
    expect(await outcome).toBe('failed');
    // What the error handler answers 503 (Retry-After) for, not 500.
    expect(isConnectionLost(error)).toBe(true);
    const again = await db.query<{ ok: number }>('select 1 as ok');
    expect(again.rows).toEqual([{ ok: 1 }]);
  });
});
