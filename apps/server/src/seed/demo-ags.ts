/**
 * The demo's site investigation (issue 18): one AGS4 file per demo contract, boreholes in SVY21 along the contract's
 * stretch of the alignment, with the ground of Marina Bay as engineers know it — fill over Kallang Formation marine
 * clay, fluvial sand lenses, Old Alluvium below, and Jurong Formation sedimentary rock at the western end — and SPT,
 * core recovery/RQD, samples and cone soundings. Deterministic (a seeded generator): every first start shows the same
 * boreholes. The files pass the AGS4 checker without errors (tested) and are loaded through the same loader as uploads.
 */
import type { Executor } from '../db/client.js';
import { readAgsBuffer, writeAgs4, type AgsGroup } from '../modules/boreholes/ags/index.js';
import { loadAgsFile } from '../modules/boreholes/borehole-store.repository.js';
import { rng } from './demo-random.js';

type Pt = [number, number];

export interface DemoAgsContract {
  no: string;
  from: Pt;
  to: Pt;
  /** Boreholes along the stretch. */
  count: number;
  /** Rock (Jurong Formation) under the Old Alluvium. */
  rock: boolean;
}

/** Strata, top to bottom: legend code, GEOL_GEOL (formation), description, thickness range (m). */
const STRATA = {
  fill: { leg: '102', geol: 'FILL', desc: 'Loose brown silty SAND with gravel and concrete fragments (FILL)', min: 2, max: 4.5 },
  marineClay: { leg: '201', geol: 'KF-M', desc: 'Very soft to soft grey marine CLAY with shell fragments (Kallang Formation)', min: 8, max: 18 },
  fluvialSand: { leg: '403', geol: 'KF-F', desc: 'Loose to medium dense grey silty SAND (Kallang Formation, fluvial)', min: 1.5, max: 4 },
  peat: { leg: '601', geol: 'KF-E', desc: 'Soft dark brown fibrous PEAT (Kallang Formation, estuarine)', min: 0.5, max: 1.5 },
  oldAlluvium: { leg: '402', geol: 'OA', desc: 'Very dense yellowish brown clayey SAND (Old Alluvium)', min: 15, max: 30 },
  siltstone: { leg: '802', geol: 'JF', desc: 'Moderately weak reddish brown SILTSTONE, slightly weathered (Jurong Formation)', min: 6, max: 12 },
  sandstone: { leg: '803', geol: 'JF', desc: 'Moderately strong grey fine grained SANDSTONE (Jurong Formation)', min: 5, max: 10 },
} as const;

type Stratum = (typeof STRATA)[keyof typeof STRATA];

/** SPT N by stratum at depth d (m below ground). */
function sptN(s: Stratum, d: number, r: () => number): number {
  if (s === STRATA.fill) return 4 + Math.round(r() * 8);
  if (s === STRATA.marineClay || s === STRATA.peat) return Math.round(r() * 2);
  if (s === STRATA.fluvialSand) return 8 + Math.round(r() * 12);
  if (s === STRATA.oldAlluvium) return Math.min(100, 30 + Math.round(d * 1.5 + r() * 25));
  return 100;
}

/** Cone resistance qc (MPa) by stratum. */
function coneQc(s: Stratum, d: number, r: () => number): number {
  if (s === STRATA.fill) return 2 + r() * 4;
  if (s === STRATA.marineClay) return 0.2 + d * 0.02 + r() * 0.15;
  if (s === STRATA.peat) return 0.15 + r() * 0.1;
  if (s === STRATA.fluvialSand) return 5 + r() * 6;
  return 18 + r() * 12;
}

const f2 = (n: number) => n.toFixed(2);

function group(name: string, headings: string[], units: string[], types: string[], rows: string[][]): AgsGroup {
  return { name, line: 0, headingLine: null, headings, units, unitLine: null, types, typeLine: null, rows: rows.map((values) => ({ line: 0, values })) };
}

