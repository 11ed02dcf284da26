/**
 * The queries of the construction uploads (issue 19, decision 038): the sites of the upload's contract, which rows of a
 * file would replace stored ones, and the load's writes (upserts on the unique keys of migration 0017; a drive's
 * sequence steps merged into its site's stages). The construction module's own repository serves the reading and
 * deleting routes; these are the upload's.
 */
import { eq, inArray, sql } from 'drizzle-orm';
import type { TSiteStage } from '@strata/shared';
import { rows as rowsOf, type Executor } from '../../db/client.js';
import { excavationDesign, excavationProgress, excavationSupports, sites, tunnelShifts, users } from '../../db/schema/index.js';
import { pgArray } from '../../db/sql.js';
import type { DesignRow, LevelRow, SiteRef, ShiftRow, SupportRow } from './construction-upload.parse.js';

/** Rows per INSERT statement (each row binds at most 12 parameters; PostgreSQL takes 65 535). */
const BATCH = 1000;

/** The sites of a contract by lower-cased name (excavation sites and mined tunnels alike; the checks tell them apart). */
export async function sitesOfContract(db: Executor, contractId: number): Promise<Map<string, SiteRef>> {
  const found = await db
    .select({
      siteId: sites.siteId,
      siteName: sites.siteName,
      type: sites.type,
      stages: sites.stages,
      geometry: sites.geometry,
      chainageStart: sites.chainageStart,
      designValues: sites.designValues,
    })
    .from(sites)
    .where(eq(sites.contractId, contractId));
  return new Map(
    found.map((s) => [
      s.siteName.toLowerCase(),
      {
        ...s,
        stages: Array.isArray(s.stages) ? (s.stages as TSiteStage[]) : [],
        designValues: s.designValues && typeof s.designValues === 'object' ? (s.designValues as Record<string, unknown>) : {},
      },
    ]),
  );
}

/** The keys already stored for the sites given, as the checks write them (`kind|site|…`). */
export async function storedKeys(db: Executor, siteIds: readonly number[]): Promise<Set<string>> {
  const out = new Set<string>();
  if (siteIds.length === 0) return out;
  const ids = sql`${pgArray([...siteIds])}::int[]`;
  const [levels, supports, design, shifts] = await Promise.all([
    rowsOf<{ site_id: number; d: string; zone: string }>(
      db,
      sql`SELECT site_id, activity_date::text AS d, zone FROM excavation_progress WHERE site_id = ANY(${ids})`,
    ),
    rowsOf<{ site_id: number; label: string }>(db, sql`SELECT site_id, lower(label) AS label FROM excavation_supports WHERE site_id = ANY(${ids})`),
    rowsOf<{ site_id: number; stage_no: number }>(db, sql`SELECT site_id, stage_no FROM excavation_design WHERE site_id = ANY(${ids})`),
    rowsOf<{ site_id: number; d: string; shift: string; face_part: string }>(
      db,
      sql`SELECT site_id, shift_date::text AS d, shift, face_part FROM tunnel_shifts WHERE site_id = ANY(${ids})`,
    ),
  ]);
  for (const r of levels) out.add(`level|${r.site_id}|${r.d}|${r.zone}`);
  for (const r of supports) out.add(`support|${r.site_id}|${r.label}`);
  for (const r of design) out.add(`design|${r.site_id}|${r.stage_no}`);
  for (const r of shifts) out.add(`shift|${r.site_id}|${r.d}|${r.shift}|${r.face_part}`);
  return out;
}

/** Whether an upserted row replaced a stored one (an update leaves its xmax set; an insert leaves it 0). */
const REPLACED = sql<boolean>`(xmax::text <> '0')`;

const count = (r: { replaced: boolean }[]) => r.filter((x) => x.replaced).length;

interface Source {
  uploadId: number;
  /** Who approved the load (null when unknown). */
  userId: number | null;
}

/** Upserts level rows on (site, date, zone); the number that replaced stored rows. */
export async function upsertLevels(tx: Executor, list: readonly LevelRow[], src: Source): Promise<number> {
  let replaced = 0;
  for (let i = 0; i < list.length; i += BATCH) {
    const r = await tx
      .insert(excavationProgress)
      .values(
        list.slice(i, i + BATCH).map((l) => ({
          siteId: l.siteId,
          uploadId: src.uploadId,
          activityDate: l.date,
          zone: l.zone,
          stageNo: l.stageNo,
          level: l.level,
          remarks: l.remarks,
          createdBy: src.userId,
        })),
      )
      .onConflictDoUpdate({
        target: [excavationProgress.siteId, excavationProgress.activityDate, excavationProgress.zone],
        set: {
          uploadId: sql`excluded.upload_id`,
          stageNo: sql`excluded.stage_no`,
          level: sql`excluded.level`,
          remarks: sql`excluded.remarks`,
          createdBy: sql`excluded.created_by`,
          createdAt: sql`excluded.created_at`,
        },
      })
      .returning({ replaced: REPLACED });
    replaced += count(r);
  }
  return replaced;
}

