import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  wgs84ToSvy21,
  type TContractDetail,
  type TContractList,
  type TContractUserCandidates,
  type TContractUsers,
  type TManagedContractList,
} from '@strata/shared';
import { and, eq } from 'drizzle-orm';
import { userContracts } from '../../db/schema/index.js';
import { createContract, createUser } from '../../testing/fixtures.js';
import { as, createTestApp, type TestApp } from '../../testing/harness.js';
import { createInstrument, createType, createWorld, lastAudit, multipart, type World } from '../../testing/master-data.js';

const SQUARE = {
  type: 'Polygon' as const,
  coordinates: [
    [
      [30000, 28000],
      [30500, 28000],
      [30500, 28500],
      [30000, 28500],
      [30000, 28000],
    ],
  ],
};
const BOWTIE = {
  type: 'Polygon' as const,
  coordinates: [
    [
      [30000, 28000],
      [30500, 28500],
      [30500, 28000],
      [30000, 28500],
      [30000, 28000],
    ],
  ],
};

describe('contracts management', () => {
  let t: TestApp;
  let w: World;
  const req = (who: keyof World['sessions'], method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) =>
    as(t, w.sessions[who], { method, url: `/api/v1${url}`, ...(payload === undefined ? {} : { payload: payload as object }) });

  beforeAll(async () => {
    t = await createTestApp();
  });
  // A world of its own for each test: tests edit contract A, its boundary and its users, and create contracts that
  // the Contractor user is assigned, while others list exactly what a user sees.
  beforeEach(async () => {
    w = await createWorld(t, ['SearchContracts', 'VieworEditContracts', 'CreateorDeleteContracts', 'ManageProjectAssignment']);
  });
  afterAll(() => t.close());

  it('creates a contract with dates and reference point, shows it with WGS84 and audits it', async () => {
    const res = await req('admin', 'POST', '/contracts', {
      no: 'N100',
      title: 'New tunnel',
      description: 'Bored tunnels',
      type: 2 | 4,
      contractor_id: w.contractorX,
      start_date: '2026-01-01',
      end_date: '2028-12-31',
      easting: 28001.642,
      northing: 38744.572,
    });
    expect(res.statusCode, res.body).toBe(200);
    const c = res.json<TContractDetail>();
    expect(c).toMatchObject({
      no: 'N100',
      title: 'New tunnel',
      active: true,
      type: 6,
      contractor_id: w.contractorX,
      start_date: '2026-01-01',
      end_date: '2028-12-31',
      boundary: null,
      instrument_count: 0,
    });
    expect(c.latitude).toBeCloseTo(1.366666667, 8);
    expect(c.longitude).toBeCloseTo(103.833333333, 8);
    const got = (await req('admin', 'GET', `/contracts/${c.contract_id}`)).json<TContractDetail>();
    expect(got.title).toBe('New tunnel');
    const audit = await lastAudit(t.db, 'contract.create');
    expect(audit?.entityId).toBe(String(c.contract_id));
    expect(audit?.after).toMatchObject({ no: 'N100', start_date: '2026-01-01' });
  });

  it('answers validation errors as field objects', async () => {
    const empty = await req('admin', 'POST', '/contracts', { no: '', title: '' });
    expect(empty.statusCode).toBe(400);
    expect(Object.keys(empty.json()).sort()).toEqual(['no', 'title']);
    const bits = await req('admin', 'POST', '/contracts', { no: 'N101', title: 'x', type: 16 });
    expect(bits.json()).toHaveProperty('type');
    const dates = await req('admin', 'POST', '/contracts', { no: 'N101', title: 'x', start_date: '2026-05-01', end_date: '2026-04-01' });
    expect(dates.json()).toEqual({ end_date: 'End date must be on or after the start date' });
    const badDate = await req('admin', 'POST', '/contracts', { no: 'N101', title: 'x', start_date: '01/05/2026' });
    expect(badDate.json()).toHaveProperty('start_date');
    await createContract(t.db, { no: 'N200' });
    const dup = await req('admin', 'POST', '/contracts', { no: 'n200', title: 'x' });
    expect(dup.json()).toEqual({ no: 'A contract with this number already exists' });
    const contractor = await req('admin', 'POST', '/contracts', { no: 'N102', title: 'x', contractor_id: 999999 });
    expect(contractor.json()).toEqual({ contractor_id: 'Contractor not found' });
  });

  it('refuses callers without the contract tasks with 403', async () => {
    expect((await req('nobody', 'GET', '/contracts/manage')).statusCode).toBe(403);
    expect((await req('nobody', 'POST', '/contracts', { no: 'Z1', title: 'z' })).statusCode).toBe(403);
    expect((await req('nobody', 'GET', `/contracts/${w.contractA}`)).statusCode).toBe(403);
    expect((await req('nobody', 'PUT', `/contracts/${w.contractA}`, { title: 'z' })).statusCode).toBe(403);
    expect((await req('nobody', 'DELETE', `/contracts/${w.contractA}`)).statusCode).toBe(403);
    expect((await req('nobody', 'PUT', `/contracts/${w.contractA}/boundary`, { geojson: SQUARE })).statusCode).toBe(403);
    expect((await req('nobody', 'GET', `/contracts/${w.contractA}/users`)).statusCode).toBe(403);
  });

  it("never shows a Contractor user another contractor's contract, by list or by id", async () => {
    const list = (await req('xuser', 'GET', '/contracts/manage?limit=1000')).json<TManagedContractList>();
    expect(list.records.map((r) => r.contract_id)).toEqual([w.contractA]);
    expect(list.total_records).toBe(1);
    for (const [method, url, payload] of [
      ['GET', `/contracts/${w.contractB}`],
      ['PUT', `/contracts/${w.contractB}`, { title: 'mine now' }],
      ['DELETE', `/contracts/${w.contractB}`],
      ['PUT', `/contracts/${w.contractB}/boundary`, { geojson: SQUARE }],
      ['GET', `/contracts/${w.contractB}/users`],
      ['PUT', `/contracts/${w.contractB}/users`, { user_ids: [] }],
    ] as const) {
      const res = await req('xuser', method, url, payload);
      expect(res.statusCode, `${method} ${url}`).toBe(404);
    }
    const adminList = (await req('admin', 'GET', '/contracts/manage?limit=1000')).json<TManagedContractList>();
    expect(adminList.records.map((r) => r.contract_id)).toEqual(expect.arrayContaining([w.contractA, w.contractB]));
  });

  it('filters the management list by keyword, type bits and active', async () => {
    await createContract(t.db, { no: 'KW-SI', title: 'Site investigation lot', type: 8, active: false });
    const kw = (await req('admin', 'GET', '/contracts/manage?keyword=investigation')).json<TManagedContractList>();
    expect(kw.records.map((r) => r.no)).toEqual(['KW-SI']);
    const si = (await req('admin', 'GET', '/contracts/manage?type=8')).json<TManagedContractList>();
    expect(si.records.map((r) => r.no)).toContain('KW-SI');
    expect(si.records.every((r) => (r.type & 8) !== 0)).toBe(true);
    const inactive = (await req('admin', 'GET', '/contracts/manage?active=false')).json<TManagedContractList>();
    expect(inactive.records.map((r) => r.no)).toEqual(['KW-SI']);
  });

  it('edits only the fields given and audits what changed', async () => {
    const res = await req('manager', 'PUT', `/contracts/${w.contractA}`, { title: 'Renamed', active: false });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<TContractDetail>()).toMatchObject({ title: 'Renamed', active: false });
    const audit = await lastAudit(t.db, 'contract.update');
    expect(audit?.before).toEqual({ title: 'Test contract', active: true });
    expect(audit?.after).toEqual({ title: 'Renamed', active: false });
    await req('manager', 'PUT', `/contracts/${w.contractA}`, { active: true });
  });

  it('keeps GET /contracts (the toolbar) working with the type bit filter', async () => {
    const res = await req('manager', 'GET', '/contracts?type=4&skip=0&limit=1000');
    expect(res.statusCode).toBe(200);
    expect(
      res
        .json<TContractList>()
        .records.map((r) => r.contract_id)
        .sort(),
    ).toEqual([w.contractA, w.contractB].sort());
  });

  it('sets, validates and clears the boundary; WGS84 input is converted to SVY21', async () => {
    const set = await req('manager', 'PUT', `/contracts/${w.contractA}/boundary`, { geojson: SQUARE });
    expect(set.statusCode, set.body).toBe(200);
    const c = set.json<TContractDetail>();
    expect(c.boundary).toEqual(SQUARE);
    expect(c.boundary_wgs84!.coordinates[0]![0]![0]).toBeGreaterThan(103);
    expect(c.has_boundary).toBe(true);
    const audit = await lastAudit(t.db, 'contract.boundary');
    expect(audit?.after).toMatchObject({ boundary: SQUARE });

    const crossing = await req('manager', 'PUT', `/contracts/${w.contractA}/boundary`, { geojson: BOWTIE });
    expect(crossing.statusCode).toBe(400);
    expect(crossing.json()).toEqual({ 'geojson.coordinates.0': 'The polygon crosses itself' });
    const open = await req('manager', 'PUT', `/contracts/${w.contractA}/boundary`, {
      geojson: {
        type: 'Polygon',
        coordinates: [
          [
            [0, 0],
            [1, 0],
            [1, 1],
            [0, 1],
          ],
        ],
      },
    });
    expect(open.json()).toEqual({ 'geojson.coordinates.0': 'The ring must be closed: the last position must equal the first' });
    const short = await req('manager', 'PUT', `/contracts/${w.contractA}/boundary`, {
      geojson: {
        type: 'Polygon',
        coordinates: [
          [
            [0, 0],
            [1, 0],
            [0, 0],
          ],
        ],
      },
    });
    expect(short.statusCode).toBe(400);

    const wgs = {
      type: 'Polygon' as const,
      coordinates: [
        [
          [103.85, 1.28],
          [103.86, 1.28],
          [103.86, 1.29],
          [103.85, 1.29],
          [103.85, 1.28],
        ],
      ],
    };
    const converted = (await req('manager', 'PUT', `/contracts/${w.contractA}/boundary`, { geojson: wgs, crs: 'wgs84' })).json<TContractDetail>();
    const first = converted.boundary!.coordinates[0]![0]!;
    const expected = wgs84ToSvy21(1.28, 103.85);
    expect(first[0]).toBeCloseTo(expected.easting, 2);
    expect(first[1]).toBeCloseTo(expected.northing, 2);

    const cleared = (await req('manager', 'PUT', `/contracts/${w.contractA}/boundary`, { geojson: null })).json<TContractDetail>();
    expect(cleared.boundary).toBeNull();
  });

  it('imports the boundary from GeoJSON (WGS84) or KML, as text or as a file; dry_run only converts', async () => {
    const geojson = JSON.stringify({
      type: 'FeatureCollection',
      features: [
        {
          type: 'Feature',
          properties: {},
          geometry: {
            type: 'Polygon',
            coordinates: [
              [
                [103.85, 1.28],
                [103.86, 1.28],
                [103.86, 1.29],
                [103.85, 1.28],
              ],
            ],
          },
        },
      ],
    });
    const dry = await req('manager', 'POST', `/contracts/${w.contractA}/boundary/import?dry_run=true`, { text: geojson });
    expect(dry.statusCode, dry.body).toBe(200);
    expect(dry.json()).toMatchObject({ source_crs: 'wgs84', saved: false });
    expect((await req('manager', 'GET', `/contracts/${w.contractA}`)).json<TContractDetail>().boundary).toBeNull();

    const kml = `<?xml version="1.0" encoding="UTF-8"?>
<kml xmlns="http://www.opengis.net/kml/2.2"><Document><Placemark><name>Site</name><Polygon><outerBoundaryIs><LinearRing>
<coordinates>103.85,1.28,0 103.86,1.28,0 103.86,1.29,0 103.85,1.29,0 103.85,1.28,0</coordinates>
</LinearRing></outerBoundaryIs></Polygon></Placemark></Document></kml>`;
    const asText = await req('manager', 'POST', `/contracts/${w.contractA}/boundary/import`, { text: kml, format: 'kml' });
    expect(asText.statusCode, asText.body).toBe(200);
    expect(asText.json()).toMatchObject({ source_crs: 'wgs84', saved: true });
    const saved = (await req('manager', 'GET', `/contracts/${w.contractA}`)).json<TContractDetail>();
    expect(saved.boundary!.coordinates[0]).toHaveLength(5);
    expect(saved.boundary!.coordinates[0]![0]![0]).toBeGreaterThan(20000);

    const asFile = await as(t, w.sessions.manager, { method: 'POST', url: `/api/v1/contracts/${w.contractA}/boundary/import`, ...multipart('site.kml', kml) });
    expect(asFile.statusCode, asFile.body).toBe(200);

    const svy = JSON.stringify({ type: 'Polygon', coordinates: SQUARE.coordinates });
    expect((await req('manager', 'POST', `/contracts/${w.contractA}/boundary/import`, { text: svy })).json()).toMatchObject({
      source_crs: 'svy21',
      boundary: SQUARE,
    });

    const bad = await req('manager', 'POST', `/contracts/${w.contractA}/boundary/import`, { text: '{"type":"Point","coordinates":[1,2]}' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ file: 'The GeoJSON file has no polygon' });
    const empty = await req('manager', 'POST', `/contracts/${w.contractA}/boundary/import`, { text: '' });
    expect(empty.json()).toEqual({ text: 'The file is empty' });
  });

  it("assigns users; a Contractor user only to their contractor's contracts", async () => {
    const yContractor = await req('admin', 'PUT', `/contracts/${w.contractA}/users`, { user_ids: [w.userIds.yuser] });
    expect(yContractor.statusCode).toBe(400);
    expect(yContractor.json().user_ids).toMatch(/only be assigned contracts of their own contractor/);

    const fresh = await createUser(t.db, { loginName: 'assignee' });
    const ok = await req('admin', 'PUT', `/contracts/${w.contractA}/users`, { user_ids: [w.userIds.manager, w.userIds.xuser, w.userIds.nobody, fresh.userId] });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(
      ok
        .json<TContractUsers>()
        .records.map((u) => u.user_id)
        .sort(),
    ).toEqual([w.userIds.manager, w.userIds.xuser, w.userIds.nobody, fresh.userId].sort());
    const audit = await lastAudit(t.db, 'contract.users');
    expect(audit?.after).toMatchObject({ added: [fresh.userId], removed: [] });

    const unknown = await req('admin', 'PUT', `/contracts/${w.contractA}/users`, { user_ids: [999999] });
    expect(unknown.json()).toEqual({ user_ids: 'Unknown user(s): 999999' });

    // A Contractor administrator sees and changes only their own contractor's users; the others' assignments stay.
    const seen = (await req('xuser', 'GET', `/contracts/${w.contractA}/users`)).json<TContractUsers>();
    expect(seen.records.map((u) => u.user_id)).toEqual([w.userIds.xuser]);
    const outsider = await req('xuser', 'PUT', `/contracts/${w.contractA}/users`, { user_ids: [w.userIds.xuser, fresh.userId] });
    expect(outsider.json()).toEqual({ user_ids: `Unknown user(s): ${fresh.userId}` });
    const rows = await t.db.orm
      .select()
      .from(userContracts)
      .where(and(eq(userContracts.contractId, w.contractA), eq(userContracts.userId, fresh.userId)));
    expect(rows).toHaveLength(1);
  });

  it('offers as candidates only users who may be assigned and are not yet, searchable, to ManageProjectAssignment', async () => {
    const c = await createContract(t.db, { no: 'CAND-1', contractorId: w.contractorX });
    const stamp = Math.random().toString(36).slice(2, 6);
    const authority = await createUser(t.db, { loginName: `cand.auth.${stamp}` });
    const gone = await createUser(t.db, { loginName: `cand.gone.${stamp}`, status: 'terminated' });
    const ownContractor = await createUser(t.db, { loginName: `cand.x.${stamp}`, userType: 1, contractorId: w.contractorX });
    const otherContractor = await createUser(t.db, { loginName: `cand.y.${stamp}`, userType: 1, contractorId: w.contractorY });
    await t.db.orm.insert(userContracts).values({ userId: w.userIds.manager, contractId: c.contractId });

    const ids = async (who: keyof World['sessions'], query = '') => {
      const res = await req(who, 'GET', `/contracts/${c.contractId}/users/candidates?limit=100${query}`);
      expect(res.statusCode, res.body).toBe(200);
      return res.json<TContractUserCandidates>().records.map((u) => u.user_id);
    };
    const all = await ids('admin');
    expect(all).toEqual(expect.arrayContaining([authority.userId, ownContractor.userId, w.userIds.xuser]));
    // Terminated, already assigned, and Contractor users of another contractor are not offered.
    expect(all).not.toContain(gone.userId);
    expect(all).not.toContain(w.userIds.manager);
    expect(all).not.toContain(otherContractor.userId);
    expect(all).not.toContain(w.userIds.yuser);

    expect(await ids('admin', `&keyword=${encodeURIComponent(`AUTH.${stamp}`)}`)).toEqual([authority.userId]);
    const one = (await req('admin', 'GET', `/contracts/${c.contractId}/users/candidates?keyword=cand&limit=1`)).json<TContractUserCandidates>();
    expect(one.records).toHaveLength(1);
    expect(one.total_records).toBeGreaterThanOrEqual(2);

    // A Contractor administrator is offered only their contractor's users.
    await t.db.orm.insert(userContracts).values({ userId: w.userIds.xuser, contractId: c.contractId });
    const forX = await ids('xuser');
    expect(forX).toContain(ownContractor.userId);
    expect(forX).not.toContain(authority.userId);

    expect((await req('nobody', 'GET', `/contracts/${c.contractId}/users/candidates`)).statusCode).toBe(403);
    expect((await req('yuser', 'GET', `/contracts/${c.contractId}/users/candidates`)).statusCode).toBe(404);
  });

  it('lets a Contractor user create contracts only for their contractor, and assigns them the new contract', async () => {
    const other = await req('xuser', 'POST', '/contracts', { no: 'X-NEW-1', title: 'x', contractor_id: w.contractorY });
    expect(other.json()).toEqual({ contractor_id: 'You can only choose your own contractor' });
    const mine = await req('xuser', 'POST', '/contracts', { no: 'X-NEW-2', title: 'x' });
    expect(mine.statusCode, mine.body).toBe(200);
    const c = mine.json<TContractDetail>();
    expect(c.contractor_id).toBe(w.contractorX);
    expect((await req('xuser', 'GET', `/contracts/${c.contract_id}`)).statusCode).toBe(200);
    const move = await req('xuser', 'PUT', `/contracts/${c.contract_id}`, { contractor_id: w.contractorY });
    expect(move.json()).toEqual({ contractor_id: 'You cannot move a contract to another contractor' });
  });

  it('drops the assignments of Contractor users of the old contractor when a contract changes contractor', async () => {
    const c = await createContract(t.db, { no: 'MOVE-1', contractorId: w.contractorX });
    await t.db.orm.insert(userContracts).values({ userId: w.userIds.xuser, contractId: c.contractId });
    const res = await req('admin', 'PUT', `/contracts/${c.contractId}`, { contractor_id: w.contractorY });
    expect(res.statusCode, res.body).toBe(200);
    const rows = await t.db.orm.select().from(userContracts).where(eq(userContracts.contractId, c.contractId));
    expect(rows.map((r) => r.userId)).not.toContain(w.userIds.xuser);
  });

  it('refuses to delete a contract that has instruments (409), deletes one that has none', async () => {
    const c = await createContract(t.db, { no: 'DEL-1' });
    const { type } = await createType(t.db, 'DELT');
    const i = await createInstrument(t.db, { name: 'D-1', contractId: c.contractId, typeId: type.typeId });
    const blocked = await req('admin', 'DELETE', `/contracts/${c.contractId}`);
    expect(blocked.statusCode).toBe(409);
    expect(blocked.json()).toMatch(/1 instrument/);
    await t.db.query('delete from instruments where instrument_id = $1', [i.instrumentId]);
    const ok = await req('admin', 'DELETE', `/contracts/${c.contractId}`);
    expect(ok.statusCode).toBe(200);
    expect((await req('admin', 'GET', `/contracts/${c.contractId}`)).statusCode).toBe(404);
    expect((await lastAudit(t.db, 'contract.delete'))?.before).toMatchObject({ no: 'DEL-1' });
  });
});
