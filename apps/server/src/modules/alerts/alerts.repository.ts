/**
 * The alerts API's reads and the closing write (issue 9). Every query is scoped to the caller's contracts
 * (`inScope`) and, when the request names contracts, to those.
 */
import { and, sql, type SQL } from 'drizzle-orm';
import { rows, type Executor } from '../../db/client.js';
import { likeEscape } from '../../lib/filters.js';
import { type ContractScope, scoped } from '../../db/scope.js';
import { pgArray } from '../../db/sql.js';

/**
 * An instrument's current level (DOMAIN: "the most severe level its latest reading passes", the work space's rule):
 * the most severe level whose threshold the latest reading of one of its series passes. `columns` of alert_levels `l`.
 */
export function levelNowSql(instrumentId: SQL, columns: SQL): SQL {
  return sql`select ${columns} from reading_series s join reading_latest rl on rl.series_id = s.series_id
    join thresholds t on t.instrument_id = s.instrument_id and t.reading_code_id = s.reading_code_id
    join alert_levels l on l.level_id = t.level_id
    where s.instrument_id = ${instrumentId} and ((t.upper is not null and rl.value > t.upper) or (t.lower is not null and rl.value < t.lower))
    order by l.severity desc, l.sort_order desc, l.code limit 1`;
}

export interface AlertRow {
  alertId: number;
  contractId: number;
  contractNo: string;
  kind: string;
  status: string;
  levelCode: string | null;
  levelName: string | null;
  levelColor: string | null;
  levelSeverity: number | null;
  instrumentId: number | null;
  instrumentName: string | null;
  typeCode: string | null;
  typeName: string | null;
  seriesId: number | null;
  readingCode: string | null;
  depth: number | null;
  unit: string | null;
  groupId: number | null;
  groupName: string | null;
  scenarioId: number | null;
  scenarioName: string | null;
  openedAt: Date;
  lastTriggeredAt: Date;
  readingAt: Date | null;
  firstValue: number | null;
  latestValue: number | null;
  peakValue: number | null;
  triggerCount: number;
  detail: Record<string, unknown> | null;
  closedAt: Date | null;
  closedBy: string | null;
  closeReason: string | null;
}

const SELECT = sql`select a.alert_id as "alertId", a.contract_id as "contractId", c.no as "contractNo", a.kind, a.status,
       a.level_code as "levelCode", l.name as "levelName", l.color as "levelColor", l.severity as "levelSeverity",
       a.instrument_id as "instrumentId", i.name as "instrumentName", ty.code as "typeCode", ty.name as "typeName",
       a.series_id as "seriesId", rc.code as "readingCode", s.depth, rc.unit,
       a.group_id as "groupId", g.name as "groupName", a.scenario_id as "scenarioId", sc.name as "scenarioName",
       a.opened_at as "openedAt", a.last_triggered_at as "lastTriggeredAt", a.reading_at as "readingAt",
       a.first_value as "firstValue", a.latest_value as "latestValue", a.peak_value as "peakValue", a.trigger_count as "triggerCount",
       a.detail, a.closed_at as "closedAt", cu.fullname as "closedBy", a.close_reason as "closeReason"
  from alerts a
  join contracts c on c.contract_id = a.contract_id
  left join alert_levels l on l.code = a.level_code
  left join instruments i on i.instrument_id = a.instrument_id
  left join instrument_types ty on ty.type_id = i.type_id
  left join reading_series s on s.series_id = a.series_id
  left join reading_codes rc on rc.reading_code_id = s.reading_code_id
  left join monitoring_groups g on g.group_id = a.group_id
  left join alert_scenarios sc on sc.scenario_id = a.scenario_id
  left join users cu on cu.user_id = a.closed_by`;

export interface AlertFilter {
  contracts?: number[] | undefined;
  kinds?: string[] | undefined;
  level?: string | undefined;
  status?: string | undefined;
  keyword?: string | undefined;
  instrumentId?: number | undefined;
  groupId?: number | undefined;
  scenarioId?: number | undefined;
  from?: Date | undefined;
  to?: Date | undefined;
  toInclusive?: boolean;
}

