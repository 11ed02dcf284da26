import { describe, expect, it } from 'vitest';
import { USER_TYPE, type TSiteGeometry } from '@strata/shared';
import { asc, eq } from 'drizzle-orm';
import type { AppContext, Actor } from '../context.js';
import type { Database } from '../db/client.js';
import {
  contracts,
  designPredictions,
  instrumentPlans,
  instruments,
  instrumentTypes,
  readingCodes,
  readings,
  readingSeries,
  sites,
  users,
} from '../db/schema/index.js';
import { DesignValuesService } from '../modules/construction/design-values.service.js';
import { ensurePartitions } from '../modules/readings/readings-store.service.js';
import { geometryDistance } from '../modules/structures/geometry-distance.js';
import { createTestDatabase } from '../platform/test-database.js';
import { seedDemoConstruction } from './demo-construction.js';
import { DEMO_PREDICTION_SITES, seedDemoDesignValues } from './demo-design-values.js';
import { seedMasterData } from './demo-master-data.js';

/** The first start: 29 November 2026, 11:20 in Singapore (as the construction seed's test). */
const NOW = new Date('2026-11-29T03:20:00Z');

/** The demo contracts, master data and construction progress as the demo seed makes them, then the design values. */
async function seedDemoWorld(db: Database) {
  const [admin] = await db.orm
    .insert(users)
    .values({ loginName: 'seed', fullname: 'Seed', email: 'seed@example.com', userType: USER_TYPE.AppAdmin, status: 'active' })
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
  await db.orm.transaction((tx) => seedDemoConstruction(tx, NOW));
  const counts = await db.orm.transaction((tx) => seedDemoDesignValues(tx, NOW));
  const actor = { userId: admin!.userId, userType: USER_TYPE.AppAdmin } as Actor;
  return { counts, actor, service: new DesignValuesService({ db } as AppContext) };
}

