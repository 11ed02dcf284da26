import type { TSchedule, TScheduleBody, TScheduleList, TScheduleRun, TScheduleRunList, TScheduleTiming } from '@strata/shared';
import type { Actor, AppContext } from '../../context.js';
import { badRequest, notFound } from '../../lib/errors.js';
import { iso, isoOrNull } from '../../lib/filters.js';
import { changedFields, SYSTEM_ACTOR, writeAudit } from '../../platform/audit.js';
import { safeError } from '../../platform/safe-error.js';
import type { SettingsService } from '../settings/settings.service.js';
import { recordJobFailure } from '../system-admin/system-logs.js';
import { nextRun } from './next-run.js';
import type { ScheduleJobRegistry, ScheduledRun } from './schedule-jobs.js';
import {
  claimDefaultSchedule,
  deleteSchedule,
  findSchedule,
  findScheduleByName,
  finishRun,
  insertRun,
  insertSchedule,
  listRuns,
  listSchedules,
  lockDue,
  updateSchedule,
  type ScheduleRow,
  type ScheduleRunRow,
} from './schedules.repository.js';

export const DISPATCH_QUEUE = 'schedules-dispatch';
const DISPATCH_BATCH = 50;

export function timingOf(row: Pick<ScheduleRow, 'type' | 'duration' | 'minute' | 'hour' | 'dow' | 'dom'>): TScheduleTiming {
  switch (row.type) {
    case 'every':
      return { type: 'every', duration: row.duration ?? 60 };
    case 'hourly':
      return { type: 'hourly', minute: row.minute ?? 0 };
    case 'daily':
      return { type: 'daily', hour: row.hour ?? 0, minute: row.minute ?? 0 };
    case 'weekly':
      return { type: 'weekly', dow: row.dow ?? 0, hour: row.hour ?? 0, minute: row.minute ?? 0 };
    case 'monthly':
      return { type: 'monthly', dom: row.dom ?? 1, hour: row.hour ?? 0, minute: row.minute ?? 0 };
  }
}

/** The timing columns of a body (unused fields null). */
export function timingColumns(t: TScheduleTiming) {
  return {
    type: t.type,
    duration: t.type === 'every' ? t.duration : null,
    minute: t.type === 'every' ? null : t.minute,
    hour: t.type === 'daily' || t.type === 'weekly' || t.type === 'monthly' ? t.hour : null,
    dow: t.type === 'weekly' ? t.dow : null,
    dom: t.type === 'monthly' ? t.dom : null,
  };
}

function presentRun(r: ScheduleRunRow): TScheduleRun {
  return {
    run_id: r.runId,
    schedule_id: r.scheduleId,
    trigger: r.trigger,
    started_at: iso(r.startedAt),
    finished_at: isoOrNull(r.finishedAt),
    outcome: r.outcome,
    message: r.message,
  };
}

/**
 * Schedules of named jobs, run by one dispatcher: a pg-boss cron job every minute (`schedules-dispatch`, one job per
 * minute across all instances) that takes the due schedules with `FOR UPDATE SKIP LOCKED`, moves each one's
 * `next_run_at` forward and logs a run in the same transaction, then runs the jobs after commit. Two dispatchers at
 * once (two instances, a retry) therefore run a due schedule once. Missed runs (downtime) are not caught up: the next
 * run is the first slot after now.
 */
export class SchedulesService {
  private readonly tickTasks: { name: string; task: () => Promise<unknown> }[] = [];

  constructor(
    private readonly ctx: AppContext,
    private readonly settings: SettingsService,
    readonly registry: ScheduleJobRegistry,
  ) {}

  /** Work the dispatcher runs on every tick besides the schedules (e.g. the export sweep). */
  addTickTask(name: string, task: () => Promise<unknown>): void {
    this.tickTasks.push({ name, task });
  }

  /** Registers the dispatcher's worker (call before the jobs start). */
  async start(): Promise<void> {
    if (!this.ctx.jobs) return;
    await this.ctx.jobs.work(DISPATCH_QUEUE, () => this.tick(), { queue: { retryLimit: 0, expireInSeconds: 600 } });
  }

  /** Puts the per-minute cron in place (call once the jobs have started). */
  async scheduleDispatcher(): Promise<void> {
    if (!this.ctx.jobs) return;
    try {
      await this.ctx.jobs.schedule(DISPATCH_QUEUE, '* * * * *', {}, { tz: 'UTC', retryLimit: 0 });
    } catch (err) {
      this.ctx.log.error({ err: safeError(err) }, 'schedules: the dispatcher could not be scheduled');
    }
  }

