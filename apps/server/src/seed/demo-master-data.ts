/**
 * Demo master data (issue 6), seeded inside `seedDemo`'s transaction: instrument categories and types with their
 * reading codes, the CL/AL/PDL/WSL alert levels, 540 instruments along the tunnel alignment of the three demo
 * contracts with thresholds at every level, zones, two excavation sites and a mined tunnel, and map layers (with a
 * station layer: a GeoJSON file of the railway stations near the works, written to the files storage when given).
 * Positions are SVY21 metres spaced along a polyline through the contracts' reference points; values are
 * deterministic (a seeded generator), so every first start looks the same. Everything goes in a few batched inserts.
 *
 * Longer than the 400 lines the lint allows: most of it is the demo's data tables (types, reading codes, levels,
 * layers), which read best in one place.
 */
/* eslint max-lines: ["error", { "max": 520, "skipBlankLines": true, "skipComments": true }] */
import { eq } from 'drizzle-orm';
import { SEVERITY_COLORS, svy21ToWgs84Rounded, type TPolygon } from '@strata/shared';
import type { Executor } from '../db/client.js';
import { randomKey, type Storage } from '../platform/storage.js';
import { rng } from './demo-random.js';
import { DEMO_ADIT_CHAINAGE_START, demoAditTargets, demoStagePlan } from './demo-construction.js';
import {
  alertLevels,
  contracts,
  instrumentCategories,
  instrumentTypes,
  instruments,
  mapLayers,
  readingCodes,
  sites,
  thresholds,
  zones,
} from '../db/schema/index.js';

type Pt = [number, number];

const round = (v: number, d = 3) => Math.round(v * 10 ** d) / 10 ** d;
const lerp = (a: Pt, b: Pt, t: number): Pt => [a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t];

/** The point at fraction t (0..1) along a segment, offset sideways by `side` metres, and the segment's unit normal. */
function along(a: Pt, b: Pt, t: number, side: number): Pt {
  const len = Math.hypot(b[0] - a[0], b[1] - a[1]);
  const n: Pt = [-(b[1] - a[1]) / len, (b[0] - a[0]) / len];
  const p = lerp(a, b, t);
  return [round(p[0] + n[0] * side), round(p[1] + n[1] * side)];
}

/** A rectangle around the segment a→b, `half` metres either side (a closed GeoJSON ring, SVY21). */
function corridor(a: Pt, b: Pt, half: number): TPolygon {
  const ring = [along(a, b, 0, -half), along(a, b, 1, -half), along(a, b, 1, half), along(a, b, 0, half)];
  return { type: 'Polygon', coordinates: [[...ring, ring[0]!]] };
}

interface TypeSeed {
  code: string;
  name: string;
  category: string;
  icon: string;
  lta: string;
  hasDepth?: boolean;
  frequency: string;
  /** Instruments of this type per contract. */
  perContract: number;
  codes: { code: string; description: string; unit: string; precision?: number; min?: number; max?: number; is_result?: boolean }[];
  /** Threshold at WSL per reading code: `both` = ±, `upper`/`lower` = one side. CL 50 %, AL 70 %, PDL 85 % of WSL. */
  wsl: number;
  side: 'both' | 'upper' | 'lower';
}

