/**
 * The data of a report map (decision 039, "Map reports"): the instruments with their level and colour, the contract
 * boundaries, zones and construction sites, and the latest values of the instruments' table — all read through the
 * services the work-space map and screens use, as the report's creator.
 */
import { instrumentMapColor, REPORT_LIMITS, type MapReportLayer, type TPolygon } from '@strata/shared';
import type { MapArea, MapDrawing, MapInstrument, MapSite, Extent } from '../report-map-svg.js';
import type { ReportContext } from '../report-types.js';
import { allPages, unlessNotFound, type Level, type ReportInstrument } from './common.js';

export interface MapData {
  instruments: ReportInstrument[];
  /** Per instrument: its level code (the screens' GET /instruments/status), null at none. */
  level: Map<number, string | null>;
  levels: Level[];
  /** Per type code: its icon and normal colour. */
  types: Map<string, { icon: string; color: string }>;
  boundaries: MapArea[];
  zones: MapArea[];
  sites: MapSite[];
}

/** Boundaries come from the contracts' detail, which the screens show with Search Contracts or View/Edit Contracts. */
const BOUNDARY_PERMISSIONS = ['SearchContracts', 'VieworEditContracts'];
const CHUNK = 500;

const rings = (p: TPolygon | null | undefined) => (p ? p.coordinates : null);

/** The layers' data for these contracts (zones limited to `zoneIds` when given), as the creator. */
export async function mapData(
  ctx: ReportContext,
  opts: { contractIds: number[]; zoneIds: number[]; typeIds?: number[]; instrumentIds?: number[]; layers: readonly MapReportLayer[] },
): Promise<MapData> {
  const { services: s, actor } = ctx;
  const on = (l: MapReportLayer) => opts.layers.includes(l);
  let instruments = await s.instruments.forReport(
    actor,
    { contractIds: opts.contractIds, zoneIds: opts.zoneIds, typeIds: opts.typeIds },
    REPORT_LIMITS.maxInstruments,
  );
  if (opts.instrumentIds) {
    const chosen = new Set(opts.instrumentIds);
    instruments = instruments.filter((i) => chosen.has(i.instrument_id));
  }
  const statuses = (await s.readings.statuses(actor, { contracts: opts.contractIds })).records;
  const level = new Map(statuses.map((r) => [r.instrument_id, r.level_code]));
  const levels = ((await s.instruments.levels()) as Level[]).slice().sort((a, b) => a.severity - b.severity);
  const types = new Map((await s.instrumentTypes.types()).records.map((t) => [t.code, { icon: t.icon, color: t.icon_color }]));

  const boundaries: MapArea[] = [];
  if (on('boundaries') && BOUNDARY_PERMISSIONS.some((p) => actor.permissions.has(p))) {
    for (const id of opts.contractIds) {
      // Outside the creator's contracts (the engine refuses such a report; a location plan may be asked for anything): none.
      const c = await unlessNotFound(() => s.contractsAdmin.get(actor, id));
      const r = rings(c?.boundary);
      if (c && r) boundaries.push({ label: c.no, rings: r });
    }
  }
  const zones: MapArea[] = [];
  if (on('zones')) {
    const ids = opts.zoneIds.length
      ? opts.zoneIds
      : (await allPages((skip, limit) => s.zones.list(actor, { filter: opts.contractIds, limit, skip, is_report: undefined }))).map((z) => z.zone_id);
    for (const id of ids) {
      const z = await unlessNotFound(() => s.zones.get(actor, id));
      const r = rings(z?.polygon);
      if (z && r) zones.push({ label: z.name, rings: r });
    }
  }
  const sites: MapSite[] = [];
  for (const [layer, type] of [
    ['excavations', 'E'],
    ['tunnels', 'MT'],
  ] as const) {
    if (!on(layer)) continue;
    for (const site of (await s.construction.list(actor, { type, contracts: opts.contractIds })).records) {
      if (site.geometry) sites.push({ label: site.site_name, type, geometry: site.geometry });
    }
  }
  return { instruments, level, levels, types, boundaries, zones, sites };
}

