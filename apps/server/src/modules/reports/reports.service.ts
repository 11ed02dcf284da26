import { createHmac } from 'node:crypto';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import {
  API_BASE,
  DEFAULT_TIMEZONE,
  REPORT_LIMITS,
  REPORT_MESSAGES,
  REPORT_STATUS,
  reportPeriodBounds,
  reportTypeInfo,
  ZReportParams,
  type PermissionCode,
  type ReportOutput,
  type TReportCheck,
  type TReportCreated,
  type TReportList,
  type TReportListQuery,
  type TReportParams,
  type TReportRecord,
} from '@strata/shared';
import type { Actor, AppContext } from '../../context.js';
import type { Tx } from '../../db/client.js';
import { randomToken, safeEqual, sha256 } from '../../lib/crypto.js';
import { MIME } from '../../lib/content-disposition.js';
import { forbidden, notFound } from '../../lib/errors.js';
import { iso, isoOrNull } from '../../lib/filters.js';
import { englishText, type MessageText } from '../../lib/server-messages.js';
import { isTimeZone } from '../../lib/zoned-time.js';
import { writeAudit } from '../../platform/audit.js';
import { safeError } from '../../platform/safe-error.js';
import { randomKey, type Storage } from '../../platform/storage.js';
import { scopeOf } from '../contracts/contracts.service.js';
import type { NotificationsService } from '../notifications/notifications.service.js';
import type { SettingsService } from '../settings/settings.service.js';
import { recordJobFailure } from '../system-admin/system-logs.js';
import { userActor } from './report-actor.js';
import { ReportTooLargeError } from './report-document.js';
import { DocumentProtection } from './protection/document-protection.js';
import { templated } from './custom-templates/template-run.js';
import { checkedParams } from './report-params.js';
import { fileStamp, fileStem, renderToTempFile } from './report-file.js';
import type { ReportRegistry, ReportRenderers } from './report-registry.js';
import type { ReportContext, ReportRunResult, ReportServices, ReportTypeDef } from './report-types.js';
import {
  claimReport,
  contractsInScope,
  deleteReports,
  expiredReports,
  failStaleReports,
  findReport,
  finishReport,
  insertReport,
  listReports,
  pendingReportIds,
  setProgress,
  type ReportRow,
} from './reports.repository.js';

export const REPORTS_QUEUE = 'reports';
/** The report tasks (issue 20): monitoring reports (full or instrumentation) and map reports. */
export const REPORT_PERMISSIONS: readonly PermissionCode[] = ['GenerateFullMonitoringReport', 'GenerateInstrumentationMonitoringReport', 'GenerateMapReport'];
const STATUS_CODE = { pending: 1, running: 1, completed: 2, failed: 3, too_large: 4 } as const;
const DAY_MS = 86_400_000;
/** A report still running after this long was left by a process that stopped. */
const STALE_MS = 2 * 3_600_000;
const EXTENSION: Record<ReportOutput, string> = { pdf: 'pdf', xls: 'xlsx', html: 'html', csv: 'csv' };
const CONTENT_TYPE: Record<ReportOutput, string> = { pdf: MIME.pdf!, xls: MIME.xlsx!, html: 'text/html; charset=utf-8', csv: MIME.csv! };

/** The web page of one report: it polls check and opens the PDF in the report dialog or downloads the file. */
export const reportLink = (id: number) => `/reporting/report/${id}`;

const holds = (actor: Pick<Actor, 'permissions'>, codes: readonly string[]) => codes.some((c) => actor.permissions.has(c));

/** Why a report was refused when it ran (the creator or their access changed): status 3, without a system log. */
class ReportRefused extends Error {}

export interface ReportsServiceOptions {
  types: ReportRegistry;
  renderers: ReportRenderers;
  services: ReportServices;
}

export interface ReportCreateQuery {
  tzo: number;
  on_demand?: boolean | undefined;
}

export interface ReportFile {
  stream: Readable;
  size: number;
  fileName: string;
  contentType: string;
  output: ReportOutput;
}

