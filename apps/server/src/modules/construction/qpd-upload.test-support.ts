/**
 * The test world of the QP(D) design values and instrument plan tests: the construction uploads' world (two contracts,
 * five users) with the demo station box and the adit in contract A, a settlement marker and an inclinometer of the
 * template's names in contract A, a marker of the same name in contract B, and files written as CSV or XLSX.
 */
import { expect } from 'vitest';
import type { PermissionCode, TSiteStage, TUpload, TUploadCreated, TUploadReport } from '@strata/shared';
import { instrumentTypes, readingCodes, sites } from '../../db/schema/index.js';
import { writeSheet, type SheetCell } from '../../lib/sheet-file.js';
import { as, type Session, type TestApp } from '../../testing/harness.js';
import { createInstrument, createWorld, multipart, type World } from '../../testing/master-data.js';
import { TEMPLATE_SITES } from './construction-template.js';
import { QPD_TEMPLATE_INSTRUMENTS } from './qpd-upload.js';

export const TASKS = [
  'UploadDesignedValue',
  'ViewDesignValueUploadHistory',
  'DeleteDesignInfo',
  'ManageInstruments',
  'ViewInstrumentationUploadHistory',
  'ViewInstrumentData',
  'ApproveUpload',
] as const satisfies readonly PermissionCode[];

export const BOX = TEMPLATE_SITES.excavation;
export const ADIT = TEMPLATE_SITES.tunnel;
export const { marker: SM, inclinometer: INC } = QPD_TEMPLATE_INSTRUMENTS;

/** The station box's stages: targets 97.9, 94.3, 90.7, 87.1, 83.5 mRL. */
export const BOX_STAGES: TSiteStage[] = [1, 2, 3, 4, 5].map((n) => ({
  stage_no: n,
  name: `Excavate to strut level ${n}`,
  description: '',
  target: Math.round((101.5 - n * 3.6) * 10) / 10,
  planned_start: null,
  planned_end: null,
}));
/** The adit's steps: CH 50 … 200. */
export const ADIT_STAGES: TSiteStage[] = [1, 2, 3, 4].map((n) => ({
  stage_no: n,
  name: `Drive CH ${(n - 1) * 50} to CH ${n * 50}`,
  description: '',
  target: n * 50,
  planned_start: null,
  planned_end: null,
}));

export type Cells = Record<string, SheetCell>;

export function csv(columns: readonly string[], rows: Cells[]): string {
  const line = (r: readonly unknown[]) => r.map((v) => (v == null ? '' : String(v))).join(',');
  return [columns.join(','), ...rows.map((r) => line(columns.map((c) => r[c] ?? null)))].join('\r\n') + '\r\n';
}
export const xlsx = (columns: readonly string[], rows: Cells[]) =>
  writeSheet(
    'xlsx',
    'Sheet1',
    [...columns],
    rows.map((r) => columns.map((c) => r[c] ?? null)),
  );

/** The instrument types (made once per test app: type codes are unique): SM (DSPA, ±1000 mm) and INC by depth (A, B). */
export async function createTypes(t: TestApp) {
  const [sm] = await t.db.orm.insert(instrumentTypes).values({ code: 'SM', name: 'Settlement Marker' }).returning();
  const [inc] = await t.db.orm.insert(instrumentTypes).values({ code: 'INC', name: 'Inclinometer', hasDepth: true }).returning();
  await t.db.orm.insert(readingCodes).values([
    { typeId: sm!.typeId, code: 'DSPA', description: 'Settlement', unit: 'mm', minValue: -1000, maxValue: 1000 },
    { typeId: inc!.typeId, code: 'A', description: 'A-axis', unit: 'mm', sortOrder: 0 },
    { typeId: inc!.typeId, code: 'B', description: 'B-axis', unit: 'mm', sortOrder: 1 },
  ]);
  const codes = await t.db.orm.select().from(readingCodes);
  const code = (typeId: number, c: string) => codes.find((x) => x.typeId === typeId && x.code === c)!.readingCodeId;
  return { sm: sm!.typeId, inc: inc!.typeId, dspa: code(sm!.typeId, 'DSPA'), a: code(inc!.typeId, 'A'), b: code(inc!.typeId, 'B') };
}
export type Types = Awaited<ReturnType<typeof createTypes>>;

export interface Place {
  w: World;
  box: number;
  adit: number;
  otherBox: number;
  sm: number;
  inc: number;
  /** Contract B's marker of the same name as contract A's. */
  otherSm: number;
}

/** A fresh world with the sites and instruments above; every prediction and plan row of earlier tests removed. */
export async function createPlace(t: TestApp, types: Types): Promise<Place> {
  const w = await createWorld(t, TASKS);
  await t.db.exec('DELETE FROM design_predictions; DELETE FROM instrument_plans;');
  const made = await t.db.orm
    .insert(sites)
    .values([
      { contractId: w.contractA, siteName: BOX, type: 'E', stages: BOX_STAGES },
      { contractId: w.contractA, siteName: ADIT, type: 'MT', stages: ADIT_STAGES },
      { contractId: w.contractB, siteName: 'Bayshore Station Box', type: 'E', stages: BOX_STAGES },
    ])
    .returning({ id: sites.siteId });
  const [box, adit, otherBox] = made.map((m) => m.id) as [number, number, number];
  const sm = await createInstrument(t.db, { name: SM, contractId: w.contractA, typeId: types.sm, easting: 30352, northing: 28618 });
  const inc = await createInstrument(t.db, { name: INC, contractId: w.contractA, typeId: types.inc, easting: 30340, northing: 28655 });
  const otherSm = await createInstrument(t.db, { name: SM, contractId: w.contractB, typeId: types.sm });
  return { w, box, adit, otherBox, sm: sm.instrumentId, inc: inc.instrumentId, otherSm: otherSm.instrumentId };
}

export type Who = keyof World['sessions'];

/** The upload steps of a test: post, validate (runPending), approve, and the upload's row and report. */
export function uploadSteps(t: TestApp, place: () => Place, type: 'qpd' | 'instrument-plan') {
  const get = (who: Who, url: string) => as(t, place().w.sessions[who], { method: 'GET', url: `/api/v1${url}` });
  const post = (s: Session, name: string, data: Buffer | string, fields: Record<string, string>, query = '') =>
    as(t, s, { method: 'POST', url: `/api/v1/uploads/${type}${query}`, ...multipart(name, data, fields) });
  const status = async (id: number) => (await get('manager', `/uploads/${id}`)).json<TUpload>();
  const report = async (id: number) => (await get('manager', `/uploads/${id}/report?limit=1000`)).json<TUploadReport>();
  async function uploadAndValidate(name: string, data: Buffer | string, s?: Session, query = '') {
    const res = await post(s ?? place().w.sessions.xuser, name, data, { contract_id: String(place().w.contractA) }, query);
    expect(res.statusCode, res.body).toBe(202);
    await t.services.uploads.runPending();
    return status(res.json<TUploadCreated>().upload_id);
  }
  async function approve(id: number) {
    const res = await as(t, place().w.sessions.manager, { method: 'POST', url: `/api/v1/uploads/${id}/approve` });
    expect(res.statusCode, res.body).toBe(200);
    await t.services.uploads.runPending();
    return status(id);
  }
  const planOf = async (id: number) =>
    (await t.db.query<{ plan: { replaced: number; rows: unknown[] } }>('SELECT plan FROM uploads WHERE upload_id = $1', [id])).rows[0]!.plan;
  return { get, post, status, report, uploadAndValidate, approve, planOf };
}
