import {
  alignmentLength,
  CONSTRUCTION_TOPIC,
  FACE_PARTS,
  pointAtChainage,
  type TConstructionProgressList,
  type TConstructionProgressQuery,
  type TExcavationDesign,
  type TExcavationLevel,
  type TExcavationProgress,
  type TExcavationSupport,
  type TFacePart,
  type TSite,
  type TSiteGeometry,
  type TSiteProgressSummary,
  type TSiteStage,
  type TStageProgress,
  type TTunnelFace,
  type TTunnelProgress,
  type TTunnelShift,
  type TTunnelShiftRow,
} from '@strata/shared';
import type { Actor, AppContext } from '../../context.js';
import type { Tx } from '../../db/client.js';
import { notFound } from '../../lib/errors.js';
import { iso } from '../../lib/filters.js';
import { writeAudit } from '../../platform/audit.js';
import { scopeOf } from '../contracts/contracts.service.js';
import { publishDataUpdated } from '../realtime/realtime.publish.js';
import type { SitesService } from '../sites/sites.service.js';
import {
  deleteDesign,
  deleteLevel,
  deleteShift,
  deleteSupport,
  designOf,
  findSiteOfTypeRecord,
  latestFaces,
  latestLevels,
  levelsOf,
  progressSites,
  shiftsOf,
  supportsOf,
  type DesignRow,
  type LevelRow,
  type ShiftRow,
  type SupportRow,
} from './construction.repository.js';

/** The record categories `excavation` and `tunnel` (record-refs.ts) find and list sites of their type with these. */
export { findSiteOfTypeRecord, siteOfTypeIds, siteOfTypeListing } from './construction.repository.js';

const SITE_NOT_FOUND = 'Construction site not found';

/** What the progress of a site is measured against: its stages, design values and (mined tunnels) alignment. */
export type SiteFacts = Pick<TSite, 'stages' | 'design_values' | 'geometry' | 'chainage_start'>;
export interface ZoneLevel {
  zone: string;
  date: string;
  level: number;
}
export interface FaceState {
  face_part: TFacePart;
  date: string;
  shift: TTunnelShift;
  chainage: number;
}

/** Rows by their site id. */
function groupBySite<T extends { siteId: number }>(rows: readonly T[]): Map<number, T[]> {
  const out = new Map<number, T[]>();
  for (const r of rows) {
    const list = out.get(r.siteId);
    if (list) list.push(r);
    else out.set(r.siteId, [r]);
  }
  return out;
}

/** Lengths and advances to the millimetre: sums of doubles otherwise show as 1.2000000000000455. */
const mm = (v: number) => Math.round(v * 1000) / 1000 + 0;
const isNumber = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);
const byStageNo = (stages: readonly TSiteStage[]) => [...stages].sort((a, b) => a.stage_no - b.stage_no);
const maxOf = (dates: readonly string[]) => (dates.length ? dates.reduce((a, b) => (b > a ? b : a)) : null);

/** The stage the works are in: the first (by stage_no) with a target that `reached` says is not reached yet. */
function currentStage(stages: readonly TSiteStage[], reached: (target: number) => boolean): Pick<TSiteProgressSummary, 'stage_no' | 'stage_name'> {
  const s = byStageNo(stages).find((st) => isNumber(st.target) && !reached(st.target));
  return { stage_no: s?.stage_no ?? null, stage_name: s?.name ?? null };
}

/** An excavation's final formation level: the lowest stage target, or the design value `formation_level_mRL` if lower. */
export function formationLevel(site: SiteFacts): number | null {
  const levels = site.stages.map((s) => s.target).filter(isNumber);
  const designed = site.design_values['formation_level_mRL'];
  if (isNumber(designed)) levels.push(designed);
  return levels.length ? Math.min(...levels) : null;
}

/** An excavation's progress summary from the latest level of each zone (the list and the site's page alike). */
export function excavationSummary(site: SiteFacts, zones: readonly ZoneLevel[]): TSiteProgressSummary {
  const value = zones.length ? Math.min(...zones.map((z) => z.level)) : null;
  return {
    date: maxOf(zones.map((z) => z.date)),
    value,
    target: formationLevel(site),
    ...stageNow('E', site.stages, { levels: zones.map((z) => z.level), faces: [] }),
  };
}