const TYPES: TypeSeed[] = [
  {
    code: 'SM',
    name: 'Settlement Marker',
    category: 'Ground Movement',
    icon: 'circle',
    lta: 'GSM',
    frequency: 'daily',
    perContract: 90,
    codes: [{ code: 'DSPA', description: 'Settlement', unit: 'mm', min: -1000, max: 1000 }],
    wsl: 28,
    side: 'both',
  },
  {
    code: 'INC',
    name: 'Inclinometer',
    category: 'Ground Movement',
    icon: 'triangle',
    lta: 'ICL',
    hasDepth: true,
    frequency: 'weekly',
    perContract: 15,
    codes: [
      { code: 'A', description: 'A-axis displacement (cumulative from toe)', unit: 'mm', min: -500, max: 500 },
      { code: 'B', description: 'B-axis displacement (cumulative from toe)', unit: 'mm', min: -500, max: 500 },
    ],
    wsl: 40,
    side: 'both',
  },
  {
    code: 'SPIE',
    name: 'Water Standpipe',
    category: 'Groundwater',
    icon: 'inverted-triangle',
    lta: 'SPW',
    frequency: 'twice-weekly',
    perContract: 15,
    codes: [{ code: 'WL', description: 'Water level', unit: 'mRL', min: 50, max: 120 }],
    wsl: 3,
    side: 'lower',
  },
  {
    code: 'VWP',
    name: 'Vibrating Wire Piezometer',
    category: 'Groundwater',
    icon: 'diamond',
    lta: 'VWP',
    frequency: '6-hourly',
    perContract: 15,
    codes: [{ code: 'PP', description: 'Pore pressure change', unit: 'kPa', min: -500, max: 1000 }],
    wsl: 30,
    side: 'both',
  },
  {
    code: 'SG',
    name: 'Strain Gauge',
    category: 'Structural',
    icon: 'square',
    lta: 'VSG',
    frequency: 'daily',
    perContract: 15,
    codes: [{ code: 'STR', description: 'Strain', unit: 'µε', precision: 1, min: -3000, max: 3000 }],
    wsl: 300,
    side: 'both',
  },
  {
    code: 'TMU',
    name: 'Tiltmeter',
    category: 'Structural',
    icon: 'pentagon',
    lta: 'TLM',
    frequency: 'hourly',
    perContract: 10,
    codes: [
      { code: 'TA', description: 'Tilt A', unit: 'deg', precision: 4, min: -10, max: 10 },
      { code: 'TB', description: 'Tilt B', unit: 'deg', precision: 4, min: -10, max: 10 },
    ],
    wsl: 0.1,
    side: 'both',
  },
  {
    code: 'VM',
    name: 'Vibration Monitor',
    category: 'Vibration',
    icon: 'star',
    lta: 'VMS',
    frequency: '15min',
    perContract: 10,
    codes: [{ code: 'PPV', description: 'Peak particle velocity', unit: 'mm/s', min: 0, max: 500 }],
    wsl: 15,
    side: 'upper',
  },
  {
    code: 'ETR',
    name: 'Extensometer',
    category: 'Ground Movement',
    icon: 'hexagon',
    lta: 'EXT',
    frequency: 'daily',
    perContract: 5,
    codes: [{ code: 'DISP', description: 'Displacement', unit: 'mm', min: -500, max: 500 }],
    wsl: 25,
    side: 'both',
  },
  {
    code: 'LC',
    name: 'Load Cell',
    category: 'Structural',
    icon: 'cross',
    lta: 'LCL',
    frequency: 'daily',
    perContract: 5,
    codes: [{ code: 'LOAD', description: 'Strut load', unit: 'kN', precision: 1, min: 0, max: 20000 }],
    wsl: 1500,
    side: 'upper',
  },
  // Types without demo instruments: the catalogue a project usually starts with.
  {
    code: 'TS',
    name: 'Total Station Prism',
    category: 'Ground Movement',
    icon: 'plus',
    lta: 'PRS',
    frequency: 'daily',
    perContract: 0,
    codes: [
      { code: 'DE', description: 'Easting change', unit: 'mm' },
      { code: 'DN', description: 'Northing change', unit: 'mm' },
      { code: 'DH', description: 'Level change', unit: 'mm' },
    ],
    wsl: 28,
    side: 'both',
  },
  {
    code: 'CM',
    name: 'Crack Meter',
    category: 'Structural',
    icon: 'pin',
    lta: 'CRM',
    frequency: 'daily',
    perContract: 0,
    codes: [{ code: 'CW', description: 'Crack width change', unit: 'mm', min: -50, max: 50 }],
    wsl: 2,
    side: 'both',
  },
];

