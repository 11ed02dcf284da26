import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { TInstrumentDesignValues, TInstrumentPlanList, TSiteStage } from '@strata/shared';
import { eq } from 'drizzle-orm';
import { designPredictions, excavationProgress, instrumentPlans, readingSeries, readings, sites, tunnelShifts } from '../../db/schema/index.js';
import { ensurePartitions } from '../readings/readings-store.service.js';
import { as, createTestApp, type TestApp } from '../../testing/harness.js';
import { lastAudit, tempDataDir } from '../../testing/master-data.js';
import { currentStageOf } from './design-values.service.js';
import { BOX_STAGES, createPlace, createTypes, type Place, type Types, type Who } from './qpd-upload.test-support.js';

describe('design values and instrument plans (read and delete)', () => {
  const dataDir = tempDataDir('design-values');
  let t: TestApp;
  let types: Types;
  let p: Place;
  /** A third site of contract A without any progress. */
  let pilot: number;
  const get = (who: Who, url: string) => as(t, p.w.sessions[who], { method: 'GET', url: `/api/v1${url}` });
  const del = (who: Who, url: string) => as(t, p.w.sessions[who], { method: 'DELETE', url: `/api/v1${url}` });

  type Seed = { instrumentId: number; readingCodeId: number; depth?: number | null; siteId: number; stageNo: number; value: number };
  const seed = async (rows: Seed[]) =>
    (await t.db.orm.insert(designPredictions).values(rows).returning({ id: designPredictions.predictionId })).map((r) => r.id);

  beforeAll(async () => {
    t = await createTestApp({ dataDir });
    types = await createTypes(t);
    await ensurePartitions(t.db.orm, ['2025-03-01']);
  });
  beforeEach(async () => {
    p = await createPlace(t, types);
    const [made] = await t.db.orm
      .insert(sites)
      .values({ contractId: p.w.contractA, siteName: 'Pilot Box', type: 'E', stages: BOX_STAGES })
      .returning({ id: sites.siteId });
    pilot = made!.id;
    // The box: North reached 93.0 mRL (its latest), South 96.0 — the lowest, 93.0, is past stages 1 and 2 (97.9, 94.3).
    await t.db.orm.insert(excavationProgress).values([
      { siteId: p.box, activityDate: '2025-03-10', zone: 'North', level: 95 },
      { siteId: p.box, activityDate: '2025-03-12', zone: 'North', level: 93 },
      { siteId: p.box, activityDate: '2025-03-12', zone: 'South', level: 96 },
    ]);
    // The adit: the top heading's latest (night) is CH 75 — past step 1 (CH 50), not step 2 (CH 100); the bench row is odd but not leading.
    await t.db.orm.insert(tunnelShifts).values([
      { siteId: p.adit, shiftDate: '2025-06-16', shift: 'day', facePart: 'top_heading', chainage: 60 },
      { siteId: p.adit, shiftDate: '2025-06-16', shift: 'night', facePart: 'top_heading', chainage: 75 },
      { siteId: p.adit, shiftDate: '2025-06-16', shift: 'day', facePart: 'bench', chainage: 120 },
    ]);
  });
  afterAll(() => t.close());

  it('gives an instrument\u2019s values by site, with each site\u2019s current stage from its progress and the rows of that stage', async () => {
    const [, s3] = await seed([
      { instrumentId: p.sm, readingCodeId: types.dspa, siteId: p.box, stageNo: 2, value: -9 },
      { instrumentId: p.sm, readingCodeId: types.dspa, siteId: p.box, stageNo: 3, value: -14 },
      { instrumentId: p.sm, readingCodeId: types.dspa, siteId: p.adit, stageNo: 2, value: -4 },
      { instrumentId: p.sm, readingCodeId: types.dspa, siteId: p.adit, stageNo: 1, value: -2 },
      { instrumentId: p.sm, readingCodeId: types.dspa, siteId: pilot, stageNo: 1, value: -1 },
      { instrumentId: p.inc, readingCodeId: types.a, depth: 0.5, siteId: p.box, stageNo: 3, value: 27 },
    ]);
    const res = await get('xuser', `/instruments/${p.sm}/design-values`);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json<TInstrumentDesignValues>();
    expect(body).toMatchObject({ instrument_id: p.sm, instrument_name: 'SM-T301-0001', contract_id: p.w.contractA });
    expect(
      body.sites.map((s) => [s.site_name, s.type, s.current_stage_no, s.current_stage_name, s.rows.map((r) => r.stage_no), s.current.map((r) => r.value)]),
    ).toEqual([
      ['Gardens NATM Adit', 'MT', 2, 'Drive CH 50 to CH 100', [1, 2], [-4]],
      ['Marina South Station Box', 'E', 3, 'Excavate to strut level 3', [2, 3], [-14]],
      ['Pilot Box', 'E', 1, 'Excavate to strut level 1', [1], [-1]],
    ]);
    expect(body.sites[1]!.current).toEqual([
      {
        prediction_id: s3,
        reading_code: 'DSPA',
        unit: 'mm',
        depth: null,
        stage_no: 3,
        stage_name: 'Excavate to strut level 3',
        value: -14,
        remarks: '',
        upload_id: null,
      },
    ]);
    // The inclinometer's rows are its own, with their depths.
    const inc = (await get('xuser', `/instruments/${p.inc}/design-values`)).json<TInstrumentDesignValues>();
    expect(inc.sites).toMatchObject([{ site_id: p.box, current_stage_no: 3, current: [{ reading_code: 'A', depth: 0.5, value: 27 }] }]);
  });

  it('moves the current stage (and the predicted rows) when the works pass a stage target', async () => {
    await seed([
      { instrumentId: p.sm, readingCodeId: types.dspa, siteId: p.box, stageNo: 3, value: -14 },
      { instrumentId: p.sm, readingCodeId: types.dspa, siteId: p.box, stageNo: 4, value: -19 },
    ]);
    const before = (await get('xuser', `/instruments/${p.sm}/design-values`)).json<TInstrumentDesignValues>();
    expect(before.sites[0]).toMatchObject({ current_stage_no: 3, current: [{ value: -14 }] });
    await t.db.orm.insert(excavationProgress).values([{ siteId: p.box, activityDate: '2025-03-13', zone: 'South', level: 90 }]);
    const after = (await get('xuser', `/instruments/${p.sm}/design-values`)).json<TInstrumentDesignValues>();
    expect(after.sites[0]).toMatchObject({ current_stage_no: 4, current: [{ value: -19 }] });
  });

  it('answers an instrument without values with no sites, and keeps every instrument to the caller\u2019s contracts and the readings\u2019 permissions', async () => {
    await seed([
      { instrumentId: p.sm, readingCodeId: types.dspa, siteId: p.box, stageNo: 2, value: -9 },
      { instrumentId: p.otherSm, readingCodeId: types.dspa, siteId: p.otherBox, stageNo: 2, value: -30 },
    ]);
    expect((await get('xuser', `/instruments/${p.inc}/design-values`)).json<TInstrumentDesignValues>().sites).toEqual([]);
    // Contract B's user: A's instrument is not found; their own instrument of the same name has only its own rows.
    expect((await get('yuser', `/instruments/${p.sm}/design-values`)).statusCode).toBe(404);
    const mine = (await get('yuser', `/instruments/${p.otherSm}/design-values`)).json<TInstrumentDesignValues>();
    expect(mine.sites.map((s) => [s.site_id, s.rows.map((r) => r.value)])).toEqual([[p.otherBox, [-30]]]);
    expect((await get('xuser', `/instruments/${p.otherSm}/design-values`)).statusCode).toBe(404);
    expect((await get('xuser', '/instruments/99999999/design-values')).statusCode).toBe(404);
    expect((await get('nobody', `/instruments/${p.sm}/design-values`)).statusCode).toBe(403);
    expect((await get('manager', `/instruments/${p.otherSm}/design-values`)).statusCode).toBe(200);
  });

  it('deletes one value with Delete Design Info, audited; 403 without the task; 404 for another instrument\u2019s value or another contract', async () => {
    const [mine, incs, theirs] = await seed([
      { instrumentId: p.sm, readingCodeId: types.dspa, siteId: p.box, stageNo: 2, value: -9 },
      { instrumentId: p.inc, readingCodeId: types.a, depth: 1, siteId: p.box, stageNo: 2, value: 5 },
      { instrumentId: p.otherSm, readingCodeId: types.dspa, siteId: p.otherBox, stageNo: 2, value: -30 },
    ]);
    const remaining = async () => (await t.db.orm.select({ id: designPredictions.predictionId }).from(designPredictions)).map((r) => r.id).sort();
    expect((await del('nobody', `/instruments/${p.sm}/design-values/${mine}`)).statusCode).toBe(403);
    expect((await del('yuser', `/instruments/${p.sm}/design-values/${mine}`)).statusCode).toBe(404);
    expect((await del('xuser', `/instruments/${p.sm}/design-values/${incs}`)).statusCode).toBe(404);
    expect((await del('xuser', `/instruments/${p.otherSm}/design-values/${theirs}`)).statusCode).toBe(404);
    expect(await remaining()).toEqual([mine, incs, theirs].sort());

    const res = await del('xuser', `/instruments/${p.sm}/design-values/${mine}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ ok: true });
    expect(await remaining()).toEqual([incs, theirs].sort());
    const audit = await lastAudit(t.db, 'design_prediction.delete');
    expect(audit).toMatchObject({ entityType: 'instrument', entityId: String(p.sm), userId: p.w.userIds.xuser });
    expect(audit!.before).toMatchObject({ prediction_id: mine, site_id: p.box, stage_no: 2, value: -9, instrument_name: 'SM-T301-0001' });
    expect((await del('xuser', `/instruments/${p.sm}/design-values/${mine}`)).statusCode).toBe(404);
    expect((await del('xuser', `/instruments/${p.sm}/design-values/abc`)).statusCode).toBe(400);
  });

  it('lists the plan rows of the caller\u2019s contracts beside their instruments (planned, installed, reading), with totals per type that match the rows', async () => {
    await t.db.orm.insert(instrumentPlans).values([
      {
        contractId: p.w.contractA,
        name: 'sm-t301-0001',
        typeId: types.sm,
        easting: 30352,
        northing: 28618,
        plannedInstallDate: '2025-02-01',
        plannedFrequency: 'daily',
      },
      { contractId: p.w.contractA, name: 'INC-T301-0001', typeId: types.inc },
      { contractId: p.w.contractA, name: 'SM-P-0099', typeId: types.sm, remarks: 'not yet' },
      { contractId: p.w.contractA, name: 'inc-p-0100', typeId: types.inc },
      { contractId: p.w.contractB, name: 'SM-T301-0001', typeId: types.sm },
    ]);
    // The marker of contract A reads since 1 March; its twin in contract B has no readings.
    const [series] = await t.db.orm.insert(readingSeries).values({ instrumentId: p.sm, readingCodeId: types.dspa }).returning();
    await t.db.orm.insert(readings).values([
      { seriesId: series!.seriesId, value: -1, takenAt: new Date('2025-03-05T01:00:00Z') },
      { seriesId: series!.seriesId, value: -0.5, takenAt: new Date('2025-03-01T02:30:00Z') },
    ]);

    const res = await get('xuser', '/instrument-plans');
    expect(res.statusCode, res.body).toBe(200);
    const list = res.json<TInstrumentPlanList>();
    expect(list.records.map((r) => [r.name, r.state, r.instrument_id, r.instrument_status, r.first_reading_at])).toEqual([
      ['inc-p-0100', 'planned', null, null, null],
      ['INC-T301-0001', 'installed', p.inc, 'active', null],
      ['SM-P-0099', 'planned', null, null, null],
      ['sm-t301-0001', 'reading', p.sm, 'active', '2025-03-01T02:30:00.000Z'],
    ]);
    expect(list.records[3]).toMatchObject({
      contract_id: p.w.contractA,
      type_code: 'SM',
      type_name: 'Settlement Marker',
      easting: 30352,
      northing: 28618,
      planned_install_date: '2025-02-01',
      planned_frequency: 'daily',
      upload_id: null,
    });
    expect(list.total_records).toBe(4);
    expect(list.totals).toEqual([
      { type_code: 'INC', type_name: 'Inclinometer', planned: 2, installed: 1, reading: 0 },
      { type_code: 'SM', type_name: 'Settlement Marker', planned: 2, installed: 1, reading: 1 },
    ]);
    for (const total of list.totals) {
      const rows = list.records.filter((r) => r.type_code === total.type_code);
      expect([rows.length, rows.filter((r) => r.state !== 'planned').length, rows.filter((r) => r.state === 'reading').length]).toEqual([
        total.planned,
        total.installed,
        total.reading,
      ]);
    }

    // Contract B's rows are never in contract A's user's list, even when asked for; the manager sees either.
    expect((await get('xuser', `/instrument-plans?contracts=[${p.w.contractB}]`)).json<TInstrumentPlanList>()).toEqual({
      records: [],
      total_records: 0,
      totals: [],
    });
    const b = (await get('manager', `/instrument-plans?contracts=[${p.w.contractB}]`)).json<TInstrumentPlanList>();
    expect(b.records.map((r) => [r.contract_id, r.name, r.state, r.instrument_id])).toEqual([[p.w.contractB, 'SM-T301-0001', 'installed', p.otherSm]]);
    expect((await get('yuser', '/instrument-plans')).json<TInstrumentPlanList>().records.map((r) => r.contract_id)).toEqual([p.w.contractB]);
    expect((await get('manager', '/instrument-plans')).json<TInstrumentPlanList>().total_records).toBe(5);
    expect((await get('xuser', '/instrument-plans?contracts=oops')).statusCode).toBe(400);
  });

  it('lists nothing for a contract without a plan', async () => {
    await t.db.orm.delete(instrumentPlans).where(eq(instrumentPlans.contractId, p.w.contractA));
    expect((await get('xuser', '/instrument-plans')).json<TInstrumentPlanList>()).toEqual({ records: [], total_records: 0, totals: [] });
  });
});

describe('current stage of a site (on its own)', () => {
  const stage = (n: number, target: number | null): TSiteStage => ({
    stage_no: n,
    name: `S${n}`,
    description: '',
    target,
    planned_start: null,
    planned_end: null,
  });
  const none = { zoneLevels: [], faces: [] };

  it('is the first stage with a target before any progress, skipping stages without one, in stage order', () => {
    expect(currentStageOf({ type: 'E', stages: [stage(3, 90), stage(1, null), stage(2, 95)] }, none)?.stage_no).toBe(2);
    expect(currentStageOf({ type: 'MT', stages: [stage(1, null)] }, none)).toBeUndefined();
  });

  it('reaches an excavation target when the lowest zone is at or below it, and none once all are reached', () => {
    const stages = [stage(1, 97.9), stage(2, 94.3), stage(3, 90.7)];
    expect(currentStageOf({ type: 'E', stages }, { zoneLevels: [96, 94.3], faces: [] })?.stage_no).toBe(3);
    expect(currentStageOf({ type: 'E', stages }, { zoneLevels: [96, 94.31], faces: [] })?.stage_no).toBe(2);
    expect(currentStageOf({ type: 'E', stages }, { zoneLevels: [90], faces: [] })).toBeUndefined();
  });

  it('follows a tunnel\u2019s top heading, else its furthest face part', () => {
    const stages = [stage(1, 50), stage(2, 100)];
    const faces = [
      { facePart: 'bench', chainage: 120 },
      { facePart: 'top_heading', chainage: 50 },
    ];
    expect(currentStageOf({ type: 'MT', stages }, { zoneLevels: [], faces })?.stage_no).toBe(2);
    expect(currentStageOf({ type: 'MT', stages }, { zoneLevels: [], faces: [{ facePart: 'bench', chainage: 100 }] })).toBeUndefined();
  });
});
