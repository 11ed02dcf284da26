/**
 * Alerts as records that people comment on (issue 9): category `alert`, ref_id = the alert id, scoped by the
 * alert's contract. The generic comments (topic `alert`) then work on alerts; QPS and QPD comments are comments with
 * topic `alert` and ref_data `QPS` / `QPD` (ALERT_QP_COMMENT_KINDS). Registered by app.ts on the app's RecordRefs.
 */
import { ALERT_COMMENT_TOPIC } from '@strata/shared';
import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import type { RecordResolver } from '../records/record-refs.js';
import { scoped } from './alerts.repository.js';

export const alertRecordResolver: RecordResolver = {
  category: ALERT_COMMENT_TOPIC,
  async find(db: Executor, scope, refId) {
    const r = await db.execute(
      sql`select a.contract_id as "contractId", a.kind, a.level_code as "levelCode", coalesce(i.name, g.name, sc.name) as name
          from alerts a
          left join instruments i on i.instrument_id = a.instrument_id
          left join monitoring_groups g on g.group_id = a.group_id
          left join alert_scenarios sc on sc.scenario_id = a.scenario_id
          where a.alert_id = ${refId} and ${scoped(scope, 'a.contract_id', undefined)}`,
    );
    const [row] = (r as unknown as { rows: { contractId: number; kind: string; levelCode: string | null; name: string | null }[] }).rows;
    if (!row) return undefined;
    const title = `${row.name ?? 'Alert'} ${row.levelCode ?? row.kind} alert #${refId}`;
    return { contractId: row.contractId, title, path: `/alert-detail/${refId}`, managePermissions: ['UpdateBreachedStatus'] };
  },
  existing: sql`select alert_id as ref_id from alerts`,
};
