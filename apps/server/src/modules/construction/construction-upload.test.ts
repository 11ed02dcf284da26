import ExcelJS from 'exceljs';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  CONSTRUCTION_HISTORY_TASK,
  EXCAVATION_UPLOAD_COLUMNS,
  TUNNEL_UPLOAD_COLUMNS,
  USER_TYPE,
  type PermissionCode,
  type TSiteStage,
  type TUpload,
  type TUploadCreated,
  type TUploadList,
  type TUploadReport,
} from '@strata/shared';
import { asc, eq, sql } from 'drizzle-orm';
import { excavationDesign, excavationProgress, excavationSupports, notifications, sites, tunnelShifts } from '../../db/schema/index.js';
import { writeSheet, type SheetCell } from '../../lib/sheet-file.js';
import { createRole, createUser } from '../../testing/fixtures.js';
import { as, createTestApp, signIn, type Session, type TestApp } from '../../testing/harness.js';
import { countRows, createWorld, lastAudit, multipart, tempDataDir, type World } from '../../testing/master-data.js';
import { DEMO_ADIT_CHAINAGE_START } from '../../seed/demo-construction.js';
import { TEMPLATE_SITES } from './construction-template.js';
import { alignmentOf, finalFormationLevel, parseDate, parseTime, todayIn } from './construction-upload.parse.js';

const TASKS = [
  'UploadMCExcavationActivity',
  'UploadDesignedValue',
  'UploadTunnelShiftReport',
  'UploadMinedTunnelSequence',
  CONSTRUCTION_HISTORY_TASK,
  'ApproveUpload',
] as const satisfies readonly PermissionCode[];

const BOX = TEMPLATE_SITES.excavation; // 'Marina South Station Box'
const ADIT = TEMPLATE_SITES.tunnel; // 'Gardens NATM Adit'

/** The demo station box's stages: targets 97.9 … 83.5 mRL. */
const BOX_STAGES: TSiteStage[] = [1, 2, 3, 4, 5].map((n) => ({
  stage_no: n,
  name: `Excavate to strut level ${n}`,
  description: '',
  target: Math.round((101.5 - n * 3.6) * 10) / 10,
  planned_start: null,
  planned_end: null,
}));
/** The adit's steps: CH 50 … 200. */
const ADIT_STAGES: TSiteStage[] = [1, 2, 3, 4].map((n) => ({
  stage_no: n,
  name: `Drive CH ${(n - 1) * 50} to CH ${n * 50}`,
  description: 'Top heading 1.0 m rounds',
  target: n * 50,
  planned_start: null,
  planned_end: null,
}));
/** A bent alignment 450 m long: 300 m east, then 150 m north. */
const ADIT_LINE = {
  type: 'LineString',
  coordinates: [
    [31600, 29400],
    [31900, 29400],
    [31900, 29550],
  ],
};

type Cells = Record<string, SheetCell>;
const sheetOf = (columns: readonly string[], rows: Cells[]) => [columns as string[], ...rows.map((r) => columns.map((c) => r[c] ?? null))] as const;

/** A CSV of the rows (every column of the template, in its order). */
function csv(columns: readonly string[], rows: Cells[]): string {
  const [header, ...body] = sheetOf(columns, rows);
  return [header.join(','), ...body.map((r) => r.map((v) => (v == null ? '' : String(v))).join(','))].join('\r\n') + '\r\n';
}
const xlsx = (columns: readonly string[], rows: Cells[]) => {
  const [header, ...body] = sheetOf(columns, rows);
  return writeSheet('xlsx', 'Sheet1', header, body);
};

const excavationCsv = (rows: Cells[]) => csv(EXCAVATION_UPLOAD_COLUMNS, rows);
const tunnelCsv = (rows: Cells[]) => csv(TUNNEL_UPLOAD_COLUMNS, rows);

const GOOD_EXCAVATION: Cells[] = [
  { site: BOX, record: 'level', date: '2025-03-10', zone: 'North', stage: 2, level_mrl: 95.6, remarks: 'towards strut 2' },
  { site: BOX, record: 'level', date: '11/03/2025', zone: 'North', stage: 2, level_mrl: 94.8 },
  { site: 'marina south station box', record: 'LEVEL', date: '2025-03-11', level_mrl: 96 },
  { site: BOX, record: 'strut', date: '2025-03-12', time: '09:30', zone: 'North', stage: 2, level_mrl: 95.2, label: 'S2-N01' },
  { site: BOX, record: 'anchor', date: '2025-03-13', time: '10:00:30', level_mrl: 95.7, label: 'GA2-S01', remarks: 'locked off' },
  { site: BOX, record: 'design', stage: 2, wall_deflection_mm: 18, strut_force_kn: 1450, remarks: 'QP(D)' },
];
const GOOD_TUNNEL: Cells[] = [
  { drive: ADIT, record: 'sequence', step: 2, name: 'Drive CH 50 to CH 110', target_chainage: 110, planned_start: '2025-07-01', planned_end: '2025-07-31' },
  { drive: ADIT, record: 'sequence', step: 6, name: 'Breakthrough', target_chainage: 450, remarks: 'last step' },
  {
    drive: ADIT,
    record: 'shift',
    date: '2025-06-16',
    shift: 'day',
    face_part: 'top_heading',
    chainage: 21.5,
    rock_bolts: 8,
    shotcrete_mm: 200,
    lattice_girders: 1,
    geology_class: 'II',
  },
  { drive: ADIT, record: 'shift', date: '2025-06-16', shift: 'day', face_part: 'Bench', chainage: 15 },
  { drive: ADIT, record: 'shift', date: '2025-06-16', shift: 'NIGHT', face_part: 'top heading', chainage: 22.5, remarks: 'wet face' },
];

