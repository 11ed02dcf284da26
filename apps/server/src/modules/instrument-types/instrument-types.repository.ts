import { and, asc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { alertLevels, instrumentCategories, instrumentTypes, instruments, readingCodes, thresholds } from '../../db/schema/index.js';

export type CategoryRow = typeof instrumentCategories.$inferSelect;
export type TypeRow = typeof instrumentTypes.$inferSelect;
export type ReadingCodeRow = typeof readingCodes.$inferSelect;
export type AlertLevelRow = typeof alertLevels.$inferSelect;

// ---- categories ----
const typeCountOf = sql<number>`(select count(*)::int from instrument_types t where t.category_id = "instrument_categories"."category_id")`;

export async function listCategories(db: Executor) {
  return db.select({ category: instrumentCategories, typeCount: typeCountOf }).from(instrumentCategories).orderBy(asc(instrumentCategories.name));
}

export async function findCategory(db: Executor, id: number) {
  const [row] = await db
    .select({ category: instrumentCategories, typeCount: typeCountOf })
    .from(instrumentCategories)
    .where(eq(instrumentCategories.categoryId, id))
    .limit(1);
  return row;
}

export async function categoryNameTaken(db: Executor, name: string, exceptId?: number) {
  const [row] = await db
    .select({ id: instrumentCategories.categoryId })
    .from(instrumentCategories)
    .where(and(sql`lower(${instrumentCategories.name}) = lower(${name})`, exceptId ? ne(instrumentCategories.categoryId, exceptId) : undefined))
    .limit(1);
  return !!row;
}

export async function insertCategory(tx: Executor, name: string, at: Date) {
  const [row] = await tx.insert(instrumentCategories).values({ name, createdAt: at, updatedAt: at }).returning();
  if (!row) throw new Error('category insert returned no row');
  return row;
}

export async function updateCategory(tx: Executor, id: number, name: string, at: Date) {
  await tx.update(instrumentCategories).set({ name, updatedAt: at }).where(eq(instrumentCategories.categoryId, id));
}

export async function deleteCategory(tx: Executor, id: number) {
  await tx.delete(instrumentCategories).where(eq(instrumentCategories.categoryId, id));
}

// ---- types and reading codes ----
const instrumentCountOf = sql<number>`(select count(*)::int from instruments i where i.type_id = "instrument_types"."type_id")`;

export interface TypeWithCodes {
  type: TypeRow;
  categoryName: string | null;
  instrumentCount: number;
  codes: ReadingCodeRow[];
}

async function withCodes(db: Executor, rows: { type: TypeRow; categoryName: string | null; instrumentCount: number }[]): Promise<TypeWithCodes[]> {
  const ids = rows.map((r) => r.type.typeId);
  const codes = ids.length
    ? await db.select().from(readingCodes).where(inArray(readingCodes.typeId, ids)).orderBy(asc(readingCodes.sortOrder), asc(readingCodes.code))
    : [];
  const byType = new Map<number, ReadingCodeRow[]>();
  for (const c of codes) byType.set(c.typeId, [...(byType.get(c.typeId) ?? []), c]);
  return rows.map((r) => ({ ...r, instrumentCount: Number(r.instrumentCount), codes: byType.get(r.type.typeId) ?? [] }));
}

const typeSelect = { type: instrumentTypes, categoryName: instrumentCategories.name, instrumentCount: instrumentCountOf };

export async function listTypes(db: Executor, categoryId?: number): Promise<TypeWithCodes[]> {
  const rows = await db
    .select(typeSelect)
    .from(instrumentTypes)
    .leftJoin(instrumentCategories, eq(instrumentCategories.categoryId, instrumentTypes.categoryId))
    .where(categoryId ? eq(instrumentTypes.categoryId, categoryId) : undefined)
    .orderBy(asc(instrumentTypes.code));
  return withCodes(db, rows);
}

export async function findType(db: Executor, where: { id: number } | { code: string }): Promise<TypeWithCodes | undefined> {
  const rows = await db
    .select(typeSelect)
    .from(instrumentTypes)
    .leftJoin(instrumentCategories, eq(instrumentCategories.categoryId, instrumentTypes.categoryId))
    .where('id' in where ? eq(instrumentTypes.typeId, where.id) : eq(instrumentTypes.code, where.code))
    .limit(1);
  return (await withCodes(db, rows))[0];
}

export async function typeCodeTaken(db: Executor, code: string, exceptId?: number) {
  const [row] = await db
    .select({ id: instrumentTypes.typeId })
    .from(instrumentTypes)
    .where(and(eq(instrumentTypes.code, code), exceptId ? ne(instrumentTypes.typeId, exceptId) : undefined))
    .limit(1);
  return !!row;
}

export async function categoryExists(db: Executor, id: number) {
  const [row] = await db.select({ id: instrumentCategories.categoryId }).from(instrumentCategories).where(eq(instrumentCategories.categoryId, id)).limit(1);
  return !!row;
}

export async function insertType(tx: Executor, values: typeof instrumentTypes.$inferInsert) {
  const [row] = await tx.insert(instrumentTypes).values(values).returning();
  if (!row) throw new Error('type insert returned no row');
  return row;
}

export async function updateType(tx: Executor, id: number, values: Partial<typeof instrumentTypes.$inferInsert>) {
  await tx.update(instrumentTypes).set(values).where(eq(instrumentTypes.typeId, id));
}

export async function deleteType(tx: Executor, id: number) {
  await tx.delete(instrumentTypes).where(eq(instrumentTypes.typeId, id));
}

export async function instrumentsOfType(db: Executor, typeId: number): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(instruments)
    .where(eq(instruments.typeId, typeId));
  return row?.n ?? 0;
}

