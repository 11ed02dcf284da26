import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { MESSAGES, type TCivilSiteList, type TSite, type TSiteDrawing, type TSiteDrawingList } from '@strata/shared';
import { createRole, createUser } from '../../testing/fixtures.js';
import { as, createTestApp, signIn, type Session, type TestApp } from '../../testing/harness.js';
import { createWorld, filesUnder, lastAudit, multipart, tempDataDir, type World } from '../../testing/master-data.js';

const PNG = Buffer.from(
  '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8cfc0f01f0005000201a0e3d5f60000000049454e44ae426082',
  'hex',
);
const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');
const JPEG = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01, 0xff, 0xd9]);
const DXF = '  0\nSECTION\n  2\nHEADER\n  0\nENDSEC\n  0\nEOF\n';
const OUTLINE = {
  type: 'Polygon' as const,
  coordinates: [
    [
      [30100, 28600],
      [30300, 28600],
      [30300, 28640],
      [30100, 28640],
      [30100, 28600],
    ],
  ],
};

describe('construction sites and their drawings', () => {
  let t: TestApp;
  let w: World;
  let dataDir: string;
  let excavator: Session;
  let siteB: number;
  const req = (who: Session, method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, payload?: unknown) =>
    as(t, who, { method, url: `/api/v1${url}`, ...(payload === undefined ? {} : { payload: payload as object }) });

  let n = 0;
  /** The excavation site of contract A (the first test creates it through the API with more detail). */
  const stationBox = async () => {
    const res = await req(w.sessions.admin, 'POST', '/master-data/sites', { site_name: 'A Station Box', contract_id: w.contractA, type: 'E' });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<TSite>().site_id;
  };

  beforeAll(async () => {
    dataDir = tempDataDir('sites');
    t = await createTestApp({ dataDir });
  });
  // A world of its own for each test: the site lists below are exact, and tests add, change and delete sites.
  beforeEach(async () => {
    w = await createWorld(t, ['ManageConstructionSites']);
    const role = await createRole(t.db, ['ManageExcavationActivities']);
    await createUser(t.db, { loginName: `excavator${++n}`, roleId: role.roleId, contractIds: [w.contractA, w.contractB] });
    excavator = await signIn(t, `excavator${n}`);
    siteB = (await req(w.sessions.admin, 'POST', '/master-data/sites', { site_name: 'B Adit', contract_id: w.contractB, type: 'MT' })).json<TSite>().site_id;
  });
  afterAll(() => t.close());

  it('creates an excavation site with geometry, stages and design values, and audits it', async () => {
    const res = await req(w.sessions.manager, 'POST', '/master-data/sites', {
      site_name: 'A Station Box',
      contract_id: w.contractA,
      type: 'E',
      description: 'Cut and cover',
      geometry: OUTLINE,
      stages: [{ stage_no: 1, name: 'Excavate to 98 mRL', target: 98 }],
      design_values: { max_wall_deflection_mm: 45, support: 'struts' },
    });
    expect(res.statusCode, res.body).toBe(200);
    const s = res.json<TSite>();
    expect(s).toMatchObject({ site_name: 'A Station Box', type: 'E', geometry: OUTLINE, design_values: { max_wall_deflection_mm: 45 }, drawing_count: 0 });
    expect(s.stages[0]).toEqual({ stage_no: 1, name: 'Excavate to 98 mRL', description: '', target: 98, planned_start: null, planned_end: null });
    expect((await lastAudit(t.db, 'site.create'))?.after).toMatchObject({ site_name: 'A Station Box', type: 'E' });
    expect((await req(w.sessions.nobody, 'GET', `/civil/sites/${s.site_id}`)).json<TSite>().site_name).toBe('A Station Box');
  });

  it('answers validation errors as field objects', async () => {
    await stationBox();
    const bad = await req(w.sessions.manager, 'POST', '/master-data/sites', {
      site_name: '',
      contract_id: w.contractA,
      type: 'X',
      geometry: {
        type: 'Polygon',
        coordinates: [
          [
            [0, 0],
            [1, 1],
          ],
        ],
      },
    });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json())).toEqual(expect.arrayContaining(['site_name', 'type']));
    expect((await req(w.sessions.manager, 'POST', '/master-data/sites', { site_name: 'a station box', contract_id: w.contractA, type: 'E' })).json()).toEqual({
      site_name: 'This contract already has a site with this name',
    });
  });

  it('lists sites for the selector (contracts as a JSON list, type E or MT); ids outside the caller’s contracts are ignored', async () => {
    await stationBox();
    const both = (
      await req(w.sessions.manager, 'GET', `/civil/sites?contracts=${encodeURIComponent(JSON.stringify([w.contractA, w.contractB]))}&limit=1000&skip=0`)
    ).json<TCivilSiteList>();
    expect(both.records.map((r) => r.site_name).sort()).toEqual(['A Station Box', 'B Adit']);
    const e = (await req(w.sessions.manager, 'GET', '/civil/sites?type=E')).json<TCivilSiteList>();
    expect(e.records.map((r) => r.site_name)).toEqual(['A Station Box']);
    expect(Object.keys(e.records[0]!).sort()).toEqual(['contract_id', 'contract_no', 'site_id', 'site_name', 'type']);
    const x = (
      await req(w.sessions.xuser, 'GET', `/civil/sites?contracts=${encodeURIComponent(JSON.stringify([w.contractA, w.contractB]))}`)
    ).json<TCivilSiteList>();
    expect(x.records.map((r) => r.site_name)).toEqual(['A Station Box']);
  });

  it("never shows a Contractor user another contractor's site, by list or by id", async () => {
    await stationBox();
    expect((await req(w.sessions.xuser, 'GET', '/master-data/sites')).json<{ records: TSite[] }>().records.map((s) => s.site_name)).toEqual(['A Station Box']);
    for (const [method, url, payload] of [
      ['GET', `/civil/sites/${siteB}`],
      ['GET', `/master-data/sites/${siteB}`],
      ['PUT', `/master-data/sites/${siteB}`, { site_name: 'mine' }],
      ['PUT', `/master-data/sites/${siteB}/activity`, { stages: [] }],
      ['DELETE', `/master-data/sites/${siteB}`],
    ] as const) {
      expect((await req(w.sessions.xuser, method, url, payload)).statusCode, `${method} ${url}`).toBe(404);
    }
    const upload = await as(t, w.sessions.xuser, { method: 'POST', url: `/api/v1/master-data/sites/${siteB}/drawings`, ...multipart('a.png', PNG) });
    expect(upload.statusCode).toBe(404);
  });

  it('refuses callers without a site task (403); activity fields need the task of the site type', async () => {
    expect((await req(w.sessions.nobody, 'GET', '/master-data/sites')).statusCode).toBe(403);
    expect((await req(w.sessions.nobody, 'POST', '/master-data/sites', { site_name: 'x', contract_id: w.contractA, type: 'E' })).statusCode).toBe(403);
    expect((await req(w.sessions.nobody, 'DELETE', `/master-data/sites/${siteB}`)).statusCode).toBe(403);
    // ManageExcavationActivities: the stages of an excavation, not of a mined tunnel, and not the site itself.
    const a = { site_id: await stationBox() };
    const ok = await req(excavator, 'PUT', `/master-data/sites/${a.site_id}/activity`, {
      stages: [{ stage_no: 1, name: 'Stage 1', target: 97.5 }],
      design_values: { max_wall_deflection_mm: 40 },
    });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json<TSite>()).toMatchObject({ stages: [{ stage_no: 1, target: 97.5 }], design_values: { max_wall_deflection_mm: 40 } });
    expect((await lastAudit(t.db, 'site.activity'))?.after).toMatchObject({ design_values: { max_wall_deflection_mm: 40 } });
    expect((await req(excavator, 'PUT', `/master-data/sites/${siteB}/activity`, { stages: [] })).statusCode).toBe(403);
    expect((await req(excavator, 'PUT', `/master-data/sites/${a.site_id}`, { site_name: 'x' })).statusCode).toBe(403);
  });

  it("sets a mined tunnel's chainage at the start of its alignment, audited; an excavation site has none", async () => {
    const set = await req(w.sessions.manager, 'PUT', `/master-data/sites/${siteB}/activity`, { chainage_start: 1250.5 });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json<TSite>().chainage_start).toBe(1250.5);
    expect((await req(w.sessions.manager, 'GET', `/civil/sites/${siteB}`)).json<TSite>().chainage_start).toBe(1250.5);
    const audit = await lastAudit(t.db, 'site.activity');
    expect(audit).toMatchObject({ entityType: 'site', entityId: String(siteB), before: { chainage_start: null }, after: { chainage_start: 1250.5 } });
    // Left out, it stays; null clears it.
    expect((await req(w.sessions.manager, 'PUT', `/master-data/sites/${siteB}/activity`, { stages: [] })).json<TSite>().chainage_start).toBe(1250.5);
    expect((await req(w.sessions.manager, 'PUT', `/master-data/sites/${siteB}/activity`, { chainage_start: null })).json<TSite>().chainage_start).toBeNull();
    // An excavation site is refused as a field error and keeps nothing.
    const a = await stationBox();
    const refused = await req(w.sessions.manager, 'PUT', `/master-data/sites/${a}/activity`, {
      chainage_start: 10,
      design_values: { max_wall_deflection_mm: 40 },
    });
    expect(refused.statusCode).toBe(400);
    expect(Object.keys(refused.json<Record<string, string>>())).toEqual(['chainage_start']);
    expect((await req(w.sessions.manager, 'GET', `/civil/sites/${a}`)).json<TSite>()).toMatchObject({ chainage_start: null, design_values: {} });
  });

  it('edits a site (fields given change)', async () => {
    const res = await req(w.sessions.manager, 'PUT', `/master-data/sites/${siteB}`, {
      description: 'NATM adit',
      geometry: {
        type: 'LineString',
        coordinates: [
          [35000, 31000],
          [35100, 31050],
        ],
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<TSite>()).toMatchObject({ site_name: 'B Adit', description: 'NATM adit', geometry: { type: 'LineString' } });
  });

  it('stores drawings checked by content (PDF, PNG, JPEG, DXF), lists the uploads and downloads with the resource token', async () => {
    const a = { site_id: await stationBox() };
    const up = (name: string, data: Buffer | string) =>
      as(t, w.sessions.manager, { method: 'POST', url: `/api/v1/master-data/sites/${a.site_id}/drawings`, ...multipart(name, data) });
    const uploaded: TSiteDrawing[] = [];
    for (const [name, data, type] of [
      ['plan.pdf', PDF, 'application/pdf'],
      ['photo.png', PNG, 'image/png'],
      ['photo.jpg', JPEG, 'image/jpeg'],
      ['layout.dxf', DXF, 'image/vnd.dxf'],
    ] as const) {
      const res = await up(name, data);
      expect(res.statusCode, `${name}: ${res.body}`).toBe(200);
      expect(res.json<TSiteDrawing>()).toMatchObject({ file_name: name, content_type: type, site_id: a.site_id });
      uploaded.push(res.json<TSiteDrawing>());
    }
    expect((await up('fake.pdf', 'not a pdf at all')).json()).toEqual({ files: 'A drawing must be a PDF, PNG, JPEG or DXF file' });
    expect((await up('x.exe', Buffer.from('MZ\x90\x00'))).statusCode).toBe(400);

    const history = (await req(w.sessions.manager, 'GET', `/master-data/sites/uploads?site_id=${a.site_id}`)).json<TSiteDrawingList>();
    expect(history.total_records).toBe(4);
    expect(history.records[0]!.uploaded_by).toMatch(/^Test /);
    expect(
      (await req(w.sessions.manager, 'GET', '/master-data/sites/uploads?keyword=layout')).json<TSiteDrawingList>().records.map((d) => d.file_name),
    ).toEqual(['layout.dxf']);
    expect((await req(w.sessions.xuser, 'GET', '/master-data/sites/uploads')).json<TSiteDrawingList>().total_records).toBe(4);
    expect((await req(w.sessions.yuser, 'GET', '/master-data/sites/uploads')).json<TSiteDrawingList>().total_records).toBe(0);

    const pdf = uploaded[0]!;
    const download = await t.app.inject({ method: 'GET', url: `${pdf.url}?_token=${w.sessions.nobody.resourceToken}` });
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('application/pdf');
    expect(download.headers['content-disposition']).toMatch(/plan\.pdf/);
    expect(download.rawPayload.equals(PDF)).toBe(true);
    expect((await t.app.inject({ method: 'GET', url: pdf.url })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: `${pdf.url}?_token=${w.sessions.yuser.resourceToken}` })).statusCode).toBe(404);

    expect((await req(w.sessions.manager, 'DELETE', `/master-data/site-drawings/${uploaded[1]!.drawing_id}`)).statusCode).toBe(200);
    expect((await req(w.sessions.manager, 'GET', `/master-data/sites/uploads?site_id=${a.site_id}`)).json<TSiteDrawingList>().total_records).toBe(3);
  });

  it('deletes a site with its drawings and their files', async () => {
    const a = { site_id: await stationBox() };
    // The folder holds other tests' drawings too: count from here on.
    const stored = () => filesUnder(path.join(dataDir, 'files', 'site-drawings')).length;
    const before = stored();
    for (const [name, data] of [
      ['plan.pdf', PDF],
      ['photo.jpg', JPEG],
      ['layout.dxf', DXF],
    ] as const) {
      const res = await as(t, w.sessions.manager, { method: 'POST', url: `/api/v1/master-data/sites/${a.site_id}/drawings`, ...multipart(name, data) });
      expect(res.statusCode, `${name}: ${res.body}`).toBe(200);
    }
    expect(stored()).toBe(before + 3);
    expect((await req(w.sessions.manager, 'DELETE', `/master-data/sites/${a.site_id}`)).statusCode).toBe(200);
    expect((await req(w.sessions.manager, 'GET', `/master-data/sites/${a.site_id}`)).statusCode).toBe(404);
    expect(stored()).toBe(before);
    expect((await lastAudit(t.db, 'site.delete'))?.before).toMatchObject({ site_name: 'A Station Box', drawings: 3 });
  });
  describe('progress drawings: date and place on the map', () => {
    const PLACE = [30080, 28580, 30320, 28660] as const;
    const upload = (who: Session, siteId: number, name: string, data: Buffer | string, fields: Record<string, string> = {}) =>
      as(t, who, { method: 'POST', url: `/api/v1/master-data/sites/${siteId}/drawings`, ...multipart(name, data, fields) });
    const drawingsOf = async (who: Session, siteId: number) => (await req(who, 'GET', `/civil/sites/${siteId}/drawings`)).json<TSiteDrawingList>();
    const stored = () => filesUnder(path.join(dataDir, 'files', 'site-drawings')).length;

    it('stores a PNG with its date and place, audited, and lists it to every user of the contract, newest date first', async () => {
      const a = await stationBox();
      const res = await upload(w.sessions.manager, a, 'progress-0301.png', PNG, { drawing_date: '2026-03-01', extent: JSON.stringify(PLACE) });
      expect(res.statusCode, res.body).toBe(200);
      const placed = res.json<TSiteDrawing>();
      expect(placed).toMatchObject({ file_name: 'progress-0301.png', content_type: 'image/png', drawing_date: '2026-03-01', extent: [...PLACE] });
      expect((await lastAudit(t.db, 'site.drawing.upload'))?.after).toMatchObject({
        drawing_id: placed.drawing_id,
        drawing_date: '2026-03-01',
        extent: [...PLACE],
      });
      // A PDF with a date and no place, a JPEG with neither (as drawings were uploaded before dates were asked).
      expect((await upload(w.sessions.manager, a, 'plan.pdf', PDF, { drawing_date: '2026-03-05' })).statusCode).toBe(200);
      expect((await upload(w.sessions.manager, a, 'photo.jpg', JPEG)).json<TSiteDrawing>()).toMatchObject({ drawing_date: null, extent: null });
      // Every signed-in user who sees the site reads the list (no task needed); another contractor's user does not.
      const list = await drawingsOf(w.sessions.nobody, a);
      expect(list.records.map((d) => [d.file_name, d.drawing_date, d.extent])).toEqual([
        ['plan.pdf', '2026-03-05', null],
        ['progress-0301.png', '2026-03-01', [...PLACE]],
        ['photo.jpg', null, null],
      ]);
      expect((await req(w.sessions.yuser, 'GET', `/civil/sites/${a}/drawings`)).statusCode).toBe(404);
    });

    it('refuses a bad date or place with a 400 and stores nothing: not numbers, out of order or range, on a PDF, without a date', async () => {
      const a = await stationBox();
      const before = stored();
      const extent = (v: unknown) => (typeof v === 'string' ? v : JSON.stringify(v));
      for (const [name, data, fields, expected] of [
        ['plan.pdf', PDF, { drawing_date: '2026-03-01', extent: extent(PLACE) }, { extent: MESSAGES.drawingNotPlaceable }],
        ['layout.dxf', DXF, { drawing_date: '2026-03-01', extent: extent(PLACE) }, { extent: MESSAGES.drawingNotPlaceable }],
        ['p.png', PNG, { drawing_date: '2026-03-01', extent: extent([30320, 28580, 30080, 28660]) }, { extent: MESSAGES.drawingExtentOrder }],
        ['p.png', PNG, { drawing_date: '2026-03-01', extent: extent([30080, 28660, 30320, 28660]) }, { extent: MESSAGES.drawingExtentOrder }],
        ['p.png', PNG, { drawing_date: '2026-03-01', extent: extent([30080, 28580, 30320, 286_600]) }, { 'extent.3': MESSAGES.drawingExtentRange }],
        ['p.png', PNG, { drawing_date: '2026-03-01', extent: extent([-5, 28580, 30320, 28660]) }, { 'extent.0': MESSAGES.drawingExtentRange }],
        ['p.png', PNG, { drawing_date: '2026-03-01', extent: '[30080, 28580, 1e999, 28660]' }, { 'extent.2': MESSAGES.drawingExtentInvalid }],
        ['p.png', PNG, { drawing_date: '2026-03-01', extent: extent(['30080', 28580, 30320, 28660]) }, { 'extent.0': MESSAGES.drawingExtentInvalid }],
        ['p.png', PNG, { drawing_date: '2026-03-01', extent: '30080 28580 30320 28660' }, { extent: MESSAGES.drawingExtentInvalid }],
        ['p.png', PNG, { drawing_date: '2026-03-01', extent: extent([30080, 28580, 30320]) }, { extent: MESSAGES.drawingExtentInvalid }],
        ['p.png', PNG, { extent: extent(PLACE) }, { drawing_date: MESSAGES.drawingDateRequired }],
        ['p.png', PNG, { drawing_date: '2026-02-30' }, { drawing_date: MESSAGES.drawingDateInvalid }],
        ['p.png', PNG, { drawing_date: 'yesterday', extent: extent(PLACE) }, { drawing_date: MESSAGES.drawingDateInvalid }],
      ] as const) {
        const res = await upload(w.sessions.manager, a, name, data, fields);
        expect(res.statusCode, `${name} ${JSON.stringify(fields)}: ${res.body}`).toBe(400);
        expect(res.json(), JSON.stringify(fields)).toEqual(expected);
      }
      expect(stored()).toBe(before);
      expect((await drawingsOf(w.sessions.manager, a)).total_records).toBe(0);
      expect((await req(w.sessions.manager, 'GET', `/civil/sites/${a}`)).json<TSite>().drawing_count).toBe(0);
    });

    it('changes a drawing’s date and place with PATCH, audited; a refused change keeps the drawing as it was', async () => {
      const a = await stationBox();
      const png = (await upload(w.sessions.manager, a, 'progress.png', PNG)).json<TSiteDrawing>();
      const pdf = (await upload(w.sessions.manager, a, 'plan.pdf', PDF, { drawing_date: '2026-03-05' })).json<TSiteDrawing>();
      const patch = (who: Session, id: number, body: unknown) => req(who, 'PATCH', `/master-data/site-drawings/${id}`, body);

      const placed = await patch(w.sessions.manager, png.drawing_id, { drawing_date: '2026-03-02', extent: PLACE });
      expect(placed.statusCode, placed.body).toBe(200);
      expect(placed.json<TSiteDrawing>()).toMatchObject({ drawing_id: png.drawing_id, drawing_date: '2026-03-02', extent: [...PLACE] });
      const audit = await lastAudit(t.db, 'site.drawing.update');
      expect(audit).toMatchObject({
        entityType: 'site',
        entityId: String(a),
        before: { drawing_id: png.drawing_id, file_name: 'progress.png', drawing_date: null, extent: null },
        after: { drawing_id: png.drawing_id, file_name: 'progress.png', drawing_date: '2026-03-02', extent: [...PLACE] },
      });
      // Only the date moves: the place stays, the audit row names only the date; the same values again write no row.
      const moved = await patch(w.sessions.manager, png.drawing_id, { drawing_date: '2026-03-03' });
      expect(moved.json<TSiteDrawing>()).toMatchObject({ drawing_date: '2026-03-03', extent: [...PLACE] });
      const dateOnly = await lastAudit(t.db, 'site.drawing.update');
      expect(dateOnly?.after).toEqual({ drawing_id: png.drawing_id, file_name: 'progress.png', drawing_date: '2026-03-03' });
      expect((await patch(w.sessions.manager, png.drawing_id, { drawing_date: '2026-03-03' })).statusCode).toBe(200);
      expect((await lastAudit(t.db, 'site.drawing.update'))?.auditId).toBe(dateOnly?.auditId);

      // Refused, nothing changes: a place on a PDF, corners out of order, a placed drawing without its date.
      for (const [id, body, expected] of [
        [pdf.drawing_id, { extent: PLACE }, { extent: MESSAGES.drawingNotPlaceable }],
        [png.drawing_id, { extent: [30320, 28580, 30080, 28660] }, { extent: MESSAGES.drawingExtentOrder }],
        [png.drawing_id, { drawing_date: null }, { drawing_date: MESSAGES.drawingDateRequired }],
        [png.drawing_id, { drawing_date: '03/03/2026' }, { drawing_date: MESSAGES.drawingDateInvalid }],
      ] as const) {
        const res = await patch(w.sessions.manager, id, body);
        expect(res.statusCode, res.body).toBe(400);
        expect(res.json()).toEqual(expected);
      }
      expect((await drawingsOf(w.sessions.manager, a)).records.map((d) => [d.file_name, d.drawing_date, d.extent])).toEqual([
        ['plan.pdf', '2026-03-05', null],
        ['progress.png', '2026-03-03', [...PLACE]],
      ]);
      // Taken off the map (the date stays); the PDF's date can be cleared.
      expect((await patch(w.sessions.manager, png.drawing_id, { extent: null })).json<TSiteDrawing>()).toMatchObject({
        drawing_date: '2026-03-03',
        extent: null,
      });
      expect((await patch(w.sessions.manager, pdf.drawing_id, { drawing_date: null })).json<TSiteDrawing>().drawing_date).toBeNull();
      expect((await lastAudit(t.db, 'site.drawing.update'))?.before).toMatchObject({ drawing_id: pdf.drawing_id, drawing_date: '2026-03-05' });
    });

    it('lets only the upload’s tasks change a drawing, within the caller’s contracts (another contract’s drawing is a 404)', async () => {
      const a = await stationBox();
      const png = (
        await upload(w.sessions.manager, a, 'progress.png', PNG, { drawing_date: '2026-03-01', extent: JSON.stringify(PLACE) })
      ).json<TSiteDrawing>();
      const adit = (await upload(w.sessions.manager, siteB, 'adit.png', PNG)).json<TSiteDrawing>();
      const audits = async () => (await lastAudit(t.db, 'site.drawing.update'))?.auditId ?? null;
      const lastBefore = await audits();
      const body = { drawing_date: '2026-04-01' };
      // yuser holds the tasks but only contract B: A's drawing does not exist for them; nobody sees A without a task.
      expect((await req(w.sessions.yuser, 'PATCH', `/master-data/site-drawings/${png.drawing_id}`, body)).statusCode).toBe(404);
      expect((await req(w.sessions.nobody, 'PATCH', `/master-data/site-drawings/${png.drawing_id}`, body)).statusCode).toBe(403);
      // Manage Excavation Activities: an excavation's drawings, not a mined tunnel's.
      expect((await req(excavator, 'PATCH', `/master-data/site-drawings/${adit.drawing_id}`, body)).statusCode).toBe(403);
      expect(await audits()).toBe(lastBefore);
      expect((await drawingsOf(w.sessions.manager, a)).records[0]).toMatchObject({ drawing_date: '2026-03-01', extent: [...PLACE] });
      expect((await drawingsOf(w.sessions.manager, siteB)).records[0]).toMatchObject({ drawing_date: null });
      // The holders of the tasks in the contract may.
      expect((await req(excavator, 'PATCH', `/master-data/site-drawings/${png.drawing_id}`, body)).json<TSiteDrawing>().drawing_date).toBe('2026-04-01');
      expect((await req(w.sessions.yuser, 'PATCH', `/master-data/site-drawings/${adit.drawing_id}`, body)).json<TSiteDrawing>().drawing_date).toBe(
        '2026-04-01',
      );
      expect((await req(w.sessions.xuser, 'PATCH', `/master-data/site-drawings/${adit.drawing_id}`, body)).statusCode).toBe(404);
    });
  });
});