/** The instruments as the map draws them: the type's icon in its level's colour (else the type's), as on screen. */
export function mapInstruments(d: MapData): MapInstrument[] {
  return d.instruments.map((i) => {
    const code = d.level.get(i.instrument_id) ?? null;
    const lv = code ? d.levels.find((l) => l.code === code) : undefined;
    const type = d.types.get(i.type_code);
    return {
      id: i.instrument_id,
      name: i.name,
      easting: i.easting,
      northing: i.northing,
      icon: type?.icon ?? 'circle',
      color: instrumentMapColor(lv?.color, type?.color),
      severity: lv?.severity ?? 0,
    };
  });
}

/** The drawing of the data over an extent; the legend lists the types drawn and the layers with something on them. */
export function mapDrawing(d: MapData, extent: Extent, title: string, layers: readonly MapReportLayer[], shown: readonly ReportInstrument[]): MapDrawing {
  const counts = new Map<string, { name: string; count: number }>();
  for (const i of shown) counts.set(i.type_code, { name: i.type_name, count: (counts.get(i.type_code)?.count ?? 0) + 1 });
  const legendLayers: ('boundaries' | 'zones' | 'excavations' | 'tunnels')[] = [];
  if (d.boundaries.length) legendLayers.push('boundaries');
  if (d.zones.length) legendLayers.push('zones');
  if (d.sites.some((s) => s.type === 'E')) legendLayers.push('excavations');
  if (d.sites.some((s) => s.type === 'MT')) legendLayers.push('tunnels');
  const ids = new Set(shown.map((i) => i.instrument_id));
  return {
    title,
    extent,
    boundaries: d.boundaries,
    zones: d.zones,
    sites: d.sites,
    instruments: layers.includes('instruments') ? mapInstruments(d).filter((i) => ids.has(i.id)) : [],
    labels: layers.includes('labels'),
    legend: {
      levels: d.levels.map((l) => ({ code: l.code, name: l.name, color: l.color })),
      types: [...counts.entries()]
        .map(([code, t]) => ({
          name: t.name,
          icon: d.types.get(code)?.icon ?? 'circle',
          color: instrumentMapColor(null, d.types.get(code)?.color),
          count: t.count,
        }))
        .sort((a, b) => a.name.localeCompare(b.name)),
      layers: legendLayers,
    },
  };
}

export interface LatestRow {
  code: string;
  depth: number | null;
  unit: string;
  takenAt: Date;
  value: number;
}

/**
 * The latest reading of each instrument (GET /instruments/latest, the screens' call): of its series, the one read
 * last (the first in the API's order on a tie).
 */
export async function latestOf(ctx: ReportContext, ids: number[]): Promise<Map<number, LatestRow>> {
  const out = new Map<number, LatestRow>();
  for (let k = 0; k < ids.length; k += CHUNK) {
    for (const rec of (await ctx.services.readings.latest(ctx.actor, ids.slice(k, k + CHUNK))).records) {
      let best: LatestRow | undefined;
      for (const r of rec.readings) {
        const t = new Date(r.taken_at);
        if (!best || t > best.takenAt) best = { code: r.code, depth: r.depth, unit: r.unit, takenAt: t, value: r.value };
      }
      if (best) out.set(rec.instrument_id, best);
    }
  }
  return out;
}

/** The bounds of some instruments with a margin (a tenth of the larger side, at least 50 m); null for none. */
export function boundsOf(points: readonly { easting: number; northing: number }[]): Extent | null {
  if (!points.length) return null;
  const es = points.map((p) => p.easting);
  const ns = points.map((p) => p.northing);
  const [minE, maxE, minN, maxN] = [Math.min(...es), Math.max(...es), Math.min(...ns), Math.max(...ns)];
  const m = Math.max(50, Math.max(maxE - minE, maxN - minN) / 10);
  return [minE - m, minN - m, maxE + m, maxN + m];
}

/** The bounds of some areas' rings; null for none. */
export function areaBounds(areas: readonly MapArea[]): Extent | null {
  const pts = areas.flatMap((a) => a.rings.flatMap((r) => r.map((p) => ({ easting: p[0]!, northing: p[1]! }))));
  return boundsOf(pts);
}
