import { reportTemplate } from '../custom-templates/template-run.js';
import {
  REPORT_SCHEDULE_MESSAGES,
  reportTypeInfo,
  type TReportSchedule,
  type TReportScheduleBody,
  type TReportScheduleList,
  type TReportScheduleListQuery,
  type TReportScheduleRun,
  type TReportScheduleRunList,
} from '@strata/shared';
import type { Actor, AppContext } from '../../../context.js';
import { badRequest, forbidden, notFound } from '../../../lib/errors.js';
import { iso, isoOrNull } from '../../../lib/filters.js';
import { isTimeZone } from '../../../lib/zoned-time.js';
import { changedFields, writeAudit } from '../../../platform/audit.js';
import { scopeOf } from '../../contracts/contracts.service.js';
import type { ReportProtectionService } from '../protection/report-protection.service.js';
import type { ReportsService } from '../reports.service.js';
import { frequencyText, nextReportRun } from './next-report-run.js';
import type { ReportScheduleRunner } from './report-schedule-runner.js';
import {
  deleteSchedule,
  existingRoleIds,
  findSchedule,
  insertRun,
  insertSchedule,
  lastRuns,
  listRuns,
  listSchedules,
  updateSchedule,
  usersOfContracts,
  type ReportScheduleRow,
  type ScheduleRunRow,
} from './report-schedules.repository.js';

const holds = (actor: Pick<Actor, 'permissions'>, codes: readonly string[]) => codes.some((c) => actor.permissions.has(c));

/**
 * The template of a schedule: `default` (the built-in layout) or a custom template of the type for all contracts or one
 * of the schedule's (400 otherwise, as a report's `template` parameter). Returns the template's name for the lists.
 */
export async function checkTemplate(ctx: AppContext, reportType: string, template: string, contractIds: number[]): Promise<string> {
  const row = await reportTemplate(ctx.db.orm, reportType, { template, contract_ids: contractIds });
  return row?.name ?? 'Default';
}

export function presentRun(r: ScheduleRunRow): TReportScheduleRun {
  return {
    run_id: r.id,
    scheduler_id: r.scheduleId,
    due_at: r.trigger === 'manual' ? null : iso(r.dueAt),
    trigger: r.trigger,
    started_at: iso(r.startedAt),
    finished_at: isoOrNull(r.finishedAt),
    status: r.status,
    attempt: r.attempt,
    report_ids: r.reportIds,
    size: r.size,
    recipients: r.recipients,
    error: r.error,
  };
}

type Listed = NonNullable<Awaited<ReturnType<typeof findSchedule>>>;

/**
 * Scheduled reports (issue 21, decision 041; spec §2.8 /report/scheduler): CRUD, run now and the run history. A
 * schedule is seen only by callers whose scope holds every one of its contracts (404 otherwise); creating or editing
 * one needs a task that makes its report type. Running is the runner's (report-schedule-runner.ts).
 */
export class ReportSchedulesService {
  constructor(
    private readonly ctx: AppContext,
    private readonly reports: ReportsService,
    private readonly protection: ReportProtectionService,
    readonly runner: ReportScheduleRunner,
  ) {}

  /** The report types a caller may schedule: those whose tasks they hold and that the engine makes on its own. */
  private allowedTypes(actor: Actor): string[] {
    return [...this.reports.registry().values()].filter((d) => !d.ownRoute && holds(actor, d.permissions)).map((d) => d.code);
  }

