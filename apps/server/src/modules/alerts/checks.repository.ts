/**
 * What the alert evaluator reads beyond readings and alerts (issue 9): missing-reading candidates, the rebaseline
 * check's state, the monitoring groups and scenarios with their coverage, template parameters and the people told.
 */
import { USER_TYPE } from '@strata/shared';
import { sql } from 'drizzle-orm';
import { rows, type Executor } from '../../db/client.js';
import { pgArray } from '../../db/sql.js';

const BATCH = 500;

// ---- missing readings, rebaseline ----

export interface MissingCandidate {
  instrumentId: number;
  contractId: number;
  frequency: string;
  lastAt: number;
}

/** Active instruments with a frequency and at least one reading: the time of their newest reading. */
export async function missingCandidates(db: Executor): Promise<MissingCandidate[]> {
  const found = await rows<MissingCandidate>(
    db,
    sql`select i.instrument_id as "instrumentId", i.contract_id as "contractId", i.frequency,
               floor(extract(epoch from max(l.taken_at)) * 1000)::float8 as "lastAt"
        from instruments i
        join reading_series s on s.instrument_id = i.instrument_id
        join reading_latest l on l.series_id = s.series_id
        where i.status = 'active' and i.frequency is not null
        group by i.instrument_id`,
  );
  return found.map((r) => ({ ...r, lastAt: Number(r.lastAt) }));
}

export interface BaselineState {
  instrumentId: number;
  contractId: number;
  baselineAt: Date | null;
  hash: string;
  seen: boolean;
  seenBaselineAt: Date | null;
  seenHash: string | null;
}

export async function baselineStates(db: Executor): Promise<BaselineState[]> {
  return rows<BaselineState>(
    db,
    sql`select i.instrument_id as "instrumentId", i.contract_id as "contractId", i.baseline_at as "baselineAt",
               coalesce(md5(string_agg(t.reading_code_id || ':' || t.level_id || ':' || coalesce(t.upper::text, '') || ':' || coalesce(t.lower::text, ''),
                                       ',' order by t.reading_code_id, t.level_id)), '') as hash,
               (s.instrument_id is not null) as seen, s.baseline_at as "seenBaselineAt", s.thresholds_hash as "seenHash"
        from instruments i
        left join thresholds t on t.instrument_id = i.instrument_id
        left join alert_instrument_state s on s.instrument_id = i.instrument_id
        group by i.instrument_id, s.instrument_id`,
  );
}

export async function saveBaselineStates(
  tx: Executor,
  rows: readonly { instrumentId: number; baselineAt: Date | null; hash: string }[],
  at: Date,
): Promise<void> {
  for (let i = 0; i < rows.length; i += BATCH) {
    const part = rows.slice(i, i + BATCH);
    await tx.execute(
      sql`insert into alert_instrument_state (instrument_id, baseline_at, thresholds_hash, checked_at)
          select u.id, u.b, u.h, ${at.toISOString()}::timestamptz
          from unnest(${pgArray(part.map((r) => r.instrumentId))}::int[], ${pgArray(part.map((r) => r.baselineAt))}::timestamptz[],
                      ${pgArray(part.map((r) => r.hash))}::text[]) as u(id, b, h)
          on conflict (instrument_id) do update set baseline_at = excluded.baseline_at, thresholds_hash = excluded.thresholds_hash,
                                                    checked_at = excluded.checked_at`,
    );
  }
}

// ---- monitoring groups and scenarios ----

export interface RuleOwner {
  kind: 'group' | 'scenario' | 'user' | 'contract';
  id: number;
  contractId: number;
  name: string;
  rule: unknown;
  createdBy: number | null;
  /** Covered instruments (for `contract` scenarios: every instrument of the contract). */
  instrumentIds: number[];
}

/** Active groups with a rule and active scenarios covering any of these instruments, with their coverage. */
export async function ruleOwnersOf(db: Executor, instrumentIds: readonly number[] | 'all'): Promise<RuleOwner[]> {
  const touched = instrumentIds === 'all' ? sql`true` : sql`m.instrument_id = any(${pgArray(instrumentIds)}::int[])`;
  const groups = await rows<Omit<RuleOwner, 'kind'>>(
    db,
    sql`select g.group_id as id, g.contract_id as "contractId", g.name, g.rule, g.created_by as "createdBy",
               array(select m2.instrument_id from monitoring_group_members m2 where m2.group_id = g.group_id order by 1) as "instrumentIds"
        from monitoring_groups g
        where g.active and g.rule is not null
          and exists (select 1 from monitoring_group_members m where m.group_id = g.group_id and ${touched})`,
  );
  const scenarioTouched =
    instrumentIds === 'all'
      ? sql`true`
      : sql`(sc.kind = 'contract' and exists (select 1 from instruments i where i.contract_id = sc.contract_id and i.instrument_id = any(${pgArray(instrumentIds)}::int[])))
             or exists (select 1 from jsonb_array_elements_text(sc.rule->'instrument_ids') x where x::int = any(${pgArray(instrumentIds)}::int[]))
             or exists (select 1 from monitoring_group_members m join jsonb_array_elements_text(sc.rule->'group_ids') g on g::int = m.group_id
                        where m.instrument_id = any(${pgArray(instrumentIds)}::int[]))`;
  const scenarios = await rows<Omit<RuleOwner, 'instrumentIds'> & { instrumentIds: number[] }>(
    db,
    sql`select sc.scenario_id as id, sc.kind, sc.contract_id as "contractId", sc.name, sc.rule, sc.created_by as "createdBy",
               case when sc.kind = 'contract' then array(select i.instrument_id from instruments i where i.contract_id = sc.contract_id order by 1)
                    else array(select distinct y.id from (
                           select x::int as id from jsonb_array_elements_text(sc.rule->'instrument_ids') x
                           union select m.instrument_id from monitoring_group_members m
                             join jsonb_array_elements_text(sc.rule->'group_ids') g on g::int = m.group_id
                             join monitoring_groups mg on mg.group_id = m.group_id and mg.contract_id = sc.contract_id) y
                         join instruments i on i.instrument_id = y.id and i.contract_id = sc.contract_id order by 1) end as "instrumentIds"
        from alert_scenarios sc
        where sc.active and (${scenarioTouched})`,
  );
  return [...groups.map((g) => ({ ...g, kind: 'group' as const })), ...scenarios];
}

