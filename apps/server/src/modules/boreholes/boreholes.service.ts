import {
  BOREHOLE_GROUPS,
  type TBorehole,
  type TBoreholeGroup,
  type TBoreholeList,
  type TBoreholeListQuery,
  type TBoreholeLog,
  type TBoreholeRecord,
  type TBoreholeSection,
  type TBoreholeVersions,
  type TBoreholeGroupPage,
} from '@strata/shared';
import type { Actor, AppContext } from '../../context.js';
import { badRequest, notFound } from '../../lib/errors.js';
import type { AgsGroup } from './ags/index.js';
import { scopeOf } from '../contracts/contracts.service.js';
import {
  agsOfBorehole,
  boreholesByIds,
  boreholeTypes,
  findBorehole,
  findVersion,
  groupCounts,
  groupRecords,
  groupRecordsOfVersions,
  listBoreholes,
  listVersions,
  boreholesNear,
  type BoreholeRow,
  type VersionRow,
} from './boreholes.repository.js';

/** For the record resolver of category `borehole` (records/record-refs.ts). */
export { BOREHOLE_IDS, BOREHOLE_LISTING, findBoreholeRecord } from './boreholes.repository.js';

export const BOREHOLE_NOT_FOUND = 'Borehole not found';
export const VERSION_NOT_FOUND = 'This borehole has no such version';
/** Most boreholes a section places (the nearest to the line first). */
export const SECTION_MAX = 100;

const num = (v: unknown): number | null => (v === null || v === undefined || v === '' || !Number.isFinite(Number(v)) ? null : Number(v));
const iso = (v: Date | string) => (v instanceof Date ? v : new Date(v)).toISOString();

export function presentListItem(b: BoreholeRow) {
  return {
    borehole_id: b.borehole_id,
    contract_id: b.contract_id,
    contract_no: b.contract_no,
    borehole_no: b.borehole_no,
    borehole_type: b.borehole_type,
    crs: Number(b.crs),
    easting: num(b.easting),
    northing: num(b.northing),
    latitude: num(b.latitude),
    longitude: num(b.longitude),
    ground_level: num(b.ground_level),
    final_depth: num(b.final_depth),
    end_date: b.end_date,
    version: b.version,
  };
}

/** A borehole as one version has it: the header of that version on the borehole's identity. */
export interface BoreholeVersionView {
  borehole: BoreholeRow;
  version: VersionRow;
}

/** A stored group to write back: its GROUP/HEADING/UNIT/TYPE rows and its DATA lines as stored (CR LF after each). */
export interface BoreholeAgsGroup {
  group: AgsGroup;
  data: string[];
}

/** Everything a download shows: the header and every record of each group. */
export interface BoreholeReportData {
  header: TBorehole;
  groups: Record<TBoreholeGroup, TBoreholeRecord[]>;
}

/** Metres in a plane tangent at (lat0, lon0): east and north on the WGS84 ellipsoid's local radii (sections of a few km). */
function localFrame(lat0: number, lon0: number) {
  const a = 6378137;
  const e2 = 0.00669437999014;
  const phi = (lat0 * Math.PI) / 180;
  const w = 1 - e2 * Math.sin(phi) ** 2;
  const m = (a * (1 - e2)) / w ** 1.5;
  const n = (a / Math.sqrt(w)) * Math.cos(phi);
  return (lat: number, lon: number) => ({ x: (((lon - lon0) * Math.PI) / 180) * n, y: (((lat - lat0) * Math.PI) / 180) * m });
}

/**
 * Boreholes: the list, a borehole (any version), its groups, log and section, and what its downloads show. Reads for
 * every signed-in user within their contracts: a borehole of another contract answers 404 like one that does not exist.
 */
export class BoreholesService {
  constructor(private readonly ctx: AppContext) {}

  private get db() {
    return this.ctx.db.orm;
  }

  async list(actor: Actor, q: TBoreholeListQuery): Promise<TBoreholeList> {
    const { records, total } = await listBoreholes(
      this.db,
      scopeOf(actor),
      { keyword: q.keyword || undefined, contractId: q.contract, type: q.type || undefined, depthMin: q.depth_min, depthMax: q.depth_max, bounds: q.bounds },
      q.skip,
      q.limit,
    );
    return { records: records.map(presentListItem), total_records: total };
  }

  async types(actor: Actor): Promise<{ records: string[] }> {
    return { records: await boreholeTypes(this.db, scopeOf(actor)) };
  }

  /** The borehole in the caller's scope at a version (default the newest); 404 otherwise. */
  async load(actor: Actor, id: number, version?: number): Promise<BoreholeVersionView> {
    const borehole = await findBorehole(this.db, scopeOf(actor), id);
    if (!borehole) throw notFound(BOREHOLE_NOT_FOUND);
    const v = await findVersion(this.db, id, version ?? borehole.version);
    if (!v) throw notFound(VERSION_NOT_FOUND);
    return { borehole, version: v };
  }

