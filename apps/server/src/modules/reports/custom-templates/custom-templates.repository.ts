import { and, desc, eq, ilike, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../../db/client.js';
import { contracts, reportTemplates, users, zones } from '../../../db/schema/index.js';
import { inScope, type ContractScope } from '../../../db/scope.js';
import { likePattern } from '../../../db/sql.js';

export type TemplateRow = typeof reportTemplates.$inferSelect;

const columns = { t: reportTemplates, contractNo: contracts.no, createdByName: users.fullname };

function joined(db: Executor) {
  return db
    .select(columns)
    .from(reportTemplates)
    .leftJoin(contracts, eq(contracts.contractId, reportTemplates.contractId))
    .leftJoin(users, eq(users.userId, reportTemplates.createdBy));
}
export type TemplateListRow = Awaited<ReturnType<ReturnType<typeof joined>['execute']>>[number];

/** A template is visible when it serves every contract or its contract is within the scope. */
export const visibleTemplate = (scope: ContractScope): SQL => or(isNull(reportTemplates.contractId), inScope(scope, reportTemplates.contractId))!;

export async function listTemplates(
  db: Executor,
  scope: ContractScope,
  q: { keyword?: string | undefined; reportType?: string | undefined; contractId?: number | undefined; limit: number; skip: number },
): Promise<{ records: TemplateListRow[]; total: number }> {
  const where = and(
    visibleTemplate(scope),
    q.reportType ? eq(reportTemplates.reportType, q.reportType) : undefined,
    q.contractId !== undefined ? eq(reportTemplates.contractId, q.contractId) : undefined,
    q.keyword ? ilike(reportTemplates.name, likePattern(q.keyword)) : undefined,
  );
  const [records, [count]] = await Promise.all([
    joined(db).where(where).orderBy(reportTemplates.reportType, reportTemplates.name, desc(reportTemplates.templateId)).limit(q.limit).offset(q.skip),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(reportTemplates)
      .where(where),
  ]);
  return { records, total: count?.n ?? 0 };
}

/** GET /reports/customized: the templates of a type for the contract (or every contract), by name. */
export async function templateOptions(
  db: Executor,
  scope: ContractScope,
  q: { reportType?: string | undefined; contractId?: number | undefined },
): Promise<Pick<TemplateRow, 'templateId' | 'name' | 'workbookName'>[]> {
  return db
    .select({ templateId: reportTemplates.templateId, name: reportTemplates.name, workbookName: reportTemplates.workbookName })
    .from(reportTemplates)
    .where(
      and(
        visibleTemplate(scope),
        q.reportType ? eq(reportTemplates.reportType, q.reportType) : undefined,
        q.contractId !== undefined ? or(isNull(reportTemplates.contractId), eq(reportTemplates.contractId, q.contractId)) : undefined,
      ),
    )
    .orderBy(reportTemplates.name, reportTemplates.templateId);
}

/** The template when it serves every contract or its contract is within the scope. */
export async function findTemplate(db: Executor, scope: ContractScope, id: number): Promise<TemplateListRow | undefined> {
  const [row] = await joined(db)
    .where(and(eq(reportTemplates.templateId, id), visibleTemplate(scope)))
    .limit(1);
  return row;
}

/** The template by id, whatever the scope (the engine checks it against the report's contracts). */
export async function findTemplateById(db: Executor, id: number): Promise<TemplateRow | undefined> {
  const [row] = await db.select().from(reportTemplates).where(eq(reportTemplates.templateId, id)).limit(1);
  return row;
}

export async function insertTemplate(db: Executor, values: typeof reportTemplates.$inferInsert): Promise<TemplateRow> {
  const [row] = await db.insert(reportTemplates).values(values).returning();
  if (!row) throw new Error('report template insert returned no row');
  return row;
}

export async function updateTemplate(db: Executor, id: number, values: Partial<typeof reportTemplates.$inferInsert>): Promise<void> {
  await db.update(reportTemplates).set(values).where(eq(reportTemplates.templateId, id));
}

export async function deleteTemplate(db: Executor, id: number): Promise<void> {
  await db.delete(reportTemplates).where(eq(reportTemplates.templateId, id));
}

/** The zones of `ids` that exist (and belong to `contractId` when it is set). */
export async function existingZones(db: Executor, ids: readonly number[], contractId: number | null): Promise<number[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select({ id: zones.zoneId })
    .from(zones)
    .where(and(inArray(zones.zoneId, [...ids]), contractId === null ? undefined : eq(zones.contractId, contractId)));
  return rows.map((r) => r.id);
}

/** The number and title of each contract, in the order of `ids`. */
export async function contractNames(db: Executor, ids: readonly number[]): Promise<{ no: string; title: string }[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select({ id: contracts.contractId, no: contracts.no, title: contracts.title })
    .from(contracts)
    .where(inArray(contracts.contractId, [...ids]));
  return ids.flatMap((id) => rows.filter((r) => r.id === id));
}
