import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { and, eq, inArray } from 'drizzle-orm';
import {
  CONSTRUCTION_TOPIC,
  FACE_PARTS,
  USER_TYPE,
  type PermissionCode,
  type TConstructionProgressList,
  type TExcavationProgress,
  type TTunnelProgress,
} from '@strata/shared';
import { contracts, excavationDesign, excavationProgress, excavationSupports, sites, tunnelShifts, uploads } from '../../db/schema/index.js';
import { createRole, createUser } from '../../testing/fixtures.js';
import { as, createTestApp, signIn, type Session, type TestApp } from '../../testing/harness.js';
import { lastAudit, createWorld, type World } from '../../testing/master-data.js';
import { waitFor } from '../../testing/wait.js';
import { REALTIME_CHANNEL } from '../realtime/realtime.publish.js';
import type { RealtimeDelivery } from '../realtime/realtime.publish.js';
import { rng } from '../../seed/demo-random.js';

const DELETE_TASKS: PermissionCode[] = ['DeleteStationorTunnelExcavationProgress', 'DeleteDesignInfo'];

/** An excavation site's outline (SVY21): a 100 × 40 m box; its centroid is (30050, 28620). */
const BOX = {
  type: 'Polygon' as const,
  coordinates: [
    [
      [30000, 28600],
      [30100, 28600],
      [30100, 28640],
      [30000, 28640],
      [30000, 28600],
    ],
  ],
};
/** A bent drive: 100 m east, then 100 m north; with chainage_start 500 it runs from CH 500 to CH 700. */
const DRIVE = {
  type: 'LineString' as const,
  coordinates: [
    [31000, 29000],
    [31100, 29000],
    [31100, 29100],
  ],
};
const E_STAGES = [
  { stage_no: 1, name: 'Excavate to 98 mRL', description: '', target: 98, planned_start: '2026-01-01', planned_end: '2026-01-31' },
  { stage_no: 2, name: 'Excavate to 94 mRL', description: '', target: 94, planned_start: '2026-02-01', planned_end: '2026-02-28' },
  { stage_no: 3, name: 'Excavate to 90 mRL', description: '', target: 90, planned_start: '2026-03-01', planned_end: '2026-03-31' },
];
const MT_STEPS = [
  { stage_no: 1, name: 'CH 500 to CH 550', description: '', target: 550, planned_start: '2026-01-01', planned_end: '2026-01-31' },
  { stage_no: 2, name: 'CH 550 to CH 600', description: '', target: 600, planned_start: '2026-02-01', planned_end: '2026-02-28' },
  { stage_no: 3, name: 'CH 600 to CH 700', description: '', target: 700, planned_start: '2026-03-01', planned_end: '2026-03-31' },
];

type Level = { date: string; zone?: string; level: number; stageNo?: number | null };
type Shift = { date: string; shift: 'day' | 'night'; part: 'top_heading' | 'bench' | 'invert'; chainage: number };

