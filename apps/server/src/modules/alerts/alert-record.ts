/**
 * Alerts as records that people comment on (issue 9): category `alert`, ref_id = the alert id, scoped by the
 * alert's contract. The generic comments (topic `alert`) then work on alerts; QPS and QPD comments are comments with
 * topic `alert` and ref_data `QPS` / `QPD` (ALERT_QP_COMMENT_KINDS). Registered by app.ts on the app's RecordRefs.
 */
import { ALERT_COMMENT_TOPIC } from '@strata/shared';
import type { Executor } from '../../db/client.js';
import type { RecordResolver } from '../records/record-refs.js';
import { alertRecord, ALERT_RECORD_IDS } from './alerts.repository.js';

export const alertRecordResolver: RecordResolver = {
  category: ALERT_COMMENT_TOPIC,
  async find(db: Executor, scope, refId) {
    const row = await alertRecord(db, scope, refId);
    if (!row) return undefined;
    const title = `${row.name ?? 'Alert'} ${row.levelCode ?? row.kind} alert #${refId}`;
    return { contractId: row.contractId, title, path: `/alert-detail/${refId}`, managePermissions: ['UpdateBreachedStatus'] };
  },
  existing: ALERT_RECORD_IDS,
};
