/**
 * The queries behind construction progress (issue 19, decision 038): the sites of a type with their latest progress
 * in a few queries for the lists, every progress row of one site for its page, the deletion of one row of a site, and
 * the SQL the record categories `excavation` and `tunnel` embed. Scoping is the caller's: the site queries take a
 * ContractScope; the row queries take a site id already found within it.
 */
import { and, asc, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { contracts, excavationDesign, excavationProgress, excavationSupports, sites, tunnelShifts } from '../../db/schema/index.js';
import { inScope, type ContractScope } from '../../db/scope.js';
import { likeEscape } from '../../lib/filters.js';

export type SiteType = (typeof sites.$inferSelect)['type'];
export type LevelRow = typeof excavationProgress.$inferSelect;
export type SupportRow = typeof excavationSupports.$inferSelect;
export type DesignRow = typeof excavationDesign.$inferSelect;
export type ShiftRow = typeof tunnelShifts.$inferSelect;

/** The site columns a progress answer needs. */
const siteColumns = {
  siteId: sites.siteId,
  siteName: sites.siteName,
  contractId: sites.contractId,
  contractNo: contracts.no,
  type: sites.type,
  description: sites.description,
  geometry: sites.geometry,
  stages: sites.stages,
  designValues: sites.designValues,
  chainageStart: sites.chainageStart,
};

/** Every site of the type within the scope (narrowed to `contractIds`; keyword on site name or contract no). */
export async function progressSites(
  db: Executor,
  scope: ContractScope,
  f: { type: SiteType; contractIds?: readonly number[] | undefined; keyword?: string | undefined },
) {
  const like = f.keyword ? `%${likeEscape(f.keyword)}%` : undefined;
  return db
    .select(siteColumns)
    .from(sites)
    .innerJoin(contracts, eq(contracts.contractId, sites.contractId))
    .where(
      and(
        eq(sites.type, f.type),
        inScope(scope, sites.contractId),
        f.contractIds ? (f.contractIds.length ? inArray(sites.contractId, [...f.contractIds]) : sql`false`) : undefined,
        like ? sql`(${sites.siteName} ilike ${like} or ${contracts.no} ilike ${like})` : undefined,
      ),
    )
    .orderBy(asc(contracts.no), asc(sites.siteName), asc(sites.siteId));
}

/** The latest level of each zone of these sites. */
export async function latestLevels(db: Executor, siteIds: readonly number[]) {
  if (siteIds.length === 0) return [];
  const t = excavationProgress;
  return db
    .selectDistinctOn([t.siteId, t.zone], { siteId: t.siteId, zone: t.zone, date: t.activityDate, level: t.level })
    .from(t)
    .where(inArray(t.siteId, [...siteIds]))
    .orderBy(t.siteId, t.zone, desc(t.activityDate));
}

/** `day` before `night`, then the FACE_PARTS order: the order shifts happen in. */
const shiftRank = sql`case ${tunnelShifts.shift} when 'day' then 0 else 1 end`;
const facePartRank = sql`case ${tunnelShifts.facePart} when 'top_heading' then 0 when 'bench' then 1 else 2 end`;

/** The latest row of each face part of these drives. */
export async function latestFaces(db: Executor, siteIds: readonly number[]) {
  if (siteIds.length === 0) return [];
  const t = tunnelShifts;
  return db
    .selectDistinctOn([t.siteId, t.facePart], { siteId: t.siteId, facePart: t.facePart, date: t.shiftDate, shift: t.shift, chainage: t.chainage })
    .from(t)
    .where(inArray(t.siteId, [...siteIds]))
    .orderBy(t.siteId, t.facePart, desc(t.shiftDate), desc(shiftRank));
}

/** Every level row of a site, oldest first. */
export async function levelsOf(db: Executor, siteId: number) {
  return db
    .select()
    .from(excavationProgress)
    .where(eq(excavationProgress.siteId, siteId))
    .orderBy(asc(excavationProgress.activityDate), asc(excavationProgress.zone), asc(excavationProgress.progressId));
}

/** A site's struts and anchors, by installation time. */
export async function supportsOf(db: Executor, siteId: number) {
  return db
    .select()
    .from(excavationSupports)
    .where(eq(excavationSupports.siteId, siteId))
    .orderBy(asc(excavationSupports.installedAt), asc(sql`lower(${excavationSupports.label})`), asc(excavationSupports.supportId));
}

/** A site's design values, by stage. */
export async function designOf(db: Executor, siteId: number) {
  return db.select().from(excavationDesign).where(eq(excavationDesign.siteId, siteId)).orderBy(asc(excavationDesign.stageNo));
}

/** Every shift row of a drive, oldest first: date, day before night, FACE_PARTS order. */
export async function shiftsOf(db: Executor, siteId: number) {
  return db
    .select()
    .from(tunnelShifts)
    .where(eq(tunnelShifts.siteId, siteId))
    .orderBy(asc(tunnelShifts.shiftDate), asc(shiftRank), asc(facePartRank), asc(tunnelShifts.shiftId));
}

/** Deletes the row when it belongs to the site; returns it (undefined when there is none). */
export async function deleteLevel(tx: Executor, siteId: number, rowId: number): Promise<LevelRow | undefined> {
  const [row] = await tx
    .delete(excavationProgress)
    .where(and(eq(excavationProgress.progressId, rowId), eq(excavationProgress.siteId, siteId)))
    .returning();
  return row;
}

export async function deleteSupport(tx: Executor, siteId: number, rowId: number): Promise<SupportRow | undefined> {
  const [row] = await tx
    .delete(excavationSupports)
    .where(and(eq(excavationSupports.supportId, rowId), eq(excavationSupports.siteId, siteId)))
    .returning();
  return row;
}

export async function deleteDesign(tx: Executor, siteId: number, rowId: number): Promise<DesignRow | undefined> {
  const [row] = await tx
    .delete(excavationDesign)
    .where(and(eq(excavationDesign.designId, rowId), eq(excavationDesign.siteId, siteId)))
    .returning();
  return row;
}

export async function deleteShift(tx: Executor, siteId: number, rowId: number): Promise<ShiftRow | undefined> {
  const [row] = await tx
    .delete(tunnelShifts)
    .where(and(eq(tunnelShifts.shiftId, rowId), eq(tunnelShifts.siteId, siteId)))
    .returning();
  return row;
}

// ---- records (comments and files hang on excavation sites and mined tunnels) ----

/** A site of the type within the scope, as a record: its contract and name. */
export async function findSiteOfTypeRecord(db: Executor, scope: ContractScope, type: SiteType, refId: number) {
  const [row] = await db
    .select({ contractId: sites.contractId, name: sites.siteName })
    .from(sites)
    .where(and(eq(sites.siteId, refId), eq(sites.type, type), inScope(scope, sites.contractId)))
    .limit(1);
  return row;
}

/**
 * Where a site is on the map, from its GeoJSON (SVY21): a Point's position, a LineString's first position, a
 * Polygon's centroid (the mean of its outer ring's positions, the closing one left out); null without a geometry.
 */
const geometryXY = (axis: 0 | 1): SQL => {
  const i = sql.raw(String(axis));
  return sql`(case ${sites.geometry}->>'type'
      when 'Point' then (${sites.geometry}->'coordinates'->>${i})::double precision
      when 'LineString' then (${sites.geometry}->'coordinates'->0->>${i})::double precision
      when 'Polygon' then (select avg((p.value->>${i})::double precision)
        from jsonb_array_elements(${sites.geometry}->'coordinates'->0) with ordinality p(value, n)
        where p.n < jsonb_array_length(${sites.geometry}->'coordinates'->0))
    end)`;
};

/** Every site of the type as record-listing rows `(ref_id, contract_id, title, path, easting, northing)`; unscoped. */
export const siteOfTypeListing = (type: SiteType, pathPrefix: string) =>
  sql`select ${sites.siteId} as ref_id, ${sites.contractId} as contract_id, ${sites.siteName} as title,
    ${pathPrefix}::text || ${sites.siteId} as path, ${geometryXY(0)} as easting, ${geometryXY(1)} as northing
    from ${sites} where ${sites.type} = ${type}`;

/** The ids of every site of the type (the clean-up of what hangs on records); unscoped. */
export const siteOfTypeIds = (type: SiteType) => sql`select ${sites.siteId} as ref_id from ${sites} where ${sites.type} = ${type}`;
