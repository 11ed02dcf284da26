/** The alert pages (spec §2.6), below the language prefix. */
export const ALERT_LANDING_PATH = '/alert';
export const BREACHED_PATH = '/alert/breached';
export const INSTRUMENT_STATUS_PATH = '/alert/instrument-status';
export const PROJECT_RISKS_PATH = '/alert/project-risks';
export const INSTRUMENT_ALERTS_PATH = '/alerts/instruments';
export const MISSING_READINGS_PATH = '/alerts/missing-readings';
export const MONITORING_GROUP_ALERTS_PATH = '/alerts/monitoring-group';
export const SCENARIO_ALERTS_PATH = '/alerts/scenario-based';
/** The Log of Actions Taken (another feature's page; its landing tile shows when that page is registered). */
export const ACTION_LOG_PATH = '/alert/action';

/** `/alert/action/new?alert_id=…`: opening a case of the Log of Actions Taken for an alert (another feature's page). */
export function newCasePath(alertId: number): string {
  return `${ACTION_LOG_PATH}/new?alert_id=${alertId}`;
}

/** `/alert-detail/{id}`: one alert. */
export function alertDetailPath(alertId: number): string {
  return `/alert-detail/${alertId}`;
}

/** `/alerts/{type}`: Monitoring Alerts of one kind (or `all`). */
export function monitoringAlertsPath(type: string): string {
  return `/alerts/${type}`;
}

/**
 * An instrument's page in the work space (spec §2.3). Written here rather than imported: features do not import
 * each other, and the path is the spec's.
 */
export function workspaceInstrumentPath(instrumentId: number): string {
  return `/dashboard/search/instrument/${instrumentId}`;
}
