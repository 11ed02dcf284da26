import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  USER_TYPE,
  type PermissionCode,
  type TInstrumentStatuses,
  type TLatestReadings,
  type TStructure,
  type TStructureList,
  type TStructureMonitoring,
} from '@strata/shared';
import { actionCases, sites } from '../../db/schema/index.js';
import { as, createTestApp, signIn, type Session, type TestApp } from '../../testing/harness.js';
import { createRole, createUser } from '../../testing/fixtures.js';
import { lastAudit } from '../../testing/master-data.js';
import { ALERT_TASKS, alertRows, createAlertWorld, DAY, daily, loadAndEvaluate, type AlertWorld } from '../alerts/alerts.test-support.js';

const TASKS: readonly PermissionCode[] = [...ALERT_TASKS, 'ManageCriticalInterfaceMonitoring', 'ManageMiningWorksMonitoring', 'ViewInstrumentData'];

/** A 100 m square building at (30000, 30000)… (createInstrument puts instruments at 30000, 30000). */
const OUTLINE = {
  type: 'Polygon' as const,
  coordinates: [
    [
      [29950, 29950],
      [30050, 29950],
      [30050, 30050],
      [29950, 30050],
      [29950, 29950],
    ],
  ],
};
const TUNNEL = {
  type: 'LineString' as const,
  coordinates: [
    [29000, 30000],
    [31000, 30000],
  ],
};

