/**
 * The approval steps of a full monitoring report (decision 040): submit, check, approve (publishes), return. Each step
 * is one transaction — the status moved from the status it was read in (else 409), its step row, its audit row and
 * its notifications — and approving writes the published file first: when the transaction fails the file is removed
 * and the report is as it was.
 */
import {
  MONITORING_REPORT_ACTION_LABELS,
  MONITORING_REPORT_MESSAGES,
  MONITORING_REPORT_STATUS,
  type MonitoringReportAction,
  type MonitoringReportStatus,
  type TMonitoringReport,
} from '@strata/shared';
import type { Actor, AppContext } from '../../../context.js';
import type { Tx } from '../../../db/client.js';
import { badRequest, conflict, HttpError, notFound } from '../../../lib/errors.js';
import { writeAudit } from '../../../platform/audit.js';
import { safeError } from '../../../platform/safe-error.js';
import { randomKey, type Storage } from '../../../platform/storage.js';
import { scopeOf } from '../../contracts/contracts.service.js';
import type { NotificationsService, NotifyTarget } from '../../notifications/notifications.service.js';
import { dayText } from '../types/common.js';
import { sha256Bytes } from './draft.js';
import { readVerified } from './integrity.js';
import { approvalHolders, findMonitoringReport, insertStep, stepsOf, transition, type MonitoringReportListRow } from './monitoring-reports.repository.js';
import { MONITORING_LINKS, monitoringNotice, reportLabel } from './notices.js';
import { publishedPdf } from './publish.js';
import { refusal, WORKFLOW } from './workflow.js';

const NOTICE: Record<MonitoringReportAction, { key: string; link: string }> = {
  submit: { key: 'submitted', link: MONITORING_LINKS.approval },
  check: { key: 'checked', link: MONITORING_LINKS.approval },
  approve: { key: 'published', link: MONITORING_LINKS.published },
  return: { key: 'returned', link: MONITORING_LINKS.list },
};

interface Published {
  key: string;
  sha256: string;
  size: number;
}

export class MonitoringWorkflow {
  constructor(
    private readonly ctx: AppContext,
    private readonly storage: Storage,
    private readonly notifications: NotificationsService,
    private readonly timezone: () => Promise<string>,
    private readonly present: (actor: Actor, id: number) => Promise<TMonitoringReport>,
  ) {}

  async act(actor: Actor, id: number, action: MonitoringReportAction, body: { comment: string }): Promise<TMonitoringReport> {
    const db = this.ctx.db.orm;
    const row = await findMonitoringReport(db, scopeOf(actor), id);
    if (!row) throw notFound('Report not found');
    const comment = body.comment.trim();
    if (action === 'return' && !comment) throw badRequest({ comment: MONITORING_REPORT_MESSAGES.returnNeedsComment });
    const refused = refusal(actor, row.r, action);
    if (refused) throw new HttpError(refused.code, refused.message);
    const rule = WORKFLOW[action];
    const now = this.ctx.now();
    const published = action === 'approve' ? await this.publish(actor, row, comment, now) : undefined;
    try {
      const deliver = await db.transaction(async (tx) => {
        const moved = await transition(tx, id, [row.r.status], {
          status: rule.to,
          // A report submitted again (after a return) is checked again.
          ...(action === 'submit' ? { checkedBy: null, checkedAt: null } : {}),
          ...(action === 'check' ? { checkedBy: actor.userId, checkedAt: now } : {}),
          ...(published
            ? { approvedBy: actor.userId, approvedAt: now, publishedKey: published.key, publishedSha256: published.sha256, size: published.size }
            : {}),
        });
        if (!moved) throw conflict('The report has changed meanwhile: open it again');
        await insertStep(tx, { monitoringReportId: id, action, fromStatus: row.r.status, toStatus: rule.to, comment, userId: actor.userId, createdAt: now });
        await writeAudit(tx, actor, {
          action: `monitoring-report.${action}`,
          entityType: 'monitoring_report',
          entityId: id,
          before: { status: row.r.status },
          after: { status: rule.to, comment, ...(published ? { published_sha256: published.sha256, size: published.size } : {}) },
        });
        const notice = monitoringNotice(
          NOTICE[action].key,
          { report: reportLabel(row.r), user: actor.fullname, ...(action === 'return' ? { comment } : {}) },
          NOTICE[action].link,
          action === 'return' ? 2 : 1,
        );
        return (await this.notifications.notifyIn(tx, await this.recipients(tx, action, row, actor), notice)).deliver;
      });
      await deliver().catch((err: unknown) => this.ctx.log.error({ err: safeError(err), monitoringReportId: id }, 'full monitoring: live notice failed'));
    } catch (err) {
      if (published) await this.storage.remove(published.key).catch(() => undefined);
      throw err;
    }
    return this.present(actor, id);
  }

  /** submit: the contract's approvers; check: the approvers but the checker and the preparer; approve: the preparer and the checker; return: the preparer. */
  private async recipients(tx: Tx, action: MonitoringReportAction, row: MonitoringReportListRow, actor: Actor): Promise<NotifyTarget> {
    const r = row.r;
    const people = (ids: (number | null)[]) => [...new Set(ids.filter((x): x is number => x !== null && x !== actor.userId))];
    switch (action) {
      case 'submit':
        return approvalHolders(tx, r.contractId, [actor.userId]);
      case 'check':
        return approvalHolders(tx, r.contractId, r.preparedBy === null ? [actor.userId] : [actor.userId, r.preparedBy]);
      case 'approve':
        return people([r.preparedBy, r.checkedBy]);
      case 'return':
        return people([r.preparedBy]);
    }
  }

  /** The published file, written to storage: the verified draft stamped, with its approval record page. */
  private async publish(actor: Actor, row: MonitoringReportListRow, comment: string, now: Date): Promise<Published> {
    const r = row.r;
    if (!r.draftKey || !r.contentSha256) throw conflict('The report has no draft');
    const draft = await readVerified(this.ctx, this.storage, r.id, r.draftKey, r.contentSha256);
    const steps = await stepsOf(this.ctx.db.orm, r.id);
    const label = (s: string) => MONITORING_REPORT_STATUS[s as MonitoringReportStatus] ?? s;
    const bytes = await publishedPdf(draft, {
      reportNo: r.reportNo,
      revision: r.revision,
      title: r.title,
      contract: `${row.contractNo} ${row.contractTitle}`,
      period: `${dayText(r.periodFrom)} – ${dayText(r.periodTo)}`,
      timezone: await this.timezone(),
      publishedAt: now,
      contentSha256: r.contentSha256,
      prepared: { name: row.preparedByName, at: r.createdAt },
      checked: { name: row.checkedByName, at: r.checkedAt },
      approved: { name: actor.fullname, at: now },
      steps: [
        ...steps.map((s) => ({
          at: s.s.createdAt,
          action: MONITORING_REPORT_ACTION_LABELS[s.s.action as MonitoringReportAction] ?? s.s.action,
          from: label(s.s.fromStatus),
          to: label(s.s.toStatus),
          by: s.userName,
          comment: s.s.comment,
        })),
        { at: now, action: MONITORING_REPORT_ACTION_LABELS.approve, from: label(r.status), to: label('published'), by: actor.fullname, comment },
      ],
    });
    const key = randomKey('monitoring-reports', 'pdf');
    await this.storage.write(key, bytes);
    return { key, sha256: sha256Bytes(bytes), size: bytes.length };
  }
}
