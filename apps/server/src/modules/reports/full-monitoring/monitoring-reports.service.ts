import {
  FULL_MONITORING_TOAST,
  MONITORING_REPORT_MESSAGES,
  MONITORING_REPORT_STATUS,
  USER_TYPE,
  ZFullMonitoringParams,
  type MonitoringReportAction,
  type MonitoringReportStatus,
  type PermissionCode,
  type TFullMonitoringCreated,
  type TFullMonitoringParams,
  type TMonitoringReport,
  type TMonitoringReportList,
  type ZMonitoringReportQuery,
} from '@strata/shared';
import type { z } from 'zod';
import type { Actor, AppContext } from '../../../context.js';
import { badRequest, HttpError, notFound } from '../../../lib/errors.js';
import { iso, isoOrNull } from '../../../lib/filters.js';
import { writeAudit } from '../../../platform/audit.js';
import type { Storage } from '../../../platform/storage.js';
import { scopeOf } from '../../contracts/contracts.service.js';
import type { NotificationsService } from '../../notifications/notifications.service.js';
import type { ReportCreateQuery, ReportsService } from '../reports.service.js';
import type { MonitoringTemplatesService } from './templates.service.js';
import { PROTECTED_AT_DOWNLOAD } from '../protection/document-protection.js';
import { readVerified } from './integrity.js';
import {
  findMonitoringReport,
  insertMonitoringReport,
  listMonitoringReports,
  revisionsOf,
  stepsOf,
  supersede,
  type MonitoringReportListRow,
} from './monitoring-reports.repository.js';
import { allowedActions, IN_PROGRESS, SUPERSEDED_BY_NEXT } from './workflow.js';
import { MonitoringWorkflow } from './monitoring-workflow.js';

/** Who works on full monitoring reports (prepare, check, approve): the list, the drafts, the steps. */
export const WORKER_PERMISSIONS: readonly PermissionCode[] = ['GenerateFullMonitoringReport', 'ReportApproval'];
/** Who reads published reports besides them: the instrumentation reporting task, and every Authority user. */
const READER_PERMISSIONS: readonly PermissionCode[] = [...WORKER_PERMISSIONS, 'GenerateInstrumentationMonitoringReport'];
export const REPORT_NOT_FOUND = 'Report not found';

const holds = (actor: Actor, codes: readonly PermissionCode[]) => codes.some((c) => actor.permissions.has(c));
/** Published reports: the report tasks, or an Authority user (decision 040); scope still decides which. */
export const readsPublished = (actor: Actor) => actor.userType === USER_TYPE.Authority || holds(actor, READER_PERMISSIONS);

export interface MonitoringFile {
  data: Buffer;
  fileName: string;
}

const fileStem = (r: { reportNo: string; revision: number }) => `${r.reportNo}-Rev${r.revision}`.replace(/[^A-Za-z0-9._-]+/g, '_');

/**
 * Full monitoring reports (issue 20, decision 040): generation from a template (the engine's `full-monitoring` report
 * and the monitoring report's row in one transaction), the lists, the approval steps (monitoring-workflow.ts) and the
 * files, whose bytes are hashed again before every download.
 */
export class MonitoringReportsService {
  readonly workflow: MonitoringWorkflow;

  constructor(
    private readonly ctx: AppContext,
    private readonly reports: ReportsService,
    private readonly templates: MonitoringTemplatesService,
    private readonly storage: Storage,
    notifications: NotificationsService,
    timezone: () => Promise<string>,
  ) {
    this.workflow = new MonitoringWorkflow(ctx, storage, notifications, timezone, (actor, id) => this.get(actor, id));
  }

  private get db() {
    return this.ctx.db.orm;
  }

