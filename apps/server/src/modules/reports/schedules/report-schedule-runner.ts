import { HttpError } from '../../../lib/errors.js';
import { reportTemplate } from '../custom-templates/template-run.js';
import { formatBytes, reportTypeInfo, SCHEDULE_RETRY, type TReportParams } from '@strata/shared';
import type { Actor, AppContext } from '../../../context.js';
import { AfterCommit } from '../../../platform/after-commit.js';
import { SYSTEM_ACTOR, writeAudit } from '../../../platform/audit.js';
import { composeMail, publicLink, type Mailer, type MailMessage } from '../../../platform/mail.js';
import { safeError } from '../../../platform/safe-error.js';
import { scopeOf } from '../../contracts/contracts.service.js';
import type { NotificationsService } from '../../notifications/notifications.service.js';
import { recordJobFailure } from '../../system-admin/system-logs.js';
import type { ReportProtectionService } from '../protection/report-protection.service.js';
import { userActor } from '../report-actor.js';
import { contractsInScope, findReport, zonesOfContracts } from '../reports.repository.js';
import { reportLink, type ReportsService } from '../reports.service.js';
import { latestDue, nextReportRun } from './next-report-run.js';
import {
  claimRun,
  failStaleRuns,
  finishRun,
  insertRun,
  lastSentDue,
  lockDue,
  readyRunIds,
  recipientUsers,
  scheduleById,
  updateSchedule,
  type ReportScheduleRow,
  type ScheduleRunRow,
} from './report-schedules.repository.js';
import { schedulePeriod } from './schedule-period.js';

export const SCHEDULE_RUN_QUEUE = 'report-schedule-run';
const DISPATCH_BATCH = 50;
const DAY_MS = 86_400_000;
/** A waiting run not taken this long after its time was not queued (queue unavailable): the tick sends it again. */
const RESEND_AFTER_MS = 2 * 60_000;
/** A run still running this long after it was claimed was left by a process that stopped. */
const STALE_MS = 2 * 3_600_000;

/** The minutes before attempt `attempt + 1` (5, 15, 45 …). */
export const retryDelayMinutes = (attempt: number) => SCHEDULE_RETRY.firstDelayMinutes * SCHEDULE_RETRY.factor ** (attempt - 1);

/** The edit page of a schedule (the owner's notice after the last failed try links there). */
export const scheduleEditLink = (id: number) => `/report/scheduler/edit/${id}`;

interface Group {
  contractIds: number[];
  to: { email: string; name: string }[];
}

interface Made {
  mails: MailMessage[];
  reportIds: number[];
  size: number;
  recipients: string[];
}

/**
 * Runs scheduled reports (issue 21, decision 041). The per-minute dispatcher's tick (`tick`) takes the due schedules
 * with FOR UPDATE SKIP LOCKED and, in the same transaction, moves each one's next run to the first slot after now and
 * writes a run for the latest due time (trigger `catch-up` when slots were passed over) — UNIQUE (schedule, due time,
 * attempt) keeps a due time to one run whatever the number of dispatchers. The run goes to the `report-schedule-run`
 * queue, worked only where job workers run; a worker claims it (`claimed_at`) and makes one engine report per
 * recipient scope, synchronously, then mails each recipient through the outbox. A failed run is tried again with
 * backoff (SCHEDULE_RETRY) as a new row; after the last try the owner is notified.
 */
export class ReportScheduleRunner {
  constructor(
    private readonly ctx: AppContext,
    private readonly reports: ReportsService,
    private readonly mailer: Mailer,
    private readonly notifications: NotificationsService,
    private readonly protection: ReportProtectionService,
  ) {}

  /** Registers the queue's worker (attached only where job workers run). */
  async start(): Promise<void> {
    if (!this.ctx.jobs) return;
    await this.ctx.jobs.work<{ id: number }>(SCHEDULE_RUN_QUEUE, (job) => this.execute(job.data.id), {
      queue: { retryLimit: 0, expireInSeconds: 3600 },
    });
  }

