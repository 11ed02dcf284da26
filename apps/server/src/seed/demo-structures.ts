/**
 * The demo's critical interfaces and mining works (issue 19): an existing MRT tunnel crossing under contract T301's
 * stretch, a residential block beside the Bayshore station box (C303), and the mined section of the Gardens NATM adit
 * (T302) — each with its outline in SVY21, its owner and response contacts, and the demo instruments of its contract
 * nearest to it. Deterministic: placed along the stretches seedMasterData returns.
 */
import { inArray } from 'drizzle-orm';
import type { TStructureContact, TStructureOutline } from '@strata/shared';
import type { Executor } from '../db/client.js';
import { contracts, instruments, structureInstruments, structures } from '../db/schema/index.js';
import { geometryDistance } from '../modules/structures/geometry-distance.js';
import type { DemoStretch } from './demo-master-data.js';

type Pt = [number, number];
const round = (v: number) => Math.round(v * 100) / 100;

/** The point at fraction t of a→b, `side` metres to its left (negative: right). */
function along(a: Pt, b: Pt, t: number, side: number): Pt {
  const len = Math.hypot(b[0] - a[0], b[1] - a[1]);
  return [round(a[0] + (b[0] - a[0]) * t - ((b[1] - a[1]) / len) * side), round(a[1] + (b[1] - a[1]) * t + ((b[0] - a[0]) / len) * side)];
}

interface DemoStructure {
  no: string;
  kind: 'critical-interface' | 'mining-works';
  name: string;
  structureType: 'mrt-tunnel' | 'building';
  owner: string;
  description: string;
  outline: (s: DemoStretch) => TStructureOutline;
  influenceDistance: number;
  contacts: TStructureContact[];
  /** How many of the contract's instruments nearest the outline to link. */
  instruments: number;
}

export const DEMO_STRUCTURES: DemoStructure[] = [
  {
    no: 'T301',
    kind: 'critical-interface',
    name: 'Circle Line Tunnels (existing)',
    structureType: 'mrt-tunnel',
    owner: 'Land Transport Authority',
    description: 'Twin bored tunnels in service, crossing 9 m below the new tunnels; track monitoring by the operator',
    outline: (s) => ({ type: 'LineString', coordinates: [along(s.from, s.to, 0.3, -150), along(s.from, s.to, 0.33, 0), along(s.from, s.to, 0.36, 150)] }),
    influenceDistance: 30,
    contacts: [
      { name: 'Rahman bin Ismail', role: 'Operator control centre', phone: '+65 6331 1000', email: 'occ@operator.example' },
      { name: 'Grace Ho', role: 'LTA protection engineer', phone: '+65 6225 5582', email: 'grace.ho@lta.example' },
    ],
    instruments: 8,
  },
  {
    no: 'C303',
    kind: 'critical-interface',
    name: 'Bayshore Residences Block 12',
    structureType: 'building',
    owner: 'Bayshore Residences MCST 4821',
    description: '16-storey residential block on raft foundation, 25 m from the station box',
    outline: (s) => {
      const ring = [along(s.from, s.to, 0.25, 25), along(s.from, s.to, 0.32, 25), along(s.from, s.to, 0.32, 60), along(s.from, s.to, 0.25, 60)];
      return { type: 'Polygon', coordinates: [[...ring, ring[0]!]] };
    },
    influenceDistance: 30,
    contacts: [{ name: 'Lim Siew Ling', role: 'Managing agent', phone: '+65 6448 2210', email: 'manager@bayshore-mcst.example' }],
    instruments: 6,
  },
  {
    no: 'T302',
    kind: 'mining-works',
    name: 'Gardens Adit Mined Section',
    structureType: 'mrt-tunnel',
    owner: 'Lion City Tunnelling Pte Ltd',
    description: 'NATM adit, top heading and bench, under the Gardens service road',
    outline: (s) => ({ type: 'LineString', coordinates: [along(s.from, s.to, 0.1, -30), along(s.from, s.to, 0.18, -5), along(s.from, s.to, 0.26, 20)] }),
    influenceDistance: 40,
    contacts: [
      { name: 'Chen Wei Ming', role: 'Tunnel engineer', phone: '+65 9123 4567', email: 'weiming.chen@lctunnelling.example' },
      { name: 'Ong Bee Hwa', role: 'QP (Supervision)', phone: '+65 9876 5432', email: 'bh.ong@qps.example' },
    ],
    instruments: 8,
  },
];

/** Inserts the demo structures and links each to the instruments of its contract nearest to its outline. */
export async function seedDemoStructures(tx: Executor, stretches: readonly DemoStretch[]): Promise<{ structures: number; links: number }> {
  const nos = DEMO_STRUCTURES.map((d) => d.no);
  const contractRows = await tx.select({ id: contracts.contractId, no: contracts.no }).from(contracts).where(inArray(contracts.no, nos));
  const contractId = new Map(contractRows.map((c) => [c.no, c.id]));
  const instrumentRows = await tx
    .select({ id: instruments.instrumentId, contractId: instruments.contractId, easting: instruments.easting, northing: instruments.northing })
    .from(instruments)
    .where(inArray(instruments.contractId, [...contractId.values()]));
  let links = 0;
  for (const d of DEMO_STRUCTURES) {
    const stretch = stretches.find((s) => s.no === d.no);
    const cid = contractId.get(d.no);
    if (!stretch || cid === undefined) throw new Error(`seed: contract ${d.no} missing for ${d.name}`);
    const outline = d.outline(stretch);
    const [row] = await tx
      .insert(structures)
      .values({
        contractId: cid,
        kind: d.kind,
        name: d.name,
        structureType: d.structureType,
        owner: d.owner,
        description: d.description,
        outline,
        influenceDistance: d.influenceDistance,
        contacts: d.contacts,
      })
      .returning({ id: structures.structureId });
    const nearest = instrumentRows
      .filter((i) => i.contractId === cid)
      .map((i) => ({ id: i.id, d: geometryDistance(outline, { type: 'Point', coordinates: [i.easting, i.northing] }) }))
      .sort((a, b) => a.d - b.d || a.id - b.id)
      .slice(0, d.instruments);
    if (nearest.length) await tx.insert(structureInstruments).values(nearest.map((n) => ({ structureId: row!.id, instrumentId: n.id })));
    links += nearest.length;
  }
  return { structures: DEMO_STRUCTURES.length, links };
}