function where(scope: ContractScope, f: AlertFilter): SQL {
  const kw = f.keyword ? `%${likeEscape(f.keyword)}%` : undefined;
  return and(
    scoped(scope, 'a.contract_id', f.contracts),
    f.kinds?.length ? sql`a.kind = any(${pgArray(f.kinds)}::text[])` : undefined,
    f.level ? sql`a.level_code = ${f.level.toUpperCase()}` : undefined,
    f.status ? sql`a.status = ${f.status}` : undefined,
    f.instrumentId ? sql`a.instrument_id = ${f.instrumentId}` : undefined,
    f.groupId ? sql`a.group_id = ${f.groupId}` : undefined,
    f.scenarioId ? sql`a.scenario_id = ${f.scenarioId}` : undefined,
    f.from ? sql`a.last_triggered_at >= ${f.from.toISOString()}::timestamptz` : undefined,
    f.to
      ? f.toInclusive
        ? sql`a.last_triggered_at <= ${f.to.toISOString()}::timestamptz`
        : sql`a.last_triggered_at < ${f.to.toISOString()}::timestamptz`
      : undefined,
    kw
      ? sql`(i.name ilike ${kw} or rc.code ilike ${kw} or g.name ilike ${kw} or sc.name ilike ${kw} or c.no ilike ${kw} or a.kind ilike ${kw} or a.level_code ilike ${kw})`
      : undefined,
  )!;
}

/** The alerts list's select and filter, for this module's other lists of alerts (a construction site's). */
export { SELECT as ALERT_SELECT, where as alertWhere };

export async function listAlerts(db: Executor, scope: ContractScope, f: AlertFilter, page: { limit: number; skip: number }) {
  const w = where(scope, f);
  const [records, [count]] = await Promise.all([
    rows<AlertRow>(db, sql`${SELECT} where ${w} order by a.last_triggered_at desc, a.alert_id desc limit ${page.limit} offset ${page.skip}`),
    rows<{ n: number }>(
      db,
      sql`select count(*)::int as n from alerts a join contracts c on c.contract_id = a.contract_id
          left join instruments i on i.instrument_id = a.instrument_id left join reading_series s on s.series_id = a.series_id
          left join reading_codes rc on rc.reading_code_id = s.reading_code_id left join monitoring_groups g on g.group_id = a.group_id
          left join alert_scenarios sc on sc.scenario_id = a.scenario_id where ${w}`,
    ),
  ]);
  return { records, total: count?.n ?? 0 };
}

export async function findAlert(db: Executor, scope: ContractScope, id: number): Promise<AlertRow | undefined> {
  const [row] = await rows<AlertRow>(db, sql`${SELECT} where a.alert_id = ${id} and ${scoped(scope, 'a.contract_id', undefined)}`);
  return row;
}

export async function openCountsByKind(db: Executor, scope: ContractScope, contracts: number[] | undefined) {
  return rows<{ kind: string; n: number }>(
    db,
    sql`select a.kind, count(*)::int as n from alerts a where a.status = 'open' and ${scoped(scope, 'a.contract_id', contracts)} group by a.kind`,
  );
}

export async function openBreachedByLevel(db: Executor, scope: ContractScope, contracts: number[] | undefined) {
  return rows<{ code: string; name: string; color: string; severity: number; n: number }>(
    db,
    sql`select l.code, l.name, l.color, l.severity, count(a.alert_id)::int as n
        from alert_levels l
        left join alerts a on a.level_code = l.code and a.kind = 'breached' and a.status = 'open' and ${scoped(scope, 'a.contract_id', contracts)}
        group by l.level_id order by l.severity, l.sort_order, l.code`,
  );
}

