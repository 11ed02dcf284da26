/**
 * Demo QP(D) design values and instrument plans (issue 19, schemas/design-values.ts), seeded inside `seedDemo`'s
 * transaction after the construction progress (demo-construction.ts):
 * - Predictions per stage for the instruments near the demo construction sites, as a QP(D)'s design report gives them:
 *   the settlement markers and inclinometers of the site's contract within 50 m of Marina South or Bayshore station box,
 *   and the settlement markers within 30 m of the Gardens adit's alignment. Settlement (DSPA, mm) grows downward with
 *   the stage (about −5 mm at the first stage to −25 mm at the last beside the wall, less farther away); an
 *   inclinometer's A-axis deflection grows with the stage and is largest near the top (B-axis about 40 % of it), at the
 *   depths the demo inclinometers read. So a demo instrument's chart shows the dashed predicted line of its site's
 *   current stage (the stage the seeded progress has reached).
 * - An instrument plan per demo contract: every demo instrument of the contract, planned a little before it was
 *   installed at about its position and frequency, and about one in ten more planned but not installed yet (names
 *   `<type>-<contract>-P001`…, planned for the coming weeks).
 * Deterministic: a seeded generator, dates from the moment of the first start.
 */
import { and, eq, inArray } from 'drizzle-orm';
import type { TSiteGeometry, TSiteStage } from '@strata/shared';
import type { Executor } from '../db/client.js';
import { contracts, designPredictions, instrumentPlans, instruments, instrumentTypes, readingCodes, sites } from '../db/schema/index.js';
import { geometryDistance } from '../modules/structures/geometry-distance.js';
import { rng } from './demo-random.js';
import { INC_DEPTHS } from './demo-readings.js';

const DAY = 86_400_000;
const round = (v: number, d = 1) => Math.round(v * 10 ** d) / 10 ** d + 0;

/** The demo sites with predictions: which instrument types, how far from the site (m), the settlement range (mm). */
export const DEMO_PREDICTION_SITES = [
  { site: 'Marina South Station Box', types: ['SM', 'INC'], within: 50, settlement: [5, 25], deflection: [6, 30] },
  { site: 'Bayshore Station Box', types: ['SM', 'INC'], within: 50, settlement: [6, 24], deflection: [5, 26] },
  { site: 'Gardens NATM Adit', types: ['SM'], within: 30, settlement: [3, 15], deflection: [0, 0] },
] as const;

/** About this share of a contract's plan is planned but not installed yet. */
export const DEMO_UNINSTALLED_SHARE = 0.1;

/** The value at a stage: from `lo` at the first to `hi` at the last, times the nearness factor. */
const grow = ([lo, hi]: readonly [number, number], stageIndex: number, stages: number, factor: number) =>
  (lo + (hi - lo) * (stages > 1 ? stageIndex / (stages - 1) : 1)) * factor;

/** 1 at the site, falling to 0.6 at the distance limit: the ground moves less farther from the works. */
const nearness = (distance: number, within: number) => 1 - 0.4 * Math.min(1, distance / within);

