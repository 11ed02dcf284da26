/**
 * Map reports (decision 039 "Map reports"): the SVG places each instrument at its SVY21 position with its level's
 * colour (the web map's), labels give way, the legend lists the levels and types; over the API the PDF's text holds
 * the title, the instruments and the legend, the XLSX holds the table; permission, selection and extent checks answer
 * 403/400 and store nothing; the location plan of the full monitoring report.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEVERITY_COLORS, type TInstrumentStatuses, type TLatestReadings, type TReportCheck, type TReportCreated } from '@strata/shared';
import { contracts, instruments, instrumentTypes, reports } from '../../../db/schema/index.js';
import { as, createTestApp, signIn, type TestApp } from '../../../testing/harness.js';
import { createRole, createUser } from '../../../testing/fixtures.js';
import { countRows } from '../../../testing/master-data.js';
import { ALERT_TASKS, createAlertWorld, DAY, daily, loadAndEvaluate, type AlertWorld } from '../../alerts/alerts.test-support.js';
import { drawMapSvg, mapFrame, placeLabels, type Extent } from '../report-map-svg.js';
import { locationPlanBlocks, map } from './map.js';
import { collect, isLevelCell, reportContext, tables } from './report-types.test-support.js';

const POSITIONS: Record<string, [number, number]> = {
  'SM-A1': [30100, 30100],
  'SM-A2': [30300, 30200],
  'SM-A3': [30500, 30050],
  'SM-A4': [30200, 30400],
  'SM-B1': [30250, 30250],
};
const EXTENT: [number, number, number, number] = [30000, 30000, 30600, 30500];
const TYPE_COLOR = '#123456';

/** Each instrument symbol of an SVG: id -> its colour and where it stands. */
function symbols(svg: string): Map<number, { color: string; x: number; y: number }> {
  const out = new Map<number, { color: string; x: number; y: number }>();
  for (const m of svg.matchAll(/<g class="instrument" data-id="(\d+)" data-color="([^"]+)" transform="translate\(([-\d.]+) ([-\d.]+)\)">/g)) {
    out.set(Number(m[1]), { color: m[2]!, x: Number(m[3]), y: Number(m[4]) });
  }
  return out;
}