export async function insertReadingCodes(tx: Executor, values: (typeof readingCodes.$inferInsert)[]) {
  if (values.length === 0) return [];
  return tx.insert(readingCodes).values(values).returning();
}

export async function findReadingCode(db: Executor, id: number) {
  const [row] = await db
    .select({ code: readingCodes, typeCode: instrumentTypes.code })
    .from(readingCodes)
    .innerJoin(instrumentTypes, eq(instrumentTypes.typeId, readingCodes.typeId))
    .where(eq(readingCodes.readingCodeId, id))
    .limit(1);
  return row;
}

export async function readingCodeTaken(db: Executor, typeId: number, code: string, exceptId?: number) {
  const [row] = await db
    .select({ id: readingCodes.readingCodeId })
    .from(readingCodes)
    .where(and(eq(readingCodes.typeId, typeId), eq(readingCodes.code, code), exceptId ? ne(readingCodes.readingCodeId, exceptId) : undefined))
    .limit(1);
  return !!row;
}

export async function updateReadingCode(tx: Executor, id: number, values: Partial<typeof readingCodes.$inferInsert>) {
  await tx.update(readingCodes).set(values).where(eq(readingCodes.readingCodeId, id));
}

export async function deleteReadingCode(tx: Executor, id: number) {
  await tx.delete(readingCodes).where(eq(readingCodes.readingCodeId, id));
}

export async function thresholdsOfReadingCode(db: Executor, id: number): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(thresholds)
    .where(eq(thresholds.readingCodeId, id));
  return row?.n ?? 0;
}

// ---- alert levels ----
export async function listLevels(db: Executor) {
  return db.select().from(alertLevels).orderBy(asc(alertLevels.sortOrder), asc(alertLevels.severity), asc(alertLevels.code));
}

export async function findLevel(db: Executor, id: number) {
  const [row] = await db.select().from(alertLevels).where(eq(alertLevels.levelId, id)).limit(1);
  return row;
}

export async function levelCodeTaken(db: Executor, code: string, exceptId?: number) {
  const [row] = await db
    .select({ id: alertLevels.levelId })
    .from(alertLevels)
    .where(and(eq(alertLevels.code, code), exceptId ? ne(alertLevels.levelId, exceptId) : undefined))
    .limit(1);
  return !!row;
}

export async function insertLevel(tx: Executor, values: typeof alertLevels.$inferInsert) {
  const [row] = await tx.insert(alertLevels).values(values).returning();
  if (!row) throw new Error('level insert returned no row');
  return row;
}

export async function updateLevel(tx: Executor, id: number, values: Partial<typeof alertLevels.$inferInsert>) {
  await tx.update(alertLevels).set(values).where(eq(alertLevels.levelId, id));
}

export async function deleteLevel(tx: Executor, id: number) {
  await tx.delete(alertLevels).where(eq(alertLevels.levelId, id));
}

export async function thresholdsOfLevel(db: Executor, id: number): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(thresholds)
    .where(eq(thresholds.levelId, id));
  return row?.n ?? 0;
}