export interface BreachedRow {
  instrumentId: number;
  name: string;
  typeCode: string;
  typeName: string;
  contractId: number;
  contractNo: string;
  easting: number;
  northing: number;
  levelCode: string;
  levelColor: string;
  severity: number;
  alertId: number;
  readingCode: string;
  unit: string;
  latestValue: number | null;
  peakValue: number | null;
  readingAt: Date | null;
  openedAt: Date;
  lastTriggeredAt: Date;
  openAlerts: number;
}

/** Instruments with an open breached alert at `level`: the newest such alert of each, and how many it has open. */
export async function breachedInstruments(
  db: Executor,
  scope: ContractScope,
  f: { level: string; contracts?: number[] | undefined; keyword?: string | undefined; limit: number; skip: number },
) {
  const kw = f.keyword ? `%${likeEscape(f.keyword)}%` : undefined;
  const w = and(
    sql`a.kind = 'breached' and a.status = 'open' and a.level_code = ${f.level.toUpperCase()}`,
    scoped(scope, 'a.contract_id', f.contracts),
    kw ? sql`(i.name ilike ${kw} or ty.code ilike ${kw} or c.no ilike ${kw})` : undefined,
  );
  const base = sql`select distinct on (a.instrument_id) a.instrument_id as "instrumentId", i.name, ty.code as "typeCode", ty.name as "typeName",
         a.contract_id as "contractId", c.no as "contractNo", i.easting, i.northing, a.level_code as "levelCode", l.color as "levelColor",
         l.severity, a.alert_id as "alertId", rc.code as "readingCode", rc.unit, a.latest_value as "latestValue", a.peak_value as "peakValue",
         a.reading_at as "readingAt", a.opened_at as "openedAt", a.last_triggered_at as "lastTriggeredAt",
         count(*) over (partition by a.instrument_id)::int as "openAlerts"
    from alerts a
    join contracts c on c.contract_id = a.contract_id
    join instruments i on i.instrument_id = a.instrument_id
    join instrument_types ty on ty.type_id = i.type_id
    join alert_levels l on l.code = a.level_code
    join reading_series s on s.series_id = a.series_id
    join reading_codes rc on rc.reading_code_id = s.reading_code_id
    where ${w}
    order by a.instrument_id, a.last_triggered_at desc, a.alert_id desc`;
  const [records, [count]] = await Promise.all([
    rows<BreachedRow>(db, sql`select * from (${base}) x order by lower(x.name), x."instrumentId" limit ${f.limit} offset ${f.skip}`),
    rows<{ n: number }>(db, sql`select count(*)::int as n from (${base}) x`),
  ]);
  return { records, total: count?.n ?? 0 };
}

export async function breachedInstrumentsByLevel(db: Executor, scope: ContractScope, contracts: number[] | undefined) {
  return rows<{ code: string; name: string; color: string; severity: number; n: number }>(
    db,
    sql`select l.code, l.name, l.color, l.severity, count(distinct a.instrument_id)::int as n
        from alert_levels l
        left join alerts a on a.level_code = l.code and a.kind = 'breached' and a.status = 'open' and ${scoped(scope, 'a.contract_id', contracts)}
        group by l.level_id order by l.severity, l.sort_order, l.code`,
  );
}

export interface EventRow {
  eventId: number;
  at: Date;
  type: 'opened' | 'updated' | 'escalated' | 'closed';
  levelCode: string | null;
  value: number | null;
  readingAt: Date | null;
  lastReadingAt: Date | null;
  triggers: number | null;
  byName: string | null;
  note: string | null;
}

export async function eventsOf(db: Executor, alertId: number): Promise<EventRow[]> {
  return rows<EventRow>(
    db,
    sql`select e.event_id as "eventId", e.at, e.type, e.level_code as "levelCode", e.value, e.reading_at as "readingAt",
               e.last_reading_at as "lastReadingAt", e.triggers, u.fullname as "byName", e.note
        from alert_events e left join users u on u.user_id = e.by_user
        where e.alert_id = ${alertId} order by e.event_id`,
  );
}