describe('the demo design values and instrument plans', () => {
  it('predicts settlement and deflection for the instruments near the demo sites, growing with the stage', async () => {
    const tdb = await createTestDatabase();
    try {
      const db = tdb.db.orm;
      const { counts } = await seedDemoWorld(tdb.db);
      expect(counts.predictions).toBeGreaterThan(50);
      const rows = await db
        .select({
          instrumentId: designPredictions.instrumentId,
          type: instrumentTypes.code,
          code: readingCodes.code,
          depth: designPredictions.depth,
          site: sites.siteName,
          geometry: sites.geometry,
          stageNo: designPredictions.stageNo,
          value: designPredictions.value,
          easting: instruments.easting,
          northing: instruments.northing,
          sameContract: eq(instruments.contractId, sites.contractId),
        })
        .from(designPredictions)
        .innerJoin(instruments, eq(instruments.instrumentId, designPredictions.instrumentId))
        .innerJoin(instrumentTypes, eq(instrumentTypes.typeId, instruments.typeId))
        .innerJoin(readingCodes, eq(readingCodes.readingCodeId, designPredictions.readingCodeId))
        .innerJoin(sites, eq(sites.siteId, designPredictions.siteId))
        .orderBy(asc(designPredictions.instrumentId), asc(designPredictions.stageNo));

      for (const plan of DEMO_PREDICTION_SITES) {
        const mine = rows.filter((r) => r.site === plan.site);
        expect(mine.length, plan.site).toBeGreaterThan(0);
        expect(new Set(mine.map((r) => r.type))).toEqual(new Set(plan.types));
        for (const r of mine) {
          expect(r.sameContract).toBe(true);
          expect(geometryDistance(r.geometry as TSiteGeometry, { type: 'Point', coordinates: [r.easting, r.northing] })).toBeLessThanOrEqual(plan.within);
        }
      }
      // Settlement: downward, −3 … −25 mm, deeper at each later stage of the same instrument and site.
      const settlement = rows.filter((r) => r.code === 'DSPA');
      expect(settlement.every((r) => r.depth === null && r.value <= -1.5 && r.value >= -25)).toBe(true);
      const series = new Map<string, number[]>();
      for (const r of rows)
        series.set(`${r.instrumentId}|${r.site}|${r.code}|${r.depth}`, [...(series.get(`${r.instrumentId}|${r.site}|${r.code}|${r.depth}`) ?? []), r.value]);
      for (const [key, values] of series) {
        const growing = values.every((v, i) => i === 0 || Math.abs(v) >= Math.abs(values[i - 1]!));
        expect(growing, key).toBe(true);
        expect(Math.abs(values.at(-1)!) > Math.abs(values[0]!) || values[0] === 0, key).toBe(true);
      }
      // Inclinometers: at the depths they read, largest near the top.
      const inc = rows.filter((r) => r.code === 'A' && r.stageNo === 1);
      expect(new Set(inc.map((r) => r.depth))).toEqual(new Set([2, 4, 6, 8, 10]));

      // Deterministic: a second demo world holds the same values.
      const again = await createTestDatabase();
      try {
        await seedDemoWorld(again.db);
        const other = await again.db.orm
          .select({ i: designPredictions.instrumentId, s: designPredictions.stageNo, v: designPredictions.value })
          .from(designPredictions)
          .orderBy(asc(designPredictions.predictionId));
        const first = await db
          .select({ i: designPredictions.instrumentId, s: designPredictions.stageNo, v: designPredictions.value })
          .from(designPredictions)
          .orderBy(asc(designPredictions.predictionId));
        expect(other).toEqual(first);
      } finally {
        await again.drop();
      }
    } finally {
      await tdb.drop();
    }
  });

  it('gives a settlement marker near Marina South a current prediction for the stage its works are in, and plans every contract', async () => {
    const tdb = await createTestDatabase();
    try {
      const db = tdb.db.orm;
      const { actor, service } = await seedDemoWorld(tdb.db);
      const [marina] = await db.select().from(sites).where(eq(sites.siteName, 'Marina South Station Box'));
      const markers = await db
        .select({ id: instruments.instrumentId, easting: instruments.easting, northing: instruments.northing })
        .from(instruments)
        .innerJoin(instrumentTypes, eq(instrumentTypes.typeId, instruments.typeId))
        .where(eq(instrumentTypes.code, 'SM'));
      const nearest = markers
        .map((m) => ({ ...m, d: geometryDistance(marina!.geometry as TSiteGeometry, { type: 'Point', coordinates: [m.easting, m.northing] }) }))
        .sort((a, b) => a.d - b.d)[0]!;
      expect(nearest.d).toBeLessThanOrEqual(50);

      const values = await service.designValues(actor, nearest.id);
      const site = values.sites.find((s) => s.site_name === 'Marina South Station Box')!;
      // Six months into the works: past the first stage, not finished.
      expect(site.current_stage_no).not.toBeNull();
      expect(site.current_stage_no!).toBeGreaterThan(1);
      expect(site.rows.length).toBe(5);
      expect(site.current).toEqual([expect.objectContaining({ reading_code: 'DSPA', unit: 'mm', depth: null, stage_no: site.current_stage_no })]);
      expect(site.current[0]!.value).toBeLessThan(-5);

      // Plans: every instrument planned, about one in ten more not installed; a few reading once they have readings.
      const [sm] = await db.select().from(readingCodes).where(eq(readingCodes.code, 'DSPA'));
      await ensurePartitions(db, ['2026-11-01']);
      const [s1] = await db.insert(readingSeries).values({ instrumentId: nearest.id, readingCodeId: sm!.readingCodeId }).returning();
      await db.insert(readings).values({ seriesId: s1!.seriesId, value: -4.2, takenAt: new Date('2026-11-20T02:00:00Z') });
      const list = await service.plans(actor, {});
      const sum = (key: 'planned' | 'installed' | 'reading') => list.totals.reduce((n, t) => n + t[key], 0);
      const installed = (await db.select({ id: instruments.instrumentId }).from(instruments)).length;
      expect(sum('installed')).toBe(installed);
      expect(sum('planned')).toBeGreaterThan(sum('installed'));
      expect(sum('installed')).toBeGreaterThanOrEqual(sum('reading'));
      expect(sum('reading')).toBe(1);
      expect((sum('planned') - installed) / installed).toBeGreaterThan(0.08);
      expect((sum('planned') - installed) / installed).toBeLessThan(0.12);
      for (const total of list.totals) expect(total.planned >= total.installed && total.installed >= total.reading, total.type_code).toBe(true);
      const waiting = list.records.filter((r) => r.state === 'planned');
      expect(waiting.every((r) => /^[A-Z]+-(T301|T302|C303)-P\d{3}$/.test(r.name) && r.planned_install_date! > '2026-11-29')).toBe(true);
      expect(new Set(list.records.map((r) => r.contract_no))).toEqual(new Set(['T301', 'T302', 'C303']));
      expect(await db.$count(instrumentPlans)).toBe(list.total_records);
    } finally {
      await tdb.drop();
    }
  });
});
