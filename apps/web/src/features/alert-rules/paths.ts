/** The pages of alert rules (spec §2.4, §2.10), below the language prefix. */
export const TEMPLATES_PATH = '/master-data/scenarios';
export const GROUPS_PATH = '/dashboard/monitoring-group';
export const NEW_GROUP_PATH = '/dashboard/monitoring-group/new';
export const SCENARIOS_PATH = '/dashboard/user-scenarios';
export const NEW_SCENARIO_PATH = '/dashboard/alert-scenarios/new';

export function groupPath(groupId: number): string {
  return `${GROUPS_PATH}/${groupId}`;
}

/** A scenario's editor: our path beside the spec's `alert-scenarios/new` (decision 019). */
export function scenarioPath(scenarioId: number): string {
  return `/dashboard/alert-scenarios/${scenarioId}`;
}