/** The AGS4 text of one contract's site investigation. */
export function demoAgsText(c: DemoAgsContract, seed: number): string {
  const r = rng(seed);
  const loca: string[][] = [];
  const hdph: string[][] = [];
  const geol: string[][] = [];
  const ispt: string[][] = [];
  const core: string[][] = [];
  const samp: string[][] = [];
  const scpg: string[][] = [];
  const scpt: string[][] = [];
  const len = Math.hypot(c.to[0] - c.from[0], c.to[1] - c.from[1]);
  const normal: Pt = [-(c.to[1] - c.from[1]) / len, (c.to[0] - c.from[0]) / len];

  for (let i = 0; i < c.count; i++) {
    const id = `${c.no}-BH${String(i + 1).padStart(2, '0')}`;
    const t = (i + 0.5) / c.count;
    const side = (i % 2 === 0 ? -1 : 1) * (6 + r() * 14);
    const e = c.from[0] + (c.to[0] - c.from[0]) * t + normal[0] * side;
    const n = c.from[1] + (c.to[1] - c.from[1]) * t + normal[1] * side;
    const gl = 103.2 + r() * 2.4;
    const cone = i % 5 === 4;
    // The column: fill, marine clay (with a peat or sand lens now and then), Old Alluvium, rock at the west end.
    const column: Stratum[] = [STRATA.fill, STRATA.marineClay];
    if (r() < 0.4) column.push(STRATA.peat);
    if (r() < 0.5) column.push(STRATA.fluvialSand);
    column.push(STRATA.oldAlluvium);
    if (c.rock) column.push(r() < 0.5 ? STRATA.siltstone : STRATA.sandstone);
    const layers: { s: Stratum; top: number; base: number }[] = [];
    let top = 0;
    for (const s of column) {
      const base = Math.round((top + s.min + r() * (s.max - s.min)) * 10) / 10;
      layers.push({ s, top, base });
      top = base;
    }
    const depth = cone ? Math.min(top, 30) : top;
    const start = new Date(Date.UTC(2024, 1, 5) + i * 3 * 86_400_000);
    const end = new Date(start.getTime() + (cone ? 1 : 4 + Math.floor(r() * 4)) * 86_400_000);
    const day = (d: Date) => d.toISOString().slice(0, 10);
    loca.push([
      id,
      cone ? 'SCP' : c.rock ? 'RC' : 'WB',
      'FINAL',
      f2(e),
      f2(n),
      'SVY21',
      f2(gl),
      cone ? 'Static cone penetration test' : c.rock ? 'Wash boring with SPT, rotary coring in rock' : 'Wash boring with SPT',
      f2(depth),
      day(start),
      day(end),
    ]);
    hdph.push([id, '0.00', f2(depth), cone ? 'SCP' : c.rock ? 'RC' : 'WB', day(start), day(end), cone ? 'CPT crew 2' : `Drill crew ${1 + (i % 3)}`]);
    if (cone) {
      scpg.push([id, '1', 'TE2', '10', f2(depth)]);
      for (let d = 0.5; d <= depth + 1e-9; d += 0.5) {
        const s = layers.find((l) => d <= l.base)?.s ?? STRATA.oldAlluvium;
        const qc = coneQc(s, d, r);
        scpt.push([
          id,
          '1',
          f2(d),
          qc.toFixed(2),
          (qc * (s === STRATA.marineClay ? 0.03 : 0.012)).toFixed(3),
          (s === STRATA.marineClay ? 0.1 + d * 0.01 : 0.02).toFixed(3),
        ]);
      }
      continue;
    }
    for (const l of layers) {
      if (l.base > depth + 1e-9 && l.top >= depth) break;
      geol.push([id, f2(l.top), f2(Math.min(l.base, depth)), l.s.desc, l.s.leg, l.s.geol]);
    }
    // SPT every 1.5 m in soil; rock is cored instead.
    let sampleNo = 0;
    for (let d = 1.5; d < depth - 0.45; d += 1.5) {
      const s = layers.find((l) => d < l.base)?.s ?? STRATA.oldAlluvium;
      if (s === STRATA.siltstone || s === STRATA.sandstone) break;
      const nv = sptN(s, d, r);
      const refusal = nv >= 100;
      const blows = refusal ? [8, 10, 25, 25, 25, 25] : [1, 1, 1, 1].map(() => Math.max(0, Math.round(nv / 4 + (r() - 0.5) * 2)));
      const main = refusal ? blows.slice(2) : blows;
      const inc = refusal ? ['75', '75', '75', '75', '75', '50'] : ['75', '75', '75', '75', '75', '75'];
      const seat = blows.slice(0, 2);
      const nValue = refusal ? 100 : main.reduce((a, b) => a + b, 0);
      ispt.push([
        id,
        f2(d),
        String(nValue),
        refusal ? `${seat.join(',')}/${main.join(',')} (50mm)` : `N=${nValue}`,
        'S',
        ...inc.slice(0, 6),
        ...(refusal ? [...seat, ...main] : [0, 0, ...main]).map(String),
      ]);
      sampleNo++;
      samp.push([
        id,
        f2(d),
        String(sampleNo),
        'SPT',
        `${id}-${sampleNo}`,
        f2(d + 0.45),
        `${day(start)}T${String(8 + (sampleNo % 9)).padStart(2, '0')}:30`,
        '',
        'Split spoon sample',
      ]);
      if (s === STRATA.marineClay && sampleNo % 2 === 0) {
        sampleNo++;
        samp.push([
          id,
          f2(d + 0.5),
          String(sampleNo),
          'U',
          `${id}-${sampleNo}`,
          f2(d + 1.0),
          `${day(start)}T${String(8 + (sampleNo % 9)).padStart(2, '0')}:45`,
          '100',
          'Thin-walled piston sample',
        ]);
      }
    }
    for (const l of layers) {
      if (l.s !== STRATA.siltstone && l.s !== STRATA.sandstone) continue;
      for (let d = l.top; d < l.base - 1e-9; d += 1.5) {
        const b = Math.min(l.base, d + 1.5);
        const tcr = 70 + Math.round(r() * 30);
        const scr = Math.max(0, tcr - Math.round(r() * 25));
        const rqd = Math.max(0, scr - Math.round(r() * 30));
        core.push([id, f2(d), f2(b), String(tcr), String(scr), String(rqd), '76']);
      }
    }
  }

  const groups: AgsGroup[] = [
    group(
      'PROJ',
      ['PROJ_ID', 'PROJ_NAME', 'PROJ_LOC', 'PROJ_CLNT', 'PROJ_CONT'],
      ['', '', '', '', ''],
      ['ID', 'X', 'X', 'X', 'X'],
      [
        [
          `SI-${c.no}`,
          `Contract ${c.no} site investigation (demo)`,
          'Marina Bay, Singapore',
          'Land Transport Authority (demo)',
          'Strata Demo Drilling Pte Ltd',
        ],
      ],
    ),
    group(
      'TRAN',
      ['TRAN_ISNO', 'TRAN_DATE', 'TRAN_PROD', 'TRAN_STAT', 'TRAN_AGS', 'TRAN_RECV', 'TRAN_RCON'],
      ['', 'yyyy-mm-dd', '', '', '', '', ''],
      ['X', 'DT', 'X', 'X', 'X', 'X', 'X'],
      [['1', '2024-04-30', 'Strata Demo Drilling Pte Ltd', 'FINAL', '4.1', 'Strata (demo)', ',']],
    ),
  ];
  const data: AgsGroup[] = [
    group(
      'LOCA',
      ['LOCA_ID', 'LOCA_TYPE', 'LOCA_STAT', 'LOCA_NATE', 'LOCA_NATN', 'LOCA_GREF', 'LOCA_GL', 'LOCA_REM', 'LOCA_FDEP', 'LOCA_STAR', 'LOCA_ENDD'],
      ['', '', '', 'm', 'm', '', 'm', '', 'm', 'yyyy-mm-dd', 'yyyy-mm-dd'],
      ['ID', 'PA', 'PA', '2DP', '2DP', 'PA', '2DP', 'X', '2DP', 'DT', 'DT'],
      loca,
    ),
    group(
      'HDPH',
      ['LOCA_ID', 'HDPH_TOP', 'HDPH_BASE', 'HDPH_TYPE', 'HDPH_STAR', 'HDPH_ENDD', 'HDPH_CREW'],
      ['', 'm', 'm', '', 'yyyy-mm-dd', 'yyyy-mm-dd', ''],
      ['ID', '2DP', '2DP', 'PA', 'DT', 'DT', 'X'],
      hdph,
    ),
    group(
      'GEOL',
      ['LOCA_ID', 'GEOL_TOP', 'GEOL_BASE', 'GEOL_DESC', 'GEOL_LEG', 'GEOL_GEOL'],
      ['', 'm', 'm', '', '', ''],
      ['ID', '2DP', '2DP', 'X', 'PA', 'PA'],
      geol,
    ),
    group(
      'ISPT',
      [
        'LOCA_ID',
        'ISPT_TOP',
        'ISPT_NVAL',
        'ISPT_REP',
        'ISPT_TYPE',
        ...[1, 2, 3, 4, 5, 6].map((k) => `ISPT_INC${k}`),
        ...[1, 2, 3, 4, 5, 6].map((k) => `ISPT_PEN${k}`),
      ],
      ['', 'm', '', '', '', ...Array<string>(6).fill('mm'), ...Array<string>(6).fill('')],
      ['ID', '2DP', '0DP', 'X', 'PA', ...Array<string>(6).fill('0DP'), ...Array<string>(6).fill('0DP')],
      ispt,
    ),
    group(
      'CORE',
      ['LOCA_ID', 'CORE_TOP', 'CORE_BASE', 'CORE_PREC', 'CORE_SREC', 'CORE_RQD', 'CORE_DIAM'],
      ['', 'm', 'm', '%', '%', '%', 'mm'],
      ['ID', '2DP', '2DP', '0DP', '0DP', '0DP', '0DP'],
      core,
    ),
    group(
      'SAMP',
      ['LOCA_ID', 'SAMP_TOP', 'SAMP_REF', 'SAMP_TYPE', 'SAMP_ID', 'SAMP_BASE', 'SAMP_DTIM', 'SAMP_SDIA', 'SAMP_DESC'],
      ['', 'm', '', '', '', 'm', 'yyyy-mm-ddThh:mm', 'mm', ''],
      ['ID', '2DP', 'X', 'PA', 'ID', '2DP', 'DT', '0DP', 'X'],
      samp,
    ),
    group(
      'SCPG',
      ['LOCA_ID', 'SCPG_TESN', 'SCPG_TYPE', 'SCPG_CSA', 'SCPG_REM'],
      ['', '', '', 'cm2', ''],
      ['ID', 'X', 'PA', '0DP', 'X'],
      scpg.map((row) => [...row.slice(0, 4), `to ${row[4]} m`]),
    ),
    group(
      'SCPT',
      ['LOCA_ID', 'SCPG_TESN', 'SCPT_DPTH', 'SCPT_RES', 'SCPT_FRES', 'SCPT_PWP2'],
      ['', '', 'm', 'MPa', 'MPa', 'MPa'],
      ['ID', 'X', '2DP', '2DP', '3DP', '3DP'],
      scpt,
    ),
  ].filter((g) => g.rows.length > 0);

  const used = [...groups, ...data];
  const unitRows = [...new Set(used.flatMap((g) => g.units ?? []).filter((u) => u !== ''))].sort().map((u) => [u, UNIT_DESC[u] ?? u]);
  const typeRows = [...new Set([...used.flatMap((g) => g.types ?? []), 'X', 'PA', 'DT', 'ID'])].sort().map((t) => [t, TYPE_DESC[t] ?? t]);
  const abbr = Object.entries(ABBR).flatMap(([heading, codes]) => Object.entries(codes).map(([code, desc]) => [heading, code, desc]));
  return writeAgs4({
    groups: [
      ...groups,
      group('ABBR', ['ABBR_HDNG', 'ABBR_CODE', 'ABBR_DESC'], ['', '', ''], ['X', 'X', 'X'], abbr),
      group('TYPE', ['TYPE_TYPE', 'TYPE_DESC'], ['', ''], ['X', 'X'], typeRows),
      group('UNIT', ['UNIT_UNIT', 'UNIT_DESC'], ['', ''], ['X', 'X'], unitRows),
      ...data,
    ],
  });
}