describe('construction progress: reading and deleting', () => {
  let t: TestApp;
  let w: World;
  let deleter: Session;
  let progressOnly: Session;
  let n = 0;
  const req = (who: Session, method: 'GET' | 'DELETE', url: string) => as(t, who, { method, url: `/api/v1${url}` });
  const get = async <T>(who: Session, url: string) => {
    const res = await req(who, 'GET', url);
    expect(res.statusCode, res.body).toBe(200);
    return res.json<T>();
  };

  const site = async (values: Partial<typeof sites.$inferInsert> & { contractId: number; type: 'E' | 'MT' }) => {
    const [row] = await t.db.orm
      .insert(sites)
      .values({ siteName: `Site ${++n}`, ...values })
      .returning();
    return row!.siteId;
  };
  const levels = (siteId: number, rows: Level[], uploadId: number | null = null) =>
    t.db.orm
      .insert(excavationProgress)
      .values(rows.map((r) => ({ siteId, uploadId, activityDate: r.date, zone: r.zone ?? '', level: r.level, stageNo: r.stageNo ?? null })))
      .returning();
  const shifts = (siteId: number, rows: Shift[], uploadId: number | null = null) =>
    t.db.orm
      .insert(tunnelShifts)
      .values(rows.map((r) => ({ siteId, uploadId, shiftDate: r.date, shift: r.shift, facePart: r.part, chainage: r.chainage })))
      .returning();
  const upload = async (type: 'excavation' | 'tunnel', contractId: number) => {
    const [row] = await t.db.orm
      .insert(uploads)
      .values({ type, contractId, contractIds: [contractId], fileName: `${type}.csv`, storageKey: `k/${++n}`, sha256: `${n}`.padStart(64, '0'), size: 1 })
      .returning();
    return row!.uploadId;
  };
  const contractNo = async (id: number) => (await t.db.orm.select({ no: contracts.no }).from(contracts).where(eq(contracts.contractId, id)))[0]!.no;

  beforeAll(async () => {
    t = await createTestApp();
  });
  // A world of its own for each test: lists are exact.
  beforeEach(async () => {
    w = await createWorld(t, DELETE_TASKS);
    const role = await createRole(t.db, ['DeleteStationorTunnelExcavationProgress']);
    await createUser(t.db, { loginName: `progressonly${++n}`, roleId: role.roleId, contractIds: [w.contractA, w.contractB] });
    progressOnly = await signIn(t, `progressonly${n}`);
    deleter = w.sessions.manager;
  });
  afterAll(() => t.close());

  it("lists the excavation sites of the caller's contracts with the lowest latest level per zone against the final formation level", async () => {
    const a = await site({
      contractId: w.contractA,
      type: 'E',
      siteName: 'A Station Box',
      geometry: BOX,
      stages: E_STAGES,
      designValues: { formation_level_mRL: 89.5 },
    });
    await levels(a, [
      { date: '2026-01-05', zone: 'A', level: 100 },
      { date: '2026-01-06', zone: 'A', level: 97 },
      { date: '2026-01-05', zone: 'B', level: 99 },
      { date: '2026-01-07', zone: 'B', level: 95.5 },
    ]);
    await site({ contractId: w.contractA, type: 'E', siteName: 'A Entrance', stages: E_STAGES });
    const b = await site({ contractId: w.contractB, type: 'E', siteName: 'B Shaft', stages: [{ ...E_STAGES[0]!, target: 96 }] });
    await levels(b, [{ date: '2026-02-01', level: 95 }]);
    await site({ contractId: w.contractA, type: 'MT', siteName: 'A Adit' });

    const list = await get<TConstructionProgressList>(w.sessions.manager, '/civil/progress?type=E');
    const [noA, noB] = [await contractNo(w.contractA), await contractNo(w.contractB)];
    const expected = [
      [noA, 'A Entrance'],
      [noA, 'A Station Box'],
      [noB, 'B Shaft'],
    ].sort((x, y) => x[0]!.localeCompare(y[0]!) || x[1]!.localeCompare(y[1]!));
    expect(list.records.map((r) => [r.contract_no, r.site_name])).toEqual(expected);
    expect(list.total_records).toBe(3);
    const box = list.records.find((r) => r.site_id === a)!;
    expect(box).toMatchObject({ type: 'E', contract_id: w.contractA, geometry: BOX });
    // Zone A stands at 97, zone B at 95.5: the lowest is 95.5; stage 1 (98) is passed, stage 2 (94) is not.
    expect(box.progress).toEqual({ date: '2026-01-07', value: 95.5, target: 89.5, stage_no: 2, stage_name: 'Excavate to 94 mRL' });
    expect(list.records.find((r) => r.site_name === 'A Entrance')!.progress).toEqual({
      date: null,
      value: null,
      target: 90,
      stage_no: 1,
      stage_name: 'Excavate to 98 mRL',
    });
    // Every stage reached: no current stage.
    expect(list.records.find((r) => r.site_id === b)!.progress).toMatchObject({ value: 95, target: 96, stage_no: null, stage_name: null });

    // Narrowed by contracts (ids outside the caller's are ignored) and by keyword on the site name or the contract no.
    const names = async (who: Session, q: string) => (await get<TConstructionProgressList>(who, `/civil/progress?type=E${q}`)).records.map((r) => r.site_name);
    expect(await names(w.sessions.manager, `&contracts=${encodeURIComponent(JSON.stringify([w.contractB]))}`)).toEqual(['B Shaft']);
    expect(await names(w.sessions.manager, '&keyword=station')).toEqual(['A Station Box']);
    expect(await names(w.sessions.manager, `&keyword=${encodeURIComponent(noB)}`)).toEqual(['B Shaft']);
    expect(await names(w.sessions.xuser, '')).toEqual(['A Entrance', 'A Station Box']);
    expect(await names(w.sessions.xuser, `&contracts=${encodeURIComponent(JSON.stringify([w.contractB]))}`)).toEqual([]);
    // Any signed-in user reads within their contracts, like GET /civil/sites.
    expect((await names(w.sessions.nobody, '')).length).toBe(3);
    expect((await req(w.sessions.manager, 'GET', '/civil/progress?type=X')).statusCode).toBe(400);
  });

  it("lists the mined tunnels with the leading face's chainage against the drive's end", async () => {
    const a = await site({ contractId: w.contractA, type: 'MT', siteName: 'A Adit', geometry: DRIVE, chainageStart: 500, stages: MT_STEPS });
    await shifts(a, [
      { date: '2026-01-10', shift: 'day', part: 'top_heading', chainage: 548 },
      { date: '2026-01-10', shift: 'night', part: 'top_heading', chainage: 551.5 },
      { date: '2026-01-10', shift: 'night', part: 'bench', chainage: 535 },
      { date: '2026-01-11', shift: 'day', part: 'bench', chainage: 537 },
    ]);
    // Without an alignment the drive ends at its last step's target; without a top heading the furthest part leads.
    const b = await site({ contractId: w.contractB, type: 'MT', siteName: 'B Cross Passage', stages: MT_STEPS.slice(0, 2) });
    await shifts(b, [
      { date: '2026-01-03', shift: 'day', part: 'bench', chainage: 520 },
      { date: '2026-01-03', shift: 'day', part: 'invert', chainage: 510 },
    ]);
    const list = await get<TConstructionProgressList>(w.sessions.manager, '/civil/progress?type=MT');
    expect(list.records.find((r) => r.site_id === a)!.progress).toEqual({
      date: '2026-01-11',
      value: 551.5,
      target: 700,
      stage_no: 2,
      stage_name: 'CH 550 to CH 600',
    });
    expect(list.records.find((r) => r.site_id === b)!.progress).toEqual({
      date: '2026-01-03',
      value: 520,
      target: 600,
      stage_no: 1,
      stage_name: 'CH 500 to CH 550',
    });
    expect((await get<TConstructionProgressList>(w.sessions.yuser, '/civil/progress?type=MT')).records.map((r) => r.site_id)).toEqual([b]);
  });

  it("answers an excavation site's page: levels, zones, struts and anchors by time, design by stage, stages with actual dates", async () => {
    const a = await site({ contractId: w.contractA, type: 'E', geometry: BOX, stages: E_STAGES, designValues: { max_wall_deflection_mm: 40 } });
    await levels(a, [
      { date: '2026-01-04', level: 101 },
      { date: '2026-01-06', level: 98 }, // stage 1 (98) reached exactly: stage 2 starts with the next row
      { date: '2026-01-09', level: 96, stageNo: 2 },
      { date: '2026-01-12', level: 93 }, // stage 2 (94) reached, and passed: stage 3 starts the same day
      { date: '2026-01-15', level: 91.2, stageNo: 3 },
    ]);
    await t.db.orm.insert(excavationSupports).values([
      { siteId: a, kind: 'strut', label: 'S1-02', level: 99, installedAt: new Date('2026-01-07T03:00:00Z') },
      { siteId: a, kind: 'strut', label: 'S1-01', level: 99, installedAt: new Date('2026-01-07T01:00:00Z') },
      { siteId: a, kind: 'anchor', label: 'GA-01', level: 95, installedAt: new Date('2026-01-13T01:00:00Z'), stageNo: 2, remarks: 'preloaded' },
    ]);
    await t.db.orm.insert(excavationDesign).values([
      { siteId: a, stageNo: 2, wallDeflection: 18, strutForce: 900, settlement: 8 },
      { siteId: a, stageNo: 1, wallDeflection: 9, strutForce: null, settlement: 4 },
    ]);
    const p = await get<TExcavationProgress>(w.sessions.nobody, `/civil/sites/${a}/excavation-progress`);
    expect(p.site).toMatchObject({ site_id: a, type: 'E', design_values: { max_wall_deflection_mm: 40 } });
    expect(p.summary).toEqual({ date: '2026-01-15', value: 91.2, target: 90, stage_no: 3, stage_name: 'Excavate to 90 mRL' });
    expect(p.levels.map((l) => [l.date, l.level, l.stage_no])).toEqual([
      ['2026-01-04', 101, null],
      ['2026-01-06', 98, null],
      ['2026-01-09', 96, 2],
      ['2026-01-12', 93, null],
      ['2026-01-15', 91.2, 3],
    ]);
    expect(p.levels[0]).toMatchObject({ zone: '', remarks: '', upload_id: null });
    expect(p.zones).toEqual([{ zone: '', date: '2026-01-15', level: 91.2 }]);
    expect(p.supports.map((s) => [s.label, s.kind, s.installed_at])).toEqual([
      ['S1-01', 'strut', '2026-01-07T01:00:00.000Z'],
      ['S1-02', 'strut', '2026-01-07T03:00:00.000Z'],
      ['GA-01', 'anchor', '2026-01-13T01:00:00.000Z'],
    ]);
    expect(p.design.map((d) => [d.stage_no, d.wall_deflection, d.strut_force, d.settlement])).toEqual([
      [1, 9, null, 4],
      [2, 18, 900, 8],
    ]);
    expect(p.stages.map((s) => [s.stage_no, s.planned_start, s.actual_start, s.actual_end])).toEqual([
      [1, '2026-01-01', '2026-01-04', '2026-01-06'],
      [2, '2026-02-01', '2026-01-09', '2026-01-12'],
      [3, '2026-03-01', '2026-01-12', null],
    ]);
  });

  it('dates the stages of a multi-zone site by its lowest zone; a stage starts when a row names it or passes the previous target', async () => {
    const a = await site({ contractId: w.contractA, type: 'E', stages: E_STAGES });
    await levels(a, [
      { date: '2026-01-03', zone: 'A', level: 100 },
      { date: '2026-01-04', zone: 'A', level: 99, stageNo: 2 }, // the file says stage 2's works began
      { date: '2026-01-05', zone: 'B', level: 97.9 }, // B passes 98: stage 1 ends
      { date: '2026-01-08', zone: 'A', level: 93.5 }, // A passes 98 and 94 in one day; the lowest zone passes 94
    ]);
    const p = await get<TExcavationProgress>(w.sessions.manager, `/civil/sites/${a}/excavation-progress`);
    expect(p.zones).toEqual([
      { zone: 'A', date: '2026-01-08', level: 93.5 },
      { zone: 'B', date: '2026-01-05', level: 97.9 },
    ]);
    // Zone A reaches 93.5 on the 8th, past 94: that day ends stage 2 and starts stage 3.
    expect(p.stages.map((s) => [s.actual_start, s.actual_end])).toEqual([
      ['2026-01-03', '2026-01-05'],
      ['2026-01-04', '2026-01-08'],
      ['2026-01-08', null],
    ]);
    expect(p.summary).toMatchObject({ value: 93.5, stage_no: 3 });
  });

  it("answers a mined tunnel's page: shifts in order with advances, the faces on the alignment, advance per day, steps with actual dates", async () => {
    const a = await site({ contractId: w.contractA, type: 'MT', geometry: DRIVE, chainageStart: 500, stages: MT_STEPS });
    // Inserted out of order: the answer orders them by date, day before night, top heading, bench, invert.
    await shifts(a, [
      { date: '2026-01-11', shift: 'day', part: 'bench', chainage: 540 },
      { date: '2026-01-10', shift: 'night', part: 'top_heading', chainage: 552.5 },
      { date: '2026-01-10', shift: 'day', part: 'top_heading', chainage: 549 },
      { date: '2026-01-11', shift: 'day', part: 'top_heading', chainage: 554 },
      { date: '2026-01-10', shift: 'night', part: 'bench', chainage: 538.2 },
      { date: '2026-01-12', shift: 'day', part: 'invert', chainage: 520 },
    ]);
    const p = await get<TTunnelProgress>(w.sessions.nobody, `/civil/sites/${a}/tunnel-progress`);
    expect(p.shifts.map((s) => [s.date, s.shift, s.face_part, s.chainage, s.advance])).toEqual([
      ['2026-01-10', 'day', 'top_heading', 549, null],
      ['2026-01-10', 'night', 'top_heading', 552.5, 3.5],
      ['2026-01-10', 'night', 'bench', 538.2, null],
      ['2026-01-11', 'day', 'top_heading', 554, 1.5],
      ['2026-01-11', 'day', 'bench', 540, 1.8],
      ['2026-01-12', 'day', 'invert', 520, null],
    ]);
    expect(p.chainage_start).toBe(500);
    expect(p.chainage_end).toBe(700);
    // CH 554 is 54 m along the first (eastward) leg; CH 540 is 40 m; CH 520 20 m.
    expect(p.faces).toEqual([
      { face_part: 'top_heading', chainage: 554, date: '2026-01-11', shift: 'day', x: 31054, y: 29000 },
      { face_part: 'bench', chainage: 540, date: '2026-01-11', shift: 'day', x: 31040, y: 29000 },
      { face_part: 'invert', chainage: 520, date: '2026-01-12', shift: 'day', x: 31020, y: 29000 },
    ]);
    // The first day counts from the portal (chainage_start 500); a day without a top heading row advances 0.
    expect(p.advance_per_day).toEqual([
      { date: '2026-01-10', advance: 52.5 },
      { date: '2026-01-11', advance: 1.5 },
      { date: '2026-01-12', advance: 0 },
    ]);
    expect(p.summary).toEqual({ date: '2026-01-12', value: 554, target: 700, stage_no: 2, stage_name: 'CH 550 to CH 600' });
    // Step 1 ends in the night shift of the 10th (552.5 ≥ 550), where step 2 starts as the face passed CH 550.
    expect(p.stages.map((s) => [s.stage_no, s.actual_start, s.actual_end])).toEqual([
      [1, '2026-01-10', '2026-01-10'],
      [2, '2026-01-10', null],
      [3, null, null],
    ]);
  });

  it('puts the face on the second leg of a bent alignment and leaves it off the map without a LineString', async () => {
    const a = await site({ contractId: w.contractA, type: 'MT', geometry: DRIVE, chainageStart: 500 });
    await shifts(a, [{ date: '2026-01-10', shift: 'day', part: 'top_heading', chainage: 620 }]);
    const p = await get<TTunnelProgress>(w.sessions.manager, `/civil/sites/${a}/tunnel-progress`);
    expect(p.faces[0]).toMatchObject({ chainage: 620, x: 31100, y: 29020 });
    const b = await site({ contractId: w.contractA, type: 'MT', stages: MT_STEPS });
    await shifts(b, [
      { date: '2026-01-10', shift: 'day', part: 'top_heading', chainage: 510 },
      { date: '2026-01-10', shift: 'night', part: 'top_heading', chainage: 512 },
      { date: '2026-01-11', shift: 'day', part: 'top_heading', chainage: 513.25 },
    ]);
    const q = await get<TTunnelProgress>(w.sessions.manager, `/civil/sites/${b}/tunnel-progress`);
    expect(q).toMatchObject({ chainage_start: null, chainage_end: null, summary: { value: 513.25, target: 700 } });
    expect(q.faces[0]).toMatchObject({ x: null, y: null });
    // Without an alignment the first day counts from its first report.
    expect(q.advance_per_day).toEqual([
      { date: '2026-01-10', advance: 2 },
      { date: '2026-01-11', advance: 1.25 },
    ]);
  });

  it("answers 404 for another contract's site, an unknown site and a site of the other type", async () => {
    const eB = await site({ contractId: w.contractB, type: 'E' });
    const mtA = await site({ contractId: w.contractA, type: 'MT' });
    const eA = await site({ contractId: w.contractA, type: 'E' });
    for (const url of [
      `/civil/sites/${eB}/excavation-progress`,
      `/civil/sites/${mtA}/excavation-progress`,
      `/civil/sites/${eA}/tunnel-progress`,
      '/civil/sites/2147483647/excavation-progress',
    ])
      expect((await req(w.sessions.xuser, 'GET', url)).statusCode, url).toBe(404);
    expect((await req(w.sessions.xuser, 'GET', `/civil/sites/${eA}/excavation-progress`)).statusCode).toBe(200);
    expect((await req(w.sessions.yuser, 'GET', `/civil/sites/${eB}/excavation-progress`)).statusCode).toBe(200);
  });

  it('answers the union of two uploads as the progress, the later upload winning a shared key', async () => {
    const random = rng(19_038);
    const e = await site({ contractId: w.contractA, type: 'E', stages: E_STAGES });
    const mt = await site({ contractId: w.contractA, type: 'MT', geometry: DRIVE, chainageStart: 500 });
    // Each load replaces the rows of the keys it names (as the upload's load does) and adds the others.
    const loadLevels = async (uploadId: number, rows: Level[]) => {
      for (const r of rows)
        await t.db.orm
          .insert(excavationProgress)
          .values({ siteId: e, uploadId, activityDate: r.date, zone: r.zone!, level: r.level })
          .onConflictDoUpdate({
            target: [excavationProgress.siteId, excavationProgress.activityDate, excavationProgress.zone],
            set: { uploadId, level: r.level },
          });
    };
    const loadShifts = async (uploadId: number, rows: Shift[]) => {
      for (const r of rows)
        await t.db.orm
          .insert(tunnelShifts)
          .values({ siteId: mt, uploadId, shiftDate: r.date, shift: r.shift, facePart: r.part, chainage: r.chainage })
          .onConflictDoUpdate({
            target: [tunnelShifts.siteId, tunnelShifts.shiftDate, tunnelShifts.shift, tunnelShifts.facePart],
            set: { uploadId, chainage: r.chainage },
          });
    };
    const day = (i: number) => `2026-03-${String(i + 1).padStart(2, '0')}`;
    const pick = <T>(xs: readonly T[]) => xs[Math.floor(random() * xs.length)]!;
    const someLevels = (count: number): Level[] =>
      Array.from({ length: count }, () => ({
        date: day(Math.floor(random() * 12)),
        zone: pick(['', 'A', 'B']),
        level: Math.round(random() * 10000) / 100 + 80,
      }));
    const someShifts = (count: number): Shift[] =>
      Array.from({ length: count }, () => ({
        date: day(Math.floor(random() * 12)),
        shift: pick(['day', 'night'] as const),
        part: pick(FACE_PARTS),
        chainage: 500 + Math.round(random() * 20000) / 100,
      }));
    // Within one file a key appears once: the last row of a key is the one a file keeps.
    const lastPerKey = <T>(rows: T[], key: (r: T) => string) => [...new Map(rows.map((r) => [key(r), r])).values()];
    const levelKey = (r: Level) => `${r.date}|${r.zone}`;
    const shiftKey = (r: Shift) => `${r.date}|${r.shift}|${r.part}`;

    const [u1, u2] = [await upload('excavation', w.contractA), await upload('excavation', w.contractA)];
    const [first, second] = [lastPerKey(someLevels(30), levelKey), lastPerKey(someLevels(30), levelKey)];
    await loadLevels(u1, first);
    await loadLevels(u2, second);
    const expectedLevels = new Map<string, { level: number; upload_id: number }>();
    for (const [u, rows] of [
      [u1, first],
      [u2, second],
    ] as const)
      for (const r of rows) expectedLevels.set(levelKey(r), { level: r.level, upload_id: u });
    const p = await get<TExcavationProgress>(w.sessions.manager, `/civil/sites/${e}/excavation-progress`);
    expect(new Map(p.levels.map((l) => [`${l.date}|${l.zone}`, { level: l.level, upload_id: l.upload_id }]))).toEqual(expectedLevels);
    expect(p.levels.length).toBe(expectedLevels.size);
    expect(p.levels.map((l) => l.date)).toEqual(p.levels.map((l) => l.date).sort());
    // The summary is the lowest of the latest level per zone of that union.
    const latest = new Map<string, { date: string; level: number }>();
    for (const [k, v] of [...expectedLevels.entries()].sort(([x], [y]) => x.localeCompare(y))) {
      const [date, zone] = k.split('|') as [string, string];
      if (!latest.has(zone) || latest.get(zone)!.date < date) latest.set(zone, { date, level: v.level });
    }
    expect(p.summary.value).toBe(Math.min(...[...latest.values()].map((l) => l.level)));

    const [t1, t2] = [await upload('tunnel', w.contractA), await upload('tunnel', w.contractA)];
    const [s1, s2] = [lastPerKey(someShifts(40), shiftKey), lastPerKey(someShifts(40), shiftKey)];
    await loadShifts(t1, s1);
    await loadShifts(t2, s2);
    const expectedShifts = new Map<string, { chainage: number; upload_id: number }>();
    for (const [u, rows] of [
      [t1, s1],
      [t2, s2],
    ] as const)
      for (const r of rows) expectedShifts.set(shiftKey(r), { chainage: r.chainage, upload_id: u });
    const q = await get<TTunnelProgress>(w.sessions.manager, `/civil/sites/${mt}/tunnel-progress`);
    expect(new Map(q.shifts.map((s) => [`${s.date}|${s.shift}|${s.face_part}`, { chainage: s.chainage, upload_id: s.upload_id }]))).toEqual(expectedShifts);
    expect(q.shifts.length).toBe(expectedShifts.size);
    const order = (s: { date: string; shift: string; face_part: string }) =>
      `${s.date}|${s.shift === 'day' ? 0 : 1}|${FACE_PARTS.indexOf(s.face_part as never)}`;
    expect(q.shifts.map(order)).toEqual(q.shifts.map(order).sort());
  });

  it('deletes a row of each kind with its task: one audited transaction on the site, announced live, gone from the progress', async () => {
    const e = await site({ contractId: w.contractA, type: 'E', siteName: 'A Box', stages: E_STAGES });
    const mt = await site({ contractId: w.contractA, type: 'MT', geometry: DRIVE });
    const [l1, l2] = await levels(e, [
      { date: '2026-01-04', level: 101 },
      { date: '2026-01-06', level: 97.5 },
    ]);
    const [s1] = await t.db.orm
      .insert(excavationSupports)
      .values({ siteId: e, kind: 'strut', label: 'S1-01', level: 99, installedAt: new Date('2026-01-07T01:00:00Z') })
      .returning();
    const [d1] = await t.db.orm.insert(excavationDesign).values({ siteId: e, stageNo: 1, wallDeflection: 9 }).returning();
    const [sh1] = await shifts(mt, [{ date: '2026-01-10', shift: 'day', part: 'top_heading', chainage: 12 }]);
    const seen: RealtimeDelivery[] = [];
    const off = await t.ctx.bus.subscribe<RealtimeDelivery>(REALTIME_CHANNEL, (d) => void seen.push(d));
    try {
      expect((await req(deleter, 'DELETE', `/civil/sites/${e}/excavation-progress/${l2!.progressId}`)).json()).toEqual({ ok: true });
      const audit = await lastAudit(t.db, 'construction.level.delete');
      expect(audit).toMatchObject({ entityType: 'site', entityId: String(e), userId: w.userIds.manager });
      expect(audit!.before).toMatchObject({ site_name: 'A Box', progress_id: l2!.progressId, date: '2026-01-06', level: 97.5 });
      const p = await get<TExcavationProgress>(deleter, `/civil/sites/${e}/excavation-progress`);
      expect(p.levels.map((l) => l.progress_id)).toEqual([l1!.progressId]);
      expect(p.summary).toMatchObject({ value: 101, date: '2026-01-04', stage_no: 1 });

      expect((await req(deleter, 'DELETE', `/civil/sites/${e}/excavation-supports/${s1!.supportId}`)).statusCode).toBe(200);
      expect((await lastAudit(t.db, 'construction.support.delete'))!.before).toMatchObject({ label: 'S1-01', kind: 'strut' });
      expect((await req(deleter, 'DELETE', `/civil/sites/${e}/excavation-design/${d1!.designId}`)).statusCode).toBe(200);
      expect((await lastAudit(t.db, 'construction.design.delete'))!.before).toMatchObject({ stage_no: 1, wall_deflection: 9 });
      expect((await req(deleter, 'DELETE', `/civil/sites/${mt}/tunnel-shifts/${sh1!.shiftId}`)).statusCode).toBe(200);
      expect((await lastAudit(t.db, 'construction.shift.delete'))!.before).toMatchObject({ face_part: 'top_heading', chainage: 12 });
      const after = await get<TExcavationProgress>(deleter, `/civil/sites/${e}/excavation-progress`);
      expect([after.supports, after.design]).toEqual([[], []]);
      expect((await get<TTunnelProgress>(deleter, `/civil/sites/${mt}/tunnel-progress`)).shifts).toEqual([]);

      const announced = () =>
        seen.flatMap((d) =>
          d.to === 'contract' && d.contract_id === w.contractA && d.message.event === 'notification' && d.message.data.type === 'dataUpdated'
            ? [d.message.data]
            : [],
        );
      await waitFor(() => announced().filter((m) => m.topic === CONSTRUCTION_TOPIC).length === 4);
    } finally {
      await off();
    }
  });

  it("refuses deletes without the row's task (403) and answers 404 for a row of another site or contract, which stays", async () => {
    const eA = await site({ contractId: w.contractA, type: 'E' });
    const eB = await site({ contractId: w.contractB, type: 'E' });
    const mtA = await site({ contractId: w.contractA, type: 'MT' });
    const [lA] = await levels(eA, [{ date: '2026-01-04', level: 101 }]);
    const [lB] = await levels(eB, [{ date: '2026-01-04', level: 101 }]);
    const [dA] = await t.db.orm.insert(excavationDesign).values({ siteId: eA, stageNo: 1, wallDeflection: 9 }).returning();
    const [shA] = await shifts(mtA, [{ date: '2026-01-10', shift: 'day', part: 'top_heading', chainage: 12 }]);

    // Design values need DeleteDesignInfo; progress rows need DeleteStationorTunnelExcavationProgress.
    expect((await req(progressOnly, 'DELETE', `/civil/sites/${eA}/excavation-design/${dA!.designId}`)).statusCode).toBe(403);
    expect((await req(w.sessions.nobody, 'DELETE', `/civil/sites/${eA}/excavation-progress/${lA!.progressId}`)).statusCode).toBe(403);
    expect((await req(w.sessions.nobody, 'DELETE', `/civil/sites/${mtA}/tunnel-shifts/${shA!.shiftId}`)).statusCode).toBe(403);
    const notFound = [
      [w.sessions.xuser, `/civil/sites/${eB}/excavation-progress/${lB!.progressId}`], // another contract's site
      [w.sessions.xuser, `/civil/sites/${eA}/excavation-progress/${lB!.progressId}`], // another contract's row via one's own site
      [w.sessions.manager, `/civil/sites/${eA}/excavation-progress/${lB!.progressId}`], // a row of another site
      [w.sessions.manager, `/civil/sites/${eA}/excavation-progress/2147483647`], // no such row
      [w.sessions.manager, `/civil/sites/${mtA}/excavation-progress/${lA!.progressId}`], // a tunnel has no levels
      [w.sessions.manager, `/civil/sites/${eA}/tunnel-shifts/${shA!.shiftId}`], // the shift is the tunnel's
      [w.sessions.manager, `/civil/sites/${eA}/excavation-supports/${lA!.progressId}`], // a level id is no support id
    ] as const;
    for (const [who, url] of notFound) expect((await req(who, 'DELETE', url)).statusCode, url).toBe(404);
    // The other contract's answer is the answer for a row that does not exist.
    expect((await req(w.sessions.xuser, 'DELETE', notFound[0][1])).json()).toEqual(
      (await req(w.sessions.xuser, 'DELETE', `/civil/sites/2147483647/excavation-progress/1`)).json(),
    );
    const left = await t.db.orm
      .select({ id: excavationProgress.progressId })
      .from(excavationProgress)
      .where(and(inArray(excavationProgress.siteId, [eA, eB])));
    expect(left.map((r) => r.id).sort()).toEqual([lA!.progressId, lB!.progressId].sort());
    expect(await t.db.orm.select().from(excavationDesign).where(eq(excavationDesign.siteId, eA))).toHaveLength(1);
    expect(await t.db.orm.select().from(tunnelShifts).where(eq(tunnelShifts.siteId, mtA))).toHaveLength(1);
  });

  it('makes excavation sites and mined tunnels records of their own category, scoped, listed at their centroid or first point', async () => {
    const e = await site({ contractId: w.contractA, type: 'E', siteName: 'A Box', geometry: BOX });
    const mt = await site({ contractId: w.contractA, type: 'MT', siteName: 'A Adit', geometry: DRIVE });
    const eB = await site({ contractId: w.contractB, type: 'E', siteName: 'B Box' });
    const records = t.services.records;
    const manager = { userId: w.userIds.manager, userType: USER_TYPE.Authority };
    const xuser = { userId: w.userIds.xuser, userType: USER_TYPE.Contractor };
    expect(await records.resolve(manager, 'excavation', e)).toMatchObject({
      contractId: w.contractA,
      title: 'A Box',
      path: `/dashboard/search/excavation/${e}`,
      managePermissions: ['ManageExcavationActivities', 'ManageConstructionSites'],
    });
    expect(await records.resolve(manager, 'tunnel', mt)).toMatchObject({
      title: 'A Adit',
      path: `/dashboard/search/tunnel/${mt}`,
      managePermissions: ['ManageMinedTunnelActivities', 'ManageConstructionSites'],
    });
    await expect(records.resolve(manager, 'tunnel', e)).rejects.toMatchObject({ statusCode: 404 });
    await expect(records.resolve(manager, 'excavation', mt)).rejects.toMatchObject({ statusCode: 404 });
    await expect(records.resolve(xuser, 'excavation', eB)).rejects.toMatchObject({ statusCode: 404 });
    // Through the API: a site's photos by its category, another contract's site a 404.
    expect((await req(w.sessions.xuser, 'GET', `/photos/excavation/${e}`)).json()).toMatchObject({ records: [], total_records: 0 });
    expect((await req(w.sessions.xuser, 'GET', `/photos/excavation/${eB}`)).statusCode).toBe(404);
    expect((await req(w.sessions.xuser, 'GET', `/photos/tunnel/${e}`)).statusCode).toBe(404);
    const listed = (await t.db.orm.execute(records.listing())) as unknown as {
      rows: { category: string; ref_id: number; easting: number | null; northing: number | null; path: string }[];
    };
    const row = (category: string, id: number) => listed.rows.find((r) => r.category === category && Number(r.ref_id) === id)!;
    expect(row('excavation', e)).toMatchObject({ easting: 30050, northing: 28620, path: `/dashboard/search/excavation/${e}` });
    expect(row('tunnel', mt)).toMatchObject({ easting: 31000, northing: 29000, path: `/dashboard/search/tunnel/${mt}` });
    expect(row('excavation', eB)).toMatchObject({ easting: null, northing: null });
    expect(row('tunnel', e)).toBeUndefined();
  });
});