const LEVELS = [
  { code: 'CL', name: 'Check Level', severity: 1, factor: 0.5 },
  { code: 'AL', name: 'Alert Level', severity: 2, factor: 0.7 },
  { code: 'PDL', name: 'Pre-Determined Level', severity: 3, factor: 0.85 },
  { code: 'WSL', name: 'Work Suspension Level', severity: 4, factor: 1 },
] as const;

export interface SeedMasterDataInput {
  /** The demo contracts, by number (T301, T302, C303). */
  contracts: { contractId: number; no: string; easting: number | null; northing: number | null }[];
  adminId: number;
  /** The files storage: the station layer's GeoJSON file is written there (no station layer without it). */
  storage?: Storage;
  /** The moment of the first start (default: now): the sites' stage plans bracket the demo's progress up to it. */
  now?: Date;
}

/** The demo stations: near the works, where a tunnel project's people look for them (stretch, fraction, side offset m). */
const DEMO_STATIONS: { name: string; no: string; t: number; side: number }[] = [
  { name: 'Marina Bay', no: 'T301', t: 0, side: -260 },
  { name: 'Marina South', no: 'T301', t: 0.12, side: 0 },
  { name: 'Marina Way', no: 'T301', t: 0.85, side: 180 },
  { name: 'Gardens by the Bay', no: 'T302', t: 0.45, side: 220 },
  { name: 'Tanjong Rhu', no: 'T302', t: 0.95, side: -320 },
  { name: 'Bayshore', no: 'C303', t: 0.28, side: 0 },
  { name: 'Bedok South', no: 'C303', t: 1, side: 240 },
];

/** The demo stations as a GeoJSON FeatureCollection (WGS84, as such files usually come). */
function stationsGeoJson(at: (no: string, t: number, side: number) => Pt): string {
  return JSON.stringify({
    type: 'FeatureCollection',
    features: DEMO_STATIONS.map((st) => {
      const [e, n] = at(st.no, st.t, st.side);
      const { lat, lon } = svy21ToWgs84Rounded(e, n);
      return { type: 'Feature', properties: { name: st.name }, geometry: { type: 'Point', coordinates: [lon, lat] } };
    }),
  });
}

/** Alignment ends beyond the first and last reference points (SVY21). */
const START: Pt = [28950, 27980];
const END: Pt = [36300, 32150];

/** A contract's stretch of the demo alignment (SVY21 metres). */
export interface DemoStretch {
  no: string;
  from: Pt;
  to: Pt;
}

