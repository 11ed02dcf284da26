/**
 * Alert templates, monitoring groups (with members) and alert scenarios (issue 9): the only Drizzle user for them.
 * Groups and scenarios belong to a contract and are scoped by it; templates name contracts (`templateInScope`).
 */
import { and, asc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { rows, type Executor } from '../../db/client.js';
import { alertScenarios, alertTemplates, monitoringGroupMembers, monitoringGroups } from '../../db/schema/index.js';
import { alertLevels, contracts, instruments, instrumentTypes, roles, userContracts, users } from '../../db/schema/index.js';
import { likeEscape } from '../../lib/filters.js';
import { levelNowSql } from './alerts.repository.js';
import { inScope, type ContractScope } from '../../db/scope.js';
import { pgArray } from '../../db/sql.js';

export type TemplateRow = typeof alertTemplates.$inferSelect;
export type TemplateInsert = typeof alertTemplates.$inferInsert;
export type GroupRow = typeof monitoringGroups.$inferSelect;
export type ScenarioRow = typeof alertScenarios.$inferSelect;

/** AppAdmin: every template; others: templates naming contracts, all of them theirs. */
export function templateInScope(scope: ContractScope): SQL {
  if (scope.all) return sql`true`;
  const mine = sql`array(select ${userContracts.contractId} from ${userContracts} where ${userContracts.userId} = ${scope.userId})`;
  return sql`(cardinality(${alertTemplates.contractIds}) > 0 and ${alertTemplates.contractIds} <@ ${mine})`;
}

export async function listTemplates(
  db: Executor,
  scope: ContractScope,
  f: { category?: string | undefined; keyword?: string | undefined; limit: number; skip: number },
) {
  const where = and(
    templateInScope(scope),
    f.category ? eq(alertTemplates.category, f.category) : undefined,
    f.keyword ? sql`${alertTemplates.name} ilike ${`%${likeEscape(f.keyword)}%`}` : undefined,
  );
  const [records, [count]] = await Promise.all([
    db
      .select({ t: alertTemplates, updatedByName: users.fullname })
      .from(alertTemplates)
      .leftJoin(users, eq(users.userId, alertTemplates.updatedBy))
      .where(where)
      .orderBy(asc(sql`lower(${alertTemplates.name})`), asc(alertTemplates.templateId))
      .limit(f.limit)
      .offset(f.skip),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(alertTemplates)
      .where(where),
  ]);
  return { records, total: count?.n ?? 0 };
}

export async function findTemplate(db: Executor, scope: ContractScope, id: number) {
  const [row] = await db
    .select({ t: alertTemplates, updatedByName: users.fullname })
    .from(alertTemplates)
    .leftJoin(users, eq(users.userId, alertTemplates.updatedBy))
    .where(and(eq(alertTemplates.templateId, id), templateInScope(scope)))
    .limit(1);
  return row;
}

export async function insertTemplate(tx: Executor, values: TemplateInsert) {
  const [row] = await tx.insert(alertTemplates).values(values).returning();
  return row!;
}

export async function updateTemplate(tx: Executor, id: number, values: Partial<TemplateInsert>) {
  await tx.update(alertTemplates).set(values).where(eq(alertTemplates.templateId, id));
}

export async function deleteTemplate(tx: Executor, id: number) {
  await tx.delete(alertTemplates).where(eq(alertTemplates.templateId, id));
}

// ---- references a template, group or scenario names ----

export async function levelCodes(db: Executor): Promise<Set<string>> {
  return new Set((await db.select({ code: alertLevels.code }).from(alertLevels)).map((r) => r.code));
}

export async function existingRoleIds(db: Executor, ids: number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  return new Set((await db.select({ id: roles.roleId }).from(roles).where(inArray(roles.roleId, ids))).map((r) => r.id));
}

export async function existingUserIds(db: Executor, ids: number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  return new Set((await db.select({ id: users.userId }).from(users).where(inArray(users.userId, ids))).map((r) => r.id));
}

/** Of these instruments, those in the scope (and in `contractId` when given). */
export async function instrumentsInScope(db: Executor, scope: ContractScope, ids: number[], contractId?: number): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .select({ id: instruments.instrumentId })
    .from(instruments)
    .where(
      and(inArray(instruments.instrumentId, ids), inScope(scope, instruments.contractId), contractId ? eq(instruments.contractId, contractId) : undefined),
    );
  return new Set(rows.map((r) => r.id));
}

