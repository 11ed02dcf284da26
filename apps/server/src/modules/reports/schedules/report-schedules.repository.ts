import { and, asc, desc, eq, inArray, isNull, lte, ne, sql, type SQL } from 'drizzle-orm';
import { USER_TYPE } from '@strata/shared';
import type { Executor } from '../../../db/client.js';
import type { ContractScope } from '../../../db/scope.js';
import { pgArray } from '../../../db/sql.js';
import { reportScheduleRuns, reportSchedules, roles, userContracts, users } from '../../../db/schema/index.js';
import { likeEscape } from '../../../lib/filters.js';

export type ReportScheduleRow = typeof reportSchedules.$inferSelect;
export type NewReportSchedule = typeof reportSchedules.$inferInsert;
export type ScheduleRunRow = typeof reportScheduleRuns.$inferSelect;

/** A schedule is within a scope when every one of its contracts is (a schedule of a contract outside it is not there). */
function scheduleInScope(scope: ContractScope): SQL {
  if (scope.all) return sql`true`;
  return sql`${reportSchedules.contractIds} <@ coalesce((select array_agg(${userContracts.contractId}) from ${userContracts} where ${userContracts.userId} = ${scope.userId}), '{}'::int[])`;
}

const listColumns = {
  schedule: reportSchedules,
  ownerName: users.fullname,
  // Written out: drizzle leaves a selected expression's columns unqualified, and this one is a correlated subquery.
  contractNos: sql<
    string[]
  >`coalesce((select array_agg(c.no order by c.no) from contracts c where c.contract_id = any(report_schedules.contract_ids)), '{}'::text[])`,
  /** The custom template's name (null for `default`, or a template deleted since). */
  templateName: sql<string | null>`(select t.name from report_templates t where t.template_id::text = report_schedules.template)`,
};

export async function listSchedules(
  db: Executor,
  scope: ContractScope,
  q: { limit: number; skip: number; keyword?: string | undefined; types: readonly string[] },
) {
  if (q.types.length === 0) return { records: [], total: 0 };
  const where = and(
    scheduleInScope(scope),
    inArray(reportSchedules.reportType, [...q.types]),
    q.keyword ? sql`${reportSchedules.name} ilike ${`%${likeEscape(q.keyword)}%`}` : undefined,
  );
  const [records, [count]] = await Promise.all([
    db
      .select(listColumns)
      .from(reportSchedules)
      .leftJoin(users, eq(users.userId, reportSchedules.ownerId))
      .where(where)
      .orderBy(asc(reportSchedules.name), asc(reportSchedules.id))
      .limit(q.limit)
      .offset(q.skip),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(reportSchedules)
      .where(where),
  ]);
  return { records, total: count?.n ?? 0 };
}

export async function findSchedule(db: Executor, id: number, scope: ContractScope) {
  const [row] = await db
    .select(listColumns)
    .from(reportSchedules)
    .leftJoin(users, eq(users.userId, reportSchedules.ownerId))
    .where(and(eq(reportSchedules.id, id), scheduleInScope(scope)))
    .limit(1);
  return row;
}

/** A schedule whatever the scope (the runner's read). */
export async function scheduleById(db: Executor, id: number): Promise<ReportScheduleRow | undefined> {
  const [row] = await db.select().from(reportSchedules).where(eq(reportSchedules.id, id)).limit(1);
  return row;
}

export async function insertSchedule(db: Executor, values: NewReportSchedule): Promise<ReportScheduleRow> {
  const [row] = await db.insert(reportSchedules).values(values).returning();
  if (!row) throw new Error('report schedule insert returned no row');
  return row;
}

export async function updateSchedule(db: Executor, id: number, values: Partial<NewReportSchedule>): Promise<void> {
  await db.update(reportSchedules).set(values).where(eq(reportSchedules.id, id));
}

export async function deleteSchedule(db: Executor, id: number): Promise<void> {
  await db.delete(reportSchedules).where(eq(reportSchedules.id, id));
}

/** Locks the due schedules; rows another dispatcher holds are skipped (each due time is taken once). */
export async function lockDue(db: Executor, now: Date, limit: number): Promise<ReportScheduleRow[]> {
  return db
    .select()
    .from(reportSchedules)
    .where(and(eq(reportSchedules.enabled, true), lte(reportSchedules.nextRunAt, now)))
    .orderBy(asc(reportSchedules.nextRunAt))
    .limit(limit)
    .for('update', { skipLocked: true });
}

/** Inserts a run unless that schedule's due time and attempt has one already; the new row or undefined. */
export async function insertRun(db: Executor, values: typeof reportScheduleRuns.$inferInsert): Promise<ScheduleRunRow | undefined> {
  const [row] = await db.insert(reportScheduleRuns).values(values).onConflictDoNothing().returning();
  return row;
}

/** Takes a waiting run for this worker (once: the row is claimed by whoever sets `claimed_at` first). */
export async function claimRun(db: Executor, id: number, now: Date): Promise<ScheduleRunRow | undefined> {
  const [row] = await db
    .update(reportScheduleRuns)
    .set({ claimedAt: now, startedAt: now, status: 'running' })
    .where(and(eq(reportScheduleRuns.id, id), isNull(reportScheduleRuns.claimedAt), lte(reportScheduleRuns.notBefore, now)))
    .returning();
  return row;
}

export async function finishRun(db: Executor, id: number, values: Partial<typeof reportScheduleRuns.$inferInsert>): Promise<void> {
  await db.update(reportScheduleRuns).set(values).where(eq(reportScheduleRuns.id, id));
}

