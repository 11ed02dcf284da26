/**
 * Demo construction progress (issue 19, decision 038), seeded inside `seedDemo`'s transaction after the sites exist:
 * six months of progress up to the first start's date in Singapore for the two demo excavation sites and the mined
 * tunnel, as a site engineer's daily sheets would have given it.
 * - Excavations: a level reached per working day and zone (Sundays off, now and then no report), stepping down
 *   through the stages and holding at each stage's target while its supports go in (struts at Marina South, ground
 *   anchors at Bayshore, a few per level and zone, labelled S1-01, GA2-03…), never below the final formation level;
 *   the QP(D)'s design values per stage (wall deflection growing with depth toward the site's max_wall_deflection_mm,
 *   strut or anchor forces, ground settlement).
 * - The NATM adit: day and night shifts (Sundays off); the top heading advancing one or two rounds a shift (0.8 m rounds
 *   in class IV ground, 1.0 m otherwise; some shifts only support and mapping), the bench 10–20 m behind it, the
 *   invert further behind; rock bolts, 150–250 mm of shotcrete, a lattice girder every round or two, the geology class
 *   mapped at the face; the face stops short of the drive's end.
 * - A progress drawing of the adit (given the files storage): a PNG plan of the part excavated two weeks ago, placed
 *   over the drive (its extent with the 10 % margin), so the tunnel's page shows it on the map (demo-drawing.ts).
 * Deterministic values (a seeded generator); dates follow the moment of the first start. The stage plans of the sites
 * (demo-master-data.ts) take the same window from `demoStagePlan`.
 */
import { inArray } from 'drizzle-orm';
import { alignmentBetween, alignmentLength, defaultDrawingExtent, pointAtChainage, type TSiteGeometry, type TSiteStage } from '@strata/shared';
import type { Executor } from '../db/client.js';
import { excavationDesign, excavationProgress, excavationSupports, siteDrawings, sites, tunnelShifts } from '../db/schema/index.js';
import { randomKey, type Storage } from '../platform/storage.js';
import { progressDrawingPng } from './demo-drawing.js';
import { rng } from './demo-random.js';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
/** Singapore is UTC+8 all year: a day's dates are its calendar dates there. */
const SGT = 8 * HOUR;
/** The demo's progress covers this many days, the last being the first start's date in Singapore. */
export const DEMO_PROGRESS_DAYS = 183;
/** The demo adit's chainage at its first vertex (the launch shaft), m. */
export const DEMO_ADIT_CHAINAGE_START = 1200;

const dayOf = (ms: number) => Math.floor((ms + SGT) / DAY);
const dateOf = (day: number) => new Date(day * DAY).toISOString().slice(0, 10);
const isSunday = (day: number) => new Date(day * DAY).getUTCDay() === 0;
/** A Singapore time of day on a day number, as an instant. */
const at = (day: number, hours: number) => new Date(day * DAY + Math.round(hours * 60) * 60_000 - SGT);
const round = (v: number, d = 2) => Math.round(v * 10 ** d) / 10 ** d + 0;
/** The first day of the demo's progress. */
const firstDay = (now: Date) => dayOf(now.getTime()) - DEMO_PROGRESS_DAYS + 1;

/** The plan of stage n (1-based) of `count`, spread over `spanDays` from the first day of the demo's progress. */
export function demoStagePlan(now: Date, n: number, count: number, spanDays: number): Pick<TSiteStage, 'planned_start' | 'planned_end'> {
  const start = firstDay(now);
  const each = spanDays / count;
  return { planned_start: dateOf(start + Math.round((n - 1) * each)), planned_end: dateOf(start + Math.round(n * each) - 1) };
}

/** The demo adit's step targets: `steps` equal lengths of its alignment, the last at its end (to the metre below). */
export function demoAditTargets(line: readonly (readonly number[])[], steps: number): number[] {
  const length = alignmentLength(line);
  return Array.from({ length: steps }, (_, i) => DEMO_ADIT_CHAINAGE_START + (i === steps - 1 ? Math.floor(length) : Math.round((length * (i + 1)) / steps)));
}

interface ExcavationPlan {
  site: string;
  /** The ground level where the excavation starts, mRL. */
  ground: number;
  zones: { zone: string; lagDays: number }[];
  /** Metres excavated on a working day, from–to. */
  rate: [number, number];
  /** Working days at a stage's target while its supports go in, from–to. */
  hold: [number, number];
  support: { kind: 'strut' | 'anchor'; prefix: string; perZone: [number, number]; aboveTarget: number; force: number };
  settlementMax: number;
  seed: number;
}