const UNIT_DESC: Record<string, string> = {
  m: 'metre',
  mm: 'millimetre',
  '%': 'percentage',
  MPa: 'megapascal',
  cm2: 'square centimetre',
  'yyyy-mm-dd': 'year month day',
  'yyyy-mm-ddThh:mm': 'year month day hour minute',
};

const TYPE_DESC: Record<string, string> = {
  ID: 'Unique identifier',
  PA: 'Text listed in ABBR Group',
  X: 'Text',
  DT: 'Date time in international format',
  '0DP': 'Value; no decimal places',
  '2DP': 'Value; 2 decimal places',
  '3DP': 'Value; 3 decimal places',
};

const ABBR: Record<string, Record<string, string>> = {
  LOCA_TYPE: { WB: 'Wash boring', RC: 'Wash boring followed by rotary coring', SCP: 'Static cone penetration test' },
  HDPH_TYPE: { WB: 'Wash boring', RC: 'Wash boring followed by rotary coring', SCP: 'Static cone penetration test' },
  LOCA_STAT: { FINAL: 'Final' },
  LOCA_GREF: { SVY21: 'Singapore SVY21 plane coordinates (EPSG:3414)' },
  GEOL_LEG: { '102': 'MADE GROUND', '201': 'CLAY', '402': 'Clayey SAND', '403': 'Silty SAND', '601': 'PEAT', '802': 'SILTSTONE', '803': 'SANDSTONE' },
  GEOL_GEOL: {
    FILL: 'Fill',
    'KF-M': 'Kallang Formation, marine member',
    'KF-F': 'Kallang Formation, fluvial member',
    'KF-E': 'Kallang Formation, estuarine member',
    OA: 'Old Alluvium',
    JF: 'Jurong Formation',
  },
  ISPT_TYPE: { S: 'Split spoon' },
  SAMP_TYPE: { SPT: 'Standard penetration test sample', U: 'Undisturbed sample' },
  SCPG_TYPE: { TE2: 'Piezocone, pore pressure behind the cone' },
};

/** Boreholes per demo contract: the western one (T301) ends in Jurong Formation rock. */
const DEMO_SI: Readonly<Record<string, { count: number; rock: boolean }>> = {
  T301: { count: 10, rock: true },
  T302: { count: 10, rock: false },
  C303: { count: 8, rock: false },
};

/** Loads the demo's AGS4 files (one per contract) through the upload loader: 28 boreholes. */
export async function seedDemoBoreholes(
  tx: Executor,
  stretches: readonly { no: string; from: Pt; to: Pt }[],
  contractIdOf: ReadonlyMap<string, number>,
  loadedBy: number,
): Promise<number> {
  let n = 0;
  for (const [i, s] of stretches.entries()) {
    const si = DEMO_SI[s.no];
    const contractId = contractIdOf.get(s.no);
    if (!si || contractId === undefined) continue;
    const text = demoAgsText({ no: s.no, from: s.from, to: s.to, ...si }, 20_260_318 + i);
    const loaded = await loadAgsFile(tx, { contractId, uploadId: null, fileName: `SI-${s.no}.ags`, file: readAgsBuffer(text), crs: '3414', loadedBy });
    n += loaded.boreholes.length;
  }
  return n;
}