/**
 * Monitoring reports (issue 20, decision 039): `POST /reports/{type}` -> a `reports` row and a job -> the type builds
 * its document as the creator (an Actor rebuilt when the job runs), a renderer streams it to a temporary file, which is
 * moved into storage -> check -> get with the report's access token. Like exports, the row is the record: the job only
 * carries its id and the row is claimed (pending -> running) before work, so each report is made once; without a
 * queue, pending rows are made by `runPending()`, swept every minute.
 */
export class ReportsService {
  private readonly types: ReportRegistry;
  private readonly renderers: ReportRenderers;
  private readonly services: ReportServices;

  constructor(
    private readonly ctx: AppContext,
    private readonly settings: SettingsService,
    private readonly storage: Storage,
    private readonly notifications: NotificationsService,
    options: ReportsServiceOptions,
  ) {
    this.types = options.types;
    this.renderers = options.renderers;
    this.services = options.services;
    this.protection = new DocumentProtection(ctx, settings);
  }

  /** Report and document protection (issue 21): the engine's reports here; the full monitoring files' downloads use it too. */
  readonly protection: DocumentProtection;

  /**
   * Every permission that lets a user make (and see) some report type: the routes admit their union (never empty, so
   * a route is never open to every signed-in user).
   */
  permissions(): PermissionCode[] {
    return [...new Set([...REPORT_PERMISSIONS, ...[...this.types.values()].flatMap((d) => d.permissions)])];
  }

  /** The parameters checked as `create` checks them for `actor` (400 when one fails); for scheduled reports. */
  async checkParams(actor: Actor, type: string, body: TReportParams): Promise<TReportParams> {
    const def = this.def(type);
    const params = await checkedParams(this.ctx.db.orm, actor, def, this.renderers, body, await this.settings.get());
    await def.validate?.(actor, params, this.services);
    return params;
  }

  /** The report types this engine makes, by code (custom templates read their catalogs; schedules their tasks). */
  registry(): ReportRegistry {
    return this.types;
  }

  /** Registers the job worker (when this process runs jobs). */
  async start(): Promise<void> {
    if (!this.ctx.jobs) return;
    await this.ctx.jobs.work<{ id: number }>(
      REPORTS_QUEUE,
      async (job) => {
        const outcome = await this.run(job.data.id);
        if (outcome === 'failed') throw new Error(`report ${job.data.id} failed`);
        return { outcome };
      },
      { concurrency: 1, queue: { retryLimit: 0, expireInSeconds: 3600 } },
    );
  }

  private def(type: string): ReportTypeDef {
    const def = this.types.get(type);
    if (!def) throw notFound('Unknown report type');
    return def;
  }

  /** The zone reports show times in: the configured `timezone` (decision 028). */
  async timezone(): Promise<string> {
    const tz = (await this.settings.get()).timezone;
    return isTimeZone(tz) ? tz : DEFAULT_TIMEZONE;
  }

  /** The access token of a report: HMAC of its salt under the secret key (given again in check, never stored). */
  private token(salt: string): string {
    return createHmac('sha256', this.ctx.config.secretKey()).update(`report-access:${salt}`).digest('base64url');
  }

  /** `POST /reports/{type}`: a type made through its own route (`ownRoute`) is not made here. */
  async create(actor: Actor, type: string, body: TReportParams, query: ReportCreateQuery): Promise<TReportCreated> {
    if (this.types.get(type)?.ownRoute) throw notFound('Unknown report type');
    return (await this.createWith(actor, type, body, query, async () => undefined)).created;
  }