describe('construction uploads (excavation, tunnel)', () => {
  const dataDir = tempDataDir('cons-uploads');
  let t: TestApp;
  let w: World;
  let box: number;
  let adit: number;
  let otherBox: number;
  type Who = keyof World['sessions'];

  const post = (s: Session, type: 'excavation' | 'tunnel', name: string, data: Buffer | string, fields: Record<string, string>, query = '') =>
    as(t, s, { method: 'POST', url: `/api/v1/uploads/${type}${query}`, ...multipart(name, data, fields) });
  const get = (who: Who, url: string) => as(t, w.sessions[who], { method: 'GET', url: `/api/v1${url}` });
  const act = (who: Who, url: string) => as(t, w.sessions[who], { method: 'POST', url: `/api/v1${url}` });
  const status = async (id: number) => (await get('manager', `/uploads/${id}`)).json<TUpload>();
  const report = async (id: number) => (await get('manager', `/uploads/${id}/report?limit=1000`)).json<TUploadReport>();

  async function uploadAndValidate(type: 'excavation' | 'tunnel', name: string, data: Buffer | string, s: Session = w.sessions.xuser, query = '') {
    const res = await post(s, type, name, data, { contract_id: String(w.contractA) }, query);
    expect(res.statusCode, res.body).toBe(202);
    await t.services.uploads.runPending();
    return status(res.json<TUploadCreated>().upload_id);
  }
  async function approve(id: number) {
    const res = await act('manager', `/uploads/${id}/approve`);
    expect(res.statusCode, res.body).toBe(200);
    await t.services.uploads.runPending();
    return status(id);
  }
  const progressTablesEmpty = async () => {
    for (const table of [excavationProgress, excavationSupports, excavationDesign, tunnelShifts]) expect(await countRows(t.db, table)).toBe(0);
  };
  const levelsOf = (siteId: number) =>
    t.db.orm
      .select({ date: excavationProgress.activityDate, zone: excavationProgress.zone, level: excavationProgress.level, uploadId: excavationProgress.uploadId })
      .from(excavationProgress)
      .where(eq(excavationProgress.siteId, siteId))
      .orderBy(asc(excavationProgress.activityDate), asc(excavationProgress.zone));
  const stagesOf = async (siteId: number) =>
    (await t.db.orm.select({ stages: sites.stages }).from(sites).where(eq(sites.siteId, siteId)))[0]!.stages as TSiteStage[];

  beforeAll(async () => {
    t = await createTestApp({ dataDir });
  });
  beforeEach(async () => {
    w = await createWorld(t, TASKS);
    // Each test owns its rows: the progress tables are emptied (cascade from sites of earlier worlds is not enough).
    await t.db.exec('DELETE FROM excavation_progress; DELETE FROM excavation_supports; DELETE FROM excavation_design; DELETE FROM tunnel_shifts;');
    const made = await t.db.orm
      .insert(sites)
      .values([
        {
          contractId: w.contractA,
          siteName: BOX,
          type: 'E',
          stages: BOX_STAGES,
          designValues: { formation_level_mRL: 83.5 },
          geometry: {
            type: 'Polygon',
            coordinates: [
              [
                [30300, 28600],
                [30400, 28600],
                [30400, 28650],
                [30300, 28650],
                [30300, 28600],
              ],
            ],
          },
        },
        { contractId: w.contractA, siteName: ADIT, type: 'MT', stages: ADIT_STAGES, geometry: ADIT_LINE },
        { contractId: w.contractA, siteName: 'Pilot Heading', type: 'MT' },
        { contractId: w.contractB, siteName: 'Bayshore Station Box', type: 'E', stages: BOX_STAGES },
      ])
      .returning({ id: sites.siteId });
    [box, adit, , otherBox] = made.map((m) => m.id) as [number, number, number, number];
  });
  afterAll(() => t.close());

  for (const format of ['csv', 'xlsx'] as const) {
    it(`checks a good MC excavation ${format.toUpperCase()} without writing progress, and on approval stores its level, strut, anchor and design rows with the upload id`, async () => {
      const data = format === 'csv' ? excavationCsv(GOOD_EXCAVATION) : await xlsx(EXCAVATION_UPLOAD_COLUMNS, GOOD_EXCAVATION);
      const u = await uploadAndValidate('excavation', `activity.${format}`, data);
      expect(u, JSON.stringify(await report(u.upload_id))).toMatchObject({
        type: 'excavation',
        status: 'validated',
        format,
        rows_total: 6,
        rows_valid: 6,
        rows_invalid: 0,
        errors_total: 0,
        contract_ids: [w.contractA],
      });
      await progressTablesEmpty();

      const done = await approve(u.upload_id);
      expect(done).toMatchObject({ status: 'done', rows_loaded: 6 });
      expect(await levelsOf(box)).toEqual([
        { date: '2025-03-10', zone: 'North', level: 95.6, uploadId: u.upload_id },
        { date: '2025-03-11', zone: '', level: 96, uploadId: u.upload_id },
        { date: '2025-03-11', zone: 'North', level: 94.8, uploadId: u.upload_id },
      ]);
      const supports = await t.db.orm.select().from(excavationSupports).where(eq(excavationSupports.siteId, box)).orderBy(asc(excavationSupports.label));
      expect(supports.map((s) => [s.kind, s.label, s.level, s.installedAt.toISOString(), s.uploadId, s.createdBy])).toEqual([
        // Installed at wall-clock times in the platform's zone (Asia/Singapore, +08:00).
        ['anchor', 'GA2-S01', 95.7, '2025-03-13T02:00:30.000Z', u.upload_id, w.userIds.manager],
        ['strut', 'S2-N01', 95.2, '2025-03-12T01:30:00.000Z', u.upload_id, w.userIds.manager],
      ]);
      const design = await t.db.orm.select().from(excavationDesign).where(eq(excavationDesign.siteId, box));
      expect(design).toMatchObject([{ stageNo: 2, wallDeflection: 18, strutForce: 1450, settlement: null, remarks: 'QP(D)', uploadId: u.upload_id }]);

      const audit = await lastAudit(t.db, 'upload.load');
      expect(audit).toMatchObject({ entityId: String(u.upload_id) });
      expect(audit!.after).toMatchObject({ status: 'done', rows_loaded: 6, counts: { level: 3, strut: 1, anchor: 1, design: 1 }, replaced_total: 0 });
      const told = await t.db.orm
        .select({ userId: notifications.userId, key: notifications.messageKey })
        .from(notifications)
        .where(eq(notifications.linkUri, `/en/upload/excavation?upload=${u.upload_id}`));
      expect(told.map((n) => n.userId).sort()).toEqual([w.userIds.manager, w.userIds.xuser].sort());
      expect(told[0]!.key).toBe('upload.constructionLoaded');
    });

    it(`checks a good mined tunnel ${format.toUpperCase()}, and on approval stores its shift rows and puts its sequence steps into the drive's stages`, async () => {
      const data = format === 'csv' ? tunnelCsv(GOOD_TUNNEL) : await xlsx(TUNNEL_UPLOAD_COLUMNS, GOOD_TUNNEL);
      const u = await uploadAndValidate('tunnel', `shifts.${format}`, data);
      expect(u, JSON.stringify(await report(u.upload_id))).toMatchObject({
        type: 'tunnel',
        status: 'validated',
        format,
        rows_total: 5,
        rows_valid: 5,
        errors_total: 0,
      });
      await progressTablesEmpty();
      expect(await stagesOf(adit)).toEqual(ADIT_STAGES);

      expect(await approve(u.upload_id)).toMatchObject({ status: 'done', rows_loaded: 5 });
      const shifts = await t.db.orm
        .select()
        .from(tunnelShifts)
        .where(eq(tunnelShifts.siteId, adit))
        .orderBy(asc(tunnelShifts.shift), asc(tunnelShifts.facePart));
      expect(shifts.map((s) => [s.shiftDate, s.shift, s.facePart, s.chainage, s.rockBolts, s.shotcrete, s.latticeGirders, s.geologyClass, s.uploadId])).toEqual(
        [
          ['2025-06-16', 'day', 'bench', 15, null, null, null, '', u.upload_id],
          ['2025-06-16', 'day', 'top_heading', 21.5, 8, 200, 1, 'II', u.upload_id],
          ['2025-06-16', 'night', 'top_heading', 22.5, null, null, null, '', u.upload_id],
        ],
      );
      // Step 2 replaced, step 6 added, the others kept, in stage order.
      expect(await stagesOf(adit)).toEqual([
        ADIT_STAGES[0],
        { stage_no: 2, name: 'Drive CH 50 to CH 110', description: '', target: 110, planned_start: '2025-07-01', planned_end: '2025-07-31' },
        ADIT_STAGES[2],
        ADIT_STAGES[3],
        { stage_no: 6, name: 'Breakthrough', description: 'last step', target: 450, planned_start: null, planned_end: null },
      ]);
      const activity = await lastAudit(t.db, 'site.activity');
      expect(activity).toMatchObject({ entityId: String(adit), userId: w.userIds.manager });
      expect(activity!.after).toMatchObject({ upload_id: u.upload_id });
      expect((await lastAudit(t.db, 'upload.load'))!.after).toMatchObject({ counts: { shift: 3, sequence: 2 }, replaced: { sequence: 1 }, replaced_total: 1 });
    });
  }

  it('reads the installation time of an XLSX cell formatted as a time (or left General, a fraction of a day)', async () => {
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet('Activity');
    ws.addRow(['Site', 'Record', 'Date', 'Time', 'Level mRL', 'Label']);
    ws.addRow([BOX, 'strut', new Date(Date.UTC(2025, 2, 12)), new Date(Date.UTC(1899, 11, 30, 9, 30)), 95.2, 'S2-N01']);
    ws.getCell('C2').numFmt = 'dd/mm/yyyy';
    ws.getCell('D2').numFmt = 'hh:mm';
    ws.addRow([BOX, 'anchor', '2025-03-13', 0.75, 95.7, 'GA2-S01']);
    const u = await uploadAndValidate('excavation', 'times.xlsx', Buffer.from(await wb.xlsx.writeBuffer()));
    expect(u, JSON.stringify(await report(u.upload_id))).toMatchObject({ status: 'validated', rows_valid: 2, errors_total: 0 });
    await approve(u.upload_id);
    const supports = await t.db.orm.select().from(excavationSupports).orderBy(asc(excavationSupports.label));
    expect(supports.map((x) => [x.label, x.installedAt.toISOString()])).toEqual([
      ['GA2-S01', '2025-03-13T10:00:00.000Z'],
      ['S2-N01', '2025-03-12T01:30:00.000Z'],
    ]);
  });

  it('reports each bad excavation row with its row number and field, loads none of them, and nothing before approval', async () => {
    const tomorrow = new Date(t.clock.now().getTime() + 2 * 86_400_000).toISOString().slice(0, 10);
    const rows: Cells[] = [
      /* 2 */ { site: BOX, record: 'level', date: '2025-03-10', zone: 'A', level_mrl: 95 },
      /* 3 */ { site: 'Nowhere Box', record: 'level', date: '2025-03-10', level_mrl: 95 },
      /* 4 */ { site: ADIT, record: 'level', date: '2025-03-10', level_mrl: 95 },
      /* 5 */ { site: BOX, record: 'level', date: '2025-13-40', level_mrl: 95 },
      /* 6 */ { site: BOX, record: 'level', level_mrl: 95 },
      /* 7 */ { site: BOX, record: 'level', date: tomorrow, level_mrl: 95 },
      /* 8 */ { site: BOX, record: 'level', date: '2025-03-09', zone: 'A', level_mrl: 95 },
      /* 9 */ { site: BOX, record: 'level', date: '2025-03-11', level_mrl: 80.2 },
      /* 10 */ { site: BOX, record: 'level', date: '2025-03-12', level_mrl: 'deep' },
      /* 11 */ { site: BOX, record: 'excavate', date: '2025-03-12', level_mrl: 95 },
      /* 12 */ { site: BOX, record: 'level', date: '2025-03-10', zone: 'A', level_mrl: 94 },
      /* 13 */ { site: BOX, record: 'strut', date: '2025-03-12', time: '09:00', level_mrl: 95, label: 'S1' },
      /* 14 */ { site: BOX, record: 'anchor', date: '2025-03-12', time: '10:00', level_mrl: 95, label: 's1' },
      /* 15 */ { site: BOX, record: 'design', stage: 9, wall_deflection_mm: 20 },
      /* 16 */ { site: BOX, record: 'design', stage: 2 },
      /* 17 */ { site: BOX, record: 'level', date: '2025-03-13', stage: 7, level_mrl: 95 },
      /* 18 */ { site: BOX, record: 'strut', date: '2025-03-12', time: '25:00', level_mrl: 95, label: 'S9' },
      /* 19 */ { site: BOX, record: 'strut', date: '2025-03-12', level_mrl: 95 },
      /* 20 */ { site: BOX, record: 'design', stage: 3, settlement_mm: 12 },
      /* 21 */ { site: BOX, record: 'design', stage: 3, settlement_mm: 13 },
      /* 22 */ { site: BOX, record: 'level', date: '2025-03-14', stage: 1.5, level_mrl: 95 },
    ];
    const u = await uploadAndValidate('excavation', 'bad.csv', excavationCsv(rows));
    expect(u).toMatchObject({ status: 'validated', rows_total: 21, rows_valid: 3, rows_invalid: 18 });
    const found = (await report(u.upload_id)).records.map((r) => [r.row, r.field, r.message]);
    const expectFinding = (row: number, field: string, message: RegExp) =>
      expect(
        found.some(([r, f, m]) => r === row && f === field && message.test(String(m))),
        `row ${row} ${field} ${message} in ${JSON.stringify(found)}`,
      ).toBe(true);
    expectFinding(3, 'site', /No excavation site named Nowhere Box in the contract of the upload/);
    expectFinding(4, 'site', /Gardens NATM Adit is a mined tunnel, not an excavation site/);
    expectFinding(5, 'date', /must be a date, YYYY-MM-DD or DD\/MM\/YYYY/);
    expectFinding(6, 'date', /date is required/);
    expectFinding(7, 'date', new RegExp(`The date ${tomorrow} is in the future`));
    expectFinding(8, 'date', /The date goes back: row 2 has a later date for zone A/);
    expectFinding(9, 'level_mrl', /Level 80.2 mRL is below the final formation level of Marina South Station Box \(83.5 mRL\)/);
    expectFinding(10, 'level_mrl', /level_mrl must be a number \(got deep\)/);
    expectFinding(11, 'record', /Unknown record kind excavate: one of level, strut, anchor, design/);
    expectFinding(12, 'date', /The same site, date and zone as row 2/);
    expectFinding(14, 'label', /The same label in the site .* as row 13/);
    expectFinding(15, 'stage', /Marina South Station Box has no stage 9/);
    expectFinding(16, 'wall_deflection_mm', /at least one of/);
    expectFinding(17, 'stage', /has no stage 7/);
    expectFinding(18, 'time', /time must be HH:mm or HH:mm:ss/);
    expectFinding(19, 'time', /time is required/);
    expectFinding(19, 'label', /label is required/);
    expectFinding(21, 'stage', /The same site and stage as row 20/);
    expectFinding(22, 'stage', /must be a whole number/);
    expect(found.filter(([r]) => [2, 13, 20].includes(Number(r)))).toEqual([]);
    await progressTablesEmpty();

    // Approved, only the valid rows load.
    expect(await approve(u.upload_id)).toMatchObject({ status: 'done', rows_loaded: 3 });
    expect(await levelsOf(box)).toEqual([{ date: '2025-03-10', zone: 'A', level: 95, uploadId: u.upload_id }]);
    expect(await countRows(t.db, excavationSupports)).toBe(1);
    expect(await countRows(t.db, excavationDesign)).toBe(1);
  });

  it('reports each bad mined tunnel row with its row number and field, and writes nothing before approval', async () => {
    const rows: Cells[] = [
      /* 2 */ { drive: ADIT, record: 'shift', date: '2025-06-16', shift: 'day', face_part: 'top_heading', chainage: 30 },
      /* 3 */ { drive: ADIT, record: 'shift', date: '2025-06-16', shift: 'day', face_part: 'bench', chainage: 34 },
      /* 4 */ { drive: ADIT, record: 'shift', date: '2025-06-17', shift: 'day', face_part: 'top_heading', chainage: 460.5 },
      /* 5 */ { drive: ADIT, record: 'shift', date: '2025-06-15', shift: 'night', face_part: 'top_heading', chainage: 28 },
      /* 6 */ { drive: BOX, record: 'shift', date: '2025-06-16', shift: 'day', face_part: 'top_heading', chainage: 10 },
      /* 7 */ { drive: 'Bayshore Station Box', record: 'shift', date: '2025-06-16', shift: 'day', face_part: 'top_heading', chainage: 10 },
      /* 8 */ { drive: ADIT, record: 'shift', date: '2025-06-16', shift: 'evening', face_part: 'crown', chainage: 'x' },
      /* 9 */ { drive: ADIT, record: 'shift', date: '2025-06-16', shift: 'day', face_part: 'TOP_HEADING', chainage: 31 },
      /* 10 */ { drive: ADIT, record: 'sequence', step: 1, name: 'First', target_chainage: 50, planned_start: '2025-07-10', planned_end: '2025-07-01' },
      /* 11 */ { drive: ADIT, record: 'sequence', step: 2, target_chainage: 100 },
      /* 12 */ { drive: ADIT, record: 'sequence', step: 3, name: 'Too far', target_chainage: 900 },
      /* 13 */ { drive: ADIT, record: 'blast', date: '2025-06-18' },
      /* 14 */ { drive: ADIT, record: 'shift', date: '2025-06-18', shift: 'day', face_part: 'top_heading', chainage: 40, rock_bolts: 2.5, shotcrete_mm: -5 },
      /* 15 */ { drive: 'Pilot Heading', record: 'shift', date: '2025-06-18', shift: 'day', face_part: 'top_heading', chainage: 9000 },
      /* 16 */ { drive: ADIT, record: 'sequence', step: 4, name: 'Fourth', target_chainage: 200 },
      /* 17 */ { drive: ADIT, record: 'sequence', step: 4, name: 'Fourth again', target_chainage: 210 },
      /* 18 */ { drive: ADIT, record: 'shift', date: '2099-01-01', shift: 'day', face_part: 'invert', chainage: 5 },
    ];
    const u = await uploadAndValidate('tunnel', 'bad.csv', tunnelCsv(rows));
    const found = (await report(u.upload_id)).records.map((r) => [r.row, r.field, r.message]);
    const expectFinding = (row: number, field: string, message: RegExp) =>
      expect(
        found.some(([r, f, m]) => r === row && f === field && message.test(String(m))),
        `row ${row} ${field} ${message} in ${JSON.stringify(found)}`,
      ).toBe(true);
    expectFinding(3, 'face_part', /The bench \(CH 34\) is ahead of the top heading \(CH 30, row 2\) on 2025-06-16, day shift/);
    expectFinding(4, 'chainage', /Chainage 460.5 is outside the alignment of Gardens NATM Adit \(CH 0 to CH 450\)/);
    expectFinding(5, 'date', /The date goes back: row 2 has a later date for the top heading/);
    expectFinding(6, 'drive', /Marina South Station Box is an excavation site, not a mined tunnel/);
    expectFinding(7, 'drive', /No mined tunnel named Bayshore Station Box in the contract of the upload/);
    expectFinding(8, 'shift', /shift must be day or night \(got evening\)/);
    expectFinding(8, 'face_part', /face_part must be one of top_heading, bench, invert/);
    expectFinding(8, 'chainage', /chainage must be a number/);
    expectFinding(9, 'face_part', /The same drive, date, shift and face part as row 2/);
    expectFinding(10, 'planned_end', /planned_end 2025-07-01 is before planned_start 2025-07-10/);
    expectFinding(11, 'name', /name is required/);
    expectFinding(12, 'target_chainage', /outside the alignment/);
    expectFinding(13, 'record', /Unknown record kind blast: one of shift, sequence/);
    expectFinding(14, 'rock_bolts', /must be a whole number/);
    expectFinding(14, 'shotcrete_mm', /must be 0 or more/);
    expectFinding(17, 'step', /The same drive and step as row 16/);
    expectFinding(18, 'date', /The date 2099-01-01 is in the future/);
    // Rows 2 and 16 pass; a drive without an alignment takes any chainage (row 15).
    expect(found.filter(([r]) => r === 2 || r === 15 || r === 16)).toEqual([]);
    expect(u).toMatchObject({ status: 'validated', rows_total: 17, rows_valid: 3 });
    await progressTablesEmpty();
    expect(await stagesOf(adit)).toEqual(ADIT_STAGES);
  });

  it('marks a file without any valid row invalid, and one missing its columns invalid with the columns named', async () => {
    const none = await uploadAndValidate('excavation', 'none.csv', excavationCsv([{ site: 'Nowhere', record: 'level', date: '2025-01-01', level_mrl: 90 }]));
    expect(none).toMatchObject({ status: 'invalid', rows_valid: 0, error: 'No row of the file is valid' });
    expect((await act('manager', `/uploads/${none.upload_id}/approve`)).statusCode).toBe(409);
    const columns = await uploadAndValidate('tunnel', 'cols.csv', 'site,date\r\nX,2025-01-01\r\n');
    expect(columns.status).toBe('invalid');
    expect(columns.error).toMatch(/Missing columns: drive, record/);
    await progressTablesEmpty();
  });

  it('replaces stored rows of the same key on a later upload, and its check and load say how many', async () => {
    const first = await uploadAndValidate('excavation', 'day1.csv', excavationCsv(GOOD_EXCAVATION));
    await approve(first.upload_id);
    const corrected: Cells[] = [
      { site: BOX, record: 'level', date: '2025-03-10', zone: 'North', stage: 2, level_mrl: 95.4, remarks: 'corrected' },
      { site: BOX, record: 'level', date: '2025-03-12', zone: 'North', stage: 2, level_mrl: 94.1 },
      { site: BOX, record: 'strut', date: '2025-03-12', time: '11:00', level_mrl: 95.1, label: 's2-n01' },
      { site: BOX, record: 'design', stage: 2, settlement_mm: 11 },
    ];
    const second = await uploadAndValidate('excavation', 'day1-corrected.csv', excavationCsv(corrected));
    expect(second).toMatchObject({ status: 'validated', rows_valid: 4, errors_total: 0 });
    const [plan] = await t.db
      .query<{ replaced: unknown }>(`SELECT plan->'replaced' AS replaced FROM uploads WHERE upload_id = $1`, [second.upload_id])
      .then((r) => r.rows);
    expect(plan!.replaced).toEqual({ level: 1, strut: 1, design: 1 });

    expect(await approve(second.upload_id)).toMatchObject({ status: 'done', rows_loaded: 4 });
    expect(await levelsOf(box)).toEqual([
      { date: '2025-03-10', zone: 'North', level: 95.4, uploadId: second.upload_id },
      { date: '2025-03-11', zone: '', level: 96, uploadId: first.upload_id },
      { date: '2025-03-11', zone: 'North', level: 94.8, uploadId: first.upload_id },
      { date: '2025-03-12', zone: 'North', level: 94.1, uploadId: second.upload_id },
    ]);
    const struts = await t.db.orm.select().from(excavationSupports).where(eq(excavationSupports.kind, 'strut'));
    expect(struts.map((s) => [s.label, s.level, s.uploadId])).toEqual([['s2-n01', 95.1, second.upload_id]]);
    const design = await t.db.orm.select().from(excavationDesign);
    expect(design.map((d) => [d.stageNo, d.wallDeflection, d.settlement, d.uploadId])).toEqual([[2, null, 11, second.upload_id]]);
    expect((await lastAudit(t.db, 'upload.load'))!.after).toMatchObject({ replaced: { level: 1, strut: 1, design: 1 }, replaced_total: 3 });
  });

  it('refuses the same file again with a 409 unless forced', async () => {
    const data = tunnelCsv(GOOD_TUNNEL);
    const u = await uploadAndValidate('tunnel', 'shifts.csv', data);
    const again = await post(w.sessions.xuser, 'tunnel', 'shifts.csv', data, { contract_id: String(w.contractA) });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatch(new RegExp(`already uploaded .*\\(upload ${u.upload_id}, validated\\)`));
    const forced = await uploadAndValidate('tunnel', 'shifts.csv', data, w.sessions.xuser, '?force=true');
    expect(forced).toMatchObject({ status: 'validated', force: true });
  });

  it('gives an uploader without Upload Designed Value a finding on each design row, and loads their level rows', async () => {
    const role = await createRole(t.db, ['UploadMCExcavationActivity', CONSTRUCTION_HISTORY_TASK]);
    const user = await createUser(t.db, { userType: USER_TYPE.Contractor, roleId: role.roleId, contractIds: [w.contractA], contractorId: w.contractorX });
    const session = await signIn(t, user.loginName);
    const rows: Cells[] = [
      { site: BOX, record: 'level', date: '2025-03-10', level_mrl: 95 },
      { site: BOX, record: 'design', stage: 2, wall_deflection_mm: 18 },
      { site: BOX, record: 'design', stage: 3, wall_deflection_mm: 25 },
    ];
    const u = await uploadAndValidate('excavation', 'no-design.csv', excavationCsv(rows), session);
    expect(u).toMatchObject({ status: 'validated', rows_total: 3, rows_valid: 1 });
    const found = (await report(u.upload_id)).records;
    expect(found.map((r) => [r.row, r.field])).toEqual([
      [3, 'record'],
      [4, 'record'],
    ]);
    expect(found[0]!.message).toBe('You may not upload design rows: they need Upload Designed Value');
    // Tunnel rows need their own tasks: this uploader may not post a tunnel file at all.
    expect((await post(session, 'tunnel', 't.csv', tunnelCsv(GOOD_TUNNEL), { contract_id: String(w.contractA) })).statusCode).toBe(403);
    expect(await approve(u.upload_id)).toMatchObject({ status: 'done', rows_loaded: 1 });
    expect(await countRows(t.db, excavationDesign)).toBe(0);
  });

  it('lets a designer holding only Upload Designed Value load design rows, and gives their level rows a finding', async () => {
    const role = await createRole(t.db, ['UploadDesignedValue', CONSTRUCTION_HISTORY_TASK]);
    const user = await createUser(t.db, { userType: USER_TYPE.Contractor, roleId: role.roleId, contractIds: [w.contractA], contractorId: w.contractorX });
    const session = await signIn(t, user.loginName);
    const rows: Cells[] = [
      { site: BOX, record: 'design', stage: 2, wall_deflection_mm: 18, strut_force_kn: 900 },
      { site: BOX, record: 'level', date: '2025-03-11', level_mrl: 95 },
    ];
    const u = await uploadAndValidate('excavation', 'design-only.csv', excavationCsv(rows), session);
    expect(u).toMatchObject({ status: 'validated', rows_total: 2, rows_valid: 1 });
    const found = (await report(u.upload_id)).records;
    expect(found.map((r) => [r.row, r.field, r.message])).toEqual([[3, 'record', 'You may not upload level rows: they need Upload MC Excavation Activity']]);
    expect(await approve(u.upload_id)).toMatchObject({ status: 'done', rows_loaded: 1 });
    expect(await countRows(t.db, excavationDesign)).toBe(1);
    expect(await countRows(t.db, excavationProgress)).toBe(0);
  });

  it('keeps uploads to the caller\u2019s contracts and tasks: 403 without a task, 400 for another contract, its sites unknown, its history hidden', async () => {
    for (const type of ['excavation', 'tunnel'] as const) {
      expect((await post(w.sessions.nobody, type, 'a.csv', 'x', { contract_id: String(w.contractA) })).statusCode).toBe(403);
      expect((await get('nobody', `/uploads/templates/${type}`)).statusCode).toBe(403);
      const other = await post(w.sessions.xuser, type, 'a.csv', excavationCsv(GOOD_EXCAVATION), { contract_id: String(w.contractB) });
      expect(other.statusCode).toBe(400);
      expect(other.json()).toEqual({ contract_id: 'Contract not found' });
      expect((await post(w.sessions.xuser, type, 'a.csv', excavationCsv(GOOD_EXCAVATION), {})).statusCode).toBe(400);
      const png = await post(w.sessions.xuser, type, 'a.png', Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 0, 0, 0]), { contract_id: String(w.contractA) });
      expect(png.statusCode).toBe(400);
      expect(png.json<{ files: string }>().files).toMatch(/CSV or XLSX/);
    }
    // A site of contract B named in a contract A upload is unknown, even to a user who sees both contracts.
    const u = await uploadAndValidate(
      'excavation',
      'b.csv',
      excavationCsv([{ site: 'Bayshore Station Box', record: 'level', date: '2025-03-10', level_mrl: 95 }]),
      w.sessions.manager,
    );
    expect(u).toMatchObject({ status: 'invalid', rows_valid: 0 });
    expect((await report(u.upload_id)).records).toMatchObject([
      { row: 2, field: 'site', message: 'No excavation site named Bayshore Station Box in the contract of the upload' },
    ]);
    const [stored] = await t.db.orm
      .select({ n: sql<number>`count(*)::int` })
      .from(excavationProgress)
      .where(eq(excavationProgress.siteId, otherBox));
    expect(stored!.n).toBe(0);

    // Contract B's user sees neither the upload nor it in the history; the history is the construction one's.
    expect((await get('yuser', `/uploads/${u.upload_id}`)).statusCode).toBe(404);
    const mine = (await get('manager', '/uploads?type=excavation')).json<TUploadList>();
    expect(mine.records.map((r) => r.upload_id)).toContain(u.upload_id);
    expect((await get('yuser', '/uploads?type=excavation')).json<TUploadList>().records.map((r) => r.upload_id)).not.toContain(u.upload_id);
    expect((await get('manager', '/uploads?type=instrument')).statusCode).toBe(403);
  });

  it('leaves nothing written when the load fails part way (the support rows refused after the levels went in), and loads when approved again', async () => {
    const u = await uploadAndValidate('excavation', 'fail.csv', excavationCsv(GOOD_EXCAVATION));
    await t.db.exec(`CREATE FUNCTION test_refuse_supports() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'refused'; END $$;
      CREATE TRIGGER test_refuse_supports BEFORE INSERT ON excavation_supports FOR EACH ROW EXECUTE FUNCTION test_refuse_supports();`);
    try {
      expect(await approve(u.upload_id)).toMatchObject({
        status: 'failed',
        error: 'The construction progress could not be loaded; nothing was written',
        rows_loaded: 0,
      });
    } finally {
      await t.db.exec('DROP TRIGGER test_refuse_supports ON excavation_supports; DROP FUNCTION test_refuse_supports();');
    }
    await progressTablesEmpty();
    const told = await t.db.orm
      .select({ key: notifications.messageKey })
      .from(notifications)
      .where(eq(notifications.linkUri, `/en/upload/excavation?upload=${u.upload_id}`));
    expect(told.map((n) => n.key)).toEqual(['upload.failed', 'upload.failed']);

    expect(await approve(u.upload_id)).toMatchObject({ status: 'done', rows_loaded: 6 });
    expect(await countRows(t.db, excavationProgress)).toBe(3);
  });

  it('leaves the drive\u2019s stages as they were when a sequence load fails after the stages changed', async () => {
    const u = await uploadAndValidate('tunnel', 'seq.csv', tunnelCsv(GOOD_TUNNEL));
    // The audit row of the load is the last statement: refuse it.
    await t.db.exec(`CREATE FUNCTION test_refuse_load_audit() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN IF NEW.action = 'upload.load' AND NEW.after->>'status' = 'done' THEN RAISE EXCEPTION 'refused'; END IF; RETURN NEW; END $$;
      CREATE TRIGGER test_refuse_load_audit BEFORE INSERT ON audit_log FOR EACH ROW EXECUTE FUNCTION test_refuse_load_audit();`);
    try {
      expect(await approve(u.upload_id)).toMatchObject({ status: 'failed' });
    } finally {
      await t.db.exec('DROP TRIGGER test_refuse_load_audit ON audit_log; DROP FUNCTION test_refuse_load_audit();');
    }
    expect(await stagesOf(adit)).toEqual(ADIT_STAGES);
    await progressTablesEmpty();
  });

  for (const type of ['excavation', 'tunnel'] as const) {
    for (const format of ['csv', 'xlsx'] as const) {
      it(`downloads the ${type} template as ${format.toUpperCase()}, and it checks cleanly when uploaded as it is`, async () => {
        const res = await get('xuser', `/uploads/templates/${type}?format=${format}`);
        expect(res.statusCode, res.body).toBe(200);
        expect(res.headers['content-disposition']).toContain(`${type}-template.${format}`);
        const columns: readonly string[] = type === 'excavation' ? EXCAVATION_UPLOAD_COLUMNS : TUNNEL_UPLOAD_COLUMNS;
        let records: number;
        if (format === 'csv') {
          expect(res.headers['content-type']).toMatch(/text\/csv/);
          const lines = res.body
            .replace(/^\ufeff/, '')
            .trim()
            .split(/\r\n/);
          expect(lines[0]).toBe(columns.join(','));
          records = lines.length - 1;
        } else {
          const wb = new ExcelJS.Workbook();
          await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
          const ws = wb.worksheets[0]!;
          expect((ws.getRow(1).values as unknown[]).slice(1)).toEqual([...columns]);
          records = ws.rowCount - 1;
        }
        const kinds = type === 'excavation' ? ['level', 'strut', 'anchor', 'design'] : ['shift', 'sequence'];
        // The template's chainages are the demo adit's, which starts at CH 1200.
        await t.db.orm.update(sites).set({ chainageStart: DEMO_ADIT_CHAINAGE_START }).where(eq(sites.siteId, adit));
        const u = await uploadAndValidate(type, `template.${format}`, res.rawPayload);
        expect(u, JSON.stringify(await report(u.upload_id))).toMatchObject({ status: 'validated', rows_total: records, rows_valid: records, errors_total: 0 });
        const [plan] = await t.db
          .query<{ counts: Record<string, number> }>(`SELECT plan->'counts' AS counts FROM uploads WHERE upload_id = $1`, [u.upload_id])
          .then((r) => r.rows);
        for (const k of kinds) expect(plan!.counts[k], k).toBeGreaterThanOrEqual(2);
        expect(await approve(u.upload_id)).toMatchObject({ status: 'done', rows_loaded: records });
      });
    }
  }
});