const EXCAVATIONS: ExcavationPlan[] = [
  {
    site: 'Marina South Station Box',
    ground: 102.6,
    zones: [
      { zone: 'A', lagDays: 0 },
      { zone: 'B', lagDays: 9 },
    ],
    rate: [0.08, 0.2],
    hold: [4, 7],
    support: { kind: 'strut', prefix: 'S', perZone: [3, 4], aboveTarget: 1, force: 1200 },
    settlementMax: 25,
    seed: 19_038_001,
  },
  {
    site: 'Bayshore Station Box',
    ground: 102,
    zones: [{ zone: '', lagDays: 20 }],
    rate: [0.06, 0.15],
    hold: [5, 8],
    support: { kind: 'anchor', prefix: 'GA', perZone: [4, 6], aboveTarget: 0.8, force: 650 },
    settlementMax: 28,
    seed: 19_038_002,
  },
];

type SiteRow = Pick<typeof sites.$inferSelect, 'siteId' | 'siteName' | 'stages' | 'designValues' | 'geometry' | 'chainageStart'>;
const numberOf = (v: unknown, fallback: number) => (typeof v === 'number' ? v : fallback);

function excavationRows(site: SiteRow, plan: ExcavationPlan, now: Date) {
  const random = rng(plan.seed);
  const between = ([lo, hi]: [number, number]) => lo + random() * (hi - lo);
  const whole = ([lo, hi]: [number, number]) => lo + Math.floor(random() * (hi - lo + 1));
  const stages = [...(site.stages as TSiteStage[])].filter((s) => typeof s.target === 'number').sort((a, b) => a.stage_no - b.stage_no);
  const last = dayOf(now.getTime());
  const levels: (typeof excavationProgress.$inferInsert)[] = [];
  const supports: (typeof excavationSupports.$inferInsert)[] = [];
  const labelsAt = new Map<number, number>();
  for (const { zone, lagDays } of plan.zones) {
    let level = plan.ground;
    let stage = 0;
    let hold = 0;
    let installing: { stageNo: number; level: number; left: number } | undefined;
    for (let day = firstDay(now) + lagDays; day <= last; day++) {
      if (isSunday(day) || random() < 0.05) continue;
      const current = stages[Math.min(stage, stages.length - 1)]!;
      let remarks = '';
      let stageNo = current.stage_no;
      const holding = hold > 0;
      if (holding) {
        // The supports of the level reached belong to its stage ("Install strut layer n and preload").
        hold--;
        stageNo = installing!.stageNo;
        remarks = `${plan.support.kind === 'strut' ? 'Strut' : 'Anchor'} installation, level ${installing!.stageNo}`;
      } else if (stage < stages.length) {
        level = Math.max(round(level - between(plan.rate)), current.target!);
        if (level <= current.target!) {
          remarks = `Reached ${current.name.toLowerCase()}`;
          stage++;
          // Supports at every level but the last (the base slab follows the final excavation).
          if (stage < stages.length) {
            hold = whole(plan.hold);
            installing = { stageNo: current.stage_no, level: round(current.target! + plan.support.aboveTarget), left: whole(plan.support.perZone) };
          }
        }
      }
      levels.push({ siteId: site.siteId, activityDate: dateOf(day), zone, stageNo, level, remarks });
      // The supports of the level reached go in over the working days of the hold, two a day.
      if (holding && installing && installing.left > 0) {
        for (let k = 0; k < Math.min(installing.left, 2); k++) {
          const no = (labelsAt.get(installing.stageNo) ?? 0) + 1;
          labelsAt.set(installing.stageNo, no);
          supports.push({
            siteId: site.siteId,
            kind: plan.support.kind,
            label: `${plan.support.prefix}${installing.stageNo}-${String(no).padStart(2, '0')}`,
            zone,
            stageNo: installing.stageNo,
            level: installing.level,
            installedAt: at(day, 10 + k * 3 + round(random(), 1)),
            remarks: plan.support.kind === 'strut' ? `Preloaded to ${plan.support.force} kN` : 'Stressed and locked off',
          });
        }
        installing.left -= Math.min(installing.left, 2);
      }
    }
  }
  // The QP(D)'s predictions per stage: deflection toward the site's maximum, forces and settlement growing with depth.
  const dv = site.designValues as Record<string, unknown>;
  const maxDeflection = numberOf(dv['max_wall_deflection_mm'], 40);
  const force = numberOf(dv['strut_preload_kN'], plan.support.force);
  const settlementMax = numberOf(dv['max_ground_settlement_mm'], plan.settlementMax);
  const design: (typeof excavationDesign.$inferInsert)[] = stages.map((s, i) => {
    const depth = (i + 1) / stages.length;
    return {
      siteId: site.siteId,
      stageNo: s.stage_no,
      wallDeflection: round(maxDeflection * (0.3 + 0.65 * depth), 1),
      strutForce: round(force * (1.05 + 0.45 * depth), 0),
      settlement: round(settlementMax * (0.2 + 0.7 * depth), 1),
      remarks: `QP(D) prediction for ${s.name.toLowerCase()}`,
    };
  });
  return { levels, supports, design };
}