export async function groupsInScope(db: Executor, scope: ContractScope, ids: number[], contractId?: number): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .select({ id: monitoringGroups.groupId })
    .from(monitoringGroups)
    .where(
      and(
        inArray(monitoringGroups.groupId, ids),
        inScope(scope, monitoringGroups.contractId),
        contractId ? eq(monitoringGroups.contractId, contractId) : undefined,
      ),
    );
  return new Set(rows.map((r) => r.id));
}

export async function scenariosInScope(db: Executor, scope: ContractScope, ids: number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .select({ id: alertScenarios.scenarioId })
    .from(alertScenarios)
    .where(and(inArray(alertScenarios.scenarioId, ids), inScope(scope, alertScenarios.contractId)));
  return new Set(rows.map((r) => r.id));
}

// ---- monitoring groups ----

const openAlertsOf = (column: SQL) => sql<number>`(select count(*)::int from alerts a where ${column} and a.status = 'open')`;

export async function listGroups(
  db: Executor,
  scope: ContractScope,
  f: { contracts?: number[] | undefined; keyword?: string | undefined; limit: number; skip: number },
) {
  const where = and(
    inScope(scope, monitoringGroups.contractId),
    f.contracts ? (f.contracts.length ? inArray(monitoringGroups.contractId, f.contracts) : sql`false`) : undefined,
    f.keyword ? sql`${monitoringGroups.name} ilike ${`%${likeEscape(f.keyword)}%`}` : undefined,
  );
  const [records, [count]] = await Promise.all([
    db
      .select({ g: monitoringGroups, contractNo: contracts.no, openAlerts: openAlertsOf(sql`a.group_id = ${monitoringGroups.groupId}`) })
      .from(monitoringGroups)
      .innerJoin(contracts, eq(contracts.contractId, monitoringGroups.contractId))
      .where(where)
      .orderBy(asc(contracts.no), asc(sql`lower(${monitoringGroups.name})`), asc(monitoringGroups.groupId))
      .limit(f.limit)
      .offset(f.skip),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(monitoringGroups)
      .where(where),
  ]);
  return { records, total: count?.n ?? 0 };
}

export async function findGroup(db: Executor, scope: ContractScope, id: number) {
  const [row] = await db
    .select({ g: monitoringGroups, contractNo: contracts.no, openAlerts: openAlertsOf(sql`a.group_id = ${monitoringGroups.groupId}`) })
    .from(monitoringGroups)
    .innerJoin(contracts, eq(contracts.contractId, monitoringGroups.contractId))
    .where(and(eq(monitoringGroups.groupId, id), inScope(scope, monitoringGroups.contractId)))
    .limit(1);
  return row;
}

export interface MemberView {
  groupId: number;
  instrumentId: number;
  name: string;
  typeCode: string;
  easting: number;
  northing: number;
  levelCode: string | null;
}

/** Members of these groups with each instrument's current level (its most severe open breached alert). */
export async function membersOfGroups(db: Executor, groupIds: number[]): Promise<MemberView[]> {
  if (groupIds.length === 0) return [];
  return db
    .select({
      groupId: monitoringGroupMembers.groupId,
      instrumentId: instruments.instrumentId,
      name: instruments.name,
      typeCode: instrumentTypes.code,
      easting: instruments.easting,
      northing: instruments.northing,
      levelCode: sql<string | null>`(${levelNowSql(sql`${instruments.instrumentId}`, sql`l.code`)})`,
    })
    .from(monitoringGroupMembers)
    .innerJoin(instruments, eq(instruments.instrumentId, monitoringGroupMembers.instrumentId))
    .innerJoin(instrumentTypes, eq(instrumentTypes.typeId, instruments.typeId))
    .where(inArray(monitoringGroupMembers.groupId, groupIds))
    .orderBy(asc(monitoringGroupMembers.groupId), asc(sql`lower(${instruments.name})`));
}

export async function insertGroup(tx: Executor, values: typeof monitoringGroups.$inferInsert) {
  const [row] = await tx.insert(monitoringGroups).values(values).returning();
  return row!;
}

export async function updateGroup(tx: Executor, id: number, values: Partial<typeof monitoringGroups.$inferInsert>) {
  await tx.update(monitoringGroups).set(values).where(eq(monitoringGroups.groupId, id));
}

