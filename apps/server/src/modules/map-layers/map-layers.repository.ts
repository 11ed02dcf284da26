import { asc, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { mapLayers } from '../../db/schema/index.js';

export type MapLayerRow = typeof mapLayers.$inferSelect;

export type MapLayerInsert = typeof mapLayers.$inferInsert;

export async function listLayers(db: Executor) {
  return db.select().from(mapLayers).orderBy(asc(mapLayers.sortOrder), asc(mapLayers.layerId));
}

export async function findLayer(db: Executor, id: number) {
  const [row] = await db.select().from(mapLayers).where(eq(mapLayers.layerId, id)).limit(1);
  return row;
}

export async function nextSortOrder(db: Executor): Promise<number> {
  const [row] = await db.select({ n: sql<number>`coalesce(max(${mapLayers.sortOrder}), -1)::int + 1` }).from(mapLayers);
  return row?.n ?? 0;
}

export async function insertLayer(tx: Executor, values: MapLayerInsert) {
  const [row] = await tx.insert(mapLayers).values(values).returning();
  if (!row) throw new Error('map layer insert returned no row');
  return row;
}

export async function updateLayer(tx: Executor, id: number, values: Partial<MapLayerInsert>) {
  await tx.update(mapLayers).set(values).where(eq(mapLayers.layerId, id));
}

export async function deleteLayer(tx: Executor, id: number) {
  await tx.delete(mapLayers).where(eq(mapLayers.layerId, id));
}