/** Readings of these instruments in [from, to] passing a threshold of severity ≥ minSeverity. */
export async function breachesOf(
  db: Executor,
  instrumentIds: readonly number[],
  minSeverity: number,
  from: Date,
  to: Date,
): Promise<{ instrumentId: number; at: number }[]> {
  if (instrumentIds.length === 0) return [];
  const found = await rows<{ instrumentId: number; at: number }>(
    db,
    sql`select s.instrument_id as "instrumentId", floor(extract(epoch from r.taken_at) * 1000)::float8 as at
        from reading_series s
        join readings r on r.series_id = s.series_id and r.taken_at >= ${from.toISOString()}::timestamptz and r.taken_at <= ${to.toISOString()}::timestamptz
        where s.instrument_id = any(${pgArray(instrumentIds)}::int[])
          and exists (select 1 from thresholds t join alert_levels l on l.level_id = t.level_id
                      where t.instrument_id = s.instrument_id and t.reading_code_id = s.reading_code_id and l.severity >= ${minSeverity}
                        and ((t.upper is not null and r.value > t.upper) or (t.lower is not null and r.value < t.lower)))`,
  );
  return found.map((r) => ({ instrumentId: r.instrumentId, at: Number(r.at) }));
}

export async function levelSeverities(db: Executor): Promise<Map<string, { severity: number; name: string; color: string }>> {
  const found = await rows<{ code: string; severity: number; name: string; color: string }>(db, sql`select code, severity, name, color from alert_levels`);
  return new Map(found.map((r) => [r.code, { severity: r.severity, name: r.name, color: r.color }]));
}

export async function instrumentNames(db: Executor, ids: readonly number[]): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const found = await rows<{ id: number; name: string }>(
    db,
    sql`select instrument_id as id, name from instruments where instrument_id = any(${pgArray(ids)}::int[])`,
  );
  return new Map(found.map((r) => [r.id, r.name]));
}

/** Active templates carrying rule parameters (for resolving each instrument's parameters). */
export async function parameterTemplates(db: Executor): Promise<{ contractIds: number[]; instrumentIds: number[]; parameters: unknown }[]> {
  return rows(
    db,
    sql`select contract_ids as "contractIds", instrument_ids as "instrumentIds", parameters from alert_templates
        where active and parameters <> '{}'::jsonb order by template_id`,
  );
}

// ---- who is told ----

export interface TemplateRow {
  kinds: string[];
  levels: string[];
  contractIds: number[];
  instrumentIds: number[];
  groupIds: number[];
  scenarioIds: number[];
  roleIds: number[];
  userIds: number[];
  channels: string[];
}

export async function activeTemplates(db: Executor): Promise<TemplateRow[]> {
  return rows<TemplateRow>(
    db,
    sql`select kinds, levels, contract_ids as "contractIds", instrument_ids as "instrumentIds", group_ids as "groupIds",
               scenario_ids as "scenarioIds", role_ids as "roleIds", user_ids as "userIds", channels
        from alert_templates where active`,
  );
}

export interface Person {
  userId: number;
  email: string;
  fullname: string;
  roleId: number | null;
  /** An AppAdmin: sees every contract. */
  all: boolean;
  contracts: Set<number>;
  /** Holds the permission that makes one a default recipient. */
  canView: boolean;
}

/** Every active user with their role, contracts and whether their role holds `permissionId`. */
export async function alertPeople(db: Executor, permissionId: number): Promise<Person[]> {
  const found = await rows<{ userId: number; email: string; fullname: string; roleId: number | null; userType: number; canView: boolean; contracts: number[] }>(
    db,
    sql`select u.user_id as "userId", u.email, u.fullname, u.role_id as "roleId", u.user_type as "userType",
               exists (select 1 from role_permissions rp where rp.role_id = u.role_id and rp.permission_id = ${permissionId}) as "canView",
               array(select uc.contract_id from user_contracts uc where uc.user_id = u.user_id) as contracts
        from users u where u.status = 'active'`,
  );
  return found.map((p) => ({
    userId: p.userId,
    email: p.email,
    fullname: p.fullname,
    roleId: p.roleId,
    all: p.userType === USER_TYPE.AppAdmin,
    contracts: new Set(p.contracts),
    canView: p.canView,
  }));
}
