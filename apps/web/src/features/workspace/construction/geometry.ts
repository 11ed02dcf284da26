import type { TSiteGeometry } from '@strata/shared';
import type { Svy21Extent } from '../state/url-state';

/**
 * Planar geometry of construction sites in SVY21 metres (decision 038): which instruments are inside an excavation's
 * outline or within a distance of it, and whether a site shows in a map extent. Positions are `[easting, northing]`.
 */

type Pos = readonly number[];

/** Distance from (x, y) to the segment ab, m. */
export function distanceToSegment(x: number, y: number, a: Pos, b: Pos): number {
  const dx = b[0]! - a[0]!;
  const dy = b[1]! - a[1]!;
  const length2 = dx * dx + dy * dy;
  const t = length2 === 0 ? 0 : Math.min(Math.max(((x - a[0]!) * dx + (y - a[1]!) * dy) / length2, 0), 1);
  return Math.hypot(x - (a[0]! + dx * t), y - (a[1]! + dy * t));
}

/** True when (x, y) is inside the closed ring (even-odd rule; a point on the edge counts as inside). */
export function insideRing(x: number, y: number, ring: readonly Pos[]): boolean {
  let inside = false;
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
    const a = ring[i]!;
    const b = ring[j]!;
    if (distanceToSegment(x, y, a, b) < 1e-9) return true;
    if (a[1]! > y !== b[1]! > y && x < ((b[0]! - a[0]!) * (y - a[1]!)) / (b[1]! - a[1]!) + a[0]!) inside = !inside;
  }
  return inside;
}

/** Distance from (x, y) to a line through the positions, m (Infinity without positions). */
function distanceToPath(x: number, y: number, path: readonly Pos[]): number {
  if (path.length === 1) return Math.hypot(x - path[0]![0]!, y - path[0]![1]!);
  let best = Number.POSITIVE_INFINITY;
  for (let i = 1; i < path.length; i++) best = Math.min(best, distanceToSegment(x, y, path[i - 1]!, path[i]!));
  return best;
}

/**
 * Distance from (x, y) to the site, m: 0 inside a polygon (inside its outer ring and outside its holes), else to the
 * nearest edge; to a line or a point.
 */
export function distanceToGeometry(x: number, y: number, geometry: TSiteGeometry): number {
  if (geometry.type === 'Point') return Math.hypot(x - geometry.coordinates[0]!, y - geometry.coordinates[1]!);
  if (geometry.type === 'LineString') return distanceToPath(x, y, geometry.coordinates);
  const [outer, ...holes] = geometry.coordinates;
  if (!outer) return Number.POSITIVE_INFINITY;
  const edges = Math.min(...geometry.coordinates.map((ring) => distanceToPath(x, y, ring)));
  const inHole = holes.some((ring) => insideRing(x, y, ring) && distanceToPath(x, y, ring) > 1e-9);
  return insideRing(x, y, outer) && !inHole ? 0 : edges;
}

export interface NearSite<T> {
  item: T;
  /** m; 0 inside the site's polygon. */
  distance: number;
  inside: boolean;
}

/**
 * The items inside the site or within `within` m of it, nearest first (those inside a polygon at 0 m; the sort is
 * stable, so equal distances keep the items' order). Items without a finite position are left out.
 */
export function itemsNearSite<T extends { easting: number; northing: number }>(items: readonly T[], geometry: TSiteGeometry, within: number): NearSite<T>[] {
  const out: NearSite<T>[] = [];
  for (const item of items) {
    if (!Number.isFinite(item.easting) || !Number.isFinite(item.northing)) continue;
    const distance = distanceToGeometry(item.easting, item.northing, geometry);
    if (distance <= within) out.push({ item, distance, inside: geometry.type === 'Polygon' && distance === 0 });
  }
  return out.sort((a, b) => a.distance - b.distance);
}

/** Every position of the geometry. */
export function positionsOfGeometry(geometry: TSiteGeometry): Pos[] {
  if (geometry.type === 'Point') return [geometry.coordinates];
  if (geometry.type === 'LineString') return geometry.coordinates;
  return geometry.coordinates.flat();
}

/** The geometry's bounding box `[minE, minN, maxE, maxN]`. */
export function geometryExtent(geometry: TSiteGeometry): Svy21Extent {
  const all = positionsOfGeometry(geometry);
  const xs = all.map((p) => p[0]!);
  const ys = all.map((p) => p[1]!);
  return [Math.min(...xs), Math.min(...ys), Math.max(...xs), Math.max(...ys)];
}

/** True when the site's bounding box meets the extent (no extent: every site; no geometry: none once an extent is set). */
export function siteInExtent(geometry: TSiteGeometry | null, extent: Svy21Extent | null): boolean {
  if (!extent) return true;
  if (!geometry) return false;
  const [minE, minN, maxE, maxN] = geometryExtent(geometry);
  return minE <= extent[2] && maxE >= extent[0] && minN <= extent[3] && maxN >= extent[1];
}