function pdfTextOf(bytes: Buffer): string {
  const dir = mkdtempSync(join(tmpdir(), 'strata-map-'));
  try {
    const file = join(dir, 'map.pdf');
    writeFileSync(file, bytes);
    return execFileSync('pdftotext', [file, '-'], { encoding: 'utf8' });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

describe('map reports', () => {
  let t: TestApp;
  let w: AlertWorld;
  let contractNo: string;
  const view = (extra: Record<string, unknown> = {}) => ({
    extent: EXTENT,
    layers: ['boundaries' as const, 'instruments' as const, 'labels' as const],
    ...extra,
  });
  const params = (extra: Record<string, unknown> = {}) => ({ contract_ids: [w.contractA], period: { option: 'last-2-weeks' as const }, map: view(extra) });

  beforeAll(async () => {
    t = await createTestApp();
    w = await createAlertWorld(t, [...ALERT_TASKS, 'ViewInstrumentData', 'GenerateMapReport', 'SearchContracts']);
    for (const [name, [easting, northing]] of Object.entries(POSITIONS)) {
      await t.db.orm.update(instruments).set({ easting, northing }).where(eq(instruments.instrumentId, w.inst[name]!));
    }
    const square = [
      [29950, 29950],
      [30650, 29950],
      [30650, 30450],
      [29950, 30450],
      [29950, 29950],
    ];
    await t.db.orm
      .update(contracts)
      .set({ boundary: { type: 'Polygon', coordinates: [square] } })
      .where(eq(contracts.contractId, w.contractA));
    await t.db.orm.update(instrumentTypes).set({ icon: 'triangle', iconColor: TYPE_COLOR }).where(eq(instrumentTypes.typeId, w.typeId));
    contractNo = (await t.db.orm.select().from(contracts).where(eq(contracts.contractId, w.contractA)))[0]!.no;
    const T0 = Math.floor((t.ctx.now().getTime() - 9 * DAY) / 3_600_000) * 3_600_000;
    await loadAndEvaluate(t, w, {
      'SM-A1': daily(T0, [0, 5, 10, 15, 25.125]), // past AL (20)
      'SM-A2': daily(T0, [0, 1, 2, 3, 30]), // past WSL (28)
      'SM-A4': daily(T0, [1, 2, 3]),
      'SM-B1': daily(T0, [0, 40]), // contract B: never on a map of contract A
    });
  });
  afterAll(() => t.close());

  it('draws each instrument at its SVY21 position, north up, in its level colour (else its type colour), with labels and the legend', async () => {
    const doc = await map.build(await reportContext(t, w.userIds.xuser, params()));
    const blocks = await collect(doc);
    const svgBlock = blocks.find((b) => b.kind === 'svg');
    expect(svgBlock?.kind).toBe('svg');
    const svg = svgBlock!.kind === 'svg' ? svgBlock!.svg : '';
    const drawn = symbols(svg);
    expect([...drawn.keys()].sort()).toEqual(['SM-A1', 'SM-A2', 'SM-A3', 'SM-A4'].map((n) => w.inst[n]!).sort());
    // The transform: one scale on both axes, north up, the extent's centre at the map area's centre.
    const frame = mapFrame(EXTENT);
    const a1 = drawn.get(w.inst['SM-A1']!)!;
    const a2 = drawn.get(w.inst['SM-A2']!)!;
    const a4 = drawn.get(w.inst['SM-A4']!)!;
    const scale = (a2.x - a1.x) / (30300 - 30100);
    expect(scale).toBeGreaterThan(0);
    expect((a1.y - a2.y) / (30200 - 30100)).toBeCloseTo(scale, 2);
    expect((a1.y - a4.y) / (30400 - 30100)).toBeCloseTo(scale, 2);
    expect(a1.x + (30300 - 30100) * scale).toBeCloseTo(frame.box.x + frame.box.width / 2, 1);
    expect(a1.y - (30250 - 30100) * scale).toBeCloseTo(frame.box.y + frame.box.height / 2, 1);
    // The whole asked extent is inside the map area.
    expect(frame.x(EXTENT[0])).toBeGreaterThanOrEqual(frame.box.x);
    expect(frame.x(EXTENT[2])).toBeLessThanOrEqual(frame.box.x + frame.box.width + 0.01);
    // Colours: the level's (the web map's rule), else the type's own.
    expect(a1.color).toBe(SEVERITY_COLORS[2]);
    expect(a2.color).toBe(SEVERITY_COLORS[4]);
    expect(a4.color).toBe(TYPE_COLOR);
    expect(svg).toContain(`<g fill="${SEVERITY_COLORS[4]}"`);
    for (const name of ['SM-A1', 'SM-A2', 'SM-A3', 'SM-A4']) expect(svg).toContain(`>${name}</text>`);
    expect(svg).not.toContain('SM-B1');
    for (const s of ['Legend', 'Levels', 'AL Alert Level', 'WSL Work Suspension Level', 'Instrument types', '(4)', 'Contract boundary', 'SVY21']) {
      expect(svg).toContain(s);
    }
    expect(svg).toMatch(/class="scale-bar"/);
    expect(svg).toMatch(/class="north-arrow"/);
    expect(svg).toContain('E 30000');
    expect(svg).toContain('N 30000');
    expect(doc.facts.map((f) => f[0])).toEqual(['Contract', 'Extent', 'Layers', 'Selection', 'Time zone', 'Generated', 'Generated by']);
  });

  it('lists the instruments shown with the screens’ latest value and level, and only the selection when there is one', async () => {
    const ids = ['SM-A1', 'SM-A2'].map((n) => w.inst[n]!);
    const doc = await map.build(await reportContext(t, w.userIds.xuser, params({ instrument_ids: ids })));
    const blocks = await collect(doc);
    const svg = blocks.flatMap((b) => (b.kind === 'svg' ? [b.svg] : [])).join('');
    expect([...symbols(svg).keys()].sort()).toEqual([...ids].sort());
    const [table] = tables(blocks);
    expect(table!.rows.map((r) => r[0])).toEqual(['SM-A1', 'SM-A2']);
    const latest = (await as(t, w.sessions.xuser, { method: 'GET', url: `/api/v1/instruments/latest?ids=${ids.join(',')}` })).json<TLatestReadings>();
    const status = (await as(t, w.sessions.xuser, { method: 'GET', url: `/api/v1/instruments/status?contracts=[${w.contractA}]` })).json<TInstrumentStatuses>();
    for (const row of table!.rows) {
      const id = w.inst[row[0] as string]!;
      const screen = latest.records.find((r) => r.instrument_id === id)!.readings[0]!;
      expect(table!.cell(row, 'Latest value')).toBe(screen.value);
      expect(table!.cell(row, 'Last reading')).toEqual(new Date(screen.taken_at));
      expect(table!.cell(row, 'Easting')).toBe(POSITIONS[row[0] as string]![0]);
      const level = table!.cell(row, 'Level');
      expect(isLevelCell(level) && level.level).toBe(status.records.find((r) => r.instrument_id === id)!.level_code);
    }
  });

  it('labels give way: none covers another label or another instrument, the most severe are labelled first', () => {
    const frame = mapFrame(EXTENT);
    // A 5 × 5 grid 10 m apart (about 12 points): not every name fits.
    const grid = Array.from({ length: 25 }, (_, k) => ({
      id: k + 1,
      name: `INSTRUMENT-${k + 1}`,
      easting: 30250 + (k % 5) * 10,
      northing: 30200 + Math.floor(k / 5) * 10,
      icon: 'circle',
      color: '#000000',
      severity: k === 4 ? 4 : 0,
    }));
    const placed = placeLabels(frame, grid);
    expect(placed.length).toBeGreaterThan(0);
    expect(placed.length).toBeLessThan(25);
    expect(placed[0]!.id).toBe(5); // the most severe (at the grid's east edge, where its name fits) is placed first
    const boxes = placed.map((p) => ({ id: p.id, x: p.x, y: p.y - 9, w: p.text.length * 5.6, h: 12 }));
    const hit = (a: { x: number; y: number; w: number; h: number }, b: typeof a) => a.x < b.x + b.w && b.x < a.x + a.w && a.y < b.y + b.h && b.y < a.y + a.h;
    for (const a of boxes) {
      for (const b of boxes) if (a !== b) expect(hit(a, b)).toBe(false);
      for (const g of grid) {
        if (g.id !== a.id) expect(hit(a, { x: frame.x(g.easting) - 7, y: frame.y(g.northing) - 7, w: 14, h: 14 })).toBe(false);
      }
    }
    const svg = drawMapSvg({
      title: 'T',
      extent: EXTENT,
      boundaries: [],
      zones: [],
      sites: [],
      instruments: grid,
      labels: true,
      legend: { levels: [], types: [], layers: [] },
    });
    expect(svg.match(/class="label"/g)?.length).toBe(placed.length);
  });

  it('the location plan: the contracts’ instruments over their bounds, then their table', async () => {
    const ctx = await reportContext(t, w.userIds.xuser, { contract_ids: [w.contractA], period: { option: 'last-2-weeks' } });
    const blocks = await locationPlanBlocks(ctx, { contractIds: [w.contractA], zoneIds: [] });
    expect(blocks.map((b) => b.kind)).toEqual(['svg', 'table']);
    const svg = blocks[0]!.kind === 'svg' ? blocks[0]!.svg : '';
    expect(symbols(svg).size).toBe(4);
    expect(svg).toContain('Location Plan');
    expect(blocks[0]!.kind === 'svg' && blocks[0]!.caption).toContain('4 instruments');
  });

  /** Asks for a map report as xuser over the API, makes it, and gets its file. */
  async function make(output: 'pdf' | 'xls' | 'html') {
    const res = await as(t, w.sessions.xuser, {
      method: 'POST',
      url: '/api/v1/reports/map?tzo=8',
      payload: { ...params({ title: 'Station Box Map' }), output },
    });
    expect(res.statusCode, res.body).toBe(200);
    const created = res.json<TReportCreated>();
    await t.services.reports.runPending();
    const check = (await as(t, w.sessions.xuser, { method: 'GET', url: `/api/v1/reports/${created.report_id}/check` })).json<TReportCheck>();
    expect(check.status, JSON.stringify(check)).toBe(2);
    const file = await as(t, w.sessions.xuser, { method: 'GET', url: `${check.url!}&download=true` });
    expect(file.statusCode).toBe(200);
    return file;
  }

  it('PDF: searchable text with the title, the instruments, the legend and the contract', async () => {
    const text = pdfTextOf((await make('pdf')).rawPayload);
    for (const s of ['Station Box Map', contractNo, 'SM-A1', 'SM-A2', 'SM-A4', 'Legend', 'Alert Level', 'Work Suspension Level', 'Latest']) {
      expect(text).toContain(s);
    }
    expect(text).not.toContain('SM-B1');
  });

  it('HTML: one page with the map inline', async () => {
    const html = (await make('html')).body;
    expect(html).toContain('<svg');
    expect(html).toContain('class="instrument"');
    expect(html).not.toMatch(/<script|<image|href=/);
  });

  it('XLS: the instruments table only', async () => {
    const book = new ExcelJS.Workbook();
    await book.xlsx.load((await make('xls')).rawPayload as unknown as ArrayBuffer);
    const sheet = book.worksheets.find((s) => s.name === 'Instruments');
    expect(sheet).toBeDefined();
    expect(book.worksheets.some((s) => s.name === 'Map')).toBe(false);
    const values = sheet!.getSheetValues().flatMap((r) => (Array.isArray(r) ? r : []));
    expect(values).toContain('SM-A1');
    expect(values).toContain(25.125);
    expect(values).toContain(30100);
  });

  it('refuses a user without Generate Map Report (403), a selection of another contract’s instrument and a bad extent (400); nothing is stored', async () => {
    const role = await createRole(t.db, ['GenerateInstrumentationMonitoringReport']);
    const user = await createUser(t.db, { roleId: role.roleId, contractIds: [w.contractA] });
    const session = await signIn(t, user.loginName);
    const before = await countRows(t.db, reports);
    const post = (s: typeof session, body: object) => as(t, s, { method: 'POST', url: '/api/v1/reports/map?tzo=8', payload: body });
    expect((await post(session, params())).statusCode).toBe(403);
    const other = await post(w.sessions.xuser, params({ instrument_ids: [w.inst['SM-A1']!, w.inst['SM-B1']!] }));
    expect(other.statusCode).toBe(400);
    expect(other.body).toContain('A selected instrument does not belong to the chosen contracts');
    for (const [extent, message] of [
      [[30600, 30000, 30000, 30500], 'minimum easting and northing below their maximum'],
      [[10000, 10000, 70000, 20000], 'at most 50 km a side'],
      [[-5000, 30000, 1000, 30500], 'between 0 and 100000'],
    ] as [Extent, string][]) {
      const bad = await post(w.sessions.xuser, params({ extent }));
      expect(bad.statusCode).toBe(400);
      expect(bad.body).toContain(message);
    }
    const missing = await post(w.sessions.xuser, { contract_ids: [w.contractA], period: { option: 'last-2-weeks' } });
    expect(missing.statusCode).toBe(400);
    expect(await countRows(t.db, reports)).toBe(before);
  });
});