/** Upserts struts and anchors on (site, lower(label)); the number per kind that replaced stored rows. */
export async function upsertSupports(tx: Executor, list: readonly SupportRow[], src: Source): Promise<{ strut: number; anchor: number }> {
  const replaced = { strut: 0, anchor: 0 };
  for (let i = 0; i < list.length; i += BATCH) {
    const values = list
      .slice(i, i + BATCH)
      .map(
        (s) =>
          sql`(${s.siteId}, ${src.uploadId}, ${s.kind}, ${s.label}, ${s.zone}, ${s.stageNo}, ${s.level}, ${s.installedAt}::timestamptz, ${s.remarks}, ${src.userId})`,
      );
    const r = await rowsOf<{ kind: 'strut' | 'anchor'; replaced: boolean }>(
      tx,
      sql`INSERT INTO ${excavationSupports} (site_id, upload_id, kind, label, zone, stage_no, level, installed_at, remarks, created_by)
          VALUES ${sql.join(values, sql`, `)}
          ON CONFLICT (site_id, lower(label)) DO UPDATE SET
            upload_id = excluded.upload_id, kind = excluded.kind, label = excluded.label, zone = excluded.zone,
            stage_no = excluded.stage_no, level = excluded.level, installed_at = excluded.installed_at,
            remarks = excluded.remarks, created_by = excluded.created_by, created_at = excluded.created_at
          RETURNING kind, ${REPLACED} AS replaced`,
    );
    for (const x of r) if (x.replaced) replaced[x.kind]++;
  }
  return replaced;
}

/** Upserts design values on (site, stage); the number that replaced stored rows. */
export async function upsertDesign(tx: Executor, list: readonly DesignRow[], src: Source): Promise<number> {
  let replaced = 0;
  for (let i = 0; i < list.length; i += BATCH) {
    const r = await tx
      .insert(excavationDesign)
      .values(
        list.slice(i, i + BATCH).map((d) => ({
          siteId: d.siteId,
          uploadId: src.uploadId,
          stageNo: d.stageNo,
          wallDeflection: d.wallDeflection,
          strutForce: d.strutForce,
          settlement: d.settlement,
          remarks: d.remarks,
          createdBy: src.userId,
        })),
      )
      .onConflictDoUpdate({
        target: [excavationDesign.siteId, excavationDesign.stageNo],
        set: {
          uploadId: sql`excluded.upload_id`,
          wallDeflection: sql`excluded.wall_deflection`,
          strutForce: sql`excluded.strut_force`,
          settlement: sql`excluded.settlement`,
          remarks: sql`excluded.remarks`,
          createdBy: sql`excluded.created_by`,
          createdAt: sql`excluded.created_at`,
        },
      })
      .returning({ replaced: REPLACED });
    replaced += count(r);
  }
  return replaced;
}

/** Upserts shift rows on (drive, date, shift, face part); the number that replaced stored rows. */
export async function upsertShifts(tx: Executor, list: readonly ShiftRow[], src: Source): Promise<number> {
  let replaced = 0;
  for (let i = 0; i < list.length; i += BATCH) {
    const r = await tx
      .insert(tunnelShifts)
      .values(
        list.slice(i, i + BATCH).map((s) => ({
          siteId: s.siteId,
          uploadId: src.uploadId,
          shiftDate: s.date,
          shift: s.shift,
          facePart: s.facePart,
          chainage: s.chainage,
          rockBolts: s.rockBolts,
          shotcrete: s.shotcrete,
          latticeGirders: s.latticeGirders,
          geologyClass: s.geologyClass,
          remarks: s.remarks,
          createdBy: src.userId,
        })),
      )
      .onConflictDoUpdate({
        target: [tunnelShifts.siteId, tunnelShifts.shiftDate, tunnelShifts.shift, tunnelShifts.facePart],
        set: {
          uploadId: sql`excluded.upload_id`,
          chainage: sql`excluded.chainage`,
          rockBolts: sql`excluded.rock_bolts`,
          shotcrete: sql`excluded.shotcrete`,
          latticeGirders: sql`excluded.lattice_girders`,
          geologyClass: sql`excluded.geology_class`,
          remarks: sql`excluded.remarks`,
          createdBy: sql`excluded.created_by`,
          createdAt: sql`excluded.created_at`,
        },
      })
      .returning({ replaced: REPLACED });
    replaced += count(r);
  }
  return replaced;
}

/**
 * Puts a drive's sequence steps into its site's stages: a step replaces the stage of its number, the others stay, the
 * whole ordered by stage number. The site row is locked for the change; its stages before and after are returned
 * (undefined when the site is gone).
 */
export async function mergeSequenceSteps(
  tx: Executor,
  siteId: number,
  steps: readonly TSiteStage[],
  at: Date,
): Promise<{ before: TSiteStage[]; after: TSiteStage[]; replaced: number } | undefined> {
  const [site] = await tx.select({ stages: sites.stages }).from(sites).where(eq(sites.siteId, siteId)).for('update');
  if (!site) return undefined;
  const before = Array.isArray(site.stages) ? (site.stages as TSiteStage[]) : [];
  const byNo = new Map(before.map((s) => [s.stage_no, s]));
  let replaced = 0;
  for (const s of steps) {
    if (byNo.has(s.stage_no)) replaced++;
    byNo.set(s.stage_no, s);
  }
  const after = [...byNo.values()].sort((a, b) => a.stage_no - b.stage_no);
  await tx.update(sites).set({ stages: after, updatedAt: at }).where(eq(sites.siteId, siteId));
  return { before, after, replaced };
}

/** Which of the sites still exist (a load refuses rows of a site deleted since the validation). */
export async function existingSiteIds(db: Executor, siteIds: readonly number[]): Promise<Set<number>> {
  if (siteIds.length === 0) return new Set();
  const found = await db
    .select({ id: sites.siteId })
    .from(sites)
    .where(inArray(sites.siteId, [...siteIds]));
  return new Set(found.map((r) => r.id));
}

/** The role of a user (null: none, or no such user): the permissions the checks apply are the role's. */
export async function userRoleOf(db: Executor, userId: number): Promise<number | null> {
  const [u] = await db.select({ roleId: users.roleId }).from(users).where(eq(users.userId, userId)).limit(1);
  return u?.roleId ?? null;
}