  async create(actor: Actor, body: TFullMonitoringParams, query: ReportCreateQuery): Promise<TFullMonitoringCreated> {
    const params = ZFullMonitoringParams.parse(body);
    const template = await this.templates.get(actor, params.template_id).catch((err: unknown) => {
      throw err instanceof HttpError && err.statusCode === 404 ? badRequest({ template_id: 'Template not found' }) : err;
    });
    const cover = template.sections.find((s) => s.kind === 'cover');
    const title = cover?.kind === 'cover' ? cover.report_title : template.name;
    const reportNo = params.report_no;
    try {
      const { created, extra } = await this.reports.createWith(
        actor,
        'full-monitoring',
        {
          contract_ids: [template.contract_id],
          zone_ids: params.zone_ids,
          instrument_type_ids: [],
          period: params.period,
          output: 'pdf',
          background: false,
          template: 'default',
        },
        query,
        async (tx, report) => {
          const revisions = await revisionsOf(tx, template.contract_id, reportNo);
          if (revisions.some((r) => IN_PROGRESS.includes(r.status))) throw badRequest({ report_no: MONITORING_REPORT_MESSAGES.inProgress(reportNo) });
          const revision = 1 + Math.max(0, ...revisions.map((r) => r.revision));
          const superseded = revisions.filter((r) => SUPERSEDED_BY_NEXT.includes(r.status)).map((r) => r.id);
          await supersede(tx, superseded);
          const row = await insertMonitoringReport(tx, {
            contractId: template.contract_id,
            templateId: template.template_id,
            templateName: template.name,
            sections: template.sections,
            reportNo,
            revision,
            title,
            periodFrom: report.periodFrom,
            periodTo: report.periodTo,
            status: 'generating',
            reportId: report.id,
            preparedBy: actor.userId,
            createdAt: this.ctx.now(),
          });
          await writeAudit(tx, actor, {
            action: 'monitoring-report.create',
            entityType: 'monitoring_report',
            entityId: row.id,
            after: { report_id: report.id, template_id: template.template_id, report_no: reportNo, revision, period: params.period, superseded },
          });
          return row;
        },
      );
      return { ...created, message: FULL_MONITORING_TOAST, monitoring_report_id: extra.id };
    } catch (err) {
      // Two requests for the same number at once: the second one's revision is taken (the unique key).
      if (uniqueViolation(err)) throw badRequest({ report_no: MONITORING_REPORT_MESSAGES.inProgress(reportNo) });
      throw err;
    }
  }

  /** The report if its contract is within the caller's scope; 404 otherwise. */
  async visible(actor: Actor, id: number): Promise<MonitoringReportListRow> {
    const row = await findMonitoringReport(this.db, scopeOf(actor), id);
    if (!row) throw notFound(REPORT_NOT_FOUND);
    return row;
  }

  async present(actor: Actor, row: MonitoringReportListRow): Promise<TMonitoringReport> {
    const r = row.r;
    const steps = await stepsOf(this.db, r.id);
    return {
      monitoring_report_id: r.id,
      contract_id: r.contractId,
      contract_no: row.contractNo,
      template_id: r.templateId,
      template_name: r.templateName,
      report_no: r.reportNo,
      revision: r.revision,
      title: r.title,
      period_from: r.periodFrom,
      period_to: r.periodTo,
      status: r.status,
      status_label: MONITORING_REPORT_STATUS[r.status],
      report_id: r.reportId,
      prepared_by_name: row.preparedByName,
      prepared: iso(r.createdAt),
      checked_by_name: row.checkedByName,
      checked: isoOrNull(r.checkedAt),
      approved_by_name: row.approvedByName,
      approved: isoOrNull(r.approvedAt),
      content_sha256: r.contentSha256,
      published_sha256: r.publishedSha256,
      size: r.size,
      actions: allowedActions(actor, r),
      steps: steps.map((s) => ({
        action: s.s.action as MonitoringReportAction,
        from_status: s.s.fromStatus,
        to_status: s.s.toStatus,
        comment: s.s.comment,
        user_name: s.userName,
        created: iso(s.s.createdAt),
      })),
    };
  }

  async get(actor: Actor, id: number): Promise<TMonitoringReport> {
    return this.present(actor, await this.visible(actor, id));
  }

  async list(actor: Actor, q: z.infer<typeof ZMonitoringReportQuery>): Promise<TMonitoringReportList> {
    return this.listOf(actor, q, parseStatuses(q.status));
  }