/** A mined tunnel's alignment: its LineString with chainages [start, end] (start: the site's chainage_start, null: 0). */
export function alignmentOf(site: Pick<SiteFacts, 'geometry' | 'chainage_start'>) {
  const g = site.geometry as TSiteGeometry | null;
  if (g?.type !== 'LineString') return null;
  const start = site.chainage_start ?? 0;
  return { line: g.coordinates, start, end: mm(start + alignmentLength(g.coordinates)) };
}

/** The leading face's chainage: the top heading's, else the furthest face part's; null before any shift. */
function leadingChainage(faces: Iterable<Pick<FaceState, 'face_part' | 'chainage'>>): number | null {
  let furthest: number | null = null;
  for (const f of faces) {
    if (f.face_part === 'top_heading') return f.chainage;
    furthest = furthest === null ? f.chainage : Math.max(furthest, f.chainage);
  }
  return furthest;
}

/** A mined tunnel's progress summary from the latest row of each face part (the list and the drive's page alike). */
export function tunnelSummary(site: SiteFacts, faces: readonly FaceState[]): TSiteProgressSummary {
  const value = leadingChainage(faces);
  const lastTarget = byStageNo(site.stages)
    .map((s) => s.target)
    .filter(isNumber)
    .at(-1);
  return {
    date: maxOf(faces.map((f) => f.date)),
    value,
    target: alignmentOf(site)?.end ?? lastTarget ?? null,
    ...stageNow('MT', site.stages, { levels: [], faces }),
  };
}

/**
 * The stage a site's works are in, from its latest progress: the first stage (by stage_no) whose target is not reached,
 * where an excavation reaches a target when the lowest of its zones' latest levels is at or below it, and a mined
 * tunnel when its leading face is at or beyond it. The summaries above and an instrument's design values (the stage
 * whose predictions its chart draws) both use it, so the two always name the same stage.
 */
export function stageNow(
  type: 'E' | 'MT',
  stages: readonly TSiteStage[],
  latest: { levels: readonly number[]; faces: Iterable<Pick<FaceState, 'face_part' | 'chainage'>> },
): Pick<TSiteProgressSummary, 'stage_no' | 'stage_name'> {
  if (type === 'E') {
    const value = latest.levels.length ? Math.min(...latest.levels) : null;
    return currentStage(stages, (target) => value !== null && value <= target);
  }
  const value = leadingChainage(latest.faces);
  return currentStage(stages, (target) => value !== null && value >= target);
}

/** The earliest of the dates given (null when none is). */
const earliest = (...dates: (string | null | undefined)[]) =>
  dates.filter((d): d is string => !!d).reduce<string | null>((a, b) => (a === null || b < a ? b : a), null);

/**
 * Planned and actual dates per stage, from a sequence of progress "moments" (E: dates, MT: shifts), each with the
 * leading value after it (E: the lowest latest level of the zones; MT: the leading face's chainage). A stage ends at the
 * first moment its target is reached (the summary's test, as of that moment). It starts at the earliest of: the first
 * moment naming it (E: a level row with its stage_no); the first moment past the previous stage's target (E: below it,
 * MT: beyond it) or, the first stage, the first moment; the first moment after the previous stage ended (a target
 * reached exactly). Never after it ended: a day that passes two targets starts and ends the second.
 */
function stageProgress(
  stages: readonly TSiteStage[],
  moments: readonly { date: string; value: number | null; stageNos: ReadonlySet<number> }[],
  reached: (value: number, target: number) => boolean,
): TStageProgress[] {
  const firstAt = (test: (value: number) => boolean) => moments.findIndex((m) => m.value !== null && test(m.value));
  let previous: { target: number | null; endAt: number } | undefined;
  return byStageNo(stages).map((s) => {
    const target = isNumber(s.target) ? s.target : null;
    const endAt = target === null ? -1 : firstAt((v) => reached(v, target));
    const named = moments.find((m) => m.stageNos.has(s.stage_no))?.date;
    let past: string | undefined;
    let afterEnd: string | undefined;
    if (!previous) past = moments[0]?.date;
    else {
      const prevTarget = previous.target;
      if (prevTarget !== null) past = moments[firstAt((v) => v !== prevTarget && reached(v, prevTarget))]?.date;
      if (previous.endAt >= 0) afterEnd = moments[previous.endAt + 1]?.date;
    }
    const end = endAt >= 0 ? moments[endAt]!.date : null;
    previous = { target, endAt };
    return {
      stage_no: s.stage_no,
      name: s.name,
      target: s.target,
      planned_start: s.planned_start,
      planned_end: s.planned_end,
      actual_start: earliest(named, past, afterEnd, end),
      actual_end: end,
    };
  });
}

