import { and, desc, eq, ilike, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Executor } from '../../../db/client.js';
import { contracts, monitoringTemplates, users } from '../../../db/schema/index.js';
import { inScope, type ContractScope } from '../../../db/scope.js';
import { likePattern, pgArray } from '../../../db/sql.js';

export type TemplateRow = typeof monitoringTemplates.$inferSelect;
const creator = alias(users, 'creator');
const updater = alias(users, 'updater');

const columns = {
  t: monitoringTemplates,
  contractNo: contracts.no,
  createdByName: creator.fullname,
  updatedByName: updater.fullname,
};

function joined(db: Executor) {
  return db
    .select(columns)
    .from(monitoringTemplates)
    .innerJoin(contracts, eq(contracts.contractId, monitoringTemplates.contractId))
    .leftJoin(creator, eq(creator.userId, monitoringTemplates.createdBy))
    .leftJoin(updater, eq(updater.userId, monitoringTemplates.updatedBy));
}
export type TemplateListRow = Awaited<ReturnType<ReturnType<typeof joined>['execute']>>[number];

/** The templates of the caller's contracts (narrowed to `contractIds` when given), by contract and name. */
export async function listTemplates(
  db: Executor,
  scope: ContractScope,
  q: { contractIds?: number[] | undefined; keyword?: string | undefined; limit: number; skip: number },
): Promise<{ records: TemplateListRow[]; total: number }> {
  const where = and(
    inScope(scope, monitoringTemplates.contractId),
    q.contractIds ? sql`${monitoringTemplates.contractId} = any(${pgArray(q.contractIds)}::int[])` : undefined,
    q.keyword ? or(ilike(monitoringTemplates.name, likePattern(q.keyword)), ilike(contracts.no, likePattern(q.keyword))) : undefined,
  );
  const [records, [count]] = await Promise.all([
    joined(db).where(where).orderBy(contracts.no, monitoringTemplates.name, desc(monitoringTemplates.templateId)).limit(q.limit).offset(q.skip),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(monitoringTemplates)
      .innerJoin(contracts, eq(contracts.contractId, monitoringTemplates.contractId))
      .where(where),
  ]);
  return { records, total: count?.n ?? 0 };
}

/** The template when its contract is within the scope. */
export async function findTemplate(db: Executor, scope: ContractScope, id: number): Promise<TemplateListRow | undefined> {
  const [row] = await joined(db)
    .where(and(eq(monitoringTemplates.templateId, id), inScope(scope, monitoringTemplates.contractId)))
    .limit(1);
  return row;
}

export async function insertTemplate(db: Executor, values: typeof monitoringTemplates.$inferInsert): Promise<TemplateRow> {
  const [row] = await db.insert(monitoringTemplates).values(values).returning();
  if (!row) throw new Error('template insert returned no row');
  return row;
}

export async function updateTemplate(db: Executor, id: number, values: Partial<typeof monitoringTemplates.$inferInsert>): Promise<void> {
  await db.update(monitoringTemplates).set(values).where(eq(monitoringTemplates.templateId, id));
}

export async function deleteTemplate(db: Executor, id: number): Promise<void> {
  await db.delete(monitoringTemplates).where(eq(monitoringTemplates.templateId, id));
}