export async function seedMasterData(tx: Executor, input: SeedMasterDataInput): Promise<{ instruments: number; thresholds: number; stretches: DemoStretch[] }> {
  const random = rng(20_260_601);
  const now = input.now ?? new Date();

  // ---- categories, types, reading codes, levels ----
  const categoryNames = [...new Set(TYPES.map((t) => t.category))];
  const cats = await tx
    .insert(instrumentCategories)
    .values(categoryNames.map((name) => ({ name })))
    .returning();
  const catId = new Map(cats.map((c) => [c.name, c.categoryId]));
  const types = await tx
    .insert(instrumentTypes)
    .values(
      TYPES.map((t) => ({
        code: t.code,
        name: t.name,
        categoryId: catId.get(t.category) ?? null,
        icon: t.icon,
        iconColor: '#018e27',
        ltaCode: t.lta,
        hasDepth: t.hasDepth ?? false,
      })),
    )
    .returning();
  const typeId = new Map(types.map((t) => [t.code, t.typeId]));
  const codes = await tx
    .insert(readingCodes)
    .values(
      TYPES.flatMap((t) =>
        t.codes.map((c, i) => ({
          typeId: typeId.get(t.code)!,
          code: c.code,
          description: c.description,
          unit: c.unit,
          isResult: c.is_result ?? true,
          precision: c.precision ?? 2,
          minValue: c.min ?? null,
          maxValue: c.max ?? null,
          sortOrder: i,
        })),
      ),
    )
    .returning();
  const codeId = new Map(codes.map((c) => [`${c.typeId}/${c.code}`, c.readingCodeId]));
  const levels = await tx
    .insert(alertLevels)
    .values(LEVELS.map((l, i) => ({ code: l.code, name: l.name, color: SEVERITY_COLORS[l.severity], severity: l.severity, sortOrder: i })))
    .returning();
  const levelId = new Map(levels.map((l) => [l.code, l.levelId]));

  // ---- the alignment: each contract holds one stretch ----
  const byNo = new Map(input.contracts.map((c) => [c.no, c]));
  const ref = (no: string): Pt => {
    const c = byNo.get(no);
    if (!c || c.easting == null || c.northing == null) throw new Error(`seed: contract ${no} has no reference point`);
    return [c.easting, c.northing];
  };
  const t301 = ref('T301');
  const t302 = ref('T302');
  const c303 = ref('C303');
  const stretches: { no: string; from: Pt; to: Pt; zoneNames: string[] }[] = [
    { no: 'T301', from: START, to: lerp(t301, t302, 0.5), zoneNames: ['Marina South Station', 'Bored Tunnel T301 East', 'Marina Way Crossing'] },
    { no: 'T302', from: lerp(t301, t302, 0.5), to: lerp(t302, c303, 0.5), zoneNames: ['Gardens Adit', 'Bored Tunnel T302', 'Bayshore Approach'] },
    { no: 'C303', from: lerp(t302, c303, 0.5), to: END, zoneNames: ['Bayshore Station Box', 'Station Entrances'] },
  ];

  // Contract boundaries and dates.
  const dates: Record<string, [string, string]> = {
    T301: ['2024-03-01', '2029-06-30'],
    T302: ['2024-07-15', '2030-03-31'],
    C303: ['2025-01-06', '2030-12-31'],
  };
  for (const s of stretches) {
    const c = byNo.get(s.no)!;
    await tx
      .update(contracts)
      .set({ boundary: corridor(s.from, s.to, 120), startDate: dates[s.no]![0], endDate: dates[s.no]![1] })
      .where(eq(contracts.contractId, c.contractId));
  }

  // Zones: the stretch cut in equal parts, each a corridor 90 m either side.
  const zoneRows = await tx
    .insert(zones)
    .values(
      stretches.flatMap((s) =>
        s.zoneNames.map((name, i) => ({
          contractId: byNo.get(s.no)!.contractId,
          name,
          description: `Demo zone ${i + 1} of ${s.no}`,
          polygon: corridor(lerp(s.from, s.to, i / s.zoneNames.length), lerp(s.from, s.to, (i + 1) / s.zoneNames.length), 90),
          isReport: i === 0,
        })),
      ),
    )
    .returning();
  const zoneOf = (no: string, t: number) => {
    const s = stretches.find((x) => x.no === no)!;
    const name = s.zoneNames[Math.min(s.zoneNames.length - 1, Math.floor(t * s.zoneNames.length))]!;
    return zoneRows.find((z) => z.contractId === byNo.get(no)!.contractId && z.name === name)!.zoneId;
  };

  // ---- instruments ----
  const firstInstall = Date.UTC(2025, 0, 6);
  const planned: { values: typeof instruments.$inferInsert; type: TypeSeed; base: number }[] = [];
  for (const s of stretches) {
    const contractId = byNo.get(s.no)!.contractId;
    const perContract = TYPES.reduce((n, t) => n + t.perContract, 0);
    let k = 0;
    const seq = new Map<string, number>();
    // Types interleaved along the stretch, so every part of it has a mix.
    const order = TYPES.flatMap((t) => Array.from({ length: t.perContract }, (_, i) => ({ t, i }))).sort(
      (a, b) => a.i / a.t.perContract - b.i / b.t.perContract,
    );
    for (const { t } of order) {
      const frac = (k + 0.5) / perContract;
      k++;
      const n = (seq.get(t.code) ?? 0) + 1;
      seq.set(t.code, n);
      const side = (random() < 0.5 ? -1 : 1) * (4 + random() * 28);
      const [easting, northing] = along(s.from, s.to, frac, side);
      const ground = 100 + 3 + random() * 3;
      const installed = new Date(firstInstall + Math.floor(frac * 330 + random() * 20) * 86_400_000).toISOString().slice(0, 10);
      const r = random();
      planned.push({
        type: t,
        base: round(ground - 2 - random() * 2, 2), // standpipes: water table 2–4 m below ground
        values: {
          contractId,
          typeId: typeId.get(t.code)!,
          zoneId: zoneOf(s.no, frac),
          name: `${t.code}-${s.no}-${String(n).padStart(4, '0')}`,
          easting,
          northing,
          level: round(ground, 2),
          installDate: installed,
          status: r < 0.02 ? 'damaged' : r < 0.04 ? 'inactive' : 'active',
          frequency: t.frequency,
          ltaCode: `${t.lta}${s.no.slice(1)}${String(n).padStart(3, '0')}`,
          remarks: null,
          baselineAt: new Date(`${installed}T10:00:00+08:00`),
          baselineRemarks: 'Initial reading after installation',
          createdBy: input.adminId,
          createdAt: now,
          updatedAt: now,
        },
      });
    }
  }
  const created: { id: number; name: string }[] = [];
  for (let i = 0; i < planned.length; i += 500) {
    created.push(
      ...(await tx
        .insert(instruments)
        .values(planned.slice(i, i + 500).map((p) => p.values))
        .returning({ id: instruments.instrumentId, name: instruments.name })),
    );
  }
  const idByName = new Map(created.map((c) => [c.name, c.id]));

  // ---- thresholds: CL 50 %, AL 70 %, PDL 85 % of WSL ----
  const rows: (typeof thresholds.$inferInsert)[] = [];
  for (const p of planned) {
    const instrumentId = idByName.get(p.values.name)!;
    for (const c of p.type.codes) {
      for (const l of LEVELS) {
        const v = round(p.type.wsl * l.factor, 4);
        // Standpipes: the water level must not fall more than v metres below its initial level.
        const upper = p.type.side === 'lower' ? null : v;
        const lower = p.type.side === 'upper' ? null : p.type.code === 'SPIE' ? round(p.base - v, 3) : -v;
        rows.push({ instrumentId, readingCodeId: codeId.get(`${p.values.typeId}/${c.code}`)!, levelId: levelId.get(l.code)!, upper, lower, updatedAt: now });
      }
    }
  }
  for (let i = 0; i < rows.length; i += 1000) await tx.insert(thresholds).values(rows.slice(i, i + 1000));

  // ---- construction sites ----
  const siteAt = (no: string, t: number, side = 0) => along(stretches.find((s) => s.no === no)!.from, stretches.find((s) => s.no === no)!.to, t, side);
  const box = (no: string, t0: number, t1: number, half: number) => {
    const s = stretches.find((x) => x.no === no)!;
    return corridor(lerp(s.from, s.to, t0), lerp(s.from, s.to, t1), half);
  };
  const adit = [siteAt('T302', 0.1, -30), siteAt('T302', 0.18, -5), siteAt('T302', 0.26, 20)];
  const aditTargets = demoAditTargets(adit, 4);
  await tx.insert(sites).values([
    {
      contractId: byNo.get('T301')!.contractId,
      siteName: 'Marina South Station Box',
      type: 'E',
      description: 'Cut-and-cover station box, diaphragm walls with 5 strut layers',
      geometry: box('T301', 0.05, 0.2, 16),
      stages: [1, 2, 3, 4, 5].map((n) => ({
        stage_no: n,
        name: `Excavate to strut level ${n}`,
        description: n === 5 ? 'Final excavation to formation level' : `Install strut layer ${n} and preload`,
        target: round(101.5 - n * 3.6, 1),
        ...demoStagePlan(now, n, 5, 200),
      })),
      designValues: { max_wall_deflection_mm: 45, strut_preload_kN: 1200, formation_level_mRL: 83.5, wall_toe_level_mRL: 62 },
    },
    {
      contractId: byNo.get('C303')!.contractId,
      siteName: 'Bayshore Station Box',
      type: 'E',
      description: 'Bottom-up station box with secant pile walls',
      geometry: box('C303', 0.1, 0.45, 18),
      stages: [1, 2, 3].map((n) => ({
        stage_no: n,
        name: `Stage ${n} excavation`,
        description: `Excavate to ${round(102 - n * 5, 1)} mRL and install walers`,
        target: round(102 - n * 5, 1),
        ...demoStagePlan(now, n, 3, 210),
      })),
      designValues: { max_wall_deflection_mm: 35, max_ground_settlement_mm: 28, formation_level_mRL: 87 },
    },
    {
      contractId: byNo.get('T302')!.contractId,
      siteName: 'Gardens NATM Adit',
      type: 'MT',
      description: 'Mined adit (NATM, top heading and bench) linking the bored tunnels',
      geometry: { type: 'LineString', coordinates: adit },
      chainageStart: DEMO_ADIT_CHAINAGE_START,
      stages: aditTargets.map((target, i) => ({
        stage_no: i + 1,
        name: `Drive CH ${i ? aditTargets[i - 1] : DEMO_ADIT_CHAINAGE_START} to CH ${target}`,
        description: 'Top heading 1.0 m rounds, shotcrete and lattice girders',
        target,
        ...demoStagePlan(now, i + 1, aditTargets.length, 200),
      })),
      designValues: { face_area_m2: 38, round_length_m: 1, max_crown_settlement_mm: 30, support_class: 'B2' },
    },
  ]);

  // ---- map layers: a base map (the web falls back to a plain background offline), overlays and the stations ----
  let stations: typeof mapLayers.$inferInsert | undefined;
  if (input.storage) {
    const fileKey = randomKey('map-layers', 'geojson');
    await input.storage.write(fileKey, Buffer.from(stationsGeoJson(siteAt)));
    stations = {
      name: 'MRT stations',
      kind: 'stations',
      source: 'geojson',
      fileKey,
      fileName: 'mrt-stations.geojson',
      attribution: 'Demo stations',
      sortOrder: 3,
      visible: true,
      opacity: 1,
    };
  }
  await tx.insert(mapLayers).values([
    {
      name: 'OpenStreetMap',
      kind: 'base',
      source: 'xyz',
      url: 'https://tile.openstreetmap.org/{z}/{x}/{y}.png',
      attribution: '© OpenStreetMap contributors',
      sortOrder: 0,
      visible: true,
      opacity: 1,
      maxZoom: 19,
    },
    {
      name: 'OneMap Default',
      kind: 'base',
      source: 'xyz',
      url: 'https://www.onemap.gov.sg/maps/tiles/Default/{z}/{x}/{y}.png',
      attribution: 'OneMap © Singapore Land Authority',
      sortOrder: 1,
      visible: false,
      opacity: 1,
      minZoom: 11,
      maxZoom: 19,
    },
    {
      name: 'Railways (OpenRailwayMap)',
      kind: 'overlay',
      source: 'xyz',
      url: 'https://tiles.openrailwaymap.org/standard/{z}/{x}/{y}.png',
      attribution: 'Style © OpenRailwayMap (CC-BY-SA 2.0), data © OpenStreetMap contributors',
      sortOrder: 2,
      visible: false,
      opacity: 0.7,
      maxZoom: 19,
    },
    ...(stations ? [stations] : []),
  ]);

  return { instruments: created.length, thresholds: rows.length, stretches: stretches.map(({ no, from, to }) => ({ no, from, to })) };
}
