import path from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { asc, eq } from 'drizzle-orm';
import { defaultDrawingExtent, FACE_PARTS, type TSite, type TSiteGeometry, type TSiteStage, type TStageProgress, type TTunnelShift } from '@strata/shared';
import { contracts, excavationDesign, excavationProgress, excavationSupports, siteDrawings, sites, tunnelShifts, users } from '../db/schema/index.js';
import { createLocalStorage } from '../platform/storage.js';
import { tempDataDir } from '../testing/master-data.js';
import type { Database } from '../db/client.js';
import { createTestDatabase } from '../platform/test-database.js';
import {
  alignmentOf,
  excavationStages,
  excavationSummary,
  formationLevel,
  tunnelStages,
  tunnelSummary,
  type SiteFacts,
} from '../modules/construction/construction.service.js';
import { seedMasterData } from './demo-master-data.js';
import { DEMO_DRAWING_DAYS_AGO, DEMO_PROGRESS_DAYS, seedDemoConstruction } from './demo-construction.js';

/** The first start: 29 November 2026, 11:20 in Singapore. */
const NOW = new Date('2026-11-29T03:20:00Z');
const TODAY = '2026-11-29';
const FIRST = new Date(Date.UTC(2026, 10, 29) - (DEMO_PROGRESS_DAYS - 1) * 86_400_000).toISOString().slice(0, 10);

/** The demo contracts and master data (the sites among it) as the demo seed makes them, for the first start NOW. */
async function seedSites(db: Database) {
  const [admin] = await db.orm
    .insert(users)
    .values({ loginName: 'seed', fullname: 'Seed', email: 'seed@example.com', userType: 2, status: 'active' })
    .returning();
  const created = await db.orm
    .insert(contracts)
    .values([
      { no: 'T301', title: 'a', easting: 30350.5, northing: 28620.2 },
      { no: 'T302', title: 'b', easting: 32810.0, northing: 30105.7 },
      { no: 'C303', title: 'c', easting: 35240.8, northing: 31460.3 },
    ])
    .returning();
  await db.orm.transaction((tx) => seedMasterData(tx, { contracts: created, adminId: admin!.userId, now: NOW }));
}

/** Stages with actual dates in order: each starts no later than it ends, after the one before started, ends after it ended. */
function expectStagesInOrder(stages: TStageProgress[], name: string) {
  let prev: TStageProgress | undefined;
  for (const s of stages) {
    if (s.actual_end) expect(s.actual_start, `${name} stage ${s.stage_no}`).not.toBeNull();
    if (s.actual_start && s.actual_end) expect(s.actual_start <= s.actual_end, `${name} stage ${s.stage_no}`).toBe(true);
    if (prev && s.actual_start) expect(prev.actual_start! <= s.actual_start, `${name} stage ${s.stage_no} starts after ${prev.stage_no}`).toBe(true);
    if (prev && s.actual_end) expect(prev.actual_end! <= s.actual_end, `${name} stage ${s.stage_no} ends after ${prev.stage_no}`).toBe(true);
    for (const d of [s.actual_start, s.actual_end]) if (d) expect(d >= FIRST && d <= TODAY, `${name} stage ${s.stage_no}: ${d}`).toBe(true);
    prev = s;
  }
}