/** An excavation's stages with actual dates from its level rows (oldest first). */
export function excavationStages(site: SiteFacts, levels: readonly Pick<TExcavationLevel, 'date' | 'zone' | 'level' | 'stage_no'>[]): TStageProgress[] {
  const latest = new Map<string, number>();
  const moments: { date: string; value: number | null; stageNos: Set<number> }[] = [];
  for (const l of levels) {
    latest.set(l.zone, l.level);
    let m = moments.at(-1);
    if (m?.date !== l.date) moments.push((m = { date: l.date, value: null, stageNos: new Set() }));
    m.value = Math.min(...latest.values());
    if (l.stage_no !== null) m.stageNos.add(l.stage_no);
  }
  return stageProgress(site.stages, moments, (value, target) => value <= target);
}

/** A drive's steps with actual dates from its shift rows (oldest first). */
export function tunnelStages(site: SiteFacts, shifts: readonly Pick<TTunnelShiftRow, 'date' | 'shift' | 'face_part' | 'chainage'>[]): TStageProgress[] {
  const latest = new Map<TFacePart, number>();
  const moments: { key: string; date: string; value: number | null; stageNos: Set<number> }[] = [];
  for (const r of shifts) {
    latest.set(r.face_part, r.chainage);
    const key = `${r.date}/${r.shift}`;
    let m = moments.at(-1);
    if (m?.key !== key) moments.push((m = { key, date: r.date, value: null, stageNos: new Set() }));
    m.value = leadingChainage(FACE_PARTS.filter((p) => latest.has(p)).map((p) => ({ face_part: p, chainage: latest.get(p)! })));
  }
  return stageProgress(site.stages, moments, (value, target) => value >= target);
}

/**
 * The leading face part's advance per calendar day with a shift: its last chainage that day minus its last chainage
 * before that day (0 on a day it did not move or has no row). The leading part is the top heading (else the first face
 * part with rows). Before its first day the drive stood at the alignment's chainage_start when the site has an
 * alignment (the portal); without one, at the first row's chainage, so the first day counts only what was driven after
 * its first shift report (0 for a day with one report).
 */
export function advancePerDay(site: SiteFacts, shifts: readonly Pick<TTunnelShiftRow, 'date' | 'face_part' | 'chainage'>[]) {
  const lead = FACE_PARTS.find((p) => shifts.some((s) => s.face_part === p));
  const leadRows = shifts.filter((s) => s.face_part === lead);
  let before: number | null = alignmentOf(site)?.start ?? leadRows[0]?.chainage ?? null;
  const out: { date: string; advance: number }[] = [];
  for (const date of [...new Set(shifts.map((s) => s.date))]) {
    const today = leadRows.filter((s) => s.date === date).at(-1);
    out.push({ date, advance: today && before !== null ? mm(today.chainage - before) : 0 });
    if (today) before = today.chainage;
  }
  return out;
}

const presentLevel = (r: LevelRow): TExcavationLevel => ({
  progress_id: r.progressId,
  date: r.activityDate,
  zone: r.zone,
  stage_no: r.stageNo,
  level: r.level,
  remarks: r.remarks,
  upload_id: r.uploadId,
});

const presentSupport = (r: SupportRow): TExcavationSupport => ({
  support_id: r.supportId,
  kind: r.kind,
  label: r.label,
  zone: r.zone,
  stage_no: r.stageNo,
  level: r.level,
  installed_at: iso(r.installedAt),
  remarks: r.remarks,
  upload_id: r.uploadId,
});

