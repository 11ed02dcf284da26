import type { ActionCaseCategory } from '@strata/shared';

/** The Log of Actions Taken's pages (spec §2.6), below the language prefix. */
export const ACTION_LOG_PATH = '/alert/action';
/** `/alert/action/new?alert_id=…` or `?instrument_id=…`: open a case (the alert page may link here). */
export const NEW_CASE_PATH = '/alert/action/new';
export const INVESTIGATION_PATH = '/alerts/investigation';

/** `/alert/action/{category}`: one tab of the log. */
export function actionLogPath(category: ActionCaseCategory): string {
  return `${ACTION_LOG_PATH}/${category}`;
}

/** `/alert/action-detail/{id}`: one case. */
export function caseDetailPath(caseId: number): string {
  return `/alert/action-detail/${caseId}`;
}

/** Opening a case for an alert or a damaged instrument. */
export function newCasePath(target: { alertId: number } | { instrumentId: number }): string {
  return 'alertId' in target ? `${NEW_CASE_PATH}?alert_id=${target.alertId}` : `${NEW_CASE_PATH}?instrument_id=${target.instrumentId}`;
}

/**
 * An alert's page (another feature's, spec §2.6) and an instrument's page in the work space (§2.3). Written here
 * rather than imported: features do not import each other, and the paths are the spec's.
 */
export function alertPagePath(alertId: number): string {
  return `/alert-detail/${alertId}`;
}

export function instrumentPagePath(instrumentId: number): string {
  return `/dashboard/search/instrument/${instrumentId}`;
}