  private async tz(): Promise<string> {
    return (await this.settings.get()).timezone;
  }

  private present(r: ScheduleRow, tz: string): TSchedule {
    return {
      schedule_id: r.scheduleId,
      name: r.name,
      description: r.description,
      type: r.type,
      duration: r.duration,
      minute: r.minute,
      hour: r.hour,
      dow: r.dow,
      dom: r.dom,
      job: r.job,
      params: (r.params as Record<string, unknown>) ?? {},
      enabled: r.enabled,
      timezone: tz,
      next_run: isoOrNull(r.nextRunAt),
      last_run: isoOrNull(r.lastRunAt),
      last_outcome: r.lastOutcome,
      created: iso(r.createdAt),
      updated: iso(r.updatedAt),
    };
  }

  jobs() {
    return { records: this.registry.list().map((j) => ({ name: j.name, label: j.label })) };
  }

  async list(q: { limit: number; skip: number; keyword?: string | undefined }): Promise<TScheduleList> {
    const [tz, { records, total }] = await Promise.all([this.tz(), listSchedules(this.ctx.db.orm, { ...q, keyword: q.keyword || undefined })]);
    return { records: records.map((r) => this.present(r, tz)), total_records: total };
  }

  async get(id: number): Promise<TSchedule> {
    const row = await findSchedule(this.ctx.db.orm, id);
    if (!row) throw notFound('Schedule not found');
    return this.present(row, await this.tz());
  }

  private async validate(body: TScheduleBody, exceptId?: number) {
    const errors: Record<string, string> = {};
    if (!this.registry.get(body.job)) errors.job = 'Unknown job';
    const clash = await findScheduleByName(this.ctx.db.orm, body.name);
    if (clash && clash.scheduleId !== exceptId) errors.name = 'A schedule with this name already exists';
    if (Object.keys(errors).length > 0) throw badRequest(errors);
  }

  private fields(body: TScheduleBody) {
    return { name: body.name, description: body.description, ...timingColumns(body), job: body.job, params: body.params, enabled: body.enabled };
  }

  async create(actor: Actor, body: TScheduleBody): Promise<TSchedule> {
    await this.validate(body);
    const tz = await this.tz();
    const now = this.ctx.now();
    const fields = this.fields(body);
    const row = await this.ctx.db.orm.transaction(async (tx) => {
      const r = await insertSchedule(tx, {
        ...fields,
        nextRunAt: body.enabled ? nextRun(body, now, tz) : null,
        createdBy: actor.userId,
        createdAt: now,
        updatedAt: now,
      });
      await writeAudit(tx, actor, { action: 'schedule.create', entityType: 'schedule', entityId: r.scheduleId, after: fields });
      return r;
    });
    return this.present(row, tz);
  }

  /**
   * Gives this installation the schedules of the housekeeping jobs (those registered with a default), each once: a
   * job given its default before never gets another, so an administrator may change, disable or delete it for good.
   * A schedule of that name already there (the demo data's, an administrator's) stands for it. Called at start-up;
   * safe on many instances at once (the claim is one row per job). Returns the names of the schedules created.
   */
  async installDefaults(): Promise<string[]> {
    const tz = await this.tz();
    const created: string[] = [];
    for (const job of this.registry.list()) {
      const d = job.defaultSchedule;
      if (!d) continue;
      await this.ctx.db.orm.transaction(async (tx) => {
        const now = this.ctx.now();
        if (!(await claimDefaultSchedule(tx, job.name, now))) return;
        if (await findScheduleByName(tx, d.name)) return;
        const fields = { name: d.name, description: d.description, ...timingColumns(d.timing), job: job.name, params: {}, enabled: true };
        const r = await insertSchedule(tx, { ...fields, nextRunAt: nextRun(d.timing, now, tz), createdBy: null, createdAt: now, updatedAt: now });
        await writeAudit(tx, SYSTEM_ACTOR, { action: 'schedule.create', entityType: 'schedule', entityId: r.scheduleId, after: { ...fields, default: true } });
        created.push(d.name);
      });
    }
    return created;
  }

  async update(actor: Actor, id: number, body: TScheduleBody): Promise<TSchedule> {
    const db = this.ctx.db.orm;
    const before = await findSchedule(db, id);
    if (!before) throw notFound('Schedule not found');
    await this.validate(body, id);
    const tz = await this.tz();
    const now = this.ctx.now();
    const fields = this.fields(body);
    const old = {
      name: before.name,
      description: before.description,
      ...timingColumns(timingOf(before)),
      job: before.job,
      params: before.params,
      enabled: before.enabled,
    };
    await db.transaction(async (tx) => {
      await updateSchedule(tx, id, { ...fields, nextRunAt: body.enabled ? nextRun(body, now, tz) : null, updatedAt: now });
      await writeAudit(tx, actor, { action: 'schedule.update', entityType: 'schedule', entityId: id, ...changedFields(old, fields) });
    });
    return this.get(id);
  }

