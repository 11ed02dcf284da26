import type { AlertKind, PermissionCode } from '@strata/shared';

/**
 * Who may open the alert pages: the permissions the server asks for on the calls each page makes
 * (apps/server/src/modules/alerts/alerts.routes.ts; decisions 016 and 017). The UI hides, the server decides.
 */
/** Reading alerts — lists, breached instruments, one alert, the landing's counts: Manage Alert's task, or a viewer of breached status or scenario-based alerts. */
export const ALERT_VIEW_TASKS: readonly PermissionCode[] = ['SearchorViewAlertMessage', 'ViewBreachedStatus', 'ViewScenarioBasedAlert'];
/** Every instrument's status. */
export const STATUS_TASKS: readonly PermissionCode[] = ['ViewBreachedStatus', 'SearchorViewAlertMessage'];
/** The project risk rating: alert readers and the management dashboard's viewers. */
export const RISK_TASKS: readonly PermissionCode[] = [...ALERT_VIEW_TASKS, 'ViewManagementDashboard'];
/** Closing an alert of any kind (the route action's filter; `closeTasksOf` narrows by kind). */
export const ALERT_CLOSE_TASKS: readonly PermissionCode[] = ['UpdateBreachedStatus', 'CloseBreachedInstrumentCases', 'CloseTriggeredScenarioBasedAlertCases'];

/** Closing an alert: Update Breached Status, or the Log of Actions Taken's close task of its case category. */
export function closeTasksOf(kind: AlertKind): readonly PermissionCode[] {
  return kind === 'group' || kind === 'scenario' || kind === 'user' || kind === 'contract'
    ? ['UpdateBreachedStatus', 'CloseTriggeredScenarioBasedAlertCases']
    : ['UpdateBreachedStatus', 'CloseBreachedInstrumentCases'];
}

/** The Log of Actions Taken tile's page (another feature) is opened with one of these. */
const ACTION_LOG_TASKS: readonly PermissionCode[] = [
  'VieworDownloadBreachedInstrumentCases',
  'VieworDownloadTriggeredScenarioBasedAlertCases',
  'VieworDownloadDamagedInstrumentCases',
];
/** The landing: anyone who may open one of its tiles' pages. */
export const ALERT_LANDING_TASKS: readonly PermissionCode[] = [...new Set([...ALERT_VIEW_TASKS, ...ACTION_LOG_TASKS])];
