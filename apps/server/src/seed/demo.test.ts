import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DEFAULT_SETTINGS,
  SCENARIO_CATEGORY_KINDS,
  type TAlertSummary,
  type TConfig,
  type TInstrumentDesignValues,
  type TInstrumentList,
  type TInstrumentPlanList,
  type TProjectRisks,
  type TSiteAlertList,
  type TSiteDrawingList,
  type TSiteGeometry,
  type TSyncResponse,
} from '@strata/shared';
import { eq, sql } from 'drizzle-orm';
import { buildApp, type App } from '../app.js';
import { testConfig } from '../config.js';
import { contracts, instruments, sites, users } from '../db/schema/index.js';
import { geometryDistance } from '../modules/structures/geometry-distance.js';
import { createLocalStorage } from '../platform/storage.js';
import { createTestDatabase, type TestDatabase } from '../platform/test-database.js';
import { as, signIn, type TestApp } from '../testing/harness.js';
import { countRows, tempDataDir } from '../testing/master-data.js';
import { DEMO_USERS, seedDemo } from './demo.js';
import { DEMO_GROUPS, DEMO_SCENARIOS } from './demo-scenarios.js';
import { seedMasterData } from './demo-master-data.js';

describe('demo data', () => {
  let tdb: TestDatabase;
  let built: App;
  let now: number;
  beforeAll(async () => {
    tdb = await createTestDatabase();
    const dataDir = tempDataDir('demo');
    now = Date.now();
    // As main.ts does: the seed writes the station layer's file where the app reads its files.
    await seedDemo(tdb.db, createLocalStorage(path.join(dataDir, 'files')));
    built = await buildApp({ config: testConfig({ dataDir }), db: tdb.db });
    await built.app.ready();
  });
  afterAll(async () => {
    await built.app.close();
    await tdb.drop();
  });

  it('seeds 28 boreholes in SVY21 inside the map bounds, each contract with its own, with strata and SPT or cone data', async () => {
    const bh = await tdb.db.query<{ no: string; contract: string; easting: number; northing: number; crs: number; geol: number; ispt: number; stcn: number }>(
      `select b.borehole_no as no, c.no as contract, b.easting, b.northing, b.crs,
              (select count(*)::int from borehole_geol g where g.version_id = b.version_id) as geol,
              (select count(*)::int from borehole_ispt i where i.version_id = b.version_id) as ispt,
              (select count(*)::int from borehole_stcn s where s.version_id = b.version_id) as stcn
         from boreholes b join contracts c using (contract_id) order by b.borehole_no`,
    );
    expect(bh.rows).toHaveLength(28);
    expect(new Set(bh.rows.map((r) => r.contract))).toEqual(new Set(['T301', 'T302', 'C303']));
    const [b0, b1, b2, b3] = DEFAULT_SETTINGS.map_bounds as [number, number, number, number];
    for (const r of bh.rows) {
      expect(r.no.startsWith(`${r.contract}-BH`)).toBe(true);
      expect(r.crs).toBe(3414);
      expect(r.easting >= b0 && r.easting <= b2 && r.northing >= b1 && r.northing <= b3).toBe(true);
      expect(r.geol > 0 && r.ispt > 0 ? 'bored' : r.stcn > 0 ? 'cone' : 'empty').not.toBe('empty');
    }
  });

  it('seeds at least 500 instruments along the alignment, each with thresholds at CL, AL, PDL and WSL', async () => {
    expect(await countRows(tdb.db, instruments)).toBeGreaterThanOrEqual(500);
    const perInstrument = await tdb.db.query<{ levels: string[] }>(
      `select array_agg(distinct l.code order by l.code) as levels from instruments i
         left join thresholds t on t.instrument_id = i.instrument_id left join alert_levels l on l.level_id = t.level_id
        group by i.instrument_id`,
    );
    expect(perInstrument.rows.every((r) => JSON.stringify(r.levels) === JSON.stringify(['AL', 'CL', 'PDL', 'WSL']))).toBe(true);
    // AL ≈ 70 % of WSL: settlement markers at ±20 / ±28 mm (rounded: 19.6).
    const sm = await tdb.db.query<{ code: string; upper: number; lower: number }>(
      `select l.code, t.upper, t.lower from thresholds t join alert_levels l using (level_id) join instruments i using (instrument_id)
        where i.name = 'SM-T301-0001' order by l.sort_order`,
    );
    expect(sm.rows.map((r) => [r.code, r.upper, r.lower])).toEqual([
      ['CL', 14, -14],
      ['AL', 19.6, -19.6],
      ['PDL', 23.8, -23.8],
      ['WSL', 28, -28],
    ]);
    const [b0, b1, b2, b3] = DEFAULT_SETTINGS.map_bounds!;
    const outside = await tdb.db.orm
      .select({ n: sql<number>`count(*)::int` })
      .from(instruments)
      .where(sql`not (easting between ${b0} and ${b2} and northing between ${b1} and ${b3})`);
    expect(outside[0]!.n).toBe(0);
    const withBoundary = await tdb.db.orm
      .select({ n: sql<number>`count(*)::int` })
      .from(contracts)
      .where(sql`boundary is not null`);
    expect(withBoundary[0]!.n).toBe(3);
  });

  it('shows a contractor only the instruments of their contracts, and the configuration its master data', async () => {
    const t = { app: built.app } as TestApp;
    const contractor = DEMO_USERS.find((u) => u.loginName === 'contractor')!;
    const s = await signIn(t, contractor.loginName, contractor.password);
    const list = (await as(t, s, { method: 'GET', url: '/api/v1/instruments?limit=1000' })).json<TInstrumentList>();
    expect(list.total_records).toBe(360);
    expect(new Set(list.records.map((r) => r.contract_no))).toEqual(new Set(['T301', 'T302']));
    const config = (await as(t, s, { method: 'GET', url: '/api/v1/config' })).json<TConfig>();
    expect(config.thresholds.map((l) => l.code)).toEqual(['CL', 'AL', 'PDL', 'WSL']);
    expect(config.instruments.map((i) => i.code)).toContain('INC');
    expect(config.readings.find((r) => r.type_code === 'SM')).toMatchObject({ code: 'DSPA', unit: 'mm', precision: 2 });
    expect(config.map_layers.find((l) => l.kind === 'base')?.url).toContain('{z}');
    expect(config.zones.length).toBe(6);
  });

  it('seeds a station layer whose stations lie along the demo contracts, inside the map bounds', async () => {
    const t = { app: built.app } as TestApp;
    const contractor = DEMO_USERS.find((u) => u.loginName === 'contractor')!;
    const s = await signIn(t, contractor.loginName, contractor.password);
    const config = (await as(t, s, { method: 'GET', url: '/api/v1/config' })).json<TConfig>();
    const layer = config.map_layers.find((l) => l.kind === 'stations');
    expect(layer).toMatchObject({ source: 'geojson', file_name: 'mrt-stations.geojson' });
    expect(config.stations.map((st) => st.name)).toEqual([
      'Marina Bay',
      'Marina South',
      'Marina Way',
      'Gardens by the Bay',
      'Tanjong Rhu',
      'Bayshore',
      'Bedok South',
    ]);
    expect(config.stations.every((st) => st.layer_id === layer!.layer_id)).toBe(true);
    const [b0, b1, b2, b3] = DEFAULT_SETTINGS.map_bounds!;
    expect(config.stations.every((st) => st.easting >= b0! && st.easting <= b2! && st.northing >= b1! && st.northing <= b3!)).toBe(true);
    // Bayshore station is at the Bayshore Station Box: inside the extent of the site's outline.
    const box = (await tdb.db.orm.select().from(sites)).find((x) => x.siteName === 'Bayshore Station Box')!;
    const ring = (box.geometry as { coordinates: number[][][] }).coordinates[0]!;
    const bayshore = config.stations.find((st) => st.name === 'Bayshore')!;
    const es = ring.map((p) => p[0]!);
    const ns = ring.map((p) => p[1]!);
    expect(bayshore.easting).toBeGreaterThan(Math.min(...es));
    expect(bayshore.easting).toBeLessThan(Math.max(...es));
    expect(bayshore.northing).toBeGreaterThan(Math.min(...ns));
    expect(bayshore.northing).toBeLessThan(Math.max(...ns));
  });

  it('looks like a healthy project with a few real problems to a new user: alerts opened when their breaches arrived, two late loggers', async () => {
    const t = { app: built.app } as TestApp;
    const admin = DEMO_USERS.find((u) => u.loginName === 'admin')!;
    const s = await signIn(t, admin.loginName, admin.password);
    const summary = (await as(t, s, { method: 'GET', url: '/api/v1/alerts/summary' })).json<TAlertSummary>();
    const open = Object.fromEntries(summary.tiles.map((tile) => [tile.key, tile.open_count]));
    expect(open.missing).toBe(2);
    // Breaches at every level, on fewer than one instrument in ten.
    expect(summary.breached_by_level.filter((l) => l.open_count > 0).map((l) => l.level_code)).toEqual(['CL', 'AL', 'PDL', 'WSL']);
    const [share] = (
      await tdb.db.query<{ breached: number; all: number }>(
        `select (select count(distinct instrument_id) from alerts where kind = 'breached' and status = 'open')::int breached,
                (select count(*) from instruments)::int "all"`,
      )
    ).rows;
    expect(share!.breached).toBeGreaterThan(5);
    expect(share!.breached).toBeLessThan(share!.all / 10);
    // Opened over the last month, not all at the first start.
    const opened = await tdb.db.query<{ days: number; latest: Date }>(
      `select count(distinct date_trunc('day', opened_at))::int days, max(opened_at) latest from alerts where kind = 'breached'`,
    );
    expect(opened.rows[0]!.days).toBeGreaterThan(5);
    expect(opened.rows[0]!.latest.getTime()).toBeLessThan(Date.now());
    // The risk: not every contract at Very High, and a trend that moves over the month.
    const risks = (await as(t, s, { method: 'GET', url: '/api/v1/alerts/project-risks' })).json<TProjectRisks>();
    const totals = risks.records.filter((r) => r.zone_id === null && r.zone_name === null);
    expect(totals).toHaveLength(3);
    expect(totals.some((r) => r.rating !== 'Very High')).toBe(true);
    expect(totals.every((r) => new Set(r.trend.map((d) => d.score)).size > 2)).toBe(true);
  });

  it('draws a predicted line on a demo settlement marker by Marina South, and reads the instrument plans as planned > installed ≥ reading', async () => {
    const t = { app: built.app } as TestApp;
    const admin = DEMO_USERS.find((u) => u.loginName === 'admin')!;
    const s = await signIn(t, admin.loginName, admin.password);
    const [marker] = (
      await tdb.db.query<{ id: number }>(
        `select distinct p.instrument_id id from design_predictions p join sites s using (site_id) join instruments i using (instrument_id)
           join instrument_types ty on ty.type_id = i.type_id
          where s.site_name = 'Marina South Station Box' and ty.code = 'SM' order by 1 limit 1`,
      )
    ).rows;
    const values = (await as(t, s, { method: 'GET', url: `/api/v1/instruments/${marker!.id}/design-values` })).json<TInstrumentDesignValues>();
    const marina = values.sites.find((site) => site.site_name === 'Marina South Station Box')!;
    expect(marina.current).toEqual([expect.objectContaining({ reading_code: 'DSPA', stage_no: marina.current_stage_no })]);
    const plans = (await as(t, s, { method: 'GET', url: '/api/v1/instrument-plans' })).json<TInstrumentPlanList>();
    const sum = (key: 'planned' | 'installed' | 'reading') => plans.totals.reduce((n, total) => n + total[key], 0);
    expect(sum('planned')).toBeGreaterThan(sum('installed'));
    expect(sum('installed')).toBeGreaterThanOrEqual(sum('reading'));
    // The demo instruments read (a year of readings): most plan rows are reading.
    expect(sum('reading')).toBeGreaterThan(sum('installed') / 2);
  });

  it('shows a new user the adit’s progress drawing on the map: a placed PNG of two weeks ago that downloads with the resource token', async () => {
    const t = { app: built.app } as TestApp;
    const contractor = DEMO_USERS.find((u) => u.loginName === 'contractor')!;
    const s = await signIn(t, contractor.loginName, contractor.password);
    const adit = (await tdb.db.orm.select().from(sites)).find((x) => x.siteName === 'Gardens NATM Adit')!;
    const list = (await as(t, s, { method: 'GET', url: `/api/v1/civil/sites/${adit.siteId}/drawings` })).json<TSiteDrawingList>();
    expect(list.records).toHaveLength(1);
    const drawing = list.records[0]!;
    expect(drawing).toMatchObject({ content_type: 'image/png', uploaded_by: DEMO_USERS[0]!.fullname });
    expect(drawing.extent).not.toBeNull();
    const daysAgo = (Date.now() - Date.parse(`${drawing.drawing_date}T00:00:00+08:00`)) / 86_400_000;
    expect(daysAgo).toBeGreaterThan(13);
    expect(daysAgo).toBeLessThan(16);
    const file = await built.app.inject({ method: 'GET', url: `${drawing.url}?_token=${s.resourceToken}` });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/png');
    expect(file.rawPayload.subarray(1, 4).toString()).toBe('PNG');
  });

  it('gives the authority user an authority role without uploads, and shows every demo account as set up by an administrator', async () => {
    const t = { app: built.app } as TestApp;
    const admin = DEMO_USERS.find((u) => u.loginName === 'admin')!;
    const s = await signIn(t, admin.loginName, admin.password);
    const list = (await as(t, s, { method: 'GET', url: '/api/v1/admin/users?limit=100' })).json<{
      records: { login_name: string; role_name: string; source: string }[];
    }>();
    const byLogin = Object.fromEntries(list.records.map((u) => [u.login_name, u]));
    expect(byLogin.authority).toMatchObject({ role_name: 'Authority Engineer', source: 'admin' });
    expect(byLogin.contractor).toMatchObject({ role_name: 'Contractor Engineer', source: 'admin' });
    const authority = DEMO_USERS.find((u) => u.loginName === 'authority')!;
    const a = await signIn(t, authority.loginName, authority.password);
    const me = (await as(t, a, { method: 'GET', url: '/api/v1/sync' })).json<TSyncResponse>();
    expect(me.profile.role_name).toBe('Authority Engineer');
    expect(me.permissions).toContain('ViewInstrumentData');
    expect(me.permissions.filter((p) => p.startsWith('Upload'))).toEqual([]);
  });

  // The groups and scenarios the seed sets up, and the alerts its replay raised, on the same seeded database.
  describe('demo monitoring groups and scenarios', () => {
    const DAY = 86_400_000;

    const siteAlerts = async (name: string) => {
      const [site] = await tdb.db.orm.select().from(sites).where(eq(sites.siteName, name));
      const admin = DEMO_USERS.find((u) => u.loginName === 'admin')!;
      const t = { app: built.app } as TestApp;
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
});

describe('seeding the master data', () => {
  // How long it takes is not asserted here (timing belongs to benchmarks, docs/benchmarks.md "Demo data").
  it('writes the 540 demo instruments with their thresholds in one transaction', async () => {
    const tdb = await createTestDatabase();
    try {
      const [admin] = await tdb.db.orm
        .insert(users)
        .values({ loginName: 'seed', fullname: 'Seed', email: 'seed@example.com', userType: 2, status: 'active' })
        .returning();
      const created = await tdb.db.orm
        .insert(contracts)
        .values([
          { no: 'T301', title: 'a', easting: 30350.5, northing: 28620.2 },
          { no: 'T302', title: 'b', easting: 32810.0, northing: 30105.7 },
          { no: 'C303', title: 'c', easting: 35240.8, northing: 31460.3 },
        ])
        .returning();
      const result = await tdb.db.orm.transaction((tx) => seedMasterData(tx, { contracts: created, adminId: admin!.userId }));
      expect(result.instruments).toBe(540);
      expect(result.thresholds).toBeGreaterThan(2000);
      expect(Number((await tdb.db.query<{ n: string }>('select count(*) as n from instruments')).rows[0]!.n)).toBe(540);
    } finally {
      await tdb.drop();
    }
  });
});
