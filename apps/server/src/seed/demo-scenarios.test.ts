import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SCENARIO_CATEGORY_KINDS, type TSiteAlertList, type TSiteGeometry } from '@strata/shared';
import { eq } from 'drizzle-orm';
import { buildApp, type App } from '../app.js';
import { testConfig } from '../config.js';
import { sites } from '../db/schema/index.js';
import { geometryDistance } from '../modules/structures/geometry-distance.js';
import { createLocalStorage } from '../platform/storage.js';
import { createTestDatabase, type TestDatabase } from '../platform/test-database.js';
import { as, signIn, type TestApp } from '../testing/harness.js';
import { tempDataDir } from '../testing/master-data.js';
import { DEMO_USERS, seedDemo } from './demo.js';
import { DEMO_GROUPS, DEMO_SCENARIOS } from './demo-scenarios.js';

const DAY = 86_400_000;

describe('demo monitoring groups and scenarios', () => {
  let tdb: TestDatabase;
  let built: App;
  let t: TestApp;
  let now: number;
  beforeAll(async () => {
    tdb = await createTestDatabase();
    const dataDir = tempDataDir('demo-scenarios');
    now = Date.now();
    await seedDemo(tdb.db, createLocalStorage(path.join(dataDir, 'files')));
    built = await buildApp({ config: testConfig({ dataDir }), db: tdb.db });
    await built.app.ready();
    t = { app: built.app } as TestApp;
  });
  afterAll(async () => {
    await built.app.close();
    await tdb.drop();
  });

  const siteAlerts = async (name: string) => {
    const [site] = await tdb.db.orm.select().from(sites).where(eq(sites.siteName, name));
    const admin = DEMO_USERS.find((u) => u.loginName === 'admin')!;
    const s = await signIn(t, admin.loginName, admin.password);
    const res = await as(t, s, { method: 'GET', url: `/api/v1/civil/sites/${site!.siteId}/alerts?status=all` });
    expect(res.statusCode, res.body).toBe(200);
    return { site: site!, list: res.json<TSiteAlertList>() };
  };

  /** The instruments behind an alert's latest trigger, with their positions. */
  const triggerInstruments = async (alertId: number) =>
    (
      await tdb.db.query<{ easting: number; northing: number; name: string }>(
        `select i.easting, i.northing, i.name from alerts a
           cross join jsonb_array_elements_text(a.detail->'instrument_ids') x(id)
           join instruments i on i.instrument_id = x.id::int
          where a.alert_id = $1`,
        [alertId],
      )
    ).rows;

  it('sets up the groups and scenarios near the construction sites, each with members, before the alerts were replayed', async () => {
    const groups = await tdb.db.query<{ name: string; members: number; created: Date | string }>(
      `select g.name, (select count(*)::int from monitoring_group_members m where m.group_id = g.group_id) as members, g.created_at as created
         from monitoring_groups g order by g.group_id`,
    );
    expect(groups.rows.map((g) => g.name)).toEqual(DEMO_GROUPS.map((g) => g.name));
    for (const g of groups.rows) {
      expect(g.members).toBeGreaterThan(0);
      expect(new Date(g.created).getTime()).toBeLessThan(now - 30 * DAY);
    }
    const scenarios = await tdb.db.query<{ name: string; kind: string; rule: { instrument_ids: number[]; group_ids: number[] } }>(
      `select name, kind, rule from alert_scenarios order by scenario_id`,
    );
    expect(scenarios.rows.map((s) => s.name)).toEqual(DEMO_SCENARIOS.map((s) => s.name));
    for (const s of scenarios.rows) {
      expect(s.kind).toBe('scenario');
      expect(s.rule.instrument_ids.length + s.rule.group_ids.length).toBeGreaterThan(0);
    }
  });

  it('lists a group alert raised from the demo readings on the Marina South box page, its instruments beside the box', async () => {
    const { site, list } = await siteAlerts('Marina South Station Box');
    const raised = list.records.filter((a) => (SCENARIO_CATEGORY_KINDS as readonly string[]).includes(a.kind));
    expect(raised.length).toBeGreaterThanOrEqual(1);
    const group = raised.find((a) => a.kind === 'group')!;
    expect(group).toBeDefined();
    // Opened by the replay on a real day of the last 30 days, not at the first start.
    const openedAt = new Date(group.opened_at).getTime();
    expect(openedAt).toBeGreaterThan(now - 31 * DAY);
    expect(openedAt).toBeLessThan(now - DAY);
    const members = await triggerInstruments(group.alert_id);
    expect(members.length).toBeGreaterThanOrEqual(1);
    for (const m of members) {
      expect(geometryDistance(site.geometry as TSiteGeometry, { type: 'Point', coordinates: [m.easting, m.northing] })).toBeLessThanOrEqual(50);
    }
  });

  it('raises the Bayshore and Gardens scenarios from two or more instruments near the site at once', async () => {
    for (const name of ['Bayshore Station Box', 'Gardens NATM Adit']) {
      const { site, list } = await siteAlerts(name);
      const scenario = list.records.find((a) => a.kind === 'scenario');
      expect(scenario, name).toBeDefined();
      const members = await triggerInstruments(scenario!.alert_id);
      expect(members.length, name).toBeGreaterThanOrEqual(2);
      const within = DEMO_SCENARIOS.find((s) => s.site === name)!.instruments?.within ?? 50;
      for (const m of members) {
        expect(geometryDistance(site.geometry as TSiteGeometry, { type: 'Point', coordinates: [m.easting, m.northing] }), m.name).toBeLessThanOrEqual(within);
      }
    }
  });

  it('raises one alert per demo group rule and scenario, each naming the rule it was raised by', async () => {
    const rows = await tdb.db.query<{ kind: string; name: string }>(
      `select a.kind, coalesce(g.name, s.name) as name from alerts a
         left join monitoring_groups g on g.group_id = a.group_id left join alert_scenarios s on s.scenario_id = a.scenario_id
        where a.kind in ('group', 'scenario')`,
    );
    const expected = [...DEMO_GROUPS.filter((g) => g.rule).map((g) => `group: ${g.name}`), ...DEMO_SCENARIOS.map((s) => `scenario: ${s.name}`)];
    expect(rows.rows.map((r) => `${r.kind}: ${r.name}`).sort()).toEqual(expected.sort());
  });
});