const presentDesign = (r: DesignRow): TExcavationDesign => ({
  design_id: r.designId,
  stage_no: r.stageNo,
  wall_deflection: r.wallDeflection,
  strut_force: r.strutForce,
  settlement: r.settlement,
  remarks: r.remarks,
  upload_id: r.uploadId,
});

/** Shift rows with each face part's advance since its previous row. */
function presentShifts(rows: readonly ShiftRow[]): TTunnelShiftRow[] {
  const last = new Map<string, number>();
  return rows.map((r) => {
    const prev = last.get(r.facePart);
    last.set(r.facePart, r.chainage);
    return {
      shift_id: r.shiftId,
      date: r.shiftDate,
      shift: r.shift as TTunnelShift,
      face_part: r.facePart,
      chainage: r.chainage,
      advance: prev === undefined ? null : mm(r.chainage - prev),
      rock_bolts: r.rockBolts,
      shotcrete: r.shotcrete,
      lattice_girders: r.latticeGirders,
      geology_class: r.geologyClass,
      remarks: r.remarks,
      upload_id: r.uploadId,
    };
  });
}

/** How one kind of progress row is deleted: the site type it hangs on, the query, how the audit shows it. */
interface Deletion<R> {
  type: TSite['type'];
  remove: (tx: Tx, siteId: number, rowId: number) => Promise<R | undefined>;
  present: (row: R) => object;
  notFound: string;
}
const deletion = <R>(d: Deletion<R>) => d;

const DELETIONS = {
  level: deletion({ type: 'E', remove: deleteLevel, present: presentLevel, notFound: 'Excavation level not found' }),
  support: deletion({ type: 'E', remove: deleteSupport, present: presentSupport, notFound: 'Strut or anchor not found' }),
  design: deletion({ type: 'E', remove: deleteDesign, present: presentDesign, notFound: 'Design values not found' }),
  shift: deletion({ type: 'MT', remove: deleteShift, present: (r: ShiftRow) => presentShifts([r])[0]!, notFound: 'Shift report row not found' }),
};
export type ProgressRowKind = keyof typeof DELETIONS;

/**
 * Construction progress (issue 19, decision 038): excavation levels, struts and anchors, design values per stage, and
 * mined-tunnel shift reports, read as each site's current progress (a query over the rows, never a copy). Readable by
 * any signed-in user within their contracts, like the sites they hang on; a site of another contract is a 404. Rows
 * are deleted one at a time with the delete task of their kind, audited on the site, and announced live
 * (dataUpdated on CONSTRUCTION_TOPIC).
 */
export class ConstructionService {
  constructor(
    private readonly ctx: AppContext,
    private readonly sites: SitesService,
  ) {}

  private get db() {
    return this.ctx.db.orm;
  }

  /** Every site of the type within the caller's contracts with its current progress: three queries, whatever the count. */
  async list(actor: Actor, q: TConstructionProgressQuery): Promise<TConstructionProgressList> {
    const rows = await progressSites(this.db, scopeOf(actor), { type: q.type, contractIds: q.contracts, keyword: q.keyword || undefined });
    const ids = rows.map((r) => r.siteId);
    const summaries = new Map<number, TSiteProgressSummary>();
    const facts = (r: (typeof rows)[number]): SiteFacts => ({
      stages: (r.stages as TSiteStage[]) ?? [],
      design_values: (r.designValues as TSite['design_values']) ?? {},
      geometry: (r.geometry as TSiteGeometry | null) ?? null,
      chainage_start: r.chainageStart,
    });
    if (q.type === 'E') {
      const latest = groupBySite(await latestLevels(this.db, ids));
      for (const r of rows) summaries.set(r.siteId, excavationSummary(facts(r), latest.get(r.siteId) ?? []));
    } else {
      const latest = groupBySite(await latestFaces(this.db, ids));
      for (const r of rows) {
        const faces = (latest.get(r.siteId) ?? []).map((f) => ({ face_part: f.facePart, date: f.date, shift: f.shift as TTunnelShift, chainage: f.chainage }));
        summaries.set(r.siteId, tunnelSummary(facts(r), faces));
      }
    }
    return {
      records: rows.map((r) => ({
        site_id: r.siteId,
        site_name: r.siteName,
        contract_id: r.contractId,
        contract_no: r.contractNo,
        type: r.type,
        description: r.description,
        geometry: (r.geometry as TSiteGeometry | null) ?? null,
        progress: summaries.get(r.siteId)!,
      })),
      total_records: rows.length,
    };
  }