  /**
   * Creates a report as `create` does (the same checks, in the same order), and runs `afterCreate` in the transaction
   * that writes the report's row and its audit row: a type's own record (full monitoring reports) is written with them
   * or not at all. The job is queued after commit.
   */
  async createWith<T>(
    actor: Actor,
    type: string,
    body: TReportParams,
    query: ReportCreateQuery,
    afterCreate: (tx: Tx, report: { id: number; periodFrom: string; periodTo: string }) => Promise<T>,
    options: { enqueue?: boolean; keepUntil?: Date } = {},
  ): Promise<{ created: TReportCreated; extra: T }> {
    const def = this.def(type);
    if (!holds(actor, def.permissions)) throw forbidden();
    const db = this.ctx.db.orm;
    const params = await checkedParams(db, actor, def, this.renderers, body, await this.settings.get());
    await def.validate?.(actor, params, this.services);
    const contractIds = params.contract_ids;

    const now = this.ctx.now();
    const bounds = reportPeriodBounds(params.period, now, await this.timezone());
    const salt = randomToken(16);
    const token = this.token(salt);
    const { row, extra } = await db.transaction(async (tx) => {
      const r = await insertReport(tx, {
        type,
        output: params.output,
        contractIds,
        params,
        tzoHours: query.tzo,
        background: params.background,
        onDemand: query.on_demand === true,
        tokenSalt: salt,
        tokenHash: sha256(token),
        periodFrom: bounds.firstDay,
        periodTo: bounds.lastDay,
        createdBy: actor.userId,
        createdAt: now,
        expiresAt: new Date(Math.max(now.getTime() + REPORT_LIMITS.keepDays * DAY_MS, options.keepUntil?.getTime() ?? 0)),
      });
      await writeAudit(tx, actor, {
        action: 'report.create',
        entityType: 'report',
        entityId: r.id,
        after: { type, output: params.output, tzo: query.tzo, params },
      });
      return { row: r, extra: await afterCreate(tx, r) };
    });
    if (options.enqueue !== false) await this.enqueue(row.id);
    return { created: { report_id: row.id, status: 1, token, ...(params.background ? { message: REPORT_MESSAGES.background } : {}) }, extra };
  }

  private async enqueue(id: number): Promise<void> {
    if (!this.ctx.jobs) return;
    try {
      await this.ctx.jobs.send(REPORTS_QUEUE, { id }, { retryLimit: 0, expireInSeconds: 3600 });
    } catch (err) {
      // Jobs stopping or not started: the row stays pending and the next sweep makes it.
      this.ctx.log.warn({ err: safeError(err) }, 'reports: job queue unavailable; left for the sweep');
    }
  }

  /**
   * The report if the caller may see it: they hold one of its type's permissions and their scope holds every one of
   * its contracts (decision 039; the creator too, as long as both are still true). 404 otherwise.
   */
  private async visible(actor: Actor, id: number): Promise<ReportRow> {
    const row = await findReport(this.ctx.db.orm, id, scopeOf(actor));
    const def = row ? this.types.get(row.type) : undefined;
    if (!row || !def || !holds(actor, def.permissions)) throw notFound('Report not found');
    return row;
  }

  async check(actor: Actor, id: number): Promise<TReportCheck> {
    const row = await this.visible(actor, id);
    const status = STATUS_CODE[row.status];
    const progress =
      row.progressTotal !== null && row.progressDone !== null ? { done: row.progressDone, total: row.progressTotal, label: row.progressLabel ?? '' } : null;
    const base = { report_id: row.id, status, type: row.type, output: row.output, progress };
    if (status === REPORT_STATUS.completed) {
      return {
        ...base,
        url: `${API_BASE}/reports/${row.id}/get?token=${encodeURIComponent(this.token(row.tokenSalt))}`,
        file_name: row.fileName ?? undefined,
        size: row.size ?? undefined,
      };
    }
    if (status === REPORT_STATUS.failed) return { ...base, message: REPORT_MESSAGES.failed };
    if (status === REPORT_STATUS.tooLarge) return { ...base, message: REPORT_MESSAGES.tooLarge };
    return base;
  }

  /** The file: the caller must see the report (404) and give its access token (403). Each download is audited. */
  async get(actor: Actor, id: number, token: string): Promise<ReportFile> {
    const row = await this.visible(actor, id);
    if (!safeEqual(sha256(token), row.tokenHash)) throw forbidden('The report access token is not valid');
    if (row.status !== 'completed' || !row.storageKey || !row.fileName) throw notFound('The report is not ready');
    const file = await this.storage.stream(row.storageKey);
    if (!file) throw notFound('The report has expired');
    await writeAudit(this.ctx.db.orm, actor, {
      action: 'report.get',
      entityType: 'report',
      entityId: id,
      after: { type: row.type, output: row.output, file_name: row.fileName },
    });
    return { ...file, fileName: row.fileName, contentType: row.contentType ?? CONTENT_TYPE[row.output], output: row.output };
  }