  private present(l: Listed, last: ScheduleRunRow | undefined): TReportSchedule {
    const r = l.schedule;
    return {
      scheduler_id: r.id,
      name: r.name,
      report_type: r.reportType,
      report_type_name: reportTypeInfo(r.reportType)?.name ?? r.reportType,
      template: r.template,
      template_name: l.templateName ?? 'Default',
      contract_ids: r.contractIds,
      contract_nos: l.contractNos,
      zone_ids: r.zoneIds,
      instrument_type_ids: r.instrumentTypeIds,
      period: r.period,
      output: r.output,
      frequency: r.frequency,
      frequency_text: frequencyText(r.frequency),
      timezone: r.timezone,
      recipients: { user_ids: r.recipientUserIds, role_ids: r.recipientRoleIds, emails: r.recipientEmails },
      enabled: r.enabled,
      next_run_at: isoOrNull(r.nextRunAt),
      last_run: last ? presentRun(last) : null,
      owner_id: r.ownerId,
      owner_name: l.ownerName,
      created: iso(r.createdAt),
      updated: iso(r.updatedAt),
    };
  }

  async list(actor: Actor, q: TReportScheduleListQuery): Promise<TReportScheduleList> {
    const allowed = this.allowedTypes(actor);
    const types = q.report_type ? allowed.filter((t) => t === q.report_type) : allowed;
    const { records, total } = await listSchedules(this.ctx.db.orm, scopeOf(actor), { limit: q.limit, skip: q.skip, keyword: q.keyword || undefined, types });
    const last = await lastRuns(
      this.ctx.db.orm,
      records.map((r) => r.schedule.id),
    );
    return { records: records.map((r) => this.present(r, last.get(r.schedule.id))), total_records: total };
  }

  /** A schedule the caller may see: within their scope, of a type they may make; 404 otherwise. */
  private async visible(actor: Actor, id: number): Promise<Listed> {
    const row = await findSchedule(this.ctx.db.orm, id, scopeOf(actor));
    if (!row || !this.allowedTypes(actor).includes(row.schedule.reportType)) throw notFound('Scheduled report not found');
    return row;
  }

  async get(actor: Actor, id: number): Promise<TReportSchedule> {
    const row = await this.visible(actor, id);
    const last = await lastRuns(this.ctx.db.orm, [id]);
    return this.present(row, last.get(id));
  }

  /** The body checked (400 and nothing stored when one check fails); the columns to store. */
  private async checked(actor: Actor, body: TReportScheduleBody) {
    const def = this.reports.registry().get(body.report_type);
    if (!def || def.ownRoute) throw badRequest({ report_type: 'Unknown report type' });
    if (!holds(actor, def.permissions)) throw forbidden();
    if (!def.outputs.includes(body.output)) throw badRequest({ output: `This report is not made as ${body.output}` });
    if (!isTimeZone(body.timezone)) throw badRequest({ timezone: 'Unknown time zone' });
    await checkTemplate(this.ctx, body.report_type, body.template, body.contract_ids);
    const params = await this.reports.checkParams(actor, body.report_type, {
      contract_ids: body.contract_ids,
      zone_ids: body.zone_ids,
      instrument_type_ids: body.instrument_type_ids,
      period: { option: 'this-month' },
      output: body.output,
      background: false,
      template: body.template,
    });
    const { user_ids, role_ids, emails } = body.recipients;
    const userIds = [...new Set(user_ids)];
    const roleIds = [...new Set(role_ids)];
    const db = this.ctx.db.orm;
    if ((await usersOfContracts(db, userIds, params.contract_ids)).length !== userIds.length) {
      throw badRequest({ recipients: 'A recipient is not a user of the chosen contracts' });
    }
    if ((await existingRoleIds(db, roleIds)).length !== roleIds.length) throw badRequest({ recipients: 'Role not found' });
    if (emails.length > 0 && !(await this.protection.mailLimits()).externalRecipients) throw badRequest(REPORT_SCHEDULE_MESSAGES.externalRefused);
    return {
      name: body.name,
      reportType: body.report_type,
      template: body.template,
      contractIds: params.contract_ids,
      zoneIds: params.zone_ids,
      instrumentTypeIds: params.instrument_type_ids,
      period: body.period,
      output: body.output,
      frequency: body.frequency,
      timezone: body.timezone,
      recipientUserIds: userIds,
      recipientRoleIds: roleIds,
      recipientEmails: [...new Set(emails)],
      enabled: body.enabled,
    };
  }

