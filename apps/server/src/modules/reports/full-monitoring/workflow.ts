/**
 * The approval workflow of a full monitoring report (decision 040): who may take which step from which status, and the
 * separation of duties — the preparer may not check or approve, the checker may not approve (a return stands in for
 * the step of the status it is taken from, so it follows that step's rule).
 */
import {
  MONITORING_REPORT_ACTIONS,
  MONITORING_REPORT_MESSAGES,
  MONITORING_REPORT_STATUS,
  type MonitoringReportAction,
  type MonitoringReportStatus,
  type PermissionCode,
} from '@strata/shared';
import type { Actor } from '../../../context.js';

interface Rule {
  permission: PermissionCode;
  from: readonly MonitoringReportStatus[];
  to: MonitoringReportStatus;
}

export const WORKFLOW: Record<MonitoringReportAction, Rule> = {
  submit: { permission: 'GenerateFullMonitoringReport', from: ['prepared', 'returned'], to: 'checking' },
  check: { permission: 'ReportApproval', from: ['checking'], to: 'approving' },
  approve: { permission: 'ReportApproval', from: ['approving'], to: 'published' },
  return: { permission: 'ReportApproval', from: ['checking', 'approving'], to: 'returned' },
};

/** A revision of a number in one of these statuses stops the number being generated again. */
export const IN_PROGRESS: readonly MonitoringReportStatus[] = ['generating', 'prepared', 'checking', 'approving'];
/** An earlier revision in one of these is superseded when the number is generated again. */
export const SUPERSEDED_BY_NEXT: readonly MonitoringReportStatus[] = ['returned', 'failed'];

export interface WorkflowState {
  status: MonitoringReportStatus;
  preparedBy: number | null;
  checkedBy: number | null;
}

export type Refusal = { code: 403 | 409; message: string } | null;

/** Why the actor may not take the step now (403 not theirs, 409 not in a status it is taken from), or null. */
export function refusal(actor: Pick<Actor, 'userId' | 'permissions'>, r: WorkflowState, action: MonitoringReportAction): Refusal {
  const rule = WORKFLOW[action];
  if (!actor.permissions.has(rule.permission)) return { code: 403, message: 'You may not take this step' };
  if (!rule.from.includes(r.status)) {
    return { code: 409, message: `The report is ${MONITORING_REPORT_STATUS[r.status]}: it cannot be ${PAST[action]} now` };
  }
  const isPreparer = r.preparedBy === actor.userId;
  const isChecker = r.checkedBy === actor.userId;
  const checking = action === 'check' || (action === 'return' && r.status === 'checking');
  const approving = action === 'approve' || (action === 'return' && r.status === 'approving');
  if ((checking && isPreparer) || (approving && (isPreparer || isChecker))) return { code: 403, message: MONITORING_REPORT_MESSAGES.notYourStep };
  return null;
}

const PAST: Record<MonitoringReportAction, string> = { submit: 'submitted', check: 'checked', approve: 'approved', return: 'returned' };

/** The steps the actor may take now. */
export const allowedActions = (actor: Pick<Actor, 'userId' | 'permissions'>, r: WorkflowState): MonitoringReportAction[] =>
  MONITORING_REPORT_ACTIONS.filter((a) => refusal(actor, r, a) === null);
