import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { USER_TYPE } from '@strata/shared';
import { auditLog, scheduleRuns, schedules, systemLogs } from '../../db/schema/index.js';
import { createRole, createUser } from '../../testing/fixtures.js';
import { as, createTestApp, signIn, type Session, type TestApp } from '../../testing/harness.js';

describe('schedules and realtime processes', () => {
  let t: TestApp;
  let admin: Session;
  let counted = 0;
  let countedOnce = 0;

  beforeAll(async () => {
    t = await createTestApp({ dataDir: mkdtempSync(path.join(tmpdir(), 'strata-schedules-')) });
    const role = await createRole(t.db, ['ManageSchedules', 'ViewAuditLogs']);
    await createUser(t.db, { loginName: 's.admin', roleId: role.roleId, userType: USER_TYPE.AppAdmin });
    admin = await signIn(t, 's.admin');
    t.services.schedules.registry.register('count', 'Counts its runs (test)', async () => {
      counted++;
      await new Promise((r) => setTimeout(r, 20));
      return `run ${counted}`;
    });
    t.services.schedules.registry.register('count-once', "Counts the dispatcher test's runs (test)", async () => {
      countedOnce++;
      await new Promise((r) => setTimeout(r, 20));
      return `run ${countedOnce}`;
    });
    t.services.schedules.registry.register('fail', 'Always fails (test)', () => {
      throw new Error('nothing to do');
    });
  });
  afterAll(() => t.close());

  it('lists the jobs a schedule can run', async () => {
    const res = await as(t, admin, { method: 'GET', url: '/api/v1/schedules/jobs' });
    expect(res.json().records.map((j: { name: string }) => j.name)).toEqual([
      'clean-expired-files',
      'count',
      'count-once',
      'demo-feed',
      'fail',
      'purge-orphans',
      'purge-sessions',
    ]);
  });

  it('creates a daily schedule in the configured time zone, runs it now and shows its log', async () => {
    const res = await as(t, admin, {
      method: 'POST',
      url: '/api/v1/schedules',
      payload: { name: 'Nightly clean', type: 'daily', hour: 2, minute: 0, job: 'clean-expired-files' },
    });
    expect(res.statusCode, res.body).toBe(200);
    const s = res.json();
    expect(s).toMatchObject({ type: 'daily', hour: 2, minute: 0, dow: null, enabled: true, timezone: 'Asia/Singapore' });
    expect(new Date(s.next_run).getUTCHours()).toBe(18); // 02:00 in Singapore
    expect(new Date(s.next_run).getTime()).toBeGreaterThan(t.clock.now().getTime());
    const run = await as(t, admin, { method: 'POST', url: `/api/v1/schedules/${s.schedule_id}/run` });
    expect(run.statusCode, run.body).toBe(200);
    expect(run.json()).toMatchObject({ trigger: 'manual', outcome: 'success', message: 'Deleted 0 expired file(s)' });
    const logs = await as(t, admin, { method: 'GET', url: `/api/v1/schedules/${s.schedule_id}/logs` });
    expect(logs.json()).toMatchObject({ total_records: 1, records: [{ outcome: 'success', trigger: 'manual' }] });
    expect(logs.json().records[0].finished_at).toBeTruthy();
    const after = await as(t, admin, { method: 'GET', url: `/api/v1/schedules/${s.schedule_id}` });
    expect(after.json()).toMatchObject({ last_outcome: 'success', next_run: s.next_run });
    const audits = await t.db.orm
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityType, 'schedule'), eq(auditLog.entityId, String(s.schedule_id))));
    expect(audits.map((a) => a.action).sort()).toEqual(['schedule.create', 'schedule.run']);
  });

  it('validates the timing per type and the job', async () => {
    const bad = await as(t, admin, {
      method: 'POST',
      url: '/api/v1/schedules',
      payload: { name: 'x', type: 'weekly', dow: 7, hour: 1, minute: 0, job: 'nope' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toHaveProperty('dow');
    const job = await as(t, admin, { method: 'POST', url: '/api/v1/schedules', payload: { name: 'x', type: 'hourly', minute: 5, job: 'nope' } });
    expect(job.json()).toEqual({ job: 'Unknown job' });
  });

  it('the dispatcher runs a due schedule once even when called twice at the same time, and moves its next run', async () => {
    const res = await as(t, admin, { method: 'POST', url: '/api/v1/schedules', payload: { name: 'Counter', type: 'every', duration: 5, job: 'count-once' } });
    const s = res.json();
    t.clock.advance(6 * 60_000);
    const [a, b] = await Promise.all([t.services.schedules.dispatchDue(), t.services.schedules.dispatchDue()]);
    expect(a + b).toBeGreaterThanOrEqual(1); // other tests' schedules may be due as well
    expect(countedOnce).toBe(1);
    const runs = await t.db.orm.select().from(scheduleRuns).where(eq(scheduleRuns.scheduleId, s.schedule_id));
    expect(runs).toHaveLength(1);
    expect(runs[0]).toMatchObject({ trigger: 'schedule', outcome: 'success', message: 'run 1' });
    const [row] = await t.db.orm.select().from(schedules).where(eq(schedules.scheduleId, s.schedule_id));
    expect(row!.nextRunAt!.getTime()).toBeGreaterThan(t.clock.now().getTime());
    expect(await t.services.schedules.dispatchDue()).toBe(0);
  });

  it('a disabled schedule does not run; a failing job is logged as failed and in the system logs', async () => {
    const off = await as(t, admin, {
      method: 'POST',
      url: '/api/v1/schedules',
      payload: { name: 'Off', type: 'hourly', minute: 0, job: 'count', enabled: false },
    });
    expect(off.json().next_run).toBeNull();
    const failing = await as(t, admin, { method: 'POST', url: '/api/v1/schedules', payload: { name: 'Failing', type: 'every', duration: 1, job: 'fail' } });
    t.clock.advance(2 * 3_600_000);
    admin = await signIn(t, 's.admin'); // the old session went idle meanwhile
    await t.services.schedules.tick();
    const logs = await as(t, admin, { method: 'GET', url: `/api/v1/schedules/${failing.json().schedule_id}/logs` });
    expect(logs.json().records[0]).toMatchObject({ outcome: 'failed', message: 'nothing to do' });
    const offRuns = await t.db.orm.select().from(scheduleRuns).where(eq(scheduleRuns.scheduleId, off.json().schedule_id));
    expect(offRuns).toEqual([]);
    const sys = await as(t, admin, { method: 'GET', url: '/api/v1/admin/system/logs?source=schedule' });
    expect(sys.json().records[0]).toMatchObject({ level: 'error', queue: 'schedule:fail', message: 'Error: nothing to do' });
    expect((await t.db.orm.select().from(systemLogs)).length).toBeGreaterThan(0);
  });

  it('edits (disable) and deletes schedules with audit rows', async () => {
    const created = (
      await as(t, admin, { method: 'POST', url: '/api/v1/schedules', payload: { name: 'Monthly', type: 'monthly', dom: 31, hour: 6, minute: 0, job: 'count' } })
    ).json();
    const upd = await as(t, admin, {
      method: 'PUT',
      url: `/api/v1/schedules/${created.schedule_id}`,
      payload: { name: 'Monthly', type: 'monthly', dom: 31, hour: 6, minute: 0, job: 'count', enabled: false },
    });
    expect(upd.json()).toMatchObject({ enabled: false, next_run: null });
    const [audit] = await t.db.orm.select().from(auditLog).where(eq(auditLog.action, 'schedule.update'));
    expect(audit?.before).toEqual({ enabled: true });
    expect((await as(t, admin, { method: 'DELETE', url: `/api/v1/schedules/${created.schedule_id}` })).statusCode).toBe(200);
    expect((await as(t, admin, { method: 'GET', url: `/api/v1/schedules/${created.schedule_id}` })).statusCode).toBe(404);
  });

  it('shows the pipelines and the system status', async () => {
    const p = await as(t, admin, { method: 'GET', url: '/api/v1/pipelines' });
    expect(p.statusCode, p.body).toBe(200);
    expect(p.json().records.map((r: { name: string }) => r.name)).toEqual(
      expect.arrayContaining(['ingest', 'alerts', 'reports', 'exports', 'mail', 'schedules']),
    );
    const stats = await as(t, admin, { method: 'GET', url: '/api/v1/pipelines/exports/stats' });
    expect(stats.json()).toMatchObject({ name: 'exports', bucket_seconds: 60 });
    expect(stats.json().buckets.length).toBeGreaterThanOrEqual(60);
    expect((await as(t, admin, { method: 'GET', url: '/api/v1/pipelines/nope/stats' })).statusCode).toBe(404);
    const status = await as(t, admin, { method: 'GET', url: '/api/v1/admin/system/status' });
    expect(status.statusCode, status.body).toBe(200);
    const body = status.json();
    expect(['pglite', 'postgresql']).toContain(body.database.engine);
    expect(body.database.migrations.applied).toBeGreaterThanOrEqual(4);
    expect(body.database.migrations.latest).toMatch(/^\d{4}_/);
    expect(body.websocket).toMatchObject({ connections: 0 });
    expect(body.storage.free_bytes).toBeGreaterThan(0);
  });
});