/** The geology mapped at the face, by distance from the launch shaft: weathered near it and through a fault zone. */
function geologyAt(metres: number): 'II' | 'III' | 'IV' {
  if (metres < 45 || (metres >= 240 && metres < 270)) return 'IV';
  if (metres < 120 || (metres >= 200 && metres < 300)) return 'III';
  return 'II';
}

const SUPPORT_BY_CLASS = { II: { bolts: 5, shotcrete: 150 }, III: { bolts: 7, shotcrete: 200 }, IV: { bolts: 10, shotcrete: 250 } } as const;

function tunnelRows(site: SiteRow, now: Date) {
  const random = rng(19_038_003);
  const line = (site.geometry as TSiteGeometry).coordinates as number[][];
  const start = site.chainageStart ?? 0;
  const end = start + alignmentLength(line);
  const rows: (typeof tunnelShifts.$inferInsert)[] = [];
  let heading = start;
  let bench: number | undefined;
  let invert: number | undefined;
  const last = dayOf(now.getTime());
  for (let day = firstDay(now); day <= last; day++) {
    if (isSunday(day)) continue;
    for (const shift of ['day', 'night'] as const) {
      const geology = geologyAt(heading - start);
      const roundLength = geology === 'IV' ? 0.8 : 1;
      // One shift in five installs support and maps the face without a round; the face stops 25 m short of the end.
      let rounds = random() < 0.2 ? 0 : random() < 0.5 ? 1 : 2;
      if (heading + rounds * roundLength > end - 25) rounds = 0;
      heading = round(heading + rounds * roundLength);
      const support = SUPPORT_BY_CLASS[geology];
      rows.push({
        siteId: site.siteId,
        shiftDate: dateOf(day),
        shift,
        facePart: 'top_heading',
        chainage: heading,
        rockBolts: rounds ? support.bolts * rounds : 0,
        shotcrete: rounds ? Math.min(250, Math.max(150, support.shotcrete - 25 + Math.floor(random() * 3) * 25)) : null,
        latticeGirders: rounds ? (geology === 'II' ? Math.ceil(rounds / 2) : rounds) : 0,
        geologyClass: geology,
        remarks: rounds ? '' : 'Support installation and face mapping, no round',
      });
      // The bench follows 10–20 m behind the top heading, the invert 15–35 m behind the bench, on some shifts.
      const benchTo = round(heading - 10 - random() * 10, 1);
      if (benchTo - start >= 5 && benchTo - (bench ?? start) >= 1) {
        bench = benchTo;
        rows.push({
          siteId: site.siteId,
          shiftDate: dateOf(day),
          shift,
          facePart: 'bench',
          chainage: bench,
          shotcrete: support.shotcrete,
          geologyClass: geology,
        });
      }
      const invertTo = bench === undefined ? start : round(bench - 15 - random() * 20, 1);
      if (shift === 'day' && random() < 0.35 && invertTo - start >= 5 && invertTo - (invert ?? start) >= 3) {
        invert = invertTo;
        rows.push({
          siteId: site.siteId,
          shiftDate: dateOf(day),
          shift,
          facePart: 'invert',
          chainage: invert,
          geologyClass: geology,
          remarks: 'Invert closed',
        });
      }
    }
  }
  return rows;
}

export const DEMO_CONSTRUCTION_SITES = [...EXCAVATIONS.map((e) => e.site), 'Gardens NATM Adit'];

/** The demo adit's progress drawing shows the drive this many days before the first start. */
export const DEMO_DRAWING_DAYS_AGO = 14;
/** The adit's excavated width as the drawing shows it (m). */
const ADIT_WIDTH = 7;

const dmy = (date: string) => date.split('-').reverse().join('/');

