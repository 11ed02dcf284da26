/**
 * A case of the Log of Actions Taken as a record that photos and documents hang on (category `case`, ref_id = case id;
 * decision 018): scoped by the case's contract, seen by holders of a task of its category, files attached and
 * managed by holders of its edit task, and read-only once the case is closed. Registered by app.ts on the app's
 * RecordRefs. No `listing`: case files stay out of the map file search.
 */
import { ACTION_CASE_RECORD_CATEGORY, ACTION_CASE_TASKS, actionCaseReadTasks, type ActionCaseCategory } from '@strata/shared';
import type { RecordResolver } from '../records/record-refs.js';
import { CASE_RECORD_IDS, caseRecord } from './action-log.repository.js';

/** The web page of a case. */
export const caseDetailPath = (caseId: number) => `/alert/action-detail/${caseId}`;

export const actionCaseRecordResolver: RecordResolver = {
  category: ACTION_CASE_RECORD_CATEGORY,
  async find(db, scope, refId) {
    const row = await caseRecord(db, scope, refId);
    if (!row) return undefined;
    const category = row.category as ActionCaseCategory;
    const edit = ACTION_CASE_TASKS[category].edit;
    return {
      contractId: row.contractId,
      title: `Case #${refId}: ${row.title}`,
      path: caseDetailPath(refId),
      managePermissions: edit,
      attachPermissions: edit,
      viewPermissions: actionCaseReadTasks(category),
      readOnly: row.status !== 'open',
    };
  },
  existing: CASE_RECORD_IDS,
};