  private async present({ borehole: b, version: v }: BoreholeVersionView): Promise<TBorehole> {
    return {
      borehole_id: b.borehole_id,
      contract_id: b.contract_id,
      contract_no: b.contract_no,
      borehole_no: b.borehole_no,
      borehole_type: v.borehole_type,
      crs: Number(v.crs),
      easting: num(v.easting),
      northing: num(v.northing),
      latitude: num(v.latitude),
      longitude: num(v.longitude),
      ground_level: num(v.ground_level),
      final_depth: num(v.final_depth),
      end_date: v.end_date,
      crew: v.crew,
      remark: v.remark,
      reference: v.reference,
      version: v.version,
      latest_version: b.version,
      upload_id: v.upload_id,
      upload_file_name: v.file_name,
      loaded: iso(v.loaded_at),
      counts: await groupCounts(this.db, v.version_id),
    };
  }

  async get(actor: Actor, id: number, version?: number): Promise<TBorehole> {
    return this.present(await this.load(actor, id, version));
  }

  async versions(actor: Actor, id: number): Promise<TBoreholeVersions> {
    const borehole = await findBorehole(this.db, scopeOf(actor), id);
    if (!borehole) throw notFound(BOREHOLE_NOT_FOUND);
    const records = await listVersions(this.db, id);
    return {
      records: records.map((v) => ({
        version: v.version,
        upload_id: v.upload_id,
        file_name: v.file_name,
        loaded: iso(v.loaded_at),
        loaded_by_name: v.loaded_by_name,
      })),
    };
  }

  async group(actor: Actor, id: number, group: TBoreholeGroup, q: { version?: number | undefined; skip: number; limit: number }): Promise<TBoreholeGroupPage> {
    const { version } = await this.load(actor, id, q.version);
    const { records, total } = await groupRecords(this.db, version.version_id, group, q.skip, q.limit);
    return { records, total_records: total };
  }

  async logs(actor: Actor, id: number, version?: number): Promise<TBoreholeLog> {
    const { borehole: b, version: v } = await this.load(actor, id, version);
    const [geol, ispt, core, stcn] = await Promise.all(
      (['geol', 'ispt', 'core', 'stcn'] as const).map(async (g) => (await groupRecords(this.db, v.version_id, g)).records),
    );
    return {
      id: b.borehole_id,
      contract_no: b.contract_no,
      borehole_no: b.borehole_no,
      reference: v.reference,
      northing: num(v.northing),
      easting: num(v.easting),
      ground_level: num(v.ground_level),
      final_depth: num(v.final_depth),
      end_date: v.end_date,
      borehole_type: v.borehole_type,
      geol: geol!,
      ispt: ispt!,
      core: core!,
      stcn: stcn!,
    };
  }