  async list(actor: Actor, q: TReportListQuery): Promise<TReportList> {
    const types = [...this.types.values()].filter((d) => holds(actor, d.permissions) && (!q.type || q.type === d.code)).map((d) => d.code);
    const { records, total } = await listReports(this.ctx.db.orm, scopeOf(actor), { types, limit: q.limit, skip: q.skip });
    return {
      records: records.map(({ report: r, createdByName, contractNos }): TReportRecord => ({
        report_id: r.id,
        type: r.type,
        type_name: reportTypeInfo(r.type)?.name ?? r.type,
        output: r.output,
        status: STATUS_CODE[r.status],
        contract_ids: r.contractIds,
        contract_nos: contractNos,
        period_from: r.periodFrom,
        period_to: r.periodTo,
        file_name: r.fileName,
        size: r.size,
        created_by_name: createdByName,
        created: iso(r.createdAt),
        completed: isoOrNull(r.completedAt),
        expires: iso(r.expiresAt),
      })),
      total_records: total,
    };
  }

  /** The creator as an Actor as they are now (type, role's permissions, contracts); refused when no longer active. */
  private async creatorActor(row: ReportRow, def: ReportTypeDef): Promise<Actor> {
    const actor = row.createdBy === null ? undefined : await userActor(this.ctx.db.orm, row.createdBy);
    if (!actor) throw new ReportRefused('the creator is no longer an active user');
    if (!holds(actor, def.permissions)) throw new ReportRefused('the creator may no longer make this report');
    const inScope = await contractsInScope(this.ctx.db.orm, scopeOf(actor), row.contractIds);
    if (inScope.length !== row.contractIds.length) throw new ReportRefused('a contract of the report is no longer within the creator’s scope');
    return actor;
  }

  /** Makes one report if it is still pending; returns what happened. */
  async run(id: number): Promise<'completed' | 'failed' | 'too_large' | 'skipped'> {
    const db = this.ctx.db.orm;
    const row = await claimReport(db, id, this.ctx.now());
    if (!row) return 'skipped';
    try {
      const def = this.types.get(row.type);
      if (!def) throw new Error(`unknown report type ${row.type}`);
      const render = this.renderers[row.output];
      if (!render) throw new Error(`no renderer for ${row.output}`);
      const actor = await this.creatorActor(row, def);
      const settings = await this.settings.get();
      const timezone = await this.timezone();
      const params = ZReportParams.parse(row.params);
      const context: ReportContext = {
        app: this.ctx,
        reportId: row.id,
        actor,
        scope: scopeOf(actor),
        params,
        // The period as it was when the report was asked for (a report queued before midnight covers the same days).
        period: reportPeriodBounds(params.period, row.createdAt, timezone),
        timezone,
        tzoHours: row.tzoHours,
        now: this.ctx.now(),
        settings,
        services: this.services,
      };
      // A custom template lays the document out, and an Excel template replaces the workbook renderer (decision 041).
      const { doc, render: renderer } = await templated(db, this.storage, context, row.type, row.output, await def.build(context), render);
      // Report and document protection (issue 21, decision 041): what the settings ask of this report, applied as it
      // is written (XLSX sheets locked) and to the written file (PDF watermark, password, permissions).
      const plan = await this.protection.planReport(row, actor, timezone, context.now);
      const rendered = await renderToTempFile({ ...doc, sheetPassword: plan.sheetPassword }, renderer, {
        tempDir: path.join(this.ctx.config.dataDir, 'tmp', 'reports'),
        maxBytes: settings.report_max_bytes,
        progress: (done, total, label) =>
          setProgress(db, id, done, total, label).catch((err: unknown) =>
            this.ctx.log.warn({ err: safeError(err), reportId: id }, 'reports: progress not written'),
          ),
      });
      const file = await this.protection.protectReportFile(rendered, plan, actor, row.id);
      const key = randomKey('reports', EXTENSION[row.output]);
      try {
        await this.storage.writeFile(key, file.path);
      } finally {
        await rm(file.path, { force: true });
      }
      const fileName = `${fileStem(doc.fileStem)}-${fileStamp(this.ctx.now(), timezone)}.${EXTENSION[row.output]}`;
      await finishReport(db, id, {
        status: 'completed',
        storageKey: key,
        fileName,
        contentType: CONTENT_TYPE[row.output],
        size: file.size,
        progressDone: doc.sectionCount,
        progressTotal: doc.sectionCount,
        completedAt: this.ctx.now(),
      });
      await this.notify(row, { key: 'report.ready', params: { report: typeName(row.type), file: fileName } }, 1);
      await this.afterRun(row, { outcome: 'completed', storageKey: key, size: file.size });
      return 'completed';
    } catch (err) {
      if (err instanceof ReportTooLargeError) {
        await finishReport(db, id, { status: 'too_large', error: REPORT_MESSAGES.tooLarge, completedAt: this.ctx.now() });
        await this.notify(row, { key: 'report.tooLarge', params: { report: typeName(row.type) } }, 3);
        await this.afterRun(row, { outcome: 'too_large', storageKey: null, size: null });
        return 'too_large';
      }
      if (err instanceof ReportRefused) {
        this.ctx.log.warn({ reportId: id, reason: err.message }, 'report refused when it ran');
        await finishReport(db, id, { status: 'failed', error: `Refused: ${err.message}`, completedAt: this.ctx.now() });
      } else {
        this.ctx.log.error({ err: safeError(err), reportId: id }, 'report failed');
        await finishReport(db, id, { status: 'failed', error: 'The report failed', completedAt: this.ctx.now() });
        await recordJobFailure(this.ctx, REPORTS_QUEUE, String(id), err, 'report');
      }
      await this.notify(row, { key: 'report.failed', params: { report: typeName(row.type) } }, 3);
      await this.afterRun(row, { outcome: 'failed', storageKey: null, size: null });
      return 'failed';
    }
  }

