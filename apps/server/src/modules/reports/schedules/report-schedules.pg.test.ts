/**
 * Scheduled reports on two instances of one PostgreSQL (run when TEST_DATABASE_URL is set; a fresh database per run):
 * dispatchers racing over the same due schedules write one run per due time, and a run is claimed by one worker.
 */
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TReportSchedule, TReportScheduleRun } from '@strata/shared';
import { buildApp, type App } from '../../../app.js';
import { testConfig } from '../../../config.js';
import { outbox, reportScheduleRuns, reportSchedules, users } from '../../../db/schema/index.js';
import { createContract, createRole, createUser } from '../../../testing/fixtures.js';
import { as, createTwoInstances, type TestApp, type TwoInstances } from '../../../testing/harness.js';
import { createWorld } from '../../../testing/master-data.js';
import { sleep, waitFor } from '../../../testing/wait.js';
import { claimRun } from './report-schedules.repository.js';
import { SCHEDULE_TASKS, scheduleBody } from './report-schedules.test-support.js';

describe('scheduled reports on two instances of one PostgreSQL', () => {
  let two: TwoInstances;
  beforeAll(async () => {
    two = await createTwoInstances();
  });
  afterAll(() => two?.close());

  it('two dispatchers racing write exactly one run per due time, and each run is claimed once', async () => {
    const { database, a, b } = two;
    const contract = await createContract(database.db);
    const owner = await createUser(database.db, {
      roleId: (await createRole(database.db, ['GenerateInstrumentationMonitoringReport'])).roleId,
      contractIds: [contract.contractId],
    });
    const due = new Date(Date.now() - 60_000);
    const ids: number[] = [];
    for (let i = 0; i < 30; i++) {
      const [row] = await database.db.orm
        .insert(reportSchedules)
        .values({
          name: `race ${i}`,
          reportType: 'geostatus',
          contractIds: [contract.contractId],
          period: 'last-day',
          output: 'csv',
          frequency: { kind: 'daily', time: '08:00' },
          timezone: 'Asia/Singapore',
          recipientUserIds: [owner.userId],
          nextRunAt: due,
          ownerId: owner.userId,
        })
        .returning();
      ids.push(row!.id);
    }

    // Each instance dispatches three times at once: six transactions over the same 30 due schedules.
    const dispatchers = [a, b, a, b, a, b].map((app) => app.services.reportSchedules.runner.dispatchDue());
    const written = (await Promise.all(dispatchers)).flat();
    const runs = await database.db.orm.select().from(reportScheduleRuns).where(inArray(reportScheduleRuns.scheduleId, ids));
    expect(runs).toHaveLength(30);
    expect(new Set(runs.map((r) => r.scheduleId)).size).toBe(30);
    expect(written.map((r) => r.id).sort((x, y) => x - y)).toEqual(runs.map((r) => r.id).sort((x, y) => x - y));
    for (const r of runs) expect(r.dueAt.getTime()).toBe(due.getTime());
    // Every schedule moved on to its next slot, after now.
    const after = await database.db.orm.select().from(reportSchedules).where(inArray(reportSchedules.id, ids));
    for (const s of after) expect(s.nextRunAt!.getTime()).toBeGreaterThan(Date.now() - 5_000);

    // The same due time written again (a dispatcher that read the schedule before it moved on) is refused by the key.
    const [again] = await database.db.orm
      .insert(reportScheduleRuns)
      .values({ scheduleId: ids[0]!, dueAt: due, trigger: 'schedule', attempt: 1, status: 'running', notBefore: due, startedAt: due })
      .onConflictDoNothing()
      .returning();
    expect(again).toBeUndefined();

    // Two workers taking the same runs at once: each run goes to one of them.
    const bDb = b.ctx.db.orm;
    const claims = await Promise.all(runs.flatMap((r) => [claimRun(database.db.orm, r.id, new Date()), claimRun(bDb, r.id, new Date())]));
    expect(claims.filter(Boolean)).toHaveLength(30);
    const claimed = await database.db.orm.select().from(reportScheduleRuns).where(eq(reportScheduleRuns.status, 'running'));
    expect(claimed.every((r) => r.claimedAt !== null)).toBe(true);
  });

  it('run now on an API instance without workers is queued, and made and mailed by a worker process', async () => {
    const { database } = two;
    const started: App[] = [];
    const open = async (jobs: { workers?: boolean; sendJobs?: boolean }) => {
      const app = await buildApp({ config: testConfig(), db: await database.open(), ...jobs });
      await app.app.ready();
      started.push(app);
      return app;
    };
    try {
      const api = await open({ sendJobs: true });
      expect(api.ctx.jobs?.working).toBe(false);
      const t = { ...api, db: database.db } as unknown as TestApp;
      const w = await createWorld(t, SCHEDULE_TASKS);
      const created = await as(t, w.sessions.manager, {
        method: 'POST',
        url: '/api/v1/reports/schedules',
        payload: scheduleBody([w.contractA], { report_type: 'geostatus', recipients: { user_ids: [w.userIds.xuser] } }),
      });
      expect(created.statusCode, created.body).toBe(200);
      const id = created.json<TReportSchedule>().scheduler_id;
      const ran = await as(t, w.sessions.manager, { method: 'POST', url: `/api/v1/reports/schedules/${id}/run` });
      expect(ran.statusCode, ran.body).toBe(200);
      const runId = ran.json<TReportScheduleRun>().run_id;
      const run = async () => (await database.db.orm.select().from(reportScheduleRuns).where(eq(reportScheduleRuns.id, runId)))[0]!;

      // The API instance takes no job: the run waits, unclaimed.
      await sleep(3000);
      expect(await run()).toMatchObject({ status: 'running', claimedAt: null });

      await open({ workers: true });
      await waitFor(async () => (await run()).status === 'sent', 60_000, 200);
      const [x] = await database.db.orm.select().from(users).where(eq(users.userId, w.userIds.xuser));
      const mails = await database.db.orm.select().from(outbox).where(eq(outbox.to, x!.email));
      expect(mails).toHaveLength(1);
      expect(mails[0]!.attachmentName).toMatch(/\.csv$/);
    } finally {
      for (const app of started) await app.app.close();
    }
  });
});