describe('construction upload checks (the parts on their own)', () => {
  it('takes the lower of the lowest stage target and formation_level_mRL as the final formation level', () => {
    const stages = BOX_STAGES; // lowest target 83.5
    expect(finalFormationLevel({ stages, designValues: {} })).toBe(83.5);
    expect(finalFormationLevel({ stages, designValues: { formation_level_mRL: 81 } })).toBe(81);
    expect(finalFormationLevel({ stages, designValues: { formation_level_mRL: 90 } })).toBe(83.5);
    expect(finalFormationLevel({ stages: [], designValues: { formation_level_mRL: 'deep' } })).toBeNull();
  });

  it('reads a drive\u2019s alignment from its LineString from chainage_start, and none from other geometry', () => {
    expect(alignmentOf({ geometry: ADIT_LINE, chainageStart: null })).toEqual([0, 450]);
    expect(alignmentOf({ geometry: ADIT_LINE, chainageStart: 1200 })).toEqual([1200, 1650]);
    expect(alignmentOf({ geometry: { type: 'Point', coordinates: [1, 2] }, chainageStart: null })).toBeNull();
    expect(alignmentOf({ geometry: null, chainageStart: 5 })).toBeNull();
  });

  it('reads dates as YYYY-MM-DD or DD/MM/YYYY and times as HH:mm[:ss], refusing impossible ones', () => {
    expect(parseDate('2025-03-09')).toBe('2025-03-09');
    expect(parseDate('9/3/2025')).toBe('2025-03-09');
    expect(parseDate('31/02/2025')).toBeUndefined();
    expect(parseDate('2025-03-09 08:00')).toBeUndefined();
    expect(parseTime('08:30')).toBe(8 * 3600 + 30 * 60);
    expect(parseTime('23:59:59')).toBe(86_399);
    expect(parseTime('24:00')).toBeUndefined();
  });

  it('knows today in the platform time zone (Singapore is a day ahead of UTC late in the UTC evening)', () => {
    const at = Date.UTC(2026, 2, 1, 20, 0); // 1 March 20:00 UTC = 2 March 04:00 in Singapore
    expect(todayIn('Asia/Singapore', at)).toBe('2026-03-02');
    expect(todayIn('UTC', at)).toBe('2026-03-01');
  });
});