  /** The type's own follow-up of a run (ReportTypeDef.afterRun); its failure is logged, the outcome stays. */
  private async afterRun(row: ReportRow, result: Omit<ReportRunResult, 'reportId' | 'createdBy'>): Promise<void> {
    const hook = this.types.get(row.type)?.afterRun;
    if (!hook) return;
    try {
      await hook(
        { ...result, reportId: row.id, createdBy: row.createdBy },
        { app: this.ctx, storage: this.storage, notifications: this.notifications, timezone: await this.timezone() },
      );
    } catch (err) {
      this.ctx.log.error({ err: safeError(err), reportId: row.id }, 'reports: the type’s follow-up failed');
      await recordJobFailure(this.ctx, REPORTS_QUEUE, String(row.id), err, 'report');
    }
  }

  /** A background report's creator hears of it when it is done (or not): the link opens the report's page. */
  private async notify(row: ReportRow, text: MessageText, severity: 1 | 3): Promise<void> {
    if (!row.background || row.createdBy === null) return;
    try {
      await this.notifications.notify([row.createdBy], {
        type: 'fileCompleted',
        message: englishText(text),
        message_key: text.key,
        message_params: text.params,
        severity,
        link_uri: reportLink(row.id),
      });
    } catch (err) {
      this.ctx.log.error({ err: safeError(err), reportId: row.id }, 'reports: notification failed');
    }
  }

  /** Makes every pending report older than `graceMs` (0: all), one after another; returns how many were made. */
  async runPending(graceMs = 0): Promise<number> {
    let n = 0;
    for (;;) {
      const ids = await pendingReportIds(this.ctx.db.orm, new Date(this.ctx.now().getTime() - graceMs));
      if (ids.length === 0) return n;
      for (const id of ids) if ((await this.run(id)) !== 'skipped') n++;
    }
  }

  /** Deletes expired reports (storage and rows) and fails reports a stopped process left running. */
  async cleanExpired(): Promise<{ deleted: number; stale: number }> {
    const db = this.ctx.db.orm;
    const now = this.ctx.now();
    const stale = await failStaleReports(db, new Date(now.getTime() - STALE_MS), now, 'The report did not finish (the process stopped)');
    let deleted = 0;
    for (;;) {
      const rows = await expiredReports(db, now);
      if (rows.length === 0) break;
      for (const r of rows) if (r.storageKey) await this.storage.remove(r.storageKey);
      await deleteReports(
        db,
        rows.map((r) => r.id),
      );
      deleted += rows.length;
    }
    return { deleted, stale };
  }
}

const typeName = (code: string) => reportTypeInfo(code)?.name ?? code;