  /** Published reports: the report tasks or an Authority user, within their scope; everyone else 403 (deny by default). */
  async published(actor: Actor, q: z.infer<typeof ZMonitoringReportQuery>): Promise<TMonitoringReportList> {
    if (!readsPublished(actor)) throw new HttpError(403, 'You may not see published reports');
    return this.listOf(actor, q, ['published']);
  }

  private async listOf(
    actor: Actor,
    q: z.infer<typeof ZMonitoringReportQuery>,
    statuses: MonitoringReportStatus[] | undefined,
  ): Promise<TMonitoringReportList> {
    const { records, total } = await listMonitoringReports(this.db, scopeOf(actor), {
      contractIds: q.contracts,
      statuses,
      keyword: q.keyword || undefined,
      limit: q.limit,
      skip: q.skip,
    });
    const out: TMonitoringReport[] = [];
    for (const row of records) out.push(await this.present(actor, row));
    return { records: out, total_records: total };
  }

  /**
   * Report and document protection (issue 21, decision 041): the stored bytes stay as hashed; what is sent carries
   * the watermark (for the downloader, now) and the full monitoring type's PDF lock, as the settings say.
   */
  private protect(actor: Actor, verified: Buffer, r: { id: number; contractId: number }) {
    return this.reports.protection.protectDownload(actor, verified, {
      contractIds: [r.contractId],
      kind: 'report',
      reportType: PROTECTED_AT_DOWNLOAD,
      what: `monitoring report ${r.id}`,
    });
  }

  /** The draft PDF (the report's workers), re-hashed before it is sent. */
  async draft(actor: Actor, id: number): Promise<MonitoringFile> {
    const row = await this.visible(actor, id);
    const r = row.r;
    if (!r.draftKey || !r.contentSha256) throw notFound('The report has no draft yet');
    const verified = await readVerified(this.ctx, this.storage, r.id, r.draftKey, r.contentSha256);
    const { data, applied } = await this.protect(actor, verified, row.r);
    await writeAudit(this.db, actor, {
      action: 'monitoring-report.draft',
      entityType: 'monitoring_report',
      entityId: r.id,
      after: { report_no: r.reportNo, revision: r.revision, ...(applied.length > 0 ? { protection: applied } : {}) },
    });
    return { data, fileName: `${fileStem(r)}-draft.pdf` };
  }

  /** The published PDF (workers, readers of published reports, Authority users of the contract), re-hashed before it is sent. */
  async file(actor: Actor, id: number): Promise<MonitoringFile> {
    if (!readsPublished(actor)) throw new HttpError(403, 'You may not see published reports');
    const row = await this.visible(actor, id);
    const r = row.r;
    if (r.status !== 'published' || !r.publishedKey || !r.publishedSha256) throw notFound(REPORT_NOT_FOUND);
    const verified = await readVerified(this.ctx, this.storage, r.id, r.publishedKey, r.publishedSha256);
    const { data, applied } = await this.protect(actor, verified, row.r);
    await writeAudit(this.db, actor, {
      action: 'monitoring-report.get',
      entityType: 'monitoring_report',
      entityId: r.id,
      after: { report_no: r.reportNo, revision: r.revision, ...(applied.length > 0 ? { protection: applied } : {}) },
    });
    return { data, fileName: `${fileStem(r)}.pdf` };
  }
}

/** `status=a,b`: known statuses only (400 otherwise); absent or empty: every status. */
function parseStatuses(text: string | undefined): MonitoringReportStatus[] | undefined {
  const parts = (text ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  if (parts.length === 0) return undefined;
  const unknown = parts.filter((p) => !(p in MONITORING_REPORT_STATUS));
  if (unknown.length) throw badRequest({ status: `Unknown status: ${unknown.join(', ')}` });
  return parts as MonitoringReportStatus[];
}

function uniqueViolation(err: unknown): boolean {
  for (let e: unknown = err; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: unknown }).code === '23505') return true;
  }
  return false;
}