  /**
   * A section: `ids` placed along the line through them in the order given (distance from the first), or the boreholes
   * within `buffer` metres of a WGS84 line, projected onto it. Distances in metres in a plane tangent at the line's
   * start (works for SVY21 and British grid boreholes alike: every borehole has WGS84).
   */
  async section(actor: Actor, q: { ids?: string | undefined; line?: string | undefined; buffer: number }): Promise<TBoreholeSection> {
    const scope = scopeOf(actor);
    if (!q.ids && !q.line) throw badRequest('Give ids (boreholes) or line (lon,lat pairs)');
    let placed: { b: BoreholeRow; distance: number; offset: number }[];
    let length: number;
    if (q.ids) {
      const ids = q.ids.split(',').map(Number);
      if (new Set(ids).size !== ids.length) throw badRequest('ids name a borehole twice');
      if (ids.length > SECTION_MAX) throw badRequest(`A section places at most ${SECTION_MAX} boreholes`);
      const found = new Map((await boreholesByIds(this.db, scope, ids)).map((b) => [b.borehole_id, b]));
      const ordered = ids.map((id) => found.get(id));
      if (ordered.some((b) => !b)) throw notFound(BOREHOLE_NOT_FOUND);
      const unplaced = ordered.find((b) => num(b!.latitude) === null || num(b!.longitude) === null);
      if (unplaced) throw badRequest(`Borehole ${unplaced.borehole_no} has no location`);
      const first = ordered[0]!;
      const frame = localFrame(Number(first.latitude), Number(first.longitude));
      let along = 0;
      let prev = frame(Number(first.latitude), Number(first.longitude));
      placed = ordered.map((b) => {
        const p = frame(Number(b!.latitude), Number(b!.longitude));
        along += Math.hypot(p.x - prev.x, p.y - prev.y);
        prev = p;
        return { b: b!, distance: along, offset: 0 };
      });
      length = along;
    } else {
      const nums = q.line!.split(',').map(Number);
      if (nums.length % 2 !== 0 || nums.length < 4) throw badRequest('line needs at least two lon,lat points');
      const points: { lon: number; lat: number }[] = [];
      for (let i = 0; i < nums.length; i += 2) points.push({ lon: nums[i]!, lat: nums[i + 1]! });
      if (points.some((p) => Math.abs(p.lat) > 90 || Math.abs(p.lon) > 180)) throw badRequest('line points are WGS84 longitude,latitude');
      const frame = localFrame(points[0]!.lat, points[0]!.lon);
      const xy = points.map((p) => frame(p.lat, p.lon));
      const starts: number[] = [];
      length = 0;
      for (let i = 0; i < xy.length - 1; i++) {
        starts.push(length);
        length += Math.hypot(xy[i + 1]!.x - xy[i]!.x, xy[i + 1]!.y - xy[i]!.y);
      }
      // Candidates: within the line's box grown by the buffer (degrees, generously), then measured exactly.
      const lats = points.map((p) => p.lat);
      const lons = points.map((p) => p.lon);
      const dLat = (q.buffer / 110_000) * 1.1;
      const dLon = dLat / Math.max(0.05, Math.cos((Math.max(...lats.map(Math.abs)) * Math.PI) / 180));
      const candidates = await boreholesNear(this.db, scope, [Math.min(...lons) - dLon, Math.min(...lats) - dLat, Math.max(...lons) + dLon, Math.max(...lats) + dLat]);
      placed = [];
      for (const b of candidates) {
        const p = frame(Number(b.latitude), Number(b.longitude));
        let best: { distance: number; offset: number } | undefined;
        for (let i = 0; i < xy.length - 1; i++) {
          const a = xy[i]!;
          const c = xy[i + 1]!;
          const dx = c.x - a.x;
          const dy = c.y - a.y;
          const len2 = dx * dx + dy * dy;
          const t = len2 === 0 ? 0 : Math.min(1, Math.max(0, ((p.x - a.x) * dx + (p.y - a.y) * dy) / len2));
          const off = Math.hypot(p.x - (a.x + t * dx), p.y - (a.y + t * dy));
          if (!best || off < best.offset) best = { distance: starts[i]! + t * Math.sqrt(len2), offset: off };
        }
        if (best && best.offset <= q.buffer) placed.push({ b, ...best });
      }
      placed = placed
        .sort((x, y) => x.offset - y.offset)
        .slice(0, SECTION_MAX)
        .sort((x, y) => x.distance - y.distance || x.b.borehole_id - y.b.borehole_id);
    }
    const versionIds = placed.map((p) => p.b.version_id);
    const [geol, ispt] = await Promise.all([groupRecordsOfVersions(this.db, versionIds, 'geol'), groupRecordsOfVersions(this.db, versionIds, 'ispt')]);
    const round = (n: number) => Math.round(n * 1000) / 1000;
    return {
      boreholes: placed.map(({ b, distance, offset }) => ({
        id: b.borehole_id,
        no: b.borehole_no,
        groundLevel: num(b.ground_level),
        finalDepth: num(b.final_depth),
        distance: round(distance),
        offset: round(offset),
        geol: geol.get(b.version_id) ?? [],
        ispt: ispt.get(b.version_id) ?? [],
      })),
      length: round(length),
    };
  }

  /** The header and every record of each group, for the PDF, XLS and HTML downloads. */
  async reportData(actor: Actor, id: number, version?: number): Promise<BoreholeReportData> {
    const view = await this.load(actor, id, version);
    const header = await this.present(view);
    const entries = await Promise.all(BOREHOLE_GROUPS.map(async (g) => [g, (await groupRecords(this.db, view.version.version_id, g)).records] as const));
    return { header, groups: Object.fromEntries(entries) as Record<TBoreholeGroup, TBoreholeRecord[]> };
  }

  /**
   * The borehole's version as AGS4 from the generic store: the project-level groups whole, every other group with
   * this borehole's DATA blocks only (a group left without rows is left out); each group with its DATA lines as stored.
   */
  async agsGroups(actor: Actor, id: number, version?: number): Promise<{ borehole: BoreholeRow; groups: BoreholeAgsGroup[] }> {
    const { borehole, version: v } = await this.load(actor, id, version);
    if (v.ags_file_id === null) throw notFound('The AGS file of this version is no longer stored');
    const stored = await agsOfBorehole(this.db, v.ags_file_id, borehole.borehole_no);
    const data = new Map<number, string[]>();
    for (const b of stored.blocks) {
      const list = data.get(b.group_seq) ?? [];
      list.push(b.data);
      data.set(b.group_seq, list);
    }
    const groups = stored.groups
      .filter((g) => data.has(g.seq) || g.name === 'PROJ')
      .map((g) => ({
        group: { name: g.name, line: 0, headingLine: null, headings: g.headings, units: g.units, unitLine: null, types: g.types, typeLine: null, rows: [] },
        data: data.get(g.seq) ?? [],
      }));
    return { borehole, groups };
  }
}
