import { and, desc, eq, ilike, inArray, lt, ne, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { PERMISSIONS, USER_TYPE, type MonitoringReportStatus } from '@strata/shared';
import type { Executor } from '../../../db/client.js';
import { contracts, monitoringReports, monitoringReportSteps, rolePermissions, userContracts, users } from '../../../db/schema/index.js';
import { inScope, type ContractScope } from '../../../db/scope.js';
import { likePattern, pgArray } from '../../../db/sql.js';

export type MonitoringReportRow = typeof monitoringReports.$inferSelect;
const preparer = alias(users, 'preparer');
const checker = alias(users, 'checker');
const approver = alias(users, 'approver');

function joined(db: Executor) {
  return db
    .select({
      r: monitoringReports,
      contractNo: contracts.no,
      contractTitle: contracts.title,
      preparedByName: preparer.fullname,
      checkedByName: checker.fullname,
      approvedByName: approver.fullname,
    })
    .from(monitoringReports)
    .innerJoin(contracts, eq(contracts.contractId, monitoringReports.contractId))
    .leftJoin(preparer, eq(preparer.userId, monitoringReports.preparedBy))
    .leftJoin(checker, eq(checker.userId, monitoringReports.checkedBy))
    .leftJoin(approver, eq(approver.userId, monitoringReports.approvedBy));
}
export type MonitoringReportListRow = Awaited<ReturnType<ReturnType<typeof joined>['execute']>>[number];

/** The report when its contract is within the scope. */
export async function findMonitoringReport(db: Executor, scope: ContractScope, id: number): Promise<MonitoringReportListRow | undefined> {
  const [row] = await joined(db)
    .where(and(eq(monitoringReports.id, id), inScope(scope, monitoringReports.contractId)))
    .limit(1);
  return row;
}

/** The report made by an engine report (its build and its follow-up). */
export async function findByEngineReport(db: Executor, reportId: number): Promise<MonitoringReportListRow | undefined> {
  const [row] = await joined(db).where(eq(monitoringReports.reportId, reportId)).limit(1);
  return row;
}

export async function listMonitoringReports(
  db: Executor,
  scope: ContractScope,
  q: { contractIds?: number[] | undefined; statuses?: MonitoringReportStatus[] | undefined; keyword?: string | undefined; limit: number; skip: number },
) {
  const where = and(
    inScope(scope, monitoringReports.contractId),
    q.contractIds ? sql`${monitoringReports.contractId} = any(${pgArray(q.contractIds)}::int[])` : undefined,
    q.statuses ? inArray(monitoringReports.status, q.statuses) : undefined,
    q.keyword
      ? or(
          ilike(monitoringReports.reportNo, likePattern(q.keyword)),
          ilike(monitoringReports.title, likePattern(q.keyword)),
          ilike(monitoringReports.templateName, likePattern(q.keyword)),
          ilike(contracts.no, likePattern(q.keyword)),
        )
      : undefined,
  );
  const [records, [count]] = await Promise.all([
    joined(db).where(where).orderBy(desc(monitoringReports.createdAt), desc(monitoringReports.id)).limit(q.limit).offset(q.skip),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(monitoringReports)
      .innerJoin(contracts, eq(contracts.contractId, monitoringReports.contractId))
      .where(where),
  ]);
  return { records, total: count?.n ?? 0 };
}

/** The revisions of a report number (locked for the transaction: a new revision is numbered from them). */
export async function revisionsOf(db: Executor, contractId: number, reportNo: string) {
  return db
    .select({ id: monitoringReports.id, revision: monitoringReports.revision, status: monitoringReports.status })
    .from(monitoringReports)
    .where(and(eq(monitoringReports.contractId, contractId), eq(monitoringReports.reportNo, reportNo)))
    .for('update');
}

export async function insertMonitoringReport(db: Executor, values: typeof monitoringReports.$inferInsert): Promise<MonitoringReportRow> {
  const [row] = await db.insert(monitoringReports).values(values).returning();
  if (!row) throw new Error('monitoring report insert returned no row');
  return row;
}

/** Earlier returned or failed revisions of a number become superseded when it is generated again. */
export async function supersede(db: Executor, ids: number[]): Promise<void> {
  if (ids.length) await db.update(monitoringReports).set({ status: 'superseded' }).where(inArray(monitoringReports.id, ids));
}

/**
 * Moves the report from one of `from` to another status (with the step's columns); undefined when it was not in one of
 * them any more (someone else's step came first: 409).
 */
export async function transition(
  db: Executor,
  id: number,
  from: readonly MonitoringReportStatus[],
  values: Partial<typeof monitoringReports.$inferInsert>,
): Promise<MonitoringReportRow | undefined> {
  const [row] = await db
    .update(monitoringReports)
    .set(values)
    .where(and(eq(monitoringReports.id, id), inArray(monitoringReports.status, [...from])))
    .returning();
  return row;
}

export async function insertStep(db: Executor, values: typeof monitoringReportSteps.$inferInsert): Promise<void> {
  await db.insert(monitoringReportSteps).values(values);
}

export async function stepsOf(db: Executor, id: number) {
  return db
    .select({ s: monitoringReportSteps, userName: users.fullname })
    .from(monitoringReportSteps)
    .leftJoin(users, eq(users.userId, monitoringReportSteps.userId))
    .where(eq(monitoringReportSteps.monitoringReportId, id))
    .orderBy(monitoringReportSteps.createdAt, monitoringReportSteps.id);
}

/** The published revisions of a number before `revision`, oldest first (the cover's revision table). */
export async function publishedBefore(db: Executor, contractId: number, reportNo: string, revision: number) {
  return joined(db)
    .where(
      and(
        eq(monitoringReports.contractId, contractId),
        eq(monitoringReports.reportNo, reportNo),
        lt(monitoringReports.revision, revision),
        eq(monitoringReports.status, 'published'),
      ),
    )
    .orderBy(monitoringReports.revision);
}

const REPORT_APPROVAL_ID = PERMISSIONS.find((p) => p.code === 'ReportApproval')!.id;

/** The active users holding Report Approval who see the contract (assigned to it, or AppAdmin), but `except`. */
export async function approvalHolders(db: Executor, contractId: number, except: readonly number[]): Promise<number[]> {
  const rows = await db
    .select({ id: users.userId })
    .from(users)
    .innerJoin(rolePermissions, and(eq(rolePermissions.roleId, users.roleId), eq(rolePermissions.permissionId, REPORT_APPROVAL_ID)))
    .where(
      and(
        eq(users.status, 'active'),
        or(
          eq(users.userType, USER_TYPE.AppAdmin),
          sql`${users.userId} in (select ${userContracts.userId} from ${userContracts} where ${userContracts.contractId} = ${contractId})`,
        ),
        except.length ? sql`${users.userId} <> all(${pgArray(except)}::int[])` : undefined,
      ),
    )
    .orderBy(users.userId);
  return rows.map((r) => r.id);
}

/** The draft of a report still generating: stored, hashed and prepared (or failed); false when it was not generating. */
export async function finishDraft(db: Executor, id: number, values: Partial<typeof monitoringReports.$inferInsert>): Promise<boolean> {
  const rows = await db
    .update(monitoringReports)
    .set(values)
    .where(and(eq(monitoringReports.id, id), eq(monitoringReports.status, 'generating')))
    .returning({ id: monitoringReports.id });
  return rows.length > 0;
}

export const notThisOne = (id: number) => ne(monitoringReports.id, id);