export async function replaceMembers(tx: Executor, groupId: number, instrumentIds: number[]) {
  await tx.delete(monitoringGroupMembers).where(eq(monitoringGroupMembers.groupId, groupId));
  for (let i = 0; i < instrumentIds.length; i += 1000) {
    await tx.insert(monitoringGroupMembers).values(instrumentIds.slice(i, i + 1000).map((instrumentId) => ({ groupId, instrumentId })));
  }
}

export async function deleteGroup(tx: Executor, id: number) {
  await tx.delete(monitoringGroups).where(eq(monitoringGroups.groupId, id));
}

// ---- scenarios ----

export async function listScenarios(
  db: Executor,
  scope: ContractScope,
  f: { contracts?: number[] | undefined; kind?: string | undefined; keyword?: string | undefined; limit: number; skip: number },
) {
  const where = and(
    inScope(scope, alertScenarios.contractId),
    f.contracts ? (f.contracts.length ? inArray(alertScenarios.contractId, f.contracts) : sql`false`) : undefined,
    f.kind ? eq(alertScenarios.kind, f.kind) : undefined,
    f.keyword ? sql`${alertScenarios.name} ilike ${`%${likeEscape(f.keyword)}%`}` : undefined,
  );
  const [records, [count]] = await Promise.all([
    db
      .select({
        s: alertScenarios,
        contractNo: contracts.no,
        createdByName: users.fullname,
        openAlerts: openAlertsOf(sql`a.scenario_id = ${alertScenarios.scenarioId}`),
      })
      .from(alertScenarios)
      .innerJoin(contracts, eq(contracts.contractId, alertScenarios.contractId))
      .leftJoin(users, eq(users.userId, alertScenarios.createdBy))
      .where(where)
      .orderBy(asc(contracts.no), asc(sql`lower(${alertScenarios.name})`), asc(alertScenarios.scenarioId))
      .limit(f.limit)
      .offset(f.skip),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(alertScenarios)
      .where(where),
  ]);
  return { records, total: count?.n ?? 0 };
}

export async function findScenario(db: Executor, scope: ContractScope, id: number) {
  const [row] = await db
    .select({
      s: alertScenarios,
      contractNo: contracts.no,
      createdByName: users.fullname,
      openAlerts: openAlertsOf(sql`a.scenario_id = ${alertScenarios.scenarioId}`),
    })
    .from(alertScenarios)
    .innerJoin(contracts, eq(contracts.contractId, alertScenarios.contractId))
    .leftJoin(users, eq(users.userId, alertScenarios.createdBy))
    .where(and(eq(alertScenarios.scenarioId, id), inScope(scope, alertScenarios.contractId)))
    .limit(1);
  return row;
}

export async function insertScenario(tx: Executor, values: typeof alertScenarios.$inferInsert) {
  const [row] = await tx.insert(alertScenarios).values(values).returning();
  return row!;
}

export async function updateScenario(tx: Executor, id: number, values: Partial<typeof alertScenarios.$inferInsert>) {
  await tx.update(alertScenarios).set(values).where(eq(alertScenarios.scenarioId, id));
}

export async function deleteScenario(tx: Executor, id: number) {
  await tx.delete(alertScenarios).where(eq(alertScenarios.scenarioId, id));
}

/** The instruments a rule covers: listed ones and members of listed groups (of the contract), or the whole contract. */
export async function coverage(
  db: Executor,
  contractId: number,
  kind: string,
  instrumentIds: number[],
  groupIds: number[],
): Promise<{ id: number; name: string }[]> {
  if (kind === 'contract') {
    return db
      .select({ id: instruments.instrumentId, name: instruments.name })
      .from(instruments)
      .where(eq(instruments.contractId, contractId))
      .orderBy(asc(instruments.instrumentId));
  }
  return rows<{ id: number; name: string }>(
    db,
    sql`select i.instrument_id as id, i.name from instruments i
        where i.contract_id = ${contractId}
          and (i.instrument_id = any(${pgArray(instrumentIds)}::int[])
               or i.instrument_id in (select m.instrument_id from monitoring_group_members m join monitoring_groups g on g.group_id = m.group_id
                                      where g.contract_id = ${contractId} and m.group_id = any(${pgArray(groupIds)}::int[])))
        order by i.instrument_id`,
  );
}