  /** Queues a run for the workers (at `startAfter` for a retry); without a queue the tick's sweep takes it. */
  async enqueue(runId: number, startAfter?: Date, resend = false): Promise<void> {
    if (!this.ctx.jobs) return;
    // A run sent again by the sweep (still waiting, maybe only behind a long queue) is sent at most every 10 minutes.
    const once = resend ? { singletonKey: `report-schedule-run:${runId}`, singletonSeconds: 600 } : {};
    try {
      await this.ctx.jobs.send(SCHEDULE_RUN_QUEUE, { id: runId }, { retryLimit: 0, expireInSeconds: 3600, ...once, ...(startAfter ? { startAfter } : {}) });
    } catch (err) {
      this.ctx.log.warn({ err: safeError(err) }, 'report schedules: job queue unavailable; left for the sweep');
    }
  }

  /** The dispatcher's tick: the due schedules, runs a stopped process left, then waiting runs that were never queued. */
  async tick(): Promise<void> {
    await this.dispatchDue();
    await this.recoverStale();
    const stale = await readyRunIds(this.ctx.db.orm, new Date(this.ctx.now().getTime() - RESEND_AFTER_MS));
    for (const id of stale) {
      if (this.ctx.jobs) await this.enqueue(id, undefined, true);
      else await this.execute(id);
    }
  }

  /** Writes a run for every due schedule (once per due time across dispatchers) and queues it; returns the runs. */
  async dispatchDue(): Promise<ScheduleRunRow[]> {
    const now = this.ctx.now();
    const runs = await this.ctx.db.orm.transaction(async (tx) => {
      const out: ScheduleRunRow[] = [];
      for (const row of await lockDue(tx, now, DISPATCH_BATCH)) {
        let next: Date | null = null;
        let due: { dueAt: Date; skipped: number } | undefined;
        try {
          due = latestDue(row.frequency, row.timezone, row.nextRunAt!, now);
          next = nextReportRun(row.frequency, row.timezone, now);
        } catch (err) {
          this.ctx.log.error({ err: safeError(err), scheduleId: row.id }, 'report schedules: next run not computed');
        }
        await updateSchedule(tx, row.id, { nextRunAt: next });
        if (!due) continue;
        const run = await insertRun(tx, {
          scheduleId: row.id,
          dueAt: due.dueAt,
          trigger: due.skipped > 0 ? 'catch-up' : 'schedule',
          attempt: 1,
          status: 'running',
          notBefore: now,
          startedAt: now,
        });
        if (run) out.push(run);
      }
      return out;
    });
    for (const run of runs) await this.enqueue(run.id);
    return runs;
  }

  /** Runs left running by a process that stopped: failed, and tried again (or the owner told) like any failed run. */
  async recoverStale(): Promise<number> {
    const now = this.ctx.now();
    const stale = await failStaleRuns(this.ctx.db.orm, new Date(now.getTime() - STALE_MS), now, 'The run did not finish (the process stopped)');
    for (const run of stale) {
      const schedule = await scheduleById(this.ctx.db.orm, run.scheduleId);
      if (schedule) await this.failed(schedule, run, new Error(run.error ?? 'The run did not finish'));
    }
    return stale.length;
  }

  /** Every waiting run whose time has come, here and now (no queue: tests, and the sweep without job workers). */
  async runReady(): Promise<number> {
    let n = 0;
    for (;;) {
      const ids = await readyRunIds(this.ctx.db.orm, this.ctx.now());
      if (ids.length === 0) return n;
      for (const id of ids) if ((await this.execute(id)) !== 'skipped') n++;
    }
  }

  /** One run: claimed once, made and mailed, or failed (and retried or the owner told). */
  async execute(runId: number): Promise<'sent' | 'failed' | 'skipped'> {
    const db = this.ctx.db.orm;
    const run = await claimRun(db, runId, this.ctx.now());
    if (!run) return 'skipped';
    const schedule = await scheduleById(db, run.scheduleId);
    if (!schedule) return 'skipped';
    try {
      const made = await this.make(schedule, run);
      const after = new AfterCommit();
      await db.transaction(async (tx) => {
        for (const m of made.mails) await this.mailer.enqueue(tx, m, after);
        await finishRun(tx, run.id, { status: 'sent', reportIds: made.reportIds, size: made.size, recipients: made.recipients, finishedAt: this.ctx.now() });
        await writeAudit(tx, SYSTEM_ACTOR, {
          action: 'report_schedule.sent',
          entityType: 'report_schedule',
          entityId: schedule.id,
          after: { run_id: run.id, report_ids: made.reportIds, recipients: made.recipients.length },
        });
      });
      await after.run();
      return 'sent';
    } catch (err) {
      await this.failed(schedule, run, err);
      return 'failed';
    }
  }

