/**
 * /civil/construction-site's list (issue 19): the scenario-category alerts whose instruments lie inside a construction
 * site's geometry or within a distance of it, in the caller's contracts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AlertKind, TSiteAlertList } from '@strata/shared';
import { alerts, alertScenarios, monitoringGroupMembers, monitoringGroups, sites } from '../../db/schema/index.js';
import { as, createTestApp, type Session, type TestApp } from '../../testing/harness.js';
import { createInstrument, createType, createWorld, type World } from '../../testing/master-data.js';

/** An excavation outline 100 m × 100 m with its south-west corner at (30000, 30000). */
const OUTLINE = {
  type: 'Polygon' as const,
  coordinates: [
    [
      [30000, 30000],
      [30100, 30000],
      [30100, 30100],
      [30000, 30100],
      [30000, 30000],
    ],
  ],
};
const RULE = { level_code: 'AL', min_count: 2, within_hours: 24, instrument_ids: [], group_ids: [] };

describe('a construction site’s scenario-based alerts', () => {
  let t: TestApp;
  let w: World;
  let siteA: number;
  let siteB: number;
  let bare: number;
  let tunnel: number;
  const alertIds: Record<string, number> = {};
  let keyNo = 0;

  const get = (who: Session, url: string) => as(t, who, { method: 'GET', url: `/api/v1${url}` });
  const list = async (who: Session, url: string) => {
    const res = await get(who, url);
    expect(res.statusCode, res.body).toBe(200);
    return res.json<TSiteAlertList>();
  };
  const ids = (l: TSiteAlertList) => l.records.map((r) => r.alert_id);

  beforeAll(async () => {
    t = await createTestApp();
    // xuser holds A, yuser B, manager both, all three with only the scenario-based alert viewers' task; nobody has no task.
    w = await createWorld(t, ['ViewScenarioBasedAlert']);
    const { type } = await createType(t.db, `SX${Math.random().toString(36).slice(2, 5).toUpperCase()}`);
    const inst = async (name: string, contractId: number, easting: number, northing: number) =>
      (await createInstrument(t.db, { name, contractId, typeId: type.typeId, easting, northing })).instrumentId;
    const inside = await inst('IN-1', w.contractA, 30050, 30050);
    const east40 = await inst('EAST-40', w.contractA, 30140, 30050);
    const far = await inst('FAR-1', w.contractA, 31000, 31000);
    const member = await inst('MEMBER-1', w.contractA, 30020, 30020);
    const named = await inst('NAMED-1', w.contractA, 30090, 30010);
    const insideB = await inst('IN-B', w.contractB, 30060, 30060);

    const site = async (contractId: number, siteName: string, type: 'E' | 'MT', geometry: unknown) =>
      (await t.db.orm.insert(sites).values({ contractId, siteName, type, geometry }).returning())[0]!.siteId;
    siteA = await site(w.contractA, 'Station Box A', 'E', OUTLINE);
    bare = await site(w.contractA, 'No Outline', 'E', null);
    tunnel = await site(w.contractA, 'Adit A', 'MT', {
      type: 'LineString',
      coordinates: [
        [30000, 29900],
        [30100, 29900],
      ],
    });
    siteB = await site(w.contractB, 'Station Box B', 'E', OUTLINE);

    const [group] = await t.db.orm.insert(monitoringGroups).values({ contractId: w.contractA, name: 'Box struts' }).returning();
    await t.db.orm.insert(monitoringGroupMembers).values({ groupId: group!.groupId, instrumentId: member });
    const scenario = async (contractId: number, name: string, kind: string, rule: object) =>
      (
        await t.db.orm
          .insert(alertScenarios)
          .values({ contractId, name, kind, rule: { ...RULE, ...rule } })
          .returning()
      )[0]!.scenarioId;
    const plain = await scenario(w.contractA, 'Box wall', 'scenario', {});
    const byGroup = await scenario(w.contractA, 'Struts watch', 'scenario', { group_ids: [group!.groupId] });
    const byName = await scenario(w.contractA, 'Corner watch', 'scenario', { instrument_ids: [named] });
    const wholeA = await scenario(w.contractA, 'Contract A', 'contract', {});
    const plainB = await scenario(w.contractB, 'Box wall B', 'scenario', {});

    const base = t.clock.now().getTime() - 86_400_000;
    let minute = 0;
    const alert = async (
      key: string,
      a: {
        contractId?: number;
        kind: AlertKind;
        instrumentId?: number;
        scenarioId?: number;
        groupId?: number;
        triggered?: number[];
        status?: 'open' | 'closed';
      },
    ) => {
      const at = new Date(base + ++minute * 60_000);
      const triggered = a.triggered ?? [];
      const [row] = await t.db.orm
        .insert(alerts)
        .values({
          contractId: a.contractId ?? w.contractA,
          kind: a.kind,
          openKey: `site-alerts-${++keyNo}`,
          instrumentId: a.instrumentId ?? null,
          scenarioId: a.scenarioId ?? null,
          groupId: a.groupId ?? null,
          levelCode: a.kind === 'breached' ? null : 'AL',
          status: a.status ?? 'open',
          openedAt: at,
          lastTriggeredAt: at,
          latestValue: triggered.length,
          detail: a.kind === 'breached' ? null : { instrument_ids: triggered, instruments: [], within_hours: 24, min_count: 2 },
          closedAt: a.status === 'closed' ? at : null,
          closeReason: a.status === 'closed' ? 'Checked' : null,
        })
        .returning();
      alertIds[key] = row!.alertId;
    };
    // Oldest first: the list shows them the other way round.
    await alert('scenarioInside', { kind: 'scenario', scenarioId: plain, triggered: [inside, far] });
    await alert('groupEast40', { kind: 'group', groupId: group!.groupId, triggered: [east40] });
    await alert('contractFar', { kind: 'contract', scenarioId: wholeA, triggered: [far] });
    await alert('breachedInside', { kind: 'breached', instrumentId: inside });
    await alert('scenarioByGroup', { kind: 'scenario', scenarioId: byGroup, triggered: [far] });
    await alert('scenarioByName', { kind: 'scenario', scenarioId: byName, triggered: [far] });
    await alert('closedInside', { kind: 'scenario', scenarioId: plain, triggered: [inside], status: 'closed' });
    await alert('contractB', { contractId: w.contractB, kind: 'scenario', scenarioId: plainB, triggered: [insideB] });
  });
  afterAll(() => t.close());

  it('lists the open scenario, group and contract alerts whose instruments are inside the site or within 50 m, newest first, with the site', async () => {
    const l = await list(w.sessions.xuser, `/civil/sites/${siteA}/alerts`);
    expect(ids(l)).toEqual([alertIds.scenarioByName, alertIds.scenarioByGroup, alertIds.groupEast40, alertIds.scenarioInside]);
    expect(l.total_records).toBe(4);
    expect(l.distance).toBe(50);
    expect(l.site).toEqual({
      site_id: siteA,
      site_name: 'Station Box A',
      contract_id: w.contractA,
      contract_no: expect.any(String),
      type: 'E',
      has_geometry: true,
    });
    const first = l.records[0]!;
    expect(first).toMatchObject({ kind: 'scenario', scenario_name: 'Corner watch', status: 'open', level_code: 'AL', contract_id: w.contractA });
    expect(first.message).not.toBe('');
  });

  it('lists an alert whose instrument is 40 m outside at distance 50 and not at 30', async () => {
    expect(ids(await list(w.sessions.xuser, `/civil/sites/${siteA}/alerts?distance=50`))).toContain(alertIds.groupEast40);
    const at30 = await list(w.sessions.xuser, `/civil/sites/${siteA}/alerts?distance=30`);
    expect(ids(at30)).not.toContain(alertIds.groupEast40);
    expect(ids(at30)).toContain(alertIds.scenarioInside);
    expect(at30.distance).toBe(30);
    expect(ids(await list(w.sessions.xuser, `/civil/sites/${siteA}/alerts?distance=40`))).toContain(alertIds.groupEast40);
  });

  it('leaves out alerts of instruments far away and alerts outside the scenario category', async () => {
    const l = await list(w.sessions.xuser, `/civil/sites/${siteA}/alerts?status=all&distance=500`);
    expect(ids(l)).not.toContain(alertIds.contractFar);
    expect(ids(l)).not.toContain(alertIds.breachedInside);
  });

  it("counts a scenario alert by its scenario's monitoring-group members and named instruments, not only its latest trigger", async () => {
    const l = await list(w.sessions.xuser, `/civil/sites/${siteA}/alerts?distance=0`);
    expect(ids(l)).toEqual(expect.arrayContaining([alertIds.scenarioByGroup, alertIds.scenarioByName, alertIds.scenarioInside]));
    expect(ids(l)).not.toContain(alertIds.groupEast40);
  });

  it('filters by status: open by default, closed, or all', async () => {
    expect(ids(await list(w.sessions.xuser, `/civil/sites/${siteA}/alerts`))).not.toContain(alertIds.closedInside);
    const closed = await list(w.sessions.xuser, `/civil/sites/${siteA}/alerts?status=closed`);
    expect(ids(closed)).toEqual([alertIds.closedInside]);
    expect(closed.records[0]!.close_reason).toBe('Checked');
    const all = await list(w.sessions.xuser, `/civil/sites/${siteA}/alerts?status=all`);
    expect(all.total_records).toBe(5);
    expect(ids(all)[0]).toBe(alertIds.closedInside);
  });

  it('pages with skip and limit, the total counting every match', async () => {
    const whole = ids(await list(w.sessions.xuser, `/civil/sites/${siteA}/alerts?status=all`));
    const p1 = await list(w.sessions.xuser, `/civil/sites/${siteA}/alerts?status=all&limit=2&skip=0`);
    const p2 = await list(w.sessions.xuser, `/civil/sites/${siteA}/alerts?status=all&limit=2&skip=2`);
    const p3 = await list(w.sessions.xuser, `/civil/sites/${siteA}/alerts?status=all&limit=2&skip=4`);
    expect([p1, p2, p3].map((p) => p.total_records)).toEqual([5, 5, 5]);
    expect([...ids(p1), ...ids(p2), ...ids(p3)]).toEqual(whole);
    expect(ids(p3)).toHaveLength(1);
  });

  it('searches by keyword as the alert lists do', async () => {
    const l = await list(w.sessions.xuser, `/civil/sites/${siteA}/alerts?keyword=CORNER`);
    expect(ids(l)).toEqual([alertIds.scenarioByName]);
    expect(l.total_records).toBe(1);
  });

  it('never shows alerts of contracts the caller does not hold, though their instruments lie in the site', async () => {
    expect(ids(await list(w.sessions.xuser, `/civil/sites/${siteA}/alerts`))).not.toContain(alertIds.contractB);
    expect(ids(await list(w.sessions.manager, `/civil/sites/${siteA}/alerts`))).toContain(alertIds.contractB);
    expect(ids(await list(w.sessions.manager, `/civil/sites/${siteB}/alerts`))).toContain(alertIds.contractB);
  });

  it("answers 404 for another contract's site or one that is not there", async () => {
    const other = await get(w.sessions.xuser, `/civil/sites/${siteB}/alerts`);
    expect(other.statusCode).toBe(404);
    expect(other.json()).toBe('Construction site not found');
    expect((await get(w.sessions.yuser, `/civil/sites/${siteA}/alerts`)).statusCode).toBe(404);
    expect((await get(w.sessions.xuser, '/civil/sites/999999/alerts')).statusCode).toBe(404);
  });

  it('needs a scenario-based alert viewer (403 without an alert task, 401 signed out)', async () => {
    expect((await get(w.sessions.nobody, `/civil/sites/${siteA}/alerts`)).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: `/api/v1/civil/sites/${siteA}/alerts` })).statusCode).toBe(401);
  });

  it('rejects a distance outside 0–500 m, an unknown status and a bad id with a clear message', async () => {
    const far = await get(w.sessions.xuser, `/civil/sites/${siteA}/alerts?distance=501`);
    expect(far.statusCode).toBe(400);
    expect(far.body).toContain('Distance is from 0 to 500 m');
    expect((await get(w.sessions.xuser, `/civil/sites/${siteA}/alerts?distance=-1`)).statusCode).toBe(400);
    expect((await get(w.sessions.xuser, `/civil/sites/${siteA}/alerts?distance=wide`)).statusCode).toBe(400);
    const status = await get(w.sessions.xuser, `/civil/sites/${siteA}/alerts?status=pending`);
    expect(status.statusCode).toBe(400);
    expect(status.body).toContain('Status is open, closed or all');
    expect((await get(w.sessions.xuser, '/civil/sites/abc/alerts')).statusCode).toBe(400);
  });

  it('lists nothing for a site without a geometry, and says so', async () => {
    const l = await list(w.sessions.xuser, `/civil/sites/${bare}/alerts?status=all&distance=500`);
    expect(l.records).toEqual([]);
    expect(l.total_records).toBe(0);
    expect(l.site.has_geometry).toBe(false);
  });

  it("measures from a mined tunnel's alignment", async () => {
    // The adit runs along northing 29900 from easting 30000 to 30100: NAMED-1 is 110 m away, MEMBER-1 120 m, IN-1 150 m, EAST-40 155 m.
    expect(ids(await list(w.sessions.xuser, `/civil/sites/${tunnel}/alerts?distance=100`))).toEqual([]);
    const l = await list(w.sessions.xuser, `/civil/sites/${tunnel}/alerts?distance=125`);
    expect(l.site.type).toBe('MT');
    expect(ids(l)).toEqual([alertIds.scenarioByName, alertIds.scenarioByGroup]);
  });
});