/** Waiting runs whose time has come, oldest first. */
export async function readyRunIds(db: Executor, now: Date, limit = 50): Promise<number[]> {
  const rows = await db
    .select({ id: reportScheduleRuns.id })
    .from(reportScheduleRuns)
    .where(and(isNull(reportScheduleRuns.claimedAt), lte(reportScheduleRuns.notBefore, now)))
    .orderBy(asc(reportScheduleRuns.notBefore), asc(reportScheduleRuns.id))
    .limit(limit);
  return rows.map((r) => r.id);
}

export async function listRuns(db: Executor, scheduleId: number, page: { limit: number; skip: number }) {
  const where = eq(reportScheduleRuns.scheduleId, scheduleId);
  const [records, [count]] = await Promise.all([
    db
      .select()
      .from(reportScheduleRuns)
      .where(where)
      .orderBy(desc(reportScheduleRuns.startedAt), desc(reportScheduleRuns.id))
      .limit(page.limit)
      .offset(page.skip),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(reportScheduleRuns)
      .where(where),
  ]);
  return { records, total: count?.n ?? 0 };
}

/** The latest run of each schedule (by start, then id). */
export async function lastRuns(db: Executor, scheduleIds: readonly number[]): Promise<Map<number, ScheduleRunRow>> {
  if (scheduleIds.length === 0) return new Map();
  const rows = await db
    .selectDistinctOn([reportScheduleRuns.scheduleId])
    .from(reportScheduleRuns)
    .where(inArray(reportScheduleRuns.scheduleId, [...scheduleIds]))
    .orderBy(reportScheduleRuns.scheduleId, desc(reportScheduleRuns.startedAt), desc(reportScheduleRuns.id));
  return new Map(rows.map((r) => [r.scheduleId, r]));
}

/** The due time of the schedule's latest successful run before `before` (since-last-run periods). */
export async function lastSentDue(db: Executor, scheduleId: number, before: Date): Promise<Date | undefined> {
  const [row] = await db
    .select({ dueAt: reportScheduleRuns.dueAt })
    .from(reportScheduleRuns)
    .where(and(eq(reportScheduleRuns.scheduleId, scheduleId), eq(reportScheduleRuns.status, 'sent'), sql`${reportScheduleRuns.dueAt} < ${before}`))
    .orderBy(desc(reportScheduleRuns.dueAt))
    .limit(1);
  return row?.dueAt;
}

export async function existingRoleIds(db: Executor, ids: readonly number[]): Promise<number[]> {
  if (ids.length === 0) return [];
  return (
    await db
      .select({ id: roles.roleId })
      .from(roles)
      .where(inArray(roles.roleId, [...ids]))
  ).map((r) => r.id);
}

/** Of these users, those that exist (not terminated) and are assigned to at least one of the contracts (AppAdmin: all). */
export async function usersOfContracts(db: Executor, userIds: readonly number[], contractIds: readonly number[]): Promise<number[]> {
  if (userIds.length === 0) return [];
  const rows = await db
    .select({ id: users.userId })
    .from(users)
    .where(
      and(
        inArray(users.userId, [...userIds]),
        ne(users.status, 'terminated'),
        sql`(${users.userType} = ${USER_TYPE.AppAdmin} or exists (select 1 from ${userContracts} where ${userContracts.userId} = ${users.userId} and ${userContracts.contractId} = any(${pgArray(contractIds)}::int[])))`,
      ),
    );
  return rows.map((r) => r.id);
}

export interface RecipientUser {
  userId: number;
  email: string;
  fullname: string;
  /** The contracts the user may see, of those asked about (AppAdmin: all of them). */
  contractIds: number[];
}

/** The active users named or holding one of the roles, each with the contracts (of `contractIds`) they may see. */
export async function recipientUsers(
  db: Executor,
  userIds: readonly number[],
  roleIds: readonly number[],
  contractIds: readonly number[],
): Promise<RecipientUser[]> {
  if (userIds.length === 0 && roleIds.length === 0) return [];
  const rows = await db
    .select({ userId: users.userId, email: users.email, fullname: users.fullname, userType: users.userType })
    .from(users)
    .where(and(eq(users.status, 'active'), sql`(${users.userId} = any(${pgArray(userIds)}::int[]) or ${users.roleId} = any(${pgArray(roleIds)}::int[]))`))
    .orderBy(asc(users.userId));
  const assigned =
    rows.length === 0 || contractIds.length === 0
      ? []
      : await db
          .select({ userId: userContracts.userId, contractId: userContracts.contractId })
          .from(userContracts)
          .where(
            and(
              inArray(
                userContracts.userId,
                rows.map((r) => r.userId),
              ),
              inArray(userContracts.contractId, [...contractIds]),
            ),
          );
  const sorted = (ids: number[]) => [...new Set(ids)].sort((a, b) => a - b);
  return rows.map(({ userType, ...r }) => ({
    ...r,
    contractIds: userType === USER_TYPE.AppAdmin ? sorted([...contractIds]) : sorted(assigned.filter((a) => a.userId === r.userId).map((a) => a.contractId)),
  }));
}

/** Runs claimed before `claimedBefore` and still running (their process stopped): marked failed, returned. */
export async function failStaleRuns(db: Executor, claimedBefore: Date, now: Date, error: string): Promise<ScheduleRunRow[]> {
  return db
    .update(reportScheduleRuns)
    .set({ status: 'failed', error, finishedAt: now })
    .where(and(eq(reportScheduleRuns.status, 'running'), lte(reportScheduleRuns.claimedAt, claimedBefore)))
    .returning();
}

/** Schedules that used a deleted custom template go back to the Default layout (in the deleting transaction). */
export async function resetScheduleTemplate(db: Executor, templateId: number): Promise<void> {
  await db
    .update(reportSchedules)
    .set({ template: 'default' })
    .where(eq(reportSchedules.template, String(templateId)));
}