  private async failed(schedule: ReportScheduleRow, run: ScheduleRunRow, err: unknown): Promise<void> {
    const db = this.ctx.db.orm;
    const now = this.ctx.now();
    const error = (err instanceof Error ? err.message : String(err)).slice(0, 1000);
    this.ctx.log.warn({ err: safeError(err), scheduleId: schedule.id, runId: run.id }, 'report schedules: run failed');
    await recordJobFailure(this.ctx, SCHEDULE_RUN_QUEUE, String(run.id), err, 'report');
    if (run.attempt < SCHEDULE_RETRY.attempts) {
      const notBefore = new Date(now.getTime() + retryDelayMinutes(run.attempt) * 60_000);
      const retry = await db.transaction(async (tx) => {
        await finishRun(tx, run.id, { status: 'failed', error, finishedAt: now });
        return insertRun(tx, {
          scheduleId: schedule.id,
          dueAt: run.dueAt,
          trigger: run.trigger,
          attempt: run.attempt + 1,
          status: 'retrying',
          notBefore,
          triggeredBy: run.triggeredBy,
          startedAt: now,
        });
      });
      if (retry) await this.enqueue(retry.id, notBefore);
      return;
    }
    await finishRun(db, run.id, { status: 'failed', error, finishedAt: now });
    if (schedule.ownerId === null) return;
    try {
      await this.notifications.notify([schedule.ownerId], {
        type: 'fileCompleted',
        message: `The scheduled report “${schedule.name}” failed after ${run.attempt} tries: ${error}`,
        severity: 3,
        link_uri: scheduleEditLink(schedule.id),
      });
    } catch (e) {
      this.ctx.log.error({ err: safeError(e), scheduleId: schedule.id }, 'report schedules: owner not notified');
    }
  }

  /**
   * The schedule's template for a group's report: a template of one contract lays out only the reports of a group that
   * sees that contract; another group's report has the Default layout (rather than failing the run for everyone).
   */
  private async templateFor(schedule: ReportScheduleRow, contractIds: number[]): Promise<string> {
    if (schedule.template === 'default') return 'default';
    try {
      await reportTemplate(this.ctx.db.orm, schedule.reportType, { template: schedule.template, contract_ids: contractIds });
      return schedule.template;
    } catch (error) {
      if (error instanceof HttpError && error.statusCode === 400) return 'default';
      throw error;
    }
  }

  /** The owner as they are now, allowed to make the type; throws why not. */
  private async owner(schedule: ReportScheduleRow): Promise<Actor> {
    const owner = schedule.ownerId === null ? undefined : await userActor(this.ctx.db.orm, schedule.ownerId);
    if (!owner) throw new Error('The owner of the scheduled report is no longer an active user');
    const def = this.reports.registry().get(schedule.reportType);
    if (!def || !def.permissions.some((p) => owner.permissions.has(p))) throw new Error('The owner may no longer make this report');
    return owner;
  }

  /** The recipients grouped by the contracts each may see (of the schedule's, within the owner's scope). */
  private async groups(schedule: ReportScheduleRow, ownerContracts: number[], external: boolean): Promise<Group[]> {
    const groups = new Map<string, Group>();
    const add = (contractIds: number[], email: string, name: string) => {
      if (contractIds.length === 0) return; // a recipient who may see none of them gets nothing
      const key = contractIds.join(',');
      const g = groups.get(key) ?? { contractIds, to: [] };
      if (!g.to.some((t) => t.email === email)) g.to.push({ email, name });
      groups.set(key, g);
    };
    for (const u of await recipientUsers(this.ctx.db.orm, schedule.recipientUserIds, schedule.recipientRoleIds, ownerContracts)) {
      add(u.contractIds, u.email, u.fullname);
    }
    if (external) for (const email of schedule.recipientEmails) add(ownerContracts, email, email);
    return [...groups.values()];
  }