  /** The site within the caller's contracts when it is of the type; 404 otherwise. */
  private async siteOfType(actor: Actor, id: number, type: TSite['type']): Promise<TSite> {
    const site = await this.sites.get(actor, id);
    if (site.type !== type) throw notFound(SITE_NOT_FOUND);
    return site;
  }

  async excavation(actor: Actor, id: number): Promise<TExcavationProgress> {
    const site = await this.siteOfType(actor, id, 'E');
    const [levelRows, supportRows, designRows] = await Promise.all([levelsOf(this.db, id), supportsOf(this.db, id), designOf(this.db, id)]);
    const levels = levelRows.map(presentLevel);
    const latest = new Map<string, ZoneLevel>();
    for (const l of levels) latest.set(l.zone, { zone: l.zone, date: l.date, level: l.level });
    const zones = [...latest.values()].sort((a, b) => a.zone.localeCompare(b.zone));
    return {
      site,
      summary: excavationSummary(site, zones),
      stages: excavationStages(site, levels),
      levels,
      zones,
      supports: supportRows.map(presentSupport),
      design: designRows.map(presentDesign),
    };
  }

  async tunnel(actor: Actor, id: number): Promise<TTunnelProgress> {
    const site = await this.siteOfType(actor, id, 'MT');
    const shifts = presentShifts(await shiftsOf(this.db, id));
    const latest = new Map<TFacePart, FaceState>();
    for (const s of shifts) latest.set(s.face_part, { face_part: s.face_part, date: s.date, shift: s.shift, chainage: s.chainage });
    const states = FACE_PARTS.filter((p) => latest.has(p)).map((p) => latest.get(p)!);
    const alignment = alignmentOf(site);
    const faces: TTunnelFace[] = states.map((f) => {
      const at = alignment ? pointAtChainage(alignment.line, alignment.start, f.chainage) : null;
      return { ...f, x: at ? mm(at.x) : null, y: at ? mm(at.y) : null };
    });
    return {
      site,
      summary: tunnelSummary(site, states),
      stages: tunnelStages(site, shifts),
      chainage_start: alignment?.start ?? null,
      chainage_end: alignment?.end ?? null,
      faces,
      shifts,
      advance_per_day: advancePerDay(site, shifts),
    };
  }

  /**
   * Deletes one progress row of a site: 404 unless the site is within the caller's contracts, of the row's type, and
   * the row is the site's (the same answer whether it does not exist or is another's). One transaction with the audit
   * row (entity `site`, the row in `before`); then dataUpdated on CONSTRUCTION_TOPIC for the site's contract.
   */
  async deleteRow(actor: Actor, kind: ProgressRowKind, siteId: number, rowId: number): Promise<{ ok: true }> {
    return this.deleteWith(actor, kind, DELETIONS[kind] as Deletion<unknown>, siteId, rowId);
  }

  private async deleteWith<R>(actor: Actor, kind: ProgressRowKind, d: Deletion<R>, siteId: number, rowId: number): Promise<{ ok: true }> {
    const site = await findSiteOfTypeRecord(this.db, scopeOf(actor), d.type, siteId);
    if (!site) throw notFound(SITE_NOT_FOUND);
    await this.db.transaction(async (tx) => {
      const row = await d.remove(tx, siteId, rowId);
      if (row === undefined) throw notFound(d.notFound);
      await writeAudit(tx, actor, {
        action: `construction.${kind}.delete`,
        entityType: 'site',
        entityId: siteId,
        before: { site_name: site.name, ...d.present(row) },
      });
    });
    try {
      await publishDataUpdated(this.ctx.bus, { topic: CONSTRUCTION_TOPIC, contractId: site.contractId });
    } catch (err) {
      this.ctx.log.error({ err, siteId }, 'construction: publishing the deletion failed');
    }
    return { ok: true };
  }
}
