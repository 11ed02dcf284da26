import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { REPORT_SCHEDULE_MESSAGES, SCHEDULE_RETRY, type TReportSchedule, type TReportScheduleRun } from '@strata/shared';
import { auditLog, notifications, reports, reportScheduleRuns, reportSchedules, users } from '../../../db/schema/index.js';
import { writeSetting } from '../../settings/settings.service.js';
import { as, createTestApp, type Session, type TestApp } from '../../../testing/harness.js';
import { createWorld, tempDataDir, type World } from '../../../testing/master-data.js';
import { REPORT_PROTECTION_KEY } from '../protection/report-protection.service.js';
import { mailsTo, runsOf, SCHEDULE_TASKS, scheduleBody, scheduleEngine } from './report-schedules.test-support.js';

describe('scheduled reports', () => {
  let t: TestApp;
  let w: World;
  let dataDir: string;
  const email = async (userId: number) => (await t.db.orm.select({ e: users.email }).from(users).where(eq(users.userId, userId)))[0]!.e;

  beforeAll(async () => {
    dataDir = tempDataDir('report-schedules');
    t = await createTestApp({ dataDir }, scheduleEngine);
  });
  afterAll(() => t.close());
  beforeEach(async () => {
    w = await createWorld(t, SCHEDULE_TASKS);
    await writeSetting(t.db.orm, REPORT_PROTECTION_KEY, {});
  });
  afterEach(async () => {
    // Each test's schedules stop here: a later test's clock must not make them due.
    await t.db.orm.update(reportSchedules).set({ enabled: false, nextRunAt: null });
    await t.db.orm
      .update(reportScheduleRuns)
      .set({ claimedAt: t.clock.now(), status: 'failed', finishedAt: t.clock.now() })
      .where(inArray(reportScheduleRuns.status, ['running', 'retrying']));
  });

  const api = (s: Session, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
    as(t, s, { method, url: `/api/v1/reports/schedules${url}`, ...(payload ? { payload } : {}) });
  const create = async (s: Session, body: object) => {
    const res = await api(s, 'POST', '', body);
    expect(res.statusCode, res.body).toBe(200);
    return res.json<TReportSchedule>();
  };
  const runNow = async (s: Session, id: number) => {
    const res = await api(s, 'POST', `/${id}/run`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json<TReportScheduleRun>();
  };
  const countSchedules = async () => (await t.db.orm.select().from(reportSchedules)).length;

  it('create, read, list, edit and delete a schedule; every write audited', async () => {
    const s = await create(w.sessions.manager, scheduleBody([w.contractA, w.contractB], { recipients: { user_ids: [w.userIds.xuser] } }));
    expect(s).toMatchObject({
      name: 'Weekly status',
      report_type_name: 'Geotechnical Status',
      template: 'default',
      template_name: 'Default',
      frequency_text: 'Weekly on Monday, Thursday at 08:00',
      timezone: 'Asia/Singapore',
      owner_id: w.userIds.manager,
      last_run: null,
      enabled: true,
    });
    expect(s.contract_nos).toHaveLength(2);
    expect(new Date(s.next_run_at!).getTime()).toBeGreaterThan(t.clock.now().getTime());
    expect([1, 4]).toContain(new Date(new Date(s.next_run_at!).getTime() + 8 * 3_600_000).getUTCDay());
    expect((await api(w.sessions.manager, 'GET', `/${s.scheduler_id}`)).json()).toEqual(s);

    const list = await api(w.sessions.manager, 'GET', `?keyword=weekly&report_type=geostatus`);
    expect(list.json<{ records: TReportSchedule[] }>().records.map((r) => r.scheduler_id)).toContain(s.scheduler_id);
    expect((await api(w.sessions.manager, 'GET', `?keyword=nothing-like-it`)).json()).toEqual({ records: [], total_records: 0 });

    const put = await api(
      w.sessions.manager,
      'PUT',
      `/${s.scheduler_id}`,
      scheduleBody([w.contractA], { name: 'Daily status', frequency: { kind: 'daily', time: '07:30' }, recipients: { user_ids: [w.userIds.xuser] } }),
    );
    expect(put.statusCode, put.body).toBe(200);
    expect(put.json()).toMatchObject({ name: 'Daily status', contract_ids: [w.contractA], frequency_text: 'Daily at 07:30' });

    expect((await api(w.sessions.manager, 'DELETE', `/${s.scheduler_id}`)).statusCode).toBe(200);
    expect((await api(w.sessions.manager, 'GET', `/${s.scheduler_id}`)).statusCode).toBe(404);
    const audits = await t.db.orm
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityType, 'report_schedule'), eq(auditLog.entityId, String(s.scheduler_id))))
      .orderBy(auditLog.auditId);
    expect(audits.map((a) => [a.action, a.userId])).toEqual([
      ['report_schedule.create', w.userIds.manager],
      ['report_schedule.update', w.userIds.manager],
      ['report_schedule.delete', w.userIds.manager],
    ]);
  });

  it('needs the Scheduled Report tasks; a schedule of a contract outside the caller’s scope is not found', async () => {
    expect((await api(w.sessions.nobody, 'GET', '')).statusCode).toBe(403);
    expect((await api(w.sessions.nobody, 'POST', '', scheduleBody([w.contractA], { recipients: { user_ids: [w.userIds.xuser] } }))).statusCode).toBe(403);
    const s = await create(w.sessions.manager, scheduleBody([w.contractA, w.contractB], { recipients: { user_ids: [w.userIds.manager] } }));
    // xuser holds contract A only: the A+B schedule is not there for them, in any of its routes.
    for (const [method, url] of [
      ['GET', `/${s.scheduler_id}`],
      ['GET', `/${s.scheduler_id}/runs`],
      ['POST', `/${s.scheduler_id}/run`],
      ['DELETE', `/${s.scheduler_id}`],
    ] as const) {
      expect((await api(w.sessions.xuser, method, url)).statusCode, `${method} ${url}`).toBe(404);
    }
    expect((await api(w.sessions.xuser, 'GET', '')).json<{ records: TReportSchedule[] }>().records.map((r) => r.scheduler_id)).not.toContain(s.scheduler_id);
    expect(
      (await api(w.sessions.xuser, 'PUT', `/${s.scheduler_id}`, scheduleBody([w.contractA], { recipients: { user_ids: [w.userIds.xuser] } }))).statusCode,
    ).toBe(404);
  });

  it('refuses a bad schedule with a clear 400 and stores nothing', async () => {
    const before = await countSchedules();
    const refused = async (body: object, field: string | RegExp) => {
      const res = await api(w.sessions.xuser, 'POST', '', body);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.body).toMatch(field);
    };
    const me = { recipients: { user_ids: [w.userIds.xuser] } };
    await refused(scheduleBody([w.contractB], me), /contract_ids/); // outside the caller's scope
    await refused(scheduleBody([w.contractA], { recipients: { user_ids: [w.userIds.yuser] } }), /not a user of the chosen contracts/);
    await refused(scheduleBody([w.contractA], { recipients: { role_ids: [999_999] } }), /Role not found/);
    await refused(scheduleBody([w.contractA], { recipients: { emails: ['someone@outside.example'] } }), REPORT_SCHEDULE_MESSAGES.externalRefused);
    await refused(scheduleBody([w.contractA], { ...me, timezone: 'Mars/Olympus' }), /timezone/);
    await refused(scheduleBody([w.contractA], { ...me, template: '42' }), /template/);
    await refused(scheduleBody([w.contractA], { ...me, output: 'xls' }), /output/);
    await refused(scheduleBody([w.contractA], { ...me, frequency: { kind: 'weekly', weekdays: [], time: '08:00' } }), /weekday/);
    await refused(scheduleBody([w.contractA], { ...me, frequency: { kind: 'monthly', day: 32, time: '08:00' } }), /Day of month/);
    await refused(scheduleBody([w.contractA]), /recipient/);
    expect(await countSchedules()).toBe(before);
    // Outside addresses are taken once the report settings allow them.
    await writeSetting(t.db.orm, REPORT_PROTECTION_KEY, { external_recipients: true });
    await create(w.sessions.xuser, scheduleBody([w.contractA], { recipients: { emails: ['someone@outside.example'] } }));
  });

  it('mails each recipient a report of the contracts they may see: a recipient without contract B gets no row of B', async () => {
    await writeSetting(t.db.orm, REPORT_PROTECTION_KEY, { external_recipients: true });
    const outside = `outside-${w.contractA}@partner.example`;
    const s = await create(
      w.sessions.manager,
      scheduleBody([w.contractA, w.contractB], { recipients: { user_ids: [w.userIds.xuser, w.userIds.yuser, w.userIds.manager], emails: [outside] } }),
    );
    const queued = await runNow(w.sessions.manager, s.scheduler_id);
    expect(queued).toMatchObject({ trigger: 'manual', status: 'running', due_at: null, attempt: 1 });
    expect(await t.services.reportSchedules.runner.runReady()).toBe(1);

    const x = await mailsTo(t, dataDir, await email(w.userIds.xuser));
    const y = await mailsTo(t, dataDir, await email(w.userIds.yuser));
    const m = await mailsTo(t, dataDir, await email(w.userIds.manager));
    for (const mails of [x, y, m]) expect(mails).toHaveLength(1);
    expect(x[0]!.attached).toContain(`contract ${w.contractA}`);
    expect(x[0]!.attached).not.toContain(`contract ${w.contractB}`);
    expect(y[0]!.attached).toContain(`contract ${w.contractB}`);
    expect(y[0]!.attached).not.toContain(`contract ${w.contractA}`);
    expect(m[0]!.attached).toContain(`contract ${w.contractA}`);
    expect(m[0]!.attached).toContain(`contract ${w.contractB}`);
    // An outside address gets the schedule's contracts within the owner's scope (here the manager's A and B).
    const o = await mailsTo(t, dataDir, outside);
    expect(o).toHaveLength(1);
    expect(o[0]!.attached).toBe(m[0]!.attached);
    // CSV: the section heading, the header, a row per contract; the period is the last week before the run.
    expect(
      x[0]!
        .attached!.replace(/^\uFEFF/, '')
        .split('\r\n')
        .slice(0, 2),
    ).toEqual(['Instruments', 'Contract,From,To']);
    expect(x[0]!.attachmentName).toMatch(/^geostatus-test-\d{8}-\d{6}\.csv$/);

    const runs = await api(w.sessions.manager, 'GET', `/${s.scheduler_id}/runs`);
    const [run] = runs.json<{ records: TReportScheduleRun[] }>().records;
    expect(run).toMatchObject({ run_id: queued.run_id, status: 'sent', attempt: 1, error: null });
    expect(run!.report_ids).toHaveLength(3);
    expect(new Set(run!.recipients)).toEqual(new Set([x[0]!.to, y[0]!.to, m[0]!.to, outside]));
    const made = await t.db.orm.select().from(reports);
    const sizes = made.filter((r) => run!.report_ids.includes(r.id)).reduce((n, r) => n + r.size!, 0);
    expect(run!.size).toBe(sizes);
    // The outbox lists the attachment's name.
    const outbox = await as(t, w.sessions.admin, { method: 'GET', url: `/api/v1/admin/outbox?to=${encodeURIComponent(x[0]!.to)}` });
    expect(outbox.json<{ records: { attachment_name: string | null }[] }>().records[0]!.attachment_name).toBe(x[0]!.attachmentName);
    expect((await api(w.sessions.manager, 'GET', `/${s.scheduler_id}`)).json<TReportSchedule>().last_run).toMatchObject({ status: 'sent' });
  });

  it('attaches a report up to the size cap, and above it mails a link with the access token and keeps the report that long', async () => {
    const s = await create(w.sessions.xuser, scheduleBody([w.contractA], { recipients: { user_ids: [w.userIds.xuser] } }));
    await runNow(w.sessions.xuser, s.scheduler_id);
    await t.services.reportSchedules.runner.runReady();
    await writeSetting(t.db.orm, REPORT_PROTECTION_KEY, { mail_attach_max_bytes: 10, mail_link_days: 20 });
    t.clock.advance(1000);
    await runNow(w.sessions.xuser, s.scheduler_id);
    await t.services.reportSchedules.runner.runReady();

    const [small, big] = await mailsTo(t, dataDir, await email(w.userIds.xuser));
    expect(small!.attachmentKey).not.toBeNull();
    expect(big!.attachmentKey).toBeNull();
    const [, second] = await runsOf(t, s.scheduler_id);
    const [report] = await t.db.orm.select().from(reports).where(eq(reports.id, second!.reportIds[0]!));
    const link = /https?:\/\/\S+\/reporting\/report\/(\d+)\?token=([\w-]+)/.exec(big!.text);
    expect(link?.[1]).toBe(String(report!.id));
    expect(report!.expiresAt.getTime() - report!.createdAt.getTime()).toBeGreaterThanOrEqual(20 * 86_400_000);
    // The token in the link gets the file.
    const get = await as(t, w.sessions.xuser, { method: 'GET', url: `/api/v1/reports/${report!.id}/get?token=${link![2]}` });
    expect(get.statusCode).toBe(200);
    expect(get.body).toContain(`contract ${w.contractA}`);
  });

  it('the dispatcher runs a due time once, and after downtime catches up once for the latest due time', async () => {
    const s = await create(
      w.sessions.xuser,
      scheduleBody([w.contractA], { frequency: { kind: 'daily', time: '08:00' }, recipients: { user_ids: [w.userIds.xuser] } }),
    );
    const first = new Date(s.next_run_at!);
    t.clock.advance(first.getTime() - t.clock.now().getTime() + 30_000);
    const runner = t.services.reportSchedules.runner;
    const dispatched = await runner.dispatchDue();
    expect(dispatched.filter((r) => r.scheduleId === s.scheduler_id)).toMatchObject([{ trigger: 'schedule', dueAt: first }]);
    expect((await runner.dispatchDue()).filter((r) => r.scheduleId === s.scheduler_id)).toEqual([]);
    await runner.runReady();

    // Three days and a bit down: one run, for the latest due time, marked catch-up; the next is after now.
    t.clock.advance(3 * 86_400_000 + 3_600_000);
    const caught = (await runner.dispatchDue()).filter((r) => r.scheduleId === s.scheduler_id);
    expect(caught).toMatchObject([{ trigger: 'catch-up', dueAt: new Date(first.getTime() + 3 * 86_400_000) }]);
    await runner.runReady();
    const runs = await runsOf(t, s.scheduler_id);
    expect(runs.map((r) => [r.trigger, r.status])).toEqual([
      ['schedule', 'sent'],
      ['catch-up', 'sent'],
    ]);
    const [row] = await t.db.orm.select().from(reportSchedules).where(eq(reportSchedules.id, s.scheduler_id));
    expect(row!.nextRunAt!.getTime()).toBe(first.getTime() + 4 * 86_400_000);
    expect((await mailsTo(t, dataDir, await email(w.userIds.xuser))).length).toBe(2);
  });

  it('a run left running by a process that stopped is failed after two hours and tried again', async () => {
    const s = await create(w.sessions.xuser, scheduleBody([w.contractA], { recipients: { user_ids: [w.userIds.xuser] } }));
    const run = await runNow(w.sessions.xuser, s.scheduler_id);
    const runner = t.services.reportSchedules.runner;
    // Claimed by a worker that then stopped.
    await t.db.orm.update(reportScheduleRuns).set({ claimedAt: t.clock.now() }).where(eq(reportScheduleRuns.id, run.run_id));
    t.clock.advance(3_600_000);
    expect(await runner.recoverStale()).toBe(0);
    t.clock.advance(3_600_000);
    expect(await runner.recoverStale()).toBe(1);
    const runs = await runsOf(t, s.scheduler_id);
    expect(runs.map((r) => [r.attempt, r.status, r.error])).toEqual([
      [1, 'failed', 'The run did not finish (the process stopped)'],
      [2, 'retrying', null],
    ]);
    t.clock.advance(SCHEDULE_RETRY.firstDelayMinutes * 60_000);
    expect(await runner.runReady()).toBe(1);
    expect((await runsOf(t, s.scheduler_id)).map((r) => r.status)).toEqual(['failed', 'sent']);
  });

  it('a failed run is tried again with backoff and the owner is told after the last try', async () => {
    const s = await create(w.sessions.xuser, scheduleBody([w.contractA], { report_type: 'breach', recipients: { user_ids: [w.userIds.xuser] } }));
    await runNow(w.sessions.xuser, s.scheduler_id);
    const runner = t.services.reportSchedules.runner;
    await runner.runReady();
    for (let attempt = 1; attempt < SCHEDULE_RETRY.attempts; attempt++) {
      const runs = await runsOf(t, s.scheduler_id);
      expect(runs.map((r) => [r.attempt, r.status])).toEqual([...Array.from({ length: attempt }, (_, i) => [i + 1, 'failed']), [attempt + 1, 'retrying']]);
      expect(runs[attempt - 1]!.error).toBe('The report failed');
      const wait = SCHEDULE_RETRY.firstDelayMinutes * SCHEDULE_RETRY.factor ** (attempt - 1) * 60_000;
      expect(runs[attempt]!.notBefore.getTime() - runs[attempt - 1]!.finishedAt!.getTime()).toBe(wait);
      // Not before its time.
      t.clock.advance(wait - 1000);
      expect(await runner.runReady()).toBe(0);
      t.clock.advance(1000);
      expect(await runner.runReady()).toBe(1);
    }
    const runs = await runsOf(t, s.scheduler_id);
    expect(runs.map((r) => r.status)).toEqual(Array(SCHEDULE_RETRY.attempts).fill('failed'));
    const notes = await t.db.orm.select().from(notifications).where(eq(notifications.userId, w.userIds.xuser));
    expect(notes).toHaveLength(1);
    expect(notes[0]!.linkUri).toBe(`/report/scheduler/edit/${s.scheduler_id}`);
    expect(notes[0]!.message).toContain('failed after 3 tries');
    expect(await mailsTo(t, dataDir, await email(w.userIds.xuser))).toEqual([]);
  });

  it('a schedule names a custom template of its type and contract; when the template is deleted it goes back to Default', async () => {
    const made = await as(t, w.sessions.manager, {
      method: 'POST',
      url: '/api/v1/reports/custom-templates',
      payload: { name: 'Key columns', report_type: 'geostatus', contract_id: w.contractA },
    });
    expect(made.statusCode, made.body).toBe(200);
    const template = String(made.json<{ template_id: number }>().template_id);
    const s = await create(w.sessions.manager, scheduleBody([w.contractA], { template, recipients: { user_ids: [w.userIds.xuser] } }));
    expect(s).toMatchObject({ template, template_name: 'Key columns' });

    // Another contract's schedule cannot use it, and nothing is stored.
    const before = await countSchedules();
    const refused = await api(w.sessions.manager, 'POST', '', scheduleBody([w.contractB], { template, recipients: { user_ids: [w.userIds.xuser] } }));
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({ template: 'Unknown report template' });
    expect(await countSchedules()).toBe(before);

    const deleted = await as(t, w.sessions.manager, { method: 'DELETE', url: `/api/v1/reports/custom-templates/${template}` });
    expect(deleted.statusCode, deleted.body).toBe(204);
    expect((await api(w.sessions.manager, 'GET', `/${s.scheduler_id}`)).json()).toMatchObject({ template: 'default', template_name: 'Default' });
  });

  it('a template of one contract lays out the reports of the recipients who see it; the others get the Default layout', async () => {
    const made = await as(t, w.sessions.manager, {
      method: 'POST',
      url: '/api/v1/reports/custom-templates',
      payload: { name: 'Contract A layout', report_type: 'geostatus', contract_id: w.contractA },
    });
    expect(made.statusCode, made.body).toBe(200);
    const template = String(made.json<{ template_id: number }>().template_id);
    const s = await create(
      w.sessions.manager,
      scheduleBody([w.contractA, w.contractB], { template, recipients: { user_ids: [w.userIds.xuser, w.userIds.yuser] } }),
    );
    await runNow(w.sessions.manager, s.scheduler_id);
    expect(await t.services.reportSchedules.runner.runReady()).toBe(1);
    const [run] = (await api(w.sessions.manager, 'GET', `/${s.scheduler_id}/runs`)).json<{ records: TReportScheduleRun[] }>().records;
    expect(run).toMatchObject({ status: 'sent', error: null });
    const made2 = await t.db.orm.select({ id: reports.id, params: reports.params }).from(reports).where(inArray(reports.id, run!.report_ids));
    const templates = new Map(made2.map((r) => [(r.params as { contract_ids: number[] }).contract_ids.join(','), (r.params as { template: string }).template]));
    expect(templates.get(String(w.contractA))).toBe(template);
    expect(templates.get(String(w.contractB))).toBe('default');
    expect(await mailsTo(t, dataDir, await email(w.userIds.yuser))).toHaveLength(1);
  });
});