  /**
   * One engine report made now, in this worker (no job), as the owner — with the engine's checks — and kept at least
   * until `keepUntil`: how its run ended, its row and its access token.
   */
  private async makeReport(owner: Actor, type: string, params: TReportParams, keepUntil: Date) {
    const { created } = await this.reports.createWith(owner, type, params, { tzo: 0 }, async () => undefined, { enqueue: false, keepUntil });
    const outcome = await this.reports.run(created.report_id);
    const row = await findReport(this.ctx.db.orm, created.report_id, scopeOf(owner));
    if (!row) throw new Error('The report was not found after its run');
    return { outcome, row, token: created.token };
  }

  private async make(schedule: ReportScheduleRow, run: ScheduleRunRow): Promise<Made> {
    const db = this.ctx.db.orm;
    const owner = await this.owner(schedule);
    const ownerContracts = (await contractsInScope(db, scopeOf(owner), schedule.contractIds)).map((c) => c.id).sort((a, b) => a - b);
    const limits = await this.protection.mailLimits();
    const groups = await this.groups(schedule, ownerContracts, limits.externalRecipients);
    if (groups.length === 0) throw new Error('No recipient may see any of the scheduled report’s contracts');
    const previous = schedule.period === 'since-last-run' ? await lastSentDue(db, schedule.id, run.dueAt) : undefined;
    const period = schedulePeriod(schedule.period, run.dueAt, schedule.timezone, previous);
    const keepUntil = new Date(this.ctx.now().getTime() + limits.linkDays * DAY_MS);
    const typeName = reportTypeInfo(schedule.reportType)?.name ?? schedule.reportType;
    const made: Made = { mails: [], reportIds: [], size: 0, recipients: [] };
    for (const g of groups) {
      const zoneIds = schedule.zoneIds.length ? await zonesOfContracts(db, schedule.zoneIds, g.contractIds) : [];
      if (schedule.zoneIds.length > 0 && zoneIds.length === 0) continue; // the chosen zones are all of other contracts
      const params: TReportParams = {
        contract_ids: g.contractIds,
        zone_ids: zoneIds,
        instrument_type_ids: schedule.instrumentTypeIds,
        period: { option: 'range', from: period.from, to: period.to },
        output: schedule.output,
        background: false,
        template: await this.templateFor(schedule, g.contractIds),
      };
      const { outcome, row, token } = await this.makeReport(owner, schedule.reportType, params, keepUntil);
      made.reportIds.push(row.id);
      if (outcome !== 'completed' || !row.storageKey || !row.fileName || row.size === null) {
        throw new Error(outcome === 'too_large' ? 'The report was larger than the size limit' : 'The report failed');
      }
      made.size += row.size;
      const attach = row.size <= limits.attachMaxBytes;
      const link = publicLink(this.ctx.config.publicUrl, reportLink(row.id), { token });
      for (const to of g.to) {
        const mail = composeMail(this.ctx.config.appName, {
          to: to.email,
          subject: `${schedule.name} (${period.from} to ${period.to})`,
          greeting: `Hello ${to.name},`,
          paragraphs: [
            `Your scheduled report “${schedule.name}” (${typeName}) for ${period.from} to ${period.to} is ready.`,
            attach
              ? `It is attached: ${row.fileName} (${formatBytes(row.size)}).`
              : `It is too large to attach (${formatBytes(row.size)}); open it with the link below until ${row.expiresAt.toISOString().slice(0, 10)}.`,
          ],
          action: attach ? undefined : { label: 'Open the report', url: link },
        });
        made.mails.push(
          attach ? { ...mail, attachment: { key: row.storageKey, name: row.fileName, contentType: row.contentType ?? 'application/octet-stream' } } : mail,
        );
        made.recipients.push(to.email);
      }
    }
    return made;
  }
}
