/**
 * The queries of the design values read API (design-values.service.ts): an instrument's predictions with their reading
 * code and site, the latest progress of those sites (for their current stage), deleting one prediction, and the
 * contract's instrument plans beside the instruments of the same names. Contract scope: `instrumentInScope` for an
 * instrument (the rule of GET /instruments/{id}), `scoped` for the plans.
 */
import { and, eq, sql } from 'drizzle-orm';
import type { TSiteStage } from '@strata/shared';
import { rows as rowsOf, type Executor } from '../../db/client.js';
import { designPredictions, instruments, readingCodes, sites } from '../../db/schema/index.js';
import { pgArray } from '../../db/sql.js';
import { inScope, scoped, type ContractScope } from '../../db/scope.js';

/** An instrument within the scope (undefined outside it or when there is none): as GET /instruments/{id} finds it. */
export async function instrumentInScope(db: Executor, scope: ContractScope, id: number) {
  const [row] = await db
    .select({ instrumentId: instruments.instrumentId, name: instruments.name, contractId: instruments.contractId })
    .from(instruments)
    .where(and(eq(instruments.instrumentId, id), inScope(scope, instruments.contractId)))
    .limit(1);
  return row;
}

export interface PredictionView {
  predictionId: number;
  readingCode: string;
  unit: string;
  depth: number | null;
  siteId: number;
  siteName: string;
  siteType: 'E' | 'MT';
  stages: TSiteStage[];
  stageNo: number;
  value: number;
  remarks: string;
  uploadId: number | null;
}

/** An instrument's predictions, by site name, stage, reading code order, depth. */
export async function predictionsOf(db: Executor, instrumentId: number): Promise<PredictionView[]> {
  const found = await db
    .select({
      predictionId: designPredictions.predictionId,
      readingCode: readingCodes.code,
      unit: readingCodes.unit,
      depth: designPredictions.depth,
      siteId: designPredictions.siteId,
      siteName: sites.siteName,
      siteType: sites.type,
      stages: sites.stages,
      stageNo: designPredictions.stageNo,
      value: designPredictions.value,
      remarks: designPredictions.remarks,
      uploadId: designPredictions.uploadId,
    })
    .from(designPredictions)
    .innerJoin(readingCodes, eq(readingCodes.readingCodeId, designPredictions.readingCodeId))
    .innerJoin(sites, eq(sites.siteId, designPredictions.siteId))
    .where(eq(designPredictions.instrumentId, instrumentId))
    .orderBy(
      sql`lower(${sites.siteName})`,
      designPredictions.siteId,
      designPredictions.stageNo,
      readingCodes.sortOrder,
      readingCodes.code,
      sql`${designPredictions.depth} nulls first`,
    );
  return found.map((r) => ({ ...r, siteType: r.siteType as 'E' | 'MT', stages: Array.isArray(r.stages) ? (r.stages as TSiteStage[]) : [] }));
}

/** The latest level of each zone of excavation sites, and the latest chainage of each face part of mined tunnels. */
export async function latestProgressOf(
  db: Executor,
  siteIds: readonly number[],
): Promise<{ zones: { siteId: number; level: number }[]; faces: { siteId: number; facePart: string; chainage: number }[] }> {
  if (siteIds.length === 0) return { zones: [], faces: [] };
  const ids = sql`${pgArray([...siteIds])}::int[]`;
  const [zones, faces] = await Promise.all([
    rowsOf<{ site_id: number; level: number }>(
      db,
      sql`SELECT DISTINCT ON (site_id, zone) site_id, level FROM excavation_progress
          WHERE site_id = ANY(${ids}) ORDER BY site_id, zone, activity_date DESC`,
    ),
    rowsOf<{ site_id: number; face_part: string; chainage: number }>(
      db,
      sql`SELECT DISTINCT ON (site_id, face_part) site_id, face_part, chainage FROM tunnel_shifts
          WHERE site_id = ANY(${ids}) ORDER BY site_id, face_part, shift_date DESC, (shift = 'night') DESC`,
    ),
  ]);
  return {
    zones: zones.map((z) => ({ siteId: z.site_id, level: Number(z.level) })),
    faces: faces.map((f) => ({ siteId: f.site_id, facePart: f.face_part, chainage: Number(f.chainage) })),
  };
}

/** Deletes one prediction of the instrument; the row deleted (undefined when the instrument has no such row). */
export async function deletePrediction(tx: Executor, instrumentId: number, predictionId: number) {
  const [row] = await tx
    .delete(designPredictions)
    .where(and(eq(designPredictions.predictionId, predictionId), eq(designPredictions.instrumentId, instrumentId)))
    .returning();
  return row;
}

export interface PlanView {
  plan_id: number;
  contract_id: number;
  contract_no: string;
  name: string;
  type_id: number;
  type_code: string;
  type_name: string;
  easting: number | null;
  northing: number | null;
  planned_install_date: string | null;
  planned_frequency: string | null;
  remarks: string;
  upload_id: number | null;
  instrument_id: number | null;
  instrument_status: string | null;
  install_date: string | null;
  first_reading_at: Date | string | null;
}

/**
 * The plan rows of the caller's contracts (narrowed to `contracts` when given), by contract number and name, each with
 * the contract's instrument of the same name (case-insensitive) and the time of its first reading (the earliest of
 * its series' first readings: one index probe per series).
 */
export async function plansOf(db: Executor, scope: ContractScope, contracts: readonly number[] | undefined): Promise<PlanView[]> {
  return rowsOf<PlanView>(
    db,
    sql`SELECT p.plan_id, p.contract_id, c.no AS contract_no, p.name, p.type_id, t.code AS type_code, t.name AS type_name,
               p.easting, p.northing, p.planned_install_date::text AS planned_install_date, p.planned_frequency, p.remarks,
               p.upload_id, i.instrument_id, i.status AS instrument_status, i.install_date::text AS install_date,
               (SELECT min(f.taken_at) FROM reading_series s
                  CROSS JOIN LATERAL (SELECT r.taken_at FROM readings r WHERE r.series_id = s.series_id ORDER BY r.taken_at LIMIT 1) f
                  WHERE s.instrument_id = i.instrument_id) AS first_reading_at
          FROM instrument_plans p
          JOIN contracts c ON c.contract_id = p.contract_id
          JOIN instrument_types t ON t.type_id = p.type_id
          LEFT JOIN instruments i ON i.contract_id = p.contract_id AND lower(i.name) = lower(p.name)
          WHERE ${scoped(scope, 'p.contract_id', contracts)}
          ORDER BY c.no, lower(p.name), p.plan_id`,
  );
}