describe('critical interfaces and mining works', () => {
  let t: TestApp;
  let w: AlertWorld;
  let viewer: Session;
  const call = (s: Session, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) =>
    as(t, s, { method, url: `/api/v1${url}`, ...(payload === undefined ? {} : { payload: payload as object }) });
  const body = (over: Record<string, unknown> = {}) => ({
    name: 'Bukit Tower',
    contract_id: w.contractA,
    structure_type: 'building',
    owner: 'Tower Management',
    outline: OUTLINE,
    contacts: [{ name: 'Tan Ah Kow', role: 'Building manager', phone: '+65 6123 4567', email: 'tan@example.com' }],
    instrument_ids: [w.inst['SM-A1'], w.inst['SM-A2']],
    ...over,
  });
  const create = async (kind = '/critical-interfaces', over: Record<string, unknown> = {}) => {
    const res = await call(w.sessions.manager, 'POST', kind, body(over));
    expect(res.statusCode, res.body).toBe(200);
    return res.json<TStructure>();
  };

  beforeAll(async () => {
    t = await createTestApp();
  });
  // A world of its own for each test: lists and counts are exact.
  beforeEach(async () => {
    w = await createAlertWorld(t, TASKS);
    const role = await createRole(t.db, ['SearchorViewCriticalInterfaceMonitoring']);
    const login = `viewer${Math.random().toString(36).slice(2, 7)}`;
    await createUser(t.db, { loginName: login, userType: USER_TYPE.Authority, roleId: role.roleId, contractIds: [w.contractA] });
    viewer = await signIn(t, login);
  });
  afterAll(() => t.close());

  it('creates a critical interface with outline, contacts and instruments, reads it back and audits it', async () => {
    const s = await create();
    expect(s).toMatchObject({
      kind: 'critical-interface',
      name: 'Bukit Tower',
      structure_type: 'building',
      influence_distance: 30,
      outline: OUTLINE,
      instrument_count: 2,
      open_alert_count: 0,
    });
    expect(s.instruments.map((i) => i.name)).toEqual(['SM-A1', 'SM-A2']);
    expect(s.contacts[0]).toEqual({ name: 'Tan Ah Kow', role: 'Building manager', phone: '+65 6123 4567', email: 'tan@example.com' });
    expect((s.outline_wgs84.coordinates as number[][][])[0]![0]![1]).toBeGreaterThan(1.2);
    expect((await lastAudit(t.db, 'critical-interface.create'))?.after).toMatchObject({
      name: 'Bukit Tower',
      instrument_ids: [w.inst['SM-A1'], w.inst['SM-A2']].sort((a, b) => a! - b!),
    });
    const got = await call(viewer, 'GET', `/critical-interfaces/${s.structure_id}`);
    expect(got.statusCode, got.body).toBe(200);
    expect(got.json<TStructure>().name).toBe('Bukit Tower');
    const links = await call(viewer, 'GET', `/critical-interfaces/${s.structure_id}/instruments`);
    expect(links.json<{ records: { name: string }[] }>().records.map((r) => r.name)).toEqual(['SM-A1', 'SM-A2']);
  });

  it('keeps the two kinds apart: a critical interface is not found among mining works', async () => {
    const s = await create();
    expect((await call(w.sessions.manager, 'GET', `/mining-works/${s.structure_id}`)).statusCode).toBe(404);
    const m = await create('/mining-works', { name: 'Bukit Tower', structure_type: 'mrt-tunnel', outline: TUNNEL });
    expect(m.kind).toBe('mining-works');
    expect((await call(w.sessions.manager, 'GET', '/mining-works')).json<TStructureList>().records.map((r) => r.structure_id)).toEqual([m.structure_id]);
  });

  it('scopes lists and records to the caller\u2019s contracts', async () => {
    const a = await create();
    const b = await create('/critical-interfaces', {
      name: 'B Viaduct',
      contract_id: w.contractB,
      structure_type: 'viaduct',
      outline: TUNNEL,
      instrument_ids: [w.inst['SM-B1']],
    });
    const names = async (s: Session, q = '') => (await call(s, 'GET', `/critical-interfaces${q}`)).json<TStructureList>().records.map((r) => r.name);
    expect(await names(w.sessions.manager)).toEqual(expect.arrayContaining(['Bukit Tower', 'B Viaduct']));
    expect(await names(w.sessions.xuser)).toEqual(['Bukit Tower']);
    expect(await names(w.sessions.yuser)).toEqual(['B Viaduct']);
    expect(await names(w.sessions.manager, `?filter=[${w.contractB}]`)).toEqual(['B Viaduct']);
    expect(await names(w.sessions.manager, `?filter=[${w.contractA},${w.contractB}]&keyword=viad`)).toEqual(['B Viaduct']);
    for (const url of [
      `/critical-interfaces/${b.structure_id}`,
      `/critical-interfaces/${b.structure_id}/monitoring`,
      `/critical-interfaces/${b.structure_id}/instruments`,
    ])
      expect((await call(w.sessions.xuser, 'GET', url)).statusCode, url).toBe(404);
    expect((await call(w.sessions.xuser, 'PUT', `/critical-interfaces/${b.structure_id}`, { owner: 'x' })).statusCode).toBe(404);
    expect((await call(w.sessions.xuser, 'DELETE', `/critical-interfaces/${b.structure_id}`)).statusCode).toBe(404);
    expect((await call(w.sessions.xuser, 'POST', '/critical-interfaces', body({ contract_id: w.contractB, instrument_ids: [] }))).statusCode).toBe(400);
    expect((await call(w.sessions.yuser, 'GET', `/critical-interfaces/${a.structure_id}`)).statusCode).toBe(404);
  });

  it('lets Search or View read but not write (403), and refuses users without either', async () => {
    const s = await create();
    expect((await call(viewer, 'GET', '/critical-interfaces')).statusCode).toBe(200);
    expect((await call(viewer, 'POST', '/critical-interfaces', body({ name: 'Other' }))).statusCode).toBe(403);
    expect((await call(viewer, 'PUT', `/critical-interfaces/${s.structure_id}`, { owner: 'x' })).statusCode).toBe(403);
    expect((await call(viewer, 'DELETE', `/critical-interfaces/${s.structure_id}`)).statusCode).toBe(403);
    // The critical-interface permission does not open mining works.
    expect((await call(viewer, 'GET', '/mining-works')).statusCode).toBe(403);
    expect((await call(w.sessions.nobody, 'GET', '/critical-interfaces')).statusCode).toBe(403);
    expect((await call(w.sessions.nobody, 'GET', `/critical-interfaces/${s.structure_id}/monitoring`)).statusCode).toBe(403);
  });

  it('refuses instruments of another contract and unknown instruments (400), on create and on update', async () => {
    const res = await call(w.sessions.manager, 'POST', '/critical-interfaces', body({ instrument_ids: [w.inst['SM-A1'], w.inst['SM-B1']] }));
    expect(res.statusCode).toBe(400);
    expect(res.json<Record<string, string>>().instrument_ids).toContain(String(w.inst['SM-B1']));
    const s = await create();
    expect((await call(w.sessions.manager, 'PUT', `/critical-interfaces/${s.structure_id}`, { instrument_ids: [2_000_000_000] })).statusCode).toBe(400);
    // Moving to contract B while holding A's instruments is refused too.
    expect((await call(w.sessions.manager, 'PUT', `/critical-interfaces/${s.structure_id}`, { contract_id: w.contractB })).statusCode).toBe(400);
    const moved = await call(w.sessions.manager, 'PUT', `/critical-interfaces/${s.structure_id}`, {
      contract_id: w.contractB,
      instrument_ids: [w.inst['SM-B1']],
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json<TStructure>().instruments.map((i) => i.name)).toEqual(['SM-B1']);
  });

  it('answers bad input as field errors: duplicate name (any case), bad outline, bad contact, too many contacts', async () => {
    await create();
    const fields = async (over: Record<string, unknown>) => {
      const res = await call(w.sessions.manager, 'POST', '/critical-interfaces', body(over));
      expect(res.statusCode, res.body).toBe(400);
      return Object.keys(res.json<Record<string, string>>()).join(',');
    };
    expect(await fields({ name: 'BUKIT tower' })).toBe('name');
    expect(await fields({ name: 'X', outline: { type: 'Point', coordinates: [1, 2] } })).toContain('outline');
    expect(
      await fields({
        name: 'X',
        outline: {
          type: 'Polygon',
          coordinates: [
            [
              [0, 0],
              [1, 1],
              [0, 0],
            ],
          ],
        },
      }),
    ).toContain('outline');
    expect(await fields({ name: 'X', contacts: [{ name: 'A', email: 'not-mail' }] })).toContain('contacts');
    expect(await fields({ name: 'X', contacts: Array.from({ length: 21 }, (_, i) => ({ name: `C${i}` })) })).toContain('contacts');
    expect(await fields({ name: 'X', structure_type: 'castle' })).toContain('structure_type');
    expect(await fields({ name: 'X', influence_distance: -1 })).toContain('influence_distance');
    // The same name is free in the other kind and in another contract.
    await create('/mining-works', { name: 'bukit tower' });
  });

  it('updates only the fields given and audits the change; deleting is audited with what was there', async () => {
    const s = await create();
    const res = await call(w.sessions.manager, 'PUT', `/critical-interfaces/${s.structure_id}`, { owner: 'New Owner', influence_distance: 50 });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<TStructure>()).toMatchObject({ owner: 'New Owner', influence_distance: 50, name: 'Bukit Tower', instrument_count: 2 });
    const upd = await lastAudit(t.db, 'critical-interface.update');
    expect(upd?.before).toEqual({ owner: 'Tower Management', influence_distance: 30 });
    expect(upd?.after).toEqual({ owner: 'New Owner', influence_distance: 50 });
    const del = await call(w.sessions.manager, 'DELETE', `/critical-interfaces/${s.structure_id}`);
    expect(del.statusCode, del.body).toBe(200);
    const audit = await lastAudit(t.db, 'critical-interface.delete');
    expect(audit).toMatchObject({ entityId: String(s.structure_id) });
    expect(audit?.before).toMatchObject({ name: 'Bukit Tower', owner: 'New Owner' });
    expect((await call(w.sessions.manager, 'GET', `/critical-interfaces/${s.structure_id}`)).statusCode).toBe(404);
  });

  it('gives the monitoring view: status as GET /instruments/status, latest values, 7-day trend, open alerts, their cases, sites nearby', async () => {
    const now = t.clock.now().getTime();
    const T0 = now - 10 * DAY;
    // SM-A1 passes WSL on its last reading (day 9); SM-A2 stays below AL; SM-A3 is not linked.
    await loadAndEvaluate(t, w, {
      'SM-A1': daily(T0, [1, 2, 3, 4, 5, 6, 7, 8, 10, 29]),
      'SM-A2': daily(T0, [1, 1, 1, 1, 1, 1, 1, 1, 1, 2]),
      'SM-A3': daily(T0, [30]),
    });
    const s = await create();
    const alert = (await alertRows(t, w.inst['SM-A1'])).find((a) => a.status === 'open')!;
    const [kase] = await t.db.orm
      .insert(actionCases)
      .values({
        category: 'breached',
        contractId: w.contractA,
        alertId: alert.alertId,
        instrumentId: w.inst['SM-A1'],
        title: 'SM-A1 WSL',
        openedAt: new Date(now),
      })
      .returning();
    const [near] = await t.db.orm
      .insert(sites)
      .values({
        contractId: w.contractA,
        siteName: 'Near pit',
        type: 'E',
        geometry: {
          type: 'Polygon',
          coordinates: [
            [
              [30070, 29950],
              [30100, 29950],
              [30100, 30000],
              [30070, 30000],
              [30070, 29950],
            ],
          ],
        },
      })
      .returning();
    await t.db.orm.insert(sites).values({
      contractId: w.contractA,
      siteName: 'Far drive',
      type: 'MT',
      geometry: {
        type: 'LineString',
        coordinates: [
          [31000, 31000],
          [32000, 31000],
        ],
      },
    });
    await t.db.orm.insert(sites).values({ contractId: w.contractB, siteName: 'B pit', type: 'E', geometry: { type: 'Point', coordinates: [30000, 30000] } });

    const res = await call(w.sessions.xuser, 'GET', `/critical-interfaces/${s.structure_id}/monitoring`);
    expect(res.statusCode, res.body).toBe(200);
    const m = res.json<TStructureMonitoring>();
    const statuses = (await call(w.sessions.xuser, 'GET', `/instruments/status?contracts=[${w.contractA}]`)).json<TInstrumentStatuses>().records;
    for (const i of m.instruments) {
      const st = statuses.find((r) => r.instrument_id === i.instrument_id)!;
      expect({ level_code: i.level_code, severity: i.severity, last_reading_at: i.last_reading_at }).toEqual({
        level_code: st.level_code,
        severity: st.severity,
        last_reading_at: st.last_reading_at,
      });
    }
    expect(m.instruments.map((i) => [i.name, i.level_code])).toEqual([
      ['SM-A1', 'WSL'],
      ['SM-A2', null],
    ]);
    const latest = (await call(w.sessions.xuser, 'GET', `/instruments/latest?ids=[${w.inst['SM-A1']}]`)).json<TLatestReadings>().records[0]!.readings[0]!;
    const a1 = m.instruments[0]!.latest[0]!;
    expect({ value: a1.value, taken_at: a1.taken_at }).toEqual({ value: latest.value, taken_at: latest.taken_at });
    // Seven days before now is day 3 (value 4): 29 - 4.
    expect(a1.change).toBe(25);
    // Every open alert of the linked instruments (SM-A1's; SM-A3's is not linked), and nothing closed.
    const open = [...(await alertRows(t, w.inst['SM-A1'])), ...(await alertRows(t, w.inst['SM-A2']))].filter((a) => a.status === 'open');
    expect(open.length).toBeGreaterThan(0);
    expect(m.alerts.map((a) => a.alert_id).sort((x, y) => x - y)).toEqual(open.map((a) => a.alertId).sort((x, y) => x - y));
    expect(new Set(m.alerts.map((a) => a.instrument_name))).toEqual(new Set(['SM-A1']));
    expect(m.cases.map((c) => c.case_id)).toEqual([kase!.caseId]);
    // 20 m from the outline, within 30 m; the far drive is not, and contract B's site is not the caller's.
    expect(m.sites).toEqual([{ site_id: near!.siteId, site_name: 'Near pit', type: 'E', contract_id: w.contractA, distance: 20 }]);
    const list = (await call(w.sessions.xuser, 'GET', '/critical-interfaces')).json<TStructureList>().records;
    expect(list[0]).toMatchObject({ instrument_count: 2, open_alert_count: open.length });
  });

  it('lets comments hang on a structure (category critical-interface) within its contract', async () => {
    const s = await create();
    const res = await call(w.sessions.manager, 'GET', `/comments?topic=critical-interface&ref_id=${s.structure_id}`);
    expect(res.statusCode, res.body).toBe(200);
    expect((await call(w.sessions.yuser, 'GET', `/comments?topic=critical-interface&ref_id=${s.structure_id}`)).statusCode).toBe(404);
    expect((await call(w.sessions.manager, 'GET', `/comments?topic=mining-works&ref_id=${s.structure_id}`)).statusCode).toBe(404);
  });
});