  async create(actor: Actor, body: TReportScheduleBody): Promise<TReportSchedule> {
    const fields = await this.checked(actor, body);
    const now = this.ctx.now();
    const row = await this.ctx.db.orm.transaction(async (tx) => {
      const r = await insertSchedule(tx, {
        ...fields,
        nextRunAt: fields.enabled ? nextReportRun(fields.frequency, fields.timezone, now) : null,
        ownerId: actor.userId,
        createdAt: now,
        updatedAt: now,
      });
      await writeAudit(tx, actor, { action: 'report_schedule.create', entityType: 'report_schedule', entityId: r.id, after: fields });
      return r;
    });
    return this.get(actor, row.id);
  }

  async update(actor: Actor, id: number, body: TReportScheduleBody): Promise<TReportSchedule> {
    const before = (await this.visible(actor, id)).schedule;
    const fields = await this.checked(actor, body);
    const now = this.ctx.now();
    const timingChanged =
      JSON.stringify(before.frequency) !== JSON.stringify(fields.frequency) || before.timezone !== fields.timezone || before.enabled !== fields.enabled;
    const nextRunAt = !fields.enabled ? null : timingChanged || !before.nextRunAt ? nextReportRun(fields.frequency, fields.timezone, now) : before.nextRunAt;
    await this.ctx.db.orm.transaction(async (tx) => {
      await updateSchedule(tx, id, { ...fields, nextRunAt, updatedAt: now });
      await writeAudit(tx, actor, {
        action: 'report_schedule.update',
        entityType: 'report_schedule',
        entityId: id,
        ...changedFields(oldFields(before), fields),
      });
    });
    return this.get(actor, id);
  }

  async remove(actor: Actor, id: number): Promise<{ ok: true }> {
    const before = (await this.visible(actor, id)).schedule;
    await this.ctx.db.orm.transaction(async (tx) => {
      await deleteSchedule(tx, id);
      await writeAudit(tx, actor, { action: 'report_schedule.delete', entityType: 'report_schedule', entityId: id, before: oldFields(before) });
    });
    return { ok: true };
  }

  async runs(actor: Actor, id: number, page: { limit: number; skip: number }): Promise<TReportScheduleRunList> {
    await this.visible(actor, id);
    const { records, total } = await listRuns(this.ctx.db.orm, id, page);
    return { records: records.map(presentRun), total_records: total };
  }

  /** Run now: a run of the schedule for this moment, queued for the workers; its timing is unchanged. */
  async runNow(actor: Actor, id: number): Promise<TReportScheduleRun> {
    const { schedule } = await this.visible(actor, id);
    const now = this.ctx.now();
    const run = await this.ctx.db.orm.transaction(async (tx) => {
      const r = await insertRun(tx, {
        scheduleId: id,
        dueAt: now,
        trigger: 'manual',
        attempt: 1,
        status: 'running',
        notBefore: now,
        triggeredBy: actor.userId,
        startedAt: now,
      });
      if (!r) throw badRequest('The scheduled report is already running');
      await writeAudit(tx, actor, { action: 'report_schedule.run', entityType: 'report_schedule', entityId: id, after: { run_id: r.id, name: schedule.name } });
      return r;
    });
    await this.runner.enqueue(run.id);
    return presentRun(run);
  }
}

function oldFields(r: ReportScheduleRow) {
  return {
    name: r.name,
    reportType: r.reportType,
    template: r.template,
    contractIds: r.contractIds,
    zoneIds: r.zoneIds,
    instrumentTypeIds: r.instrumentTypeIds,
    period: r.period,
    output: r.output,
    frequency: r.frequency,
    timezone: r.timezone,
    recipientUserIds: r.recipientUserIds,
    recipientRoleIds: r.recipientRoleIds,
    recipientEmails: r.recipientEmails,
    enabled: r.enabled,
  };
}