  async remove(actor: Actor, id: number): Promise<{ ok: true }> {
    const db = this.ctx.db.orm;
    const before = await findSchedule(db, id);
    if (!before) throw notFound('Schedule not found');
    await db.transaction(async (tx) => {
      await deleteSchedule(tx, id);
      await writeAudit(tx, actor, {
        action: 'schedule.delete',
        entityType: 'schedule',
        entityId: id,
        before: { name: before.name, type: before.type, job: before.job },
      });
    });
    return { ok: true };
  }

  async logs(id: number, page: { limit: number; skip: number }): Promise<TScheduleRunList> {
    if (!(await findSchedule(this.ctx.db.orm, id))) throw notFound('Schedule not found');
    const { records, total } = await listRuns(this.ctx.db.orm, id, page);
    return { records: records.map(presentRun), total_records: total };
  }

  /** Run now: runs the job in this request and answers with its log entry (the schedule's timing is unchanged). */
  async runNow(actor: Actor, id: number): Promise<TScheduleRun> {
    const db = this.ctx.db.orm;
    const row = await findSchedule(db, id);
    if (!row) throw notFound('Schedule not found');
    if (!this.registry.get(row.job)) throw badRequest({ job: 'Unknown job' });
    const run = await db.transaction(async (tx) => {
      const r = await insertRun(tx, { scheduleId: id, trigger: 'manual', triggeredBy: actor.userId, startedAt: this.ctx.now() });
      await writeAudit(tx, actor, { action: 'schedule.run', entityType: 'schedule', entityId: id, after: { run_id: r.runId, job: row.job } });
      return r;
    });
    return presentRun(await this.execute(row, run, 'manual'));
  }

  /** One dispatcher tick: the due schedules, then the tick tasks. */
  async tick(): Promise<number> {
    const n = await this.dispatchDue();
    for (const t of this.tickTasks) {
      try {
        await t.task();
      } catch (err) {
        await recordJobFailure(this.ctx, DISPATCH_QUEUE, null, err, 'schedule');
      }
    }
    return n;
  }

  /** Runs every due schedule once; returns how many ran. Safe to call concurrently and from many instances. */
  async dispatchDue(): Promise<number> {
    const tz = await this.tz();
    const now = this.ctx.now();
    const claimed = await this.ctx.db.orm.transaction(async (tx) => {
      const due = await lockDue(tx, now, DISPATCH_BATCH);
      const out: { row: ScheduleRow; run: ScheduleRunRow }[] = [];
      for (const row of due) {
        let next: Date | null;
        try {
          next = nextRun(timingOf(row), now, tz);
        } catch {
          next = null;
        }
        await updateSchedule(tx, row.scheduleId, { nextRunAt: next, lastRunAt: now });
        out.push({ row, run: await insertRun(tx, { scheduleId: row.scheduleId, trigger: 'schedule', startedAt: now }) });
      }
      return out;
    });
    for (const { row, run } of claimed) await this.execute(row, run, 'schedule');
    return claimed.length;
  }

  private async execute(row: ScheduleRow, run: ScheduleRunRow, trigger: ScheduledRun['trigger']): Promise<ScheduleRunRow> {
    const db = this.ctx.db.orm;
    const job = this.registry.get(row.job);
    let outcome: 'success' | 'failed' = 'success';
    let message: string | null;
    try {
      if (!job) throw new Error(`Unknown job ${row.job}`);
      message = (await job.handler({ scheduleId: row.scheduleId, name: row.name, params: (row.params as Record<string, unknown>) ?? {}, trigger })) || null;
    } catch (err) {
      outcome = 'failed';
      message = (err instanceof Error ? err.message : String(err)).slice(0, 1000);
      await recordJobFailure(this.ctx, `schedule:${row.job}`, String(run.runId), err, 'schedule');
    }
    const finishedAt = this.ctx.now();
    const done = await finishRun(db, run.runId, { outcome, message, finishedAt });
    await updateSchedule(db, row.scheduleId, { lastOutcome: outcome, ...(trigger === 'manual' ? { lastRunAt: run.startedAt } : {}) });
    return done ?? { ...run, outcome, message, finishedAt };
  }
}
