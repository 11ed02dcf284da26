import { and, asc, desc, eq, gte, inArray, lt, lte, ne, or, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { contracts, siteDrawings, sites, users } from '../../db/schema/index.js';
import { likeEscape } from '../../lib/filters.js';
import { inScope, type ContractScope } from '../../db/scope.js';

export type SiteRow = typeof sites.$inferSelect;
export type SiteInsert = typeof sites.$inferInsert;

const drawingCountOf = sql<number>`(select count(*)::int from site_drawings d where d.site_id = "sites"."site_id")`;

export async function civilSites(
  db: Executor,
  scope: ContractScope,
  f: { contractIds?: number[] | undefined; type?: string | undefined; limit: number; skip: number },
) {
  const where = and(
    inScope(scope, sites.contractId),
    f.contractIds ? (f.contractIds.length ? inArray(sites.contractId, f.contractIds) : sql`false`) : undefined,
    f.type ? sql`${sites.type} = ${f.type}` : undefined,
  );
  const [records, [count]] = await Promise.all([
    db
      .select({ siteId: sites.siteId, siteName: sites.siteName, contractId: sites.contractId, contractNo: contracts.no, type: sites.type })
      .from(sites)
      .innerJoin(contracts, eq(contracts.contractId, sites.contractId))
      .where(where)
      .orderBy(asc(contracts.no), asc(sites.siteName))
      .limit(f.limit)
      .offset(f.skip),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(sites)
      .where(where),
  ]);
  return { records, total: count?.n ?? 0 };
}

const full = { site: sites, contractNo: contracts.no, drawingCount: drawingCountOf };

export async function listSites(
  db: Executor,
  scope: ContractScope,
  f: { keyword?: string | undefined; type?: string | undefined; contractId?: number | undefined; limit: number; skip: number },
) {
  const kw = f.keyword ? `%${likeEscape(f.keyword)}%` : undefined;
  const where = and(
    inScope(scope, sites.contractId),
    kw ? or(sql`${sites.siteName} ilike ${kw}`, sql`${sites.description} ilike ${kw}`) : undefined,
    f.type ? sql`${sites.type} = ${f.type}` : undefined,
    f.contractId ? eq(sites.contractId, f.contractId) : undefined,
  );
  const [records, [count]] = await Promise.all([
    db
      .select(full)
      .from(sites)
      .innerJoin(contracts, eq(contracts.contractId, sites.contractId))
      .where(where)
      .orderBy(asc(contracts.no), asc(sites.siteName))
      .limit(f.limit)
      .offset(f.skip),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(sites)
      .where(where),
  ]);
  return { records, total: count?.n ?? 0 };
}

export async function findSite(db: Executor, scope: ContractScope, id: number) {
  const [row] = await db
    .select(full)
    .from(sites)
    .innerJoin(contracts, eq(contracts.contractId, sites.contractId))
    .where(and(eq(sites.siteId, id), inScope(scope, sites.contractId)))
    .limit(1);
  return row;
}

export async function siteNameTaken(db: Executor, contractId: number, name: string, exceptId?: number) {
  const [row] = await db
    .select({ id: sites.siteId })
    .from(sites)
    .where(and(eq(sites.contractId, contractId), sql`lower(${sites.siteName}) = lower(${name})`, exceptId ? ne(sites.siteId, exceptId) : undefined))
    .limit(1);
  return !!row;
}

export async function insertSite(tx: Executor, values: SiteInsert) {
  const [row] = await tx.insert(sites).values(values).returning();
  if (!row) throw new Error('site insert returned no row');
  return row;
}

export async function updateSite(tx: Executor, id: number, values: Partial<SiteInsert>) {
  await tx.update(sites).set(values).where(eq(sites.siteId, id));
}

/** Deletes the site and its drawing rows; returns the storage keys of the drawings (to remove after commit). */
export async function deleteSite(tx: Executor, id: number): Promise<string[]> {
  const keys = await tx.delete(siteDrawings).where(eq(siteDrawings.siteId, id)).returning({ key: siteDrawings.storageKey });
  await tx.delete(sites).where(eq(sites.siteId, id));
  return keys.map((k) => k.key);
}

// ---- drawings ----
export async function insertDrawing(tx: Executor, values: typeof siteDrawings.$inferInsert) {
  const [row] = await tx.insert(siteDrawings).values(values).returning();
  if (!row) throw new Error('drawing insert returned no row');
  return row;
}

const drawingView = {
  drawing: siteDrawings,
  siteName: sites.siteName,
  contractId: sites.contractId,
  contractNo: contracts.no,
  siteType: sites.type,
  uploadedBy: users.fullname,
};

function drawingsBase(db: Executor) {
  return db
    .select(drawingView)
    .from(siteDrawings)
    .innerJoin(sites, eq(sites.siteId, siteDrawings.siteId))
    .innerJoin(contracts, eq(contracts.contractId, sites.contractId))
    .leftJoin(users, eq(users.userId, siteDrawings.uploadedBy));
}

export interface DrawingsFilter {
  limit: number;
  skip: number;
  siteId?: number | undefined;
  contractId?: number | undefined;
  type?: string | undefined;
  keyword?: string | undefined;
  from?: Date | undefined;
  to?: Date | undefined;
  toInclusive?: boolean;
  /** `uploaded` (default): newest upload first; `date`: newest drawing date first (undated last), then newest upload. */
  order?: 'uploaded' | 'date';
}

export async function listDrawings(db: Executor, scope: ContractScope, f: DrawingsFilter) {
  const kw = f.keyword ? `%${likeEscape(f.keyword)}%` : undefined;
  const where: SQL | undefined = and(
    inScope(scope, sites.contractId),
    f.siteId ? eq(siteDrawings.siteId, f.siteId) : undefined,
    f.contractId ? eq(sites.contractId, f.contractId) : undefined,
    f.type ? sql`${sites.type} = ${f.type}` : undefined,
    kw ? or(sql`${siteDrawings.fileName} ilike ${kw}`, sql`${sites.siteName} ilike ${kw}`) : undefined,
    f.from ? gte(siteDrawings.uploadedAt, f.from) : undefined,
    f.to ? (f.toInclusive ? lte(siteDrawings.uploadedAt, f.to) : lt(siteDrawings.uploadedAt, f.to)) : undefined,
  );
  const [records, [count]] = await Promise.all([
    drawingsBase(db)
      .where(where)
      .orderBy(...(f.order === 'date' ? [sql`${siteDrawings.drawingDate} desc nulls last`] : []), desc(siteDrawings.uploadedAt), desc(siteDrawings.drawingId))
      .limit(f.limit)
      .offset(f.skip),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(siteDrawings)
      .innerJoin(sites, eq(sites.siteId, siteDrawings.siteId))
      .where(where),
  ]);
  return { records, total: count?.n ?? 0 };
}

export async function findDrawing(db: Executor, scope: ContractScope, id: number) {
  const [row] = await drawingsBase(db)
    .where(and(eq(siteDrawings.drawingId, id), inScope(scope, sites.contractId)))
    .limit(1);
  return row;
}

export async function updateDrawing(tx: Executor, id: number, values: Partial<typeof siteDrawings.$inferInsert>) {
  await tx.update(siteDrawings).set(values).where(eq(siteDrawings.drawingId, id));
}

export async function deleteDrawing(tx: Executor, id: number) {
  await tx.delete(siteDrawings).where(eq(siteDrawings.drawingId, id));
}
