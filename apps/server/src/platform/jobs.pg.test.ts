/** Jobs on real PostgreSQL (run when TEST_DATABASE_URL is set: `npm run test:api:pg`). */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createJobs, type Jobs } from './jobs.js';
import { createTestDatabase, type TestDatabase } from './test-database.js';
import { collectingLogger, sleep, waitFor } from '../testing/wait.js';

describe('jobs on PostgreSQL with two instances', () => {
  let t: TestDatabase;
  let a: Jobs;
  let b: Jobs;
  const log = collectingLogger(['jobs: handler failed']);

  beforeAll(async () => {
    t = await createTestDatabase();
    const second = await t.open();
    a = createJobs(t.db, { logger: log.logger, pollingIntervalSeconds: 0.5 });
    b = createJobs(second, { logger: log.logger, pollingIntervalSeconds: 0.5 });
    await Promise.all([a.start(), b.start()]); // both install pg-boss's schema at once: must not fail
  });

  afterAll(async () => {
    await Promise.all([a?.stop(), b?.stop()]);
    await t?.drop();
    expect(log.unexpected()).toEqual([]);
  });

  it('processes each of 20 jobs exactly once across both', async () => {
    const seen = new Map<string, string[]>();
    let total = 0;
    const handler = (who: string) => async (job: { data: { token: string } }) => {
      total++;
      seen.set(job.data.token, [...(seen.get(job.data.token) ?? []), who]);
      await sleep(30);
    };
    await a.work('test-shared', handler('a'), { concurrency: 2 });
    await b.work('test-shared', handler('b'), { concurrency: 2 });
    const tokens = Array.from({ length: 20 }, () => randomUUID());
    const ids = await Promise.all(tokens.map((token, i) => (i % 2 ? a : b).send('test-shared', { token })));
    expect(new Set(ids).size).toBe(20);
    await waitFor(() => total >= 20);
    await sleep(1000);
    expect(total).toBe(20);
    for (const token of tokens) expect(seen.get(token)).toHaveLength(1);
  });

  it('creates many queues at once from both instances without a deadlock', async () => {
    // pg-boss's create_queue inserts the queue row and then adds a foreign key to that table: two creations at once
    // each hold the lock the other one's ALTER TABLE waits for (seen when the API instances and the worker start).
    const names = Array.from({ length: 12 }, (_, i) => `test-many-${i}`);
    await Promise.all(names.flatMap((name) => [a.createQueue(name), b.createQueue(name)]));
    const { rows } = await t.db.pool!.query<{ n: number }>("SELECT count(*)::int AS n FROM pgboss.queue WHERE name LIKE 'test-many-%'");
    expect(rows[0]?.n).toBe(12);
  });
});
