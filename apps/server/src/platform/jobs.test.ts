import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/client.js';
import { openMigratedPglite } from '../testing/pglite-template.js';
import { createJobs, type Jobs } from './jobs.js';
import { collectingLogger, sleep, waitFor } from '../testing/wait.js';

interface Engine {
  name: string;
  open(): Promise<{ db: Database; drop(): Promise<void> }>;
}

const engines: Engine[] = [
  {
    name: 'PGlite',
    async open() {
      const db = await openMigratedPglite();
      return { db, drop: () => db.close() };
    },
  },
];

describe.each(engines)('jobs on $name', (engine) => {
  let db: Database;
  let drop: () => Promise<void>;
  let jobs: Jobs;
  const log = collectingLogger(['jobs: handler failed']);

  beforeAll(async () => {
    ({ db, drop } = await engine.open());
    jobs = createJobs(db, { logger: log.logger, pollingIntervalSeconds: 0.5 });
    await jobs.start();
  });

  afterAll(async () => {
    await jobs?.stop();
    await drop?.();
    expect(log.unexpected()).toEqual([]);
  });

  it('processes a sent job exactly once', async () => {
    const token = randomUUID();
    const calls: string[] = [];
    await jobs.work<{ token: string }>('test-once', async (job) => {
      calls.push(job.data.token);
    });
    const id = await jobs.send('test-once', { token });
    expect(id).toEqual(expect.any(String));
    await waitFor(() => calls.length >= 1);
    await waitFor(async () => (await jobs.boss.getJobById('test-once', id!))?.state === 'completed');
    await sleep(1000); // two polling intervals: a second delivery would show by now
    expect(calls).toEqual([token]);
  });

  it('retries a failing job per its options, then marks it failed', async () => {
    // The log is shared by the tests, and the retry test logs a failure too: count from here on.
    const failuresBefore = log.entries.length;
    let attempts = 0;
    await jobs.work('test-flaky', async () => {
      attempts++;
      throw new Error('boom');
    });
    const id = await jobs.send('test-flaky', { secret: 'not-logged' }, { retryLimit: 2, retryDelay: 0 });
    await waitFor(async () => (await jobs.boss.getJobById('test-flaky', id!))?.state === 'failed');
    const job = await jobs.boss.getJobById('test-flaky', id!);
    expect(attempts).toBe(3); // the first run and two retries
    expect(job?.retryCount).toBe(2);
    expect(job?.output).toMatchObject({ message: 'boom' });
    // Failures are logged without job data.
    const failures = log.entries.slice(failuresBefore).filter((e) => e.msg === 'jobs: handler failed');
    expect(failures).toHaveLength(3);
    expect(JSON.stringify(failures)).not.toContain('not-logged');
  });

  it('completes a job that succeeds on a retry', async () => {
    let attempts = 0;
    await jobs.work('test-retry-ok', async () => {
      attempts++;
      if (attempts === 1) throw new Error('first time fails');
      return { ok: true };
    });
    const id = await jobs.send('test-retry-ok', {}, { retryLimit: 3, retryDelay: 0 });
    await waitFor(async () => (await jobs.boss.getJobById('test-retry-ok', id!))?.state === 'completed');
    expect(attempts).toBe(2);
  });

  it('stop() waits for a handler in flight', async () => {
    const own = createJobs(db, { logger: log.logger, pollingIntervalSeconds: 0.5 });
    let started = false;
    let finished = false;
    await own.work('test-slow', async () => {
      started = true;
      await sleep(800);
      finished = true;
    });
    await own.start();
    const id = await own.send('test-slow', {});
    await waitFor(() => started);
    expect(finished).toBe(false);
    await own.stop({ timeoutMs: 10_000 });
    expect(finished).toBe(true);
    const job = await jobs.boss.getJobById('test-slow', id!);
    expect(job?.state).toBe('completed');
  });

  it('refuses to send before start()', async () => {
    const idle = createJobs(db, { logger: log.logger });
    await expect(idle.send('test-once', {})).rejects.toThrow(/started/);
  });
});