/** Seeds the demo predictions and plans; returns how many of each. */
export async function seedDemoDesignValues(tx: Executor, now: Date): Promise<{ predictions: number; plans: number }> {
  const siteRows = await tx
    .select({ siteId: sites.siteId, siteName: sites.siteName, contractId: sites.contractId, stages: sites.stages, geometry: sites.geometry })
    .from(sites)
    .where(
      inArray(
        sites.siteName,
        DEMO_PREDICTION_SITES.map((s) => s.site),
      ),
    );
  const codeRows = await tx
    .select({ id: readingCodes.readingCodeId, code: readingCodes.code, type: instrumentTypes.code })
    .from(readingCodes)
    .innerJoin(instrumentTypes, eq(instrumentTypes.typeId, readingCodes.typeId))
    .where(inArray(instrumentTypes.code, ['SM', 'INC']));
  const codeId = (type: string, code: string) => {
    const found = codeRows.find((c) => c.type === type && c.code === code);
    if (!found) throw new Error(`seed: reading code ${type}/${code} missing`);
    return found.id;
  };

  const predictions: (typeof designPredictions.$inferInsert)[] = [];
  for (const plan of DEMO_PREDICTION_SITES) {
    const site = siteRows.find((s) => s.siteName === plan.site);
    if (!site) throw new Error(`seed: demo site ${plan.site} missing`);
    const stages = [...(site.stages as TSiteStage[])].sort((a, b) => a.stage_no - b.stage_no);
    const near = await tx
      .select({ id: instruments.instrumentId, easting: instruments.easting, northing: instruments.northing, type: instrumentTypes.code })
      .from(instruments)
      .innerJoin(instrumentTypes, eq(instrumentTypes.typeId, instruments.typeId))
      .where(and(eq(instruments.contractId, site.contractId), inArray(instrumentTypes.code, [...plan.types])))
      .orderBy(instruments.instrumentId);
    for (const instrument of near) {
      const distance = geometryDistance(site.geometry as TSiteGeometry, { type: 'Point', coordinates: [instrument.easting, instrument.northing] });
      if (distance > plan.within) continue;
      const factor = nearness(distance, plan.within);
      stages.forEach((stage, i) => {
        const remarks = `QP(D) design report, ${stage.name}`;
        if (instrument.type === 'SM') {
          predictions.push({
            instrumentId: instrument.id,
            readingCodeId: codeId('SM', 'DSPA'),
            siteId: site.siteId,
            stageNo: stage.stage_no,
            value: -round(grow(plan.settlement, i, stages.length, factor)),
            remarks,
          });
          return;
        }
        // An inclinometer: deflection towards the excavation, largest near the top, less with depth (cumulative from the toe).
        const top = grow(plan.deflection, i, stages.length, factor);
        for (const depth of INC_DEPTHS) {
          const a = round(top * (1 - depth / 12));
          predictions.push({
            instrumentId: instrument.id,
            readingCodeId: codeId('INC', 'A'),
            depth,
            siteId: site.siteId,
            stageNo: stage.stage_no,
            value: a,
            remarks,
          });
          predictions.push({
            instrumentId: instrument.id,
            readingCodeId: codeId('INC', 'B'),
            depth,
            siteId: site.siteId,
            stageNo: stage.stage_no,
            value: round(a * 0.4),
            remarks,
          });
        }
      });
    }
  }
  for (let i = 0; i < predictions.length; i += 1000) await tx.insert(designPredictions).values(predictions.slice(i, i + 1000));

  // ---- the instrument plans: every demo instrument, and about one in ten more not installed yet ----
  const random = rng(19_018_001);
  const today = Math.floor(now.getTime() / DAY);
  const contractRows = await tx.select({ id: contracts.contractId, no: contracts.no }).from(contracts).orderBy(contracts.no);
  const all = await tx
    .select({
      contractId: instruments.contractId,
      name: instruments.name,
      typeId: instruments.typeId,
      type: instrumentTypes.code,
      easting: instruments.easting,
      northing: instruments.northing,
      installDate: instruments.installDate,
      frequency: instruments.frequency,
    })
    .from(instruments)
    .innerJoin(instrumentTypes, eq(instrumentTypes.typeId, instruments.typeId))
    .orderBy(instruments.instrumentId);
  const plans: (typeof instrumentPlans.$inferInsert)[] = [];
  for (const contract of contractRows) {
    const mine = all.filter((i) => i.contractId === contract.id);
    if (mine.length === 0) continue;
    for (const i of mine) {
      const planned = i.installDate ? new Date(Date.parse(`${i.installDate}T00:00:00Z`) - Math.floor(random() * 15) * DAY).toISOString().slice(0, 10) : null;
      plans.push({
        contractId: contract.id,
        name: i.name,
        typeId: i.typeId,
        easting: round(i.easting + (random() - 0.5) * 4, 2),
        northing: round(i.northing + (random() - 0.5) * 4, 2),
        plannedInstallDate: planned,
        plannedFrequency: i.frequency,
        remarks: '',
      });
    }
    // The next instruments to go in: beside a planned one of the same type, in the coming weeks.
    const extra = Math.max(1, Math.round(mine.length * DEMO_UNINSTALLED_SHARE));
    const seq = new Map<string, number>();
    for (let k = 0; k < extra; k++) {
      const beside = mine[Math.floor(random() * mine.length)]!;
      const n = (seq.get(beside.type) ?? 0) + 1;
      seq.set(beside.type, n);
      plans.push({
        contractId: contract.id,
        name: `${beside.type}-${contract.no}-P${String(n).padStart(3, '0')}`,
        typeId: beside.typeId,
        easting: round(beside.easting + (random() < 0.5 ? -1 : 1) * (8 + random() * 12), 2),
        northing: round(beside.northing + (random() < 0.5 ? -1 : 1) * (8 + random() * 12), 2),
        plannedInstallDate: new Date((today + 7 + Math.floor(random() * 60)) * DAY).toISOString().slice(0, 10),
        plannedFrequency: beside.frequency,
        remarks: 'Not installed yet',
      });
    }
  }
  for (let i = 0; i < plans.length; i += 1000) await tx.insert(instrumentPlans).values(plans.slice(i, i + 1000));
  return { predictions: predictions.length, plans: plans.length };
}
