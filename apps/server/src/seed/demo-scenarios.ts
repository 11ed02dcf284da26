/**
 * Demo monitoring groups and alert scenarios (issues 9 and 19, schemas/alert-rules.ts), seeded inside `seedDemo`'s
 * transaction before the demo alerts (alerts.seed.ts), so the engine's replay of the last 30 days of demo readings
 * raises real group and scenario alerts near the construction sites (/civil/construction-site) — none is written by
 * hand. As a monitoring engineer sets them up for the works:
 * - Marina South Station Box (T301): a group of the settlement markers and inclinometers within 50 m of the box's
 *   outline, any one of them at AL or above within a day raising the group alert.
 * - Bayshore Station Box (C303): a group of every instrument within 50 m of the box (no rule of its own) and a
 *   scenario over it: two or more of them at CL or above within a day.
 * - Gardens NATM Adit (T302): a scenario over the settlement markers, tunnel monitoring points and inclinometers within
 *   100 m of the adit's alignment (its zone of influence): two or more at AL or above within a week.
 * The members are chosen by distance from the sites' geometries (planar SVY21), in instrument order: deterministic.
 * The rules are dated a day before the replayed 30 days, as if set up before them.
 */
import { and, eq, inArray } from 'drizzle-orm';
import type { TGroupRule, TScenarioRule, TSiteGeometry } from '@strata/shared';
import type { Executor } from '../db/client.js';
import { alertScenarios, instruments, instrumentTypes, monitoringGroupMembers, monitoringGroups, sites } from '../db/schema/index.js';
import { geometryDistance } from '../modules/structures/geometry-distance.js';

const DAY = 86_400_000;

interface Members {
  /** The construction site the instruments are near. */
  site: string;
  /** Instrument types (codes) of the site's contract. */
  types: readonly string[];
  /** Metres from the site's geometry. */
  within: number;
}

/** The demo groups: members near a site, and the group's own rule (null: only for a scenario to refer to). */
export const DEMO_GROUPS: readonly (Members & { name: string; description: string; rule: TGroupRule | null })[] = [
  {
    name: 'Marina South box — settlement markers',
    description: 'The settlement markers and inclinometers within 50 m of the Marina South Station Box: any one of them at AL or above within a day.',
    site: 'Marina South Station Box',
    types: ['SM', 'INC'],
    within: 50,
    rule: { min_count: 1, level_code: 'AL', within_hours: 24 },
  },
  {
    name: 'Bayshore box — instruments within 50 m',
    description: 'Every instrument within 50 m of the Bayshore Station Box (the scenario "Bayshore box — two or more instruments at CL" watches them).',
    site: 'Bayshore Station Box',
    types: ['SM', 'INC', 'SPIE', 'VWP', 'SG', 'TMU', 'VM', 'ETR', 'LC'],
    within: 50,
    rule: null,
  },
];

/** The demo scenarios (kind scenario): over the members of named demo groups and/or the instruments near a site. */
export const DEMO_SCENARIOS: readonly {
  name: string;
  description: string;
  /** The contract's site (the scenario's contract is the site's). */
  site: string;
  groups: readonly string[];
  instruments: Omit<Members, 'site'> | null;
  rule: Pick<TScenarioRule, 'level_code' | 'min_count' | 'within_hours'>;
}[] = [
  {
    name: 'Bayshore box — two or more instruments at CL',
    description: 'Two or more instruments within 50 m of the Bayshore Station Box at CL or above within a day: the ground around the box is responding.',
    site: 'Bayshore Station Box',
    groups: ['Bayshore box — instruments within 50 m'],
    instruments: null,
    rule: { level_code: 'CL', min_count: 2, within_hours: 24 },
  },
  {
    name: 'Gardens adit — two or more at AL',
    description:
      'Two or more settlement markers, tunnel monitoring points or inclinometers within 100 m of the Gardens NATM Adit at AL or above within a week.',
    site: 'Gardens NATM Adit',
    groups: [],
    instruments: { types: ['SM', 'TMU', 'INC'], within: 100 },
    rule: { level_code: 'AL', min_count: 2, within_hours: 24 * 7 },
  },
];

export interface DemoScenariosResult {
  /** Group ids by name. */
  groups: Map<string, number>;
  /** Scenario ids by name. */
  scenarios: Map<string, number>;
}

/** Seeds the demo groups and scenarios, created by `adminId`; `now` is the first start. */
export async function seedDemoScenarios(tx: Executor, adminId: number, now: Date): Promise<DemoScenariosResult> {
  const created = new Date(now.getTime() - 31 * DAY);
  const names = [...new Set([...DEMO_GROUPS.map((g) => g.site), ...DEMO_SCENARIOS.map((s) => s.site)])];
  const siteRows = await tx
    .select({ siteName: sites.siteName, contractId: sites.contractId, geometry: sites.geometry })
    .from(sites)
    .where(inArray(sites.siteName, names));
  const siteOf = (name: string) => {
    const site = siteRows.find((s) => s.siteName === name);
    if (!site?.geometry) throw new Error(`seed: demo site ${name} missing or without a geometry`);
    return { contractId: site.contractId, geometry: site.geometry as TSiteGeometry };
  };
  /** The instruments of the site's contract of these types within the distance of its geometry, in id order. */
  const near = async (site: string, m: Omit<Members, 'site'>) => {
    const s = siteOf(site);
    const found = await tx
      .select({ id: instruments.instrumentId, easting: instruments.easting, northing: instruments.northing })
      .from(instruments)
      .innerJoin(instrumentTypes, eq(instrumentTypes.typeId, instruments.typeId))
      .where(and(eq(instruments.contractId, s.contractId), inArray(instrumentTypes.code, [...m.types])))
      .orderBy(instruments.instrumentId);
    const ids = found.filter((i) => geometryDistance(s.geometry, { type: 'Point', coordinates: [i.easting, i.northing] }) <= m.within).map((i) => i.id);
    if (ids.length === 0) throw new Error(`seed: no demo instrument within ${m.within} m of ${site}`);
    return ids;
  };

  const groups = new Map<string, number>();
  for (const g of DEMO_GROUPS) {
    const members = await near(g.site, g);
    const [row] = await tx
      .insert(monitoringGroups)
      .values({
        contractId: siteOf(g.site).contractId,
        name: g.name,
        description: g.description,
        rule: g.rule,
        createdBy: adminId,
        createdAt: created,
        updatedAt: created,
      })
      .returning({ id: monitoringGroups.groupId });
    if (!row) throw new Error(`seed: group ${g.name} not created`);
    await tx.insert(monitoringGroupMembers).values(members.map((instrumentId) => ({ groupId: row.id, instrumentId })));
    groups.set(g.name, row.id);
  }

  const scenarios = new Map<string, number>();
  for (const s of DEMO_SCENARIOS) {
    const groupIds = s.groups.map((name) => {
      const id = groups.get(name);
      if (id === undefined) throw new Error(`seed: demo group ${name} missing`);
      return id;
    });
    const rule: TScenarioRule = { ...s.rule, group_ids: groupIds, instrument_ids: s.instruments ? await near(s.site, s.instruments) : [] };
    const [row] = await tx
      .insert(alertScenarios)
      .values({
        contractId: siteOf(s.site).contractId,
        name: s.name,
        description: s.description,
        kind: 'scenario',
        rule,
        createdBy: adminId,
        createdAt: created,
        updatedAt: created,
      })
      .returning({ id: alertScenarios.scenarioId });
    if (!row) throw new Error(`seed: scenario ${s.name} not created`);
    scenarios.set(s.name, row.id);
  }
  return { groups, scenarios };
}
