import type { PermissionCode } from '@strata/shared';

/**
 * Who may open the alert-rule pages: the tasks the spec gives them (§2.4, §2.10), which are also what the server
 * asks to write (apps/server/src/modules/alerts/alert-rules.routes.ts). The UI hides, the server decides.
 */
/** Alert Templates (/master-data/scenarios): Admin's Manage Scenarios. */
export const TEMPLATE_TASKS: readonly PermissionCode[] = ['ManageScenarios'];
/** Monitoring groups: Mapping Features' Manage Monitoring Group. */
export const GROUP_TASKS: readonly PermissionCode[] = ['ManageMonitoringGroup'];
/** Alert Scenarios: Scenario-Based Alert's create or edit task. */
export const SCENARIO_TASKS: readonly PermissionCode[] = ['CreateorEditScenarioBasedAlert'];