/**
 * The adit's progress drawing of DEMO_DRAWING_DAYS_AGO days ago: the top heading's face that day (the shift rows
 * seeded), the part excavated from the launch shaft, drawn as a PNG over the drive's extent with the 10 % margin.
 */
async function seedAditDrawing(
  tx: Executor,
  site: SiteRow,
  shifts: (typeof tunnelShifts.$inferInsert)[],
  now: Date,
  storage: Storage,
  uploadedBy: number | null,
) {
  const geometry = site.geometry as TSiteGeometry;
  const extent = defaultDrawingExtent(geometry);
  if (geometry.type !== 'LineString' || !extent) throw new Error('seed: the demo adit has no alignment');
  const line = geometry.coordinates;
  const start = site.chainageStart ?? 0;
  const day = dayOf(now.getTime()) - DEMO_DRAWING_DAYS_AGO;
  const date = dateOf(day);
  const heading = shifts.filter((r) => r.facePart === 'top_heading' && r.shiftDate <= date).at(-1)?.chainage ?? start;
  const point = pointAtChainage(line, start, heading);
  const png = await progressDrawingPng({
    extent,
    line,
    excavated: alignmentBetween(line, start, start, heading),
    face: point && { x: point.x, y: point.y, chainage: heading },
    tunnelWidth: ADIT_WIDTH,
    title: `${site.siteName}: excavation progress`,
    subtitle: `Survey of ${dmy(date)} · top heading at CH ${heading.toFixed(1)} · SVY21, 10 m grid`,
  });
  const key = randomKey('site-drawings', 'png');
  await storage.write(key, png);
  await tx.insert(siteDrawings).values({
    siteId: site.siteId,
    fileName: `gardens-adit-progress-${date}.png`,
    storageKey: key,
    contentType: 'image/png',
    size: png.length,
    uploadedBy,
    uploadedAt: at(day, 17),
    drawingDate: date,
    extentMinE: extent[0],
    extentMinN: extent[1],
    extentMaxE: extent[2],
    extentMaxN: extent[3],
  });
}

export interface DemoConstructionFiles {
  /** The files storage: the adit's progress drawing is written there (no drawing without it). */
  storage?: Storage | undefined;
  /** Who uploaded the drawing (the demo's administrator). */
  uploadedBy?: number | null;
}

/** Seeds the demo progress of the demo sites (by name); returns how many rows of each kind. */
export async function seedDemoConstruction(
  tx: Executor,
  now: Date,
  files: DemoConstructionFiles = {},
): Promise<{ levels: number; supports: number; design: number; shifts: number; drawings: number }> {
  const found: SiteRow[] = await tx
    .select({
      siteId: sites.siteId,
      siteName: sites.siteName,
      stages: sites.stages,
      designValues: sites.designValues,
      geometry: sites.geometry,
      chainageStart: sites.chainageStart,
    })
    .from(sites)
    .where(inArray(sites.siteName, DEMO_CONSTRUCTION_SITES));
  const byName = (name: string) => {
    const s = found.find((f) => f.siteName === name);
    if (!s) throw new Error(`seed: demo site ${name} missing`);
    return s;
  };
  const levels: (typeof excavationProgress.$inferInsert)[] = [];
  const supports: (typeof excavationSupports.$inferInsert)[] = [];
  const design: (typeof excavationDesign.$inferInsert)[] = [];
  for (const plan of EXCAVATIONS) {
    const rows = excavationRows(byName(plan.site), plan, now);
    levels.push(...rows.levels);
    supports.push(...rows.supports);
    design.push(...rows.design);
  }
  const shifts = tunnelRows(byName('Gardens NATM Adit'), now);
  const batches = <T>(rows: T[], insert: (batch: T[]) => Promise<unknown>) =>
    (async () => {
      for (let i = 0; i < rows.length; i += 1000) await insert(rows.slice(i, i + 1000));
    })();
  await batches(levels, (b) => tx.insert(excavationProgress).values(b));
  await batches(supports, (b) => tx.insert(excavationSupports).values(b));
  await batches(design, (b) => tx.insert(excavationDesign).values(b));
  await batches(shifts, (b) => tx.insert(tunnelShifts).values(b));
  if (files.storage) await seedAditDrawing(tx, byName('Gardens NATM Adit'), shifts, now, files.storage, files.uploadedBy ?? null);
  return { levels: levels.length, supports: supports.length, design: design.length, shifts: shifts.length, drawings: files.storage ? 1 : 0 };
}