describe('the demo construction progress', () => {
  it('gives the excavations and the adit six believable months: levels above formation, supports as the dig passes them, the face short of the end', async () => {
    const tdb = await createTestDatabase();
    try {
      const db = tdb.db.orm;
      await seedSites(tdb.db);
      const counts = await db.transaction((tx) => seedDemoConstruction(tx, NOW));
      expect(counts.levels).toBeGreaterThan(300);
      expect(counts.supports).toBeGreaterThan(20);
      expect(counts.design).toBe(8);
      expect(counts.shifts).toBeGreaterThan(400);

      const siteRows = await db.select().from(sites).orderBy(asc(sites.siteId));
      const facts = (name: string): SiteFacts & { siteId: number } => {
        const s = siteRows.find((r) => r.siteName === name)!;
        return {
          siteId: s.siteId,
          stages: s.stages as TSiteStage[],
          design_values: s.designValues as TSite['design_values'],
          geometry: s.geometry as TSiteGeometry,
          chainage_start: s.chainageStart,
        };
      };

      for (const name of ['Marina South Station Box', 'Bayshore Station Box']) {
        const site = facts(name);
        // The plan brackets the six months.
        expect(site.stages[0]!.planned_start).toBe(FIRST);
        expect(site.stages.at(-1)!.planned_end! > TODAY, name).toBe(true);
        const levels = (
          await db.select().from(excavationProgress).where(eq(excavationProgress.siteId, site.siteId)).orderBy(asc(excavationProgress.activityDate))
        ).map((l) => ({ date: l.activityDate, zone: l.zone, level: l.level, stage_no: l.stageNo }));
        const formation = formationLevel(site)!;
        const zones = [...new Set(levels.map((l) => l.zone))].sort();
        expect(zones).toEqual(name.startsWith('Marina') ? ['A', 'B'] : ['']);
        for (const zone of zones) {
          const own = levels.filter((l) => l.zone === zone);
          // Daily-ish: most working days, stepping down, never below formation, within the six months.
          expect(own.length, `${name} ${zone}`).toBeGreaterThan(100);
          for (let i = 1; i < own.length; i++) expect(own[i]!.level, `${name} ${zone} ${own[i]!.date}`).toBeLessThanOrEqual(own[i - 1]!.level);
          for (const l of own) {
            expect(l.level).toBeGreaterThanOrEqual(formation);
            expect(l.date >= FIRST && l.date <= TODAY).toBe(true);
          }
        }
        const latest = zones.map((zone) => {
          const l = levels.filter((x) => x.zone === zone).at(-1)!;
          return { zone, date: l.date, level: l.level };
        });
        const summary = excavationSummary(site, latest);
        expect(summary.value! > formation, `${name} still above formation: ${summary.value}`).toBe(true);
        expect(summary.date! >= '2026-11-26', name).toBe(true);
        expect(summary.stage_no, name).not.toBeNull();
        expect(summary.stage_no!, `${name} has passed some stages`).toBeGreaterThan(1);
        const stages = excavationStages(site, levels);
        expectStagesInOrder(stages, name);
        expect(stages.filter((s) => s.actual_end).length).toBe(summary.stage_no! - 1);

        // Supports: labelled by level, installed once the dig in their zone reached below them, a few per level.
        const supports = await db.select().from(excavationSupports).where(eq(excavationSupports.siteId, site.siteId));
        expect(supports.length, name).toBeGreaterThanOrEqual((summary.stage_no! - 1) * 3);
        for (const s of supports) {
          expect(s.label).toMatch(name.startsWith('Marina') ? /^S\d-\d{2}$/ : /^GA\d-\d{2}$/);
          expect(s.label.startsWith(`${name.startsWith('Marina') ? 'S' : 'GA'}${s.stageNo}-`)).toBe(true);
          const day = new Date(s.installedAt.getTime() + 8 * 3_600_000).toISOString().slice(0, 10);
          const dug = levels.filter((l) => l.zone === s.zone && l.date < day).at(-1);
          expect(dug, `${s.label} installed after digging started`).toBeDefined();
          expect(dug!.level, `${s.label} at ${s.level} installed with the dig at ${dug!.level}`).toBeLessThan(s.level);
          expect(s.installedAt.getTime()).toBeLessThanOrEqual(NOW.getTime());
        }
        expect(new Set(supports.map((s) => s.label.toLowerCase())).size).toBe(supports.length);

        // Design values per stage: deflection growing with depth toward the site's maximum.
        const design = await db.select().from(excavationDesign).where(eq(excavationDesign.siteId, site.siteId)).orderBy(asc(excavationDesign.stageNo));
        expect(design.map((d) => d.stageNo)).toEqual(site.stages.map((s) => s.stage_no));
        const max = site.design_values['max_wall_deflection_mm'] as number;
        for (let i = 1; i < design.length; i++) {
          expect(design[i]!.wallDeflection!).toBeGreaterThan(design[i - 1]!.wallDeflection!);
          expect(design[i]!.strutForce!).toBeGreaterThan(design[i - 1]!.strutForce!);
          expect(design[i]!.settlement!).toBeGreaterThan(design[i - 1]!.settlement!);
        }
        expect(design.at(-1)!.wallDeflection!).toBeLessThanOrEqual(max);
        expect(design.at(-1)!.wallDeflection!).toBeGreaterThan(max * 0.8);
      }

      // The adit: day and night shifts, the bench behind the top heading, the invert behind the bench, the face short of the end.
      const adit = facts('Gardens NATM Adit');
      const alignment = alignmentOf(adit)!;
      expect(alignment.start).toBe(1200);
      const targets = adit.stages.map((s) => s.target!);
      expect(targets.at(-1)!).toBeLessThanOrEqual(alignment.end);
      expect(targets.at(-1)!).toBeGreaterThan(alignment.end - 1);
      expect(adit.stages[0]!.planned_start).toBe(FIRST);
      const rows = (
        await db
          .select()
          .from(tunnelShifts)
          .where(eq(tunnelShifts.siteId, adit.siteId))
          .orderBy(asc(tunnelShifts.shiftDate), asc(tunnelShifts.shift), asc(tunnelShifts.shiftId))
      ).map((r) => ({ ...r, date: r.shiftDate, shift: r.shift as TTunnelShift, face_part: r.facePart }));
      rows.sort((a, b) => a.date.localeCompare(b.date) || a.shift.localeCompare(b.shift) || FACE_PARTS.indexOf(a.face_part) - FACE_PARTS.indexOf(b.face_part));
      expect(new Set(rows.map((r) => r.shift))).toEqual(new Set(['day', 'night']));
      expect(rows[0]!.date >= FIRST && rows.at(-1)!.date <= TODAY).toBe(true);
      const latest = new Map<string, number>();
      let previousHeading = alignment.start;
      for (const r of rows) {
        expect(r.chainage).toBeGreaterThanOrEqual(alignment.start);
        expect(r.chainage).toBeLessThan(alignment.end);
        expect(r.chainage).toBeGreaterThanOrEqual(latest.get(r.facePart) ?? alignment.start);
        latest.set(r.facePart, r.chainage);
        if (r.facePart === 'top_heading') {
          const advance = r.chainage - previousHeading;
          expect(advance).toBeGreaterThanOrEqual(0);
          expect(advance).toBeLessThanOrEqual(2.0001);
          previousHeading = r.chainage;
          if (advance > 0) {
            expect(r.shotcrete!).toBeGreaterThanOrEqual(150);
            expect(r.shotcrete!).toBeLessThanOrEqual(250);
            expect(r.rockBolts!).toBeGreaterThan(0);
            expect(r.latticeGirders!).toBeGreaterThan(0);
          }
          expect(['II', 'III', 'IV']).toContain(r.geologyClass);
        }
        if (r.facePart === 'bench') {
          const gap = latest.get('top_heading')! - r.chainage;
          expect(gap, `bench on ${r.date} ${r.shift}`).toBeGreaterThanOrEqual(10);
          expect(gap).toBeLessThanOrEqual(20);
        }
        if (r.facePart === 'invert') expect(r.chainage).toBeLessThanOrEqual(latest.get('bench')! - 15);
      }
      const faces = FACE_PARTS.map((p) => {
        const r = rows.filter((x) => x.face_part === p).at(-1)!;
        return { face_part: p, date: r.date, shift: r.shift, chainage: r.chainage };
      });
      const summary = tunnelSummary(adit, faces);
      expect(summary.value).toBe(faces[0]!.chainage);
      expect(summary.target).toBe(alignment.end);
      expect(summary.value! < alignment.end - 20, `the face at ${summary.value} is short of ${alignment.end}`).toBe(true);
      expect(summary.value! > alignment.start + (alignment.end - alignment.start) / 2, 'more than half driven').toBe(true);
      expect(faces[1]!.chainage).toBeLessThan(faces[0]!.chainage);
      expect(faces[2]!.chainage).toBeLessThan(faces[1]!.chainage);
      const stages = tunnelStages(adit, rows);
      expectStagesInOrder(stages, 'adit');
      expect(stages.filter((s) => s.actual_end).length).toBe(summary.stage_no! - 1);
      expect(summary.stage_no).not.toBeNull();
      expect(summary.stage_no!).toBeGreaterThan(1);
    } finally {
      await tdb.drop();
    }
  });

  it('seeds the same progress for the same first start', async () => {
    const tdb = await createTestDatabase();
    try {
      const db = tdb.db.orm;
      await seedSites(tdb.db);
      const snapshot = async () => ({
        levels: (await db.select().from(excavationProgress).orderBy(asc(excavationProgress.progressId))).map(({ progressId: _, createdAt: __, ...r }) => r),
        supports: (await db.select().from(excavationSupports).orderBy(asc(excavationSupports.supportId))).map(({ supportId: _, createdAt: __, ...r }) => r),
        design: (await db.select().from(excavationDesign).orderBy(asc(excavationDesign.designId))).map(({ designId: _, createdAt: __, ...r }) => r),
        shifts: (await db.select().from(tunnelShifts).orderBy(asc(tunnelShifts.shiftId))).map(({ shiftId: _, createdAt: __, ...r }) => r),
      });
      await db.transaction((tx) => seedDemoConstruction(tx, NOW));
      const first = await snapshot();
      for (const table of [excavationProgress, excavationSupports, excavationDesign, tunnelShifts]) await db.delete(table);
      await db.transaction((tx) => seedDemoConstruction(tx, NOW));
      expect(await snapshot()).toEqual(first);
      expect(first.levels.length).toBeGreaterThan(0);
    } finally {
      await tdb.drop();
    }
  });
  it('places a PNG progress drawing of the adit two weeks ago over the drive, as uploaded by the administrator', async () => {
    const tdb = await createTestDatabase();
    try {
      const db = tdb.db.orm;
      await seedSites(tdb.db);
      const storage = createLocalStorage(path.join(tempDataDir('demo-drawing'), 'files'));
      const [admin] = await db.select().from(users).limit(1);
      const counts = await db.transaction((tx) => seedDemoConstruction(tx, NOW, { storage, uploadedBy: admin!.userId }));
      expect(counts.drawings).toBe(1);
      const [adit] = await db.select().from(sites).where(eq(sites.siteName, 'Gardens NATM Adit'));
      const rows = await db.select().from(siteDrawings);
      expect(rows).toHaveLength(1);
      const d = rows[0]!;
      const date = new Date(Date.UTC(2026, 10, 29) - DEMO_DRAWING_DAYS_AGO * 86_400_000).toISOString().slice(0, 10);
      const extent = defaultDrawingExtent(adit!.geometry as TSiteGeometry)!;
      expect(d).toMatchObject({ siteId: adit!.siteId, contentType: 'image/png', drawingDate: date, uploadedBy: admin!.userId });
      expect(d.fileName).toBe(`gardens-adit-progress-${date}.png`);
      expect([d.extentMinE, d.extentMinN, d.extentMaxE, d.extentMaxN]).toEqual(extent);
      // A real PNG, as wide as drawn and as tall as the place's aspect gives.
      const file = await storage.read(d.storageKey);
      expect(file?.length).toBe(d.size);
      const meta = await sharp(file!).metadata();
      expect(meta.format).toBe('png');
      expect(meta.width).toBe(1200);
      expect(meta.height).toBe(Math.round(((extent[3] - extent[1]) * 1200) / (extent[2] - extent[0])));
      // Without the files storage (the tests' seeds), no drawing.
      await db.delete(siteDrawings);
      for (const table of [excavationProgress, excavationSupports, excavationDesign, tunnelShifts]) await db.delete(table);
      expect((await db.transaction((tx) => seedDemoConstruction(tx, NOW))).drawings).toBe(0);
      expect(await db.select().from(siteDrawings)).toHaveLength(0);
    } finally {
      await tdb.drop();
    }
  });
});