export interface InstrumentFacts {
  instrumentId: number;
  name: string;
  typeCode: string;
  typeName: string;
  contractId: number;
  contractNo: string;
  zoneName: string | null;
  easting: number;
  northing: number;
  status: string;
  frequency: string | null;
}

export async function instrumentFacts(db: Executor, instrumentId: number): Promise<InstrumentFacts | undefined> {
  const [row] = await rows<InstrumentFacts>(
    db,
    sql`select i.instrument_id as "instrumentId", i.name, ty.code as "typeCode", ty.name as "typeName", i.contract_id as "contractId",
               c.no as "contractNo", z.name as "zoneName", i.easting, i.northing, i.status, i.frequency
        from instruments i join instrument_types ty on ty.type_id = i.type_id join contracts c on c.contract_id = i.contract_id
        left join zones z on z.zone_id = i.zone_id where i.instrument_id = ${instrumentId}`,
  );
  return row;
}

export async function thresholdsOfSeries(db: Executor, seriesId: number) {
  return rows<{ readingCode: string; levelCode: string; levelName: string; color: string; severity: number; upper: number | null; lower: number | null }>(
    db,
    sql`select rc.code as "readingCode", l.code as "levelCode", l.name as "levelName", l.color, l.severity, t.upper, t.lower
        from reading_series s
        join thresholds t on t.instrument_id = s.instrument_id and t.reading_code_id = s.reading_code_id
        join reading_codes rc on rc.reading_code_id = t.reading_code_id
        join alert_levels l on l.level_id = t.level_id
        where s.series_id = ${seriesId} order by l.severity, l.sort_order`,
  );
}

/** Instruments (of the alert's contract) with their current level: the members behind a group or scenario alert. */
export async function membersOf(db: Executor, contractId: number, ids: readonly number[]) {
  if (ids.length === 0) return [];
  return rows<{ instrumentId: number; name: string; levelCode: string | null }>(
    db,
    sql`select i.instrument_id as "instrumentId", i.name,
               (${levelNowSql(sql`i.instrument_id`, sql`l.code`)}) as "levelCode"
        from instruments i where i.contract_id = ${contractId} and i.instrument_id = any(${pgArray(ids)}::int[]) order by lower(i.name)`,
  );
}

/** Closes an open alert; false when it was not open (closed meanwhile). */
export async function closeAlert(tx: Executor, alertId: number, userId: number, reason: string, at: Date): Promise<boolean> {
  const found = await rows<{ id: number }>(
    tx,
    sql`update alerts set status = 'closed', closed_at = ${at.toISOString()}::timestamptz, closed_by = ${userId}, close_reason = ${reason}
        where alert_id = ${alertId} and status = 'open' returning alert_id as id`,
  );
  if (found.length === 0) return false;
  await tx.execute(
    sql`insert into alert_events (alert_id, at, type, level_code, value, reading_at, by_user, note)
        select alert_id, ${at.toISOString()}::timestamptz, 'closed', level_code, latest_value, reading_at, ${userId}, ${reason} from alerts where alert_id = ${alertId}`,
  );
  return true;
}

// ---- instrument status ----

export interface StatusRow {
  instrumentId: number;
  name: string;
  typeCode: string;
  typeName: string;
  contractId: number;
  contractNo: string;
  zoneName: string | null;
  easting: number;
  northing: number;
  status: string;
  levelCode: string | null;
  levelColor: string | null;
  severity: number | null;
  lastReadingAt: Date | null;
  openAlerts: number;
}

