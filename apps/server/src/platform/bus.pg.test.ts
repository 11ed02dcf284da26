/** The bus on real PostgreSQL with two instances (run when TEST_DATABASE_URL is set: `npm run test:api:pg`). */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBus, type Bus } from './bus.js';
import { createTestDatabase, type TestDatabase } from './test-database.js';
import { collectingLogger, waitFor } from '../testing/wait.js';
import { bigEvent, recorder } from './bus.test-support.js';

describe('bus on PostgreSQL with two instances', () => {
  let t: TestDatabase;
  let busA: Bus;
  let busB: Bus;
  const log = collectingLogger();

  beforeAll(async () => {
    t = await createTestDatabase();
    const second = await t.open();
    busA = createBus(t.db, { origin: 'instance-a', logger: log.logger });
    busB = createBus(second, { origin: 'instance-b', logger: log.logger });
  });

  afterAll(async () => {
    await busA?.close();
    await busB?.close();
    await t?.drop();
    expect(log.entries).toEqual([]);
  });

  it('delivers an event published on one instance to both', async () => {
    const onA = recorder();
    const onB = recorder();
    const offA = await busA.subscribe('test_cluster', onA.handler);
    const offB = await busB.subscribe('test_cluster', onB.handler);
    await busA.publish('test_cluster', { hello: 'world' });
    await waitFor(() => onA.got.length === 1 && onB.got.length === 1);
    expect(onA.got[0]).toEqual({ event: { hello: 'world' }, meta: { channel: 'test_cluster', origin: 'instance-a', local: true } });
    expect(onB.got[0]).toEqual({ event: { hello: 'world' }, meta: { channel: 'test_cluster', origin: 'instance-a', local: false } });

    const event = bigEvent();
    await busB.publish('test_cluster', event);
    await waitFor(() => onA.got.length === 2 && onB.got.length === 2);
    expect(onA.got[1]?.event).toEqual(event);
    expect(onA.got[1]?.meta).toMatchObject({ origin: 'instance-b', local: false });
    expect(onB.got[1]?.meta).toMatchObject({ origin: 'instance-b', local: true });
    await Promise.all([offA(), offB()]);
  });

  it('listens again after its LISTEN connection drops, tells it was lost and restored, and keeps delivering', async () => {
    const onB = recorder();
    const offB = await busB.subscribe('test_reconnect', onB.handler);
    const resets: string[] = [];
    const offReset = busB.onReset((state) => resets.push(state));
    // Kill every LISTEN backend of this database (the dedicated listener connections).
    await t.db.query(
      `select pg_terminate_backend(pid) from pg_stat_activity
        where datname = current_database() and pid <> pg_backend_pid() and query ilike 'LISTEN%'`,
    );
    const deadline = Date.now() + 15_000;
    while (onB.got.length === 0 && Date.now() < deadline) {
      await busA.publish('test_reconnect', { n: 1 }).catch(() => undefined);
      await new Promise((r) => setTimeout(r, 300));
    }
    expect(onB.got.length).toBeGreaterThan(0);
    expect(onB.got[0]?.event).toEqual({ n: 1 });
    expect(resets).toEqual(['lost', 'restored']);
    offReset();
    await offB();
  });
});
