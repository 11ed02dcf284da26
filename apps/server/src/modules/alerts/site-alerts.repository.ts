/**
 * A construction site's scenario-category alerts (/civil/construction-site): the instruments near the site, then the
 * alerts of the list's shape (`ALERT_SELECT`, `alertWhere`) whose instruments are among them. Scoped to the caller's
 * contracts like every alert query.
 */
import { and, sql, type SQL } from 'drizzle-orm';
import { rows, type Executor } from '../../db/client.js';
import { type ContractScope, scoped } from '../../db/scope.js';
import { pgArray } from '../../db/sql.js';
import { ALERT_SELECT, alertWhere, type AlertFilter, type AlertRow } from './alerts.repository.js';

export interface Box {
  minE: number;
  maxE: number;
  minN: number;
  maxN: number;
}

/** Instruments of the caller's contracts whose position lies in the box (the site's extent widened by the distance). */
export async function instrumentsInBox(db: Executor, scope: ContractScope, box: Box) {
  return rows<{ instrumentId: number; easting: number; northing: number }>(
    db,
    sql`select i.instrument_id as "instrumentId", i.easting, i.northing from instruments i
        where ${scoped(scope, 'i.contract_id', undefined)}
          and i.easting between ${box.minE} and ${box.maxE} and i.northing between ${box.minN} and ${box.maxN}`,
  );
}

/** An alert's instruments are among `ids`: the ones behind its latest trigger, or its scenario's (named or its groups' members). */
function concerns(ids: readonly number[]) {
  const any = sql`any(${pgArray(ids)}::int[])`;
  const jsonIds = (column: SQL) => sql`jsonb_array_elements_text(case when jsonb_typeof(${column}) = 'array' then ${column} else '[]'::jsonb end)`;
  return sql`(a.instrument_id = ${any}
    or exists (select 1 from ${jsonIds(sql`a.detail->'instrument_ids'`)} x(id) where x.id::int = ${any})
    or exists (select 1 from alert_scenarios s2 cross join ${jsonIds(sql`s2.rule->'instrument_ids'`)} x(id)
               where s2.scenario_id = a.scenario_id and x.id::int = ${any})
    or exists (select 1 from alert_scenarios s2 cross join ${jsonIds(sql`s2.rule->'group_ids'`)} g(id)
               join monitoring_groups mg on mg.group_id = g.id::int and mg.contract_id = s2.contract_id
               join monitoring_group_members m on m.group_id = mg.group_id
               where s2.scenario_id = a.scenario_id and m.instrument_id = ${any}))`;
}

/** The alerts of `f` (kinds, status, keyword) concerning the instruments `ids`, newest trigger first, and how many there are. */
export async function alertsConcerning(
  db: Executor,
  scope: ContractScope,
  ids: readonly number[],
  f: Pick<AlertFilter, 'kinds' | 'status' | 'keyword'>,
  page: { limit: number; skip: number },
): Promise<{ records: AlertRow[]; total: number }> {
  if (ids.length === 0) return { records: [], total: 0 };
  const w = and(alertWhere(scope, f), concerns(ids));
  const [records, [count]] = await Promise.all([
    rows<AlertRow>(db, sql`${ALERT_SELECT} where ${w} order by a.last_triggered_at desc, a.alert_id desc limit ${page.limit} offset ${page.skip}`),
    rows<{ n: number }>(db, sql`select count(*)::int as n from (${ALERT_SELECT} where ${w}) x`),
  ]);
  return { records, total: count?.n ?? 0 };
}