export async function instrumentStatuses(
  db: Executor,
  scope: ContractScope,
  f: { contracts?: number[] | undefined; level?: string | undefined; keyword?: string | undefined; type?: string | undefined; limit: number; skip: number },
) {
  const kw = f.keyword ? `%${likeEscape(f.keyword)}%` : undefined;
  const base = sql`select i.instrument_id as "instrumentId", i.name, ty.code as "typeCode", ty.name as "typeName", i.contract_id as "contractId",
         c.no as "contractNo", z.name as "zoneName", i.easting, i.northing, i.status,
         lv.code as "levelCode", lv.color as "levelColor", lv.severity,
         (select max(rl.taken_at) from reading_series s join reading_latest rl on rl.series_id = s.series_id where s.instrument_id = i.instrument_id) as "lastReadingAt",
         (select count(*)::int from alerts a where a.instrument_id = i.instrument_id and a.status = 'open') as "openAlerts"
    from instruments i
    join instrument_types ty on ty.type_id = i.type_id
    join contracts c on c.contract_id = i.contract_id
    left join zones z on z.zone_id = i.zone_id
    left join lateral (${levelNowSql(sql`i.instrument_id`, sql`l.code, l.color, l.severity`)}) lv on true
    where ${and(
      scoped(scope, 'i.contract_id', f.contracts),
      kw ? sql`(i.name ilike ${kw} or ty.code ilike ${kw} or c.no ilike ${kw})` : undefined,
      f.level === undefined ? undefined : f.level.toLowerCase() === 'none' ? sql`lv.code is null` : sql`lv.code = ${f.level.toUpperCase()}`,
      f.type === undefined ? undefined : sql`lower(ty.code) = ${f.type.toLowerCase()}`,
    )}`;
  const [records, [count]] = await Promise.all([
    rows<StatusRow>(db, sql`${base} order by lv.severity desc nulls last, c.no, lower(i.name), i.instrument_id limit ${f.limit} offset ${f.skip}`),
    rows<{ n: number }>(db, sql`select count(*)::int as n from (${base}) x`),
  ]);
  return { records, total: count?.n ?? 0 };
}

// ---- project risks ----

export interface RiskAlertRow {
  contractId: number;
  zoneId: number | null;
  levelCode: string | null;
  openedAt: Date;
  closedAt: Date | null;
}

/** Alerts open at some point since `since` (for the scores now and the daily trend). */
export async function riskAlerts(db: Executor, scope: ContractScope, contracts: number[] | undefined, since: Date): Promise<RiskAlertRow[]> {
  return rows<RiskAlertRow>(
    db,
    sql`select a.contract_id as "contractId", i.zone_id as "zoneId", a.level_code as "levelCode", a.opened_at as "openedAt", a.closed_at as "closedAt"
        from alerts a left join instruments i on i.instrument_id = a.instrument_id
        where ${scoped(scope, 'a.contract_id', contracts)} and (a.status = 'open' or a.closed_at >= ${since.toISOString()}::timestamptz)`,
  );
}

export async function riskUnits(db: Executor, scope: ContractScope, contracts: number[] | undefined) {
  return rows<{ contractId: number; contractNo: string; title: string; zoneId: number | null; zoneName: string | null }>(
    db,
    sql`select c.contract_id as "contractId", c.no as "contractNo", c.title, z.zone_id as "zoneId", z.name as "zoneName"
        from contracts c left join zones z on z.contract_id = c.contract_id
        where ${scoped(scope, 'c.contract_id', contracts)} order by c.no, z.name nulls first`,
  );
}

/** An alert as a record (`alert-record.ts`): its contract, kind, level and the name of what it is about; undefined outside the scope. */
export async function alertRecord(db: Executor, scope: ContractScope, id: number) {
  const [row] = await rows<{ contractId: number; kind: string; levelCode: string | null; name: string | null }>(
    db,
    sql`select a.contract_id as "contractId", a.kind, a.level_code as "levelCode", coalesce(i.name, g.name, sc.name) as name
        from alerts a
        left join instruments i on i.instrument_id = a.instrument_id
        left join monitoring_groups g on g.group_id = a.group_id
        left join alert_scenarios sc on sc.scenario_id = a.scenario_id
        where a.alert_id = ${id} and ${scoped(scope, 'a.contract_id', undefined)}`,
  );
  return row;
}

/** The ids of every alert, as the column `ref_id` (`RecordResolver.existing`). */
export const ALERT_RECORD_IDS = sql`select alert_id as ref_id from alerts`;
