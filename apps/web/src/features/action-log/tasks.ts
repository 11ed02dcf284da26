import {
  ACTION_CASE_CATEGORIES,
  ACTION_CASE_TASKS,
  actionCaseReadTasks,
  actionCaseTasksOf,
  type ActionCaseCategory,
  type PermissionCode,
} from '@strata/shared';

/**
 * Who may open the log's pages and use its actions: the server's rules (apps/server/src/modules/action-log,
 * decision 018), from the shared catalogue. The UI hides, the server decides.
 */
/** The log's pages: any task of any category. */
export const ACTION_LOG_READ_TASKS: readonly PermissionCode[] = actionCaseTasksOf('read');
/** Opening a case: the edit-or-follow-up task of some category. */
export const ACTION_LOG_EDIT_TASKS: readonly PermissionCode[] = actionCaseTasksOf('edit');

export { ACTION_CASE_TASKS, actionCaseReadTasks };

/** The categories (tabs) whose cases a user with these permissions may read, in the spec's order. */
export function readableCategories(permissions: readonly string[]): ActionCaseCategory[] {
  return ACTION_CASE_CATEGORIES.filter((c) => actionCaseReadTasks(c).some((code) => permissions.includes(code)));
}

/** True when the user may open a case of the category. */
export function canOpenCase(permissions: readonly string[], category: ActionCaseCategory): boolean {
  return ACTION_CASE_TASKS[category].edit.some((code) => permissions.includes(code));
}
