import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  svy21ToWgs84Rounded,
  type TContractDocumentList,
  type TDocument,
  type TFileSearchList,
  type TMapLayerList,
  type TMapUpload,
  type TMapUploadList,
} from '@strata/shared';
import { mapUploads } from '../../db/schema/index.js';
import { createRole, createUser } from '../../testing/fixtures.js';
import { as, createTestApp, signIn, type Session, type TestApp } from '../../testing/harness.js';
import { countRows, createInstrument, createType, createWorld, lastAudit, multipart, tempDataDir, type World } from '../../testing/master-data.js';
import { docx, image, pdf } from './test-files.js';

const GEOJSON = JSON.stringify({
  type: 'FeatureCollection',
  features: [{ type: 'Feature', properties: { name: 'Shaft' }, geometry: { type: 'Point', coordinates: [103.85, 1.29] } }],
});
const KML =
  '<?xml version="1.0" encoding="UTF-8"?><kml xmlns="http://www.opengis.net/kml/2.2"><Placemark><Point><coordinates>103.85,1.29</coordinates></Point></Placemark></kml>';

describe('map file search and the upload pages (other files, drawings to base map)', () => {
  let t: TestApp;
  let w: World;
  let deleter: Session; // DeleteOtherFiles, contracts A and B
  let mapper: Session; // UploadDrawingtoBaseMap
  let instA: number;
  let instB: number;
  let siteA: number;
  const day = (offset: number) => new Date(Date.UTC(2026, 2, 10 + offset, 4)).toISOString().slice(0, 10);
  const req = (who: Session, method: 'GET' | 'POST' | 'DELETE', url: string, extra: object = {}) => as(t, who, { method, url: `/api/v1${url}`, ...extra });
  const upload = (who: Session, kind: 'photos' | 'documents', category: string, id: number, name: string, data: Buffer) =>
    req(who, 'POST', `/${kind}/${category}/${id}`, multipart(name, data));
  const search = async (who: Session, query: string) => {
    const res = await req(who, 'GET', `/files/search?${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json<TFileSearchList>();
  };

  beforeAll(async () => {
    t = await createTestApp({ dataDir: tempDataDir('file-search') });
    w = await createWorld(t, ['UploadOtherFiles']);
    await createUser(t.db, { loginName: 'deleter', roleId: (await createRole(t.db, ['DeleteOtherFiles'])).roleId, contractIds: [w.contractA, w.contractB] });
    await createUser(t.db, { loginName: 'mapper', roleId: (await createRole(t.db, ['UploadDrawingtoBaseMap'])).roleId });
    deleter = await signIn(t, 'deleter');
    mapper = await signIn(t, 'mapper');
    const sm = await createType(t.db, 'SMF');
    instA = (await createInstrument(t.db, { name: 'SM-NORTH', contractId: w.contractA, typeId: sm.type.typeId, easting: 30400, northing: 28650 })).instrumentId;
    instB = (await createInstrument(t.db, { name: 'SM-SOUTH', contractId: w.contractB, typeId: sm.type.typeId, easting: 35200, northing: 31400 })).instrumentId;
    siteA = (await req(w.sessions.admin, 'POST', '/master-data/sites', { payload: { site_name: 'North Box', contract_id: w.contractA, type: 'E' } })).json<{
      site_id: number;
    }>().site_id;

    // Day 0: a photo of SM-NORTH; day 1: a PDF of SM-NORTH and a photo of the site; day 2: a document of SM-SOUTH.
    t.clock.advance(Date.parse(`${day(0)}T04:00:00Z`) - t.clock.now().getTime());
    expect((await upload(w.sessions.nobody, 'photos', 'instrument', instA, 'north crack.png', await image('png'))).statusCode).toBe(200);
    t.clock.advance(86_400_000);
    expect((await upload(w.sessions.nobody, 'documents', 'instrument', instA, 'north survey.pdf', await pdf())).statusCode).toBe(200);
    expect((await upload(w.sessions.nobody, 'photos', 'site', siteA, 'box pit.jpg', await image('jpeg'))).statusCode).toBe(200);
    t.clock.advance(86_400_000);
    expect((await upload(w.sessions.yuser, 'documents', 'instrument', instB, 'south survey.docx', docx())).statusCode).toBe(200);
  });
  afterAll(() => t.close());

  it("finds photos and documents across the caller's contracts, each with its record and the record's location", async () => {
    const all = await search(w.sessions.manager, '');
    expect(all.total_records).toBe(4);
    // Newest first; the two of day 1 by file id, newest first.
    expect(all.records.map((r) => r.file_name)).toEqual(['south survey.docx', 'box pit.jpg', 'north survey.pdf', 'north crack.png']);
    const pdfHit = all.records.find((r) => r.file_name === 'north survey.pdf')!;
    const { lat, lon } = svy21ToWgs84Rounded(30400, 28650);
    expect(pdfHit).toMatchObject({
      kind: 'document',
      file_type: 'pdf',
      contract_id: w.contractA,
      record: { category: 'instrument', ref_id: instA, title: 'SM-NORTH', path: `/dashboard/search/instrument/${instA}` },
      location: { easting: 30400, northing: 28650, latitude: lat, longitude: lon },
      url: expect.stringMatching(/^\/api\/v1\/documents\/\d+$/),
      thumbnail_url: null,
      can_delete: false,
    });
    expect(all.records.find((r) => r.file_name === 'box pit.jpg')).toMatchObject({
      record: { category: 'site', title: 'North Box' },
      location: null,
      thumbnail_url: expect.stringContaining('?size=128'),
    });
    // The uploader may delete their own from here.
    expect((await search(w.sessions.nobody, 'keyword=crack')).records[0]).toMatchObject({ file_name: 'north crack.png', can_delete: true });

    // Contract B only: A's files are not there, asking for contract A changes nothing.
    expect((await search(w.sessions.yuser, '')).records.map((r) => r.file_name)).toEqual(['south survey.docx']);
    expect((await search(w.sessions.yuser, `contracts=[${w.contractA}]`)).records).toEqual([]);
  });

  it('filters by keyword (file, record, uploader), kind, types, dates, map area, contracts and category', async () => {
    const names = async (q: string) => (await search(w.sessions.manager, q)).records.map((r) => r.file_name).sort();
    expect(await names('keyword=SM-NORTH')).toEqual(['north crack.png', 'north survey.pdf']);
    expect(await names('keyword=survey')).toEqual(['north survey.pdf', 'south survey.docx']);
    expect(await names('keyword=yuser')).toEqual(['south survey.docx']);
    expect(await names('kind=photo')).toEqual(['box pit.jpg', 'north crack.png']);
    expect(await names('types=pdf,docx')).toEqual(['north survey.pdf', 'south survey.docx']);
    expect(await names(`from=${day(1)}&to=${day(1)}`)).toEqual(['box pit.jpg', 'north survey.pdf']);
    expect(await names(`from=${day(2)}`)).toEqual(['south survey.docx']);
    expect(await names('bbox=30000,28000,31000,29000')).toEqual(['north crack.png', 'north survey.pdf']);
    expect(await names(`contracts=[${w.contractB}]`)).toEqual(['south survey.docx']);
    expect(await names('category=site')).toEqual(['box pit.jpg']);
    expect((await search(w.sessions.manager, 'limit=1&skip=1')).records).toHaveLength(1);
    expect((await req(w.sessions.manager, 'GET', '/files/search?types=exe')).statusCode).toBe(400);
    expect((await req(w.sessions.manager, 'GET', '/files/search?bbox=1,2,3')).statusCode).toBe(400);
    expect((await req(w.sessions.manager, 'GET', '/files/search?from=yesterday')).json()).toEqual({ from: 'Enter a valid date' });
  });

  it('keeps other files of a contract: upload with UploadOtherFiles, history with filters, delete by uploader or DeleteOtherFiles', async () => {
    // Attaching to a contract needs UploadOtherFiles; seeing the contract is not enough.
    expect((await upload(w.sessions.nobody, 'documents', 'contract', w.contractA, 'x.pdf', await pdf())).statusCode).toBe(403);
    expect((await upload(w.sessions.yuser, 'documents', 'contract', w.contractA, 'x.pdf', await pdf())).statusCode).toBe(404);
    const a = (await upload(w.sessions.xuser, 'documents', 'contract', w.contractA, 'Method statement.pdf', await pdf())).json<TDocument>();
    expect(a).toMatchObject({ category: 'contract', ref_id: w.contractA });
    t.clock.advance(86_400_000);
    const b = (await upload(w.sessions.yuser, 'documents', 'contract', w.contractB, 'Permit.docx', docx())).json<TDocument>();

    const history = async (who: Session, q = '') => {
      const res = await req(who, 'GET', `/uploads/document/history?${q}`);
      expect(res.statusCode, res.body).toBe(200);
      return res.json<TContractDocumentList>();
    };
    const both = await history(w.sessions.manager);
    expect(both.records.map((d) => [d.file_name, d.contract_id])).toEqual([
      ['Permit.docx', w.contractB],
      ['Method statement.pdf', w.contractA],
    ]);
    expect(both.records[1]!.contract_no).toMatch(/^C/);
    expect((await history(w.sessions.xuser)).records.map((d) => d.file_name)).toEqual(['Method statement.pdf']);
    expect((await history(w.sessions.manager, 'keyword=permit')).records.map((d) => d.file_id)).toEqual([b.file_id]);
    expect((await history(w.sessions.manager, `contract_id=${w.contractA}`)).records.map((d) => d.file_id)).toEqual([a.file_id]);
    // From the day of the second upload (the clock is at 04:00 UTC, the same date in Singapore): the first is a day older.
    // Another test moves the clock on too, so the day is the upload's own, not a fixed one.
    expect((await history(w.sessions.manager, `from=${b.created.slice(0, 10)}`)).records.map((d) => d.file_id)).toEqual([b.file_id]);
    expect((await req(w.sessions.nobody, 'GET', '/uploads/document/history')).statusCode).toBe(403);
    // They are files of the contract record too, and show in the map search at the contract's position.
    expect((await search(w.sessions.manager, 'category=contract')).records.map((r) => r.location?.easting)).toEqual([35240, 30350]);

    // Delete: not the manager (neither uploader nor DeleteOtherFiles); the deleter may; the uploader may.
    expect((await history(w.sessions.manager)).records.every((d) => !d.can_delete)).toBe(true);
    expect((await history(deleter)).records.every((d) => d.can_delete)).toBe(true);
    expect((await req(w.sessions.manager, 'DELETE', `/documents/${a.file_id}`)).statusCode).toBe(403);
    expect((await req(deleter, 'DELETE', `/documents/${a.file_id}`)).statusCode).toBe(200);
    expect((await req(w.sessions.yuser, 'DELETE', `/documents/${b.file_id}`)).statusCode).toBe(200);
    expect((await history(w.sessions.manager)).total_records).toBe(0);
  });

  it('turns a GeoJSON or KML drawing into a map overlay and keeps the upload history', async () => {
    const res = await req(mapper, 'POST', '/uploads/map', multipart('shafts.geojson', GEOJSON, { name: 'Shaft positions' }));
    expect(res.statusCode, res.body).toBe(200);
    const u = res.json<TMapUpload>();
    expect(u).toMatchObject({
      layer_name: 'Shaft positions',
      file_name: 'shafts.geojson',
      file_type: 'geojson',
      size: GEOJSON.length,
      uploader_email: 'mapper@example.com',
    });
    const layers = (await req(w.sessions.admin, 'GET', '/master-data/map-layers')).json<TMapLayerList>();
    expect(layers.records.find((l) => l.layer_id === u.layer_id)).toMatchObject({
      name: 'Shaft positions',
      kind: 'overlay',
      source: 'geojson',
      file_name: 'shafts.geojson',
    });
    expect((await lastAudit(t.db, 'map-layer.create'))?.after).toMatchObject({ name: 'Shaft positions', source: 'geojson', file_name: 'shafts.geojson' });

    t.clock.advance(86_400_000);
    const kml = (await req(mapper, 'POST', '/uploads/map', multipart('alignment.kml', KML))).json<TMapUpload>();
    expect(kml).toMatchObject({ layer_name: 'alignment', file_type: 'kml' });

    const rows = await countRows(t.db, mapUploads);
    expect((await req(mapper, 'POST', '/uploads/map', multipart('plan.geojson', await pdf()))).json()).toEqual({
      files: 'A drawing for the base map must be a GeoJSON or KML file',
    });
    expect((await req(mapper, 'POST', '/uploads/map', multipart('bad.geojson', '{"type":'))).json()).toEqual({ files: 'The file is not valid GeoJSON' });
    expect((await req(mapper, 'POST', '/uploads/map', multipart('../up.kml', KML))).json()).toEqual({
      files: 'The file name may not hold folders or control characters',
    });
    expect((await req(w.sessions.manager, 'POST', '/uploads/map', multipart('a.kml', KML))).statusCode).toBe(403);
    expect(await countRows(t.db, mapUploads)).toBe(rows);

    const history = async (q = '') => (await req(mapper, 'GET', `/uploads/map/history?${q}`)).json<TMapUploadList>();
    expect((await history()).records.map((h) => h.file_name)).toEqual(['alignment.kml', 'shafts.geojson']);
    expect((await history('keyword=shaft')).records.map((h) => h.upload_id)).toEqual([u.upload_id]);
    expect((await history(`to=${new Date(Date.parse(u.created)).toISOString()}`)).records.map((h) => h.upload_id)).toEqual([u.upload_id]);
    expect((await req(w.sessions.manager, 'GET', '/uploads/map/history')).statusCode).toBe(403);
    // The history outlives the layer.
    expect((await req(w.sessions.admin, 'DELETE', `/master-data/map-layers/${u.layer_id}`)).statusCode).toBe(200);
    expect((await history('keyword=shaft')).records[0]).toMatchObject({ layer_id: null, layer_name: 'Shaft positions' });
  });
});
