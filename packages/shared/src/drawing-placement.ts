import type { TSiteGeometry } from './schemas/geometry.js';
import type { TDrawingExtent } from './schemas/sites.js';

/** A drawing's default margin around its site: this share of the larger side of the site's bounding box, each side. */
export const DRAWING_EXTENT_PADDING = 0.1;
/** The smallest margin (m): a straight alignment or a point still gets an area. */
export const DRAWING_EXTENT_MIN_PADDING = 10;

function positionsOf(geometry: TSiteGeometry): readonly (readonly number[])[] {
  if (geometry.type === 'Point') return [geometry.coordinates];
  if (geometry.type === 'LineString') return geometry.coordinates;
  return geometry.coordinates.flat();
}

/**
 * Where a progress drawing goes unless told otherwise (decision 038): the site's outline or alignment's bounding box,
 * padded on each side by 10 % of its larger side (at least 10 m), rounded outward to whole metres. SVY21
 * `[minE, minN, maxE, maxN]`; null for a site without a geometry. The upload dialog proposes it and the demo seed uses it.
 */
export function defaultDrawingExtent(geometry: TSiteGeometry | null): TDrawingExtent | null {
  if (!geometry) return null;
  const positions = positionsOf(geometry).filter((p) => Number.isFinite(p[0]) && Number.isFinite(p[1]));
  if (positions.length === 0) return null;
  const xs = positions.map((p) => p[0]!);
  const ys = positions.map((p) => p[1]!);
  const [minE, maxE, minN, maxN] = [Math.min(...xs), Math.max(...xs), Math.min(...ys), Math.max(...ys)];
  const pad = Math.max(DRAWING_EXTENT_PADDING * Math.max(maxE - minE, maxN - minN), DRAWING_EXTENT_MIN_PADDING);
  return [Math.floor(minE - pad), Math.floor(minN - pad), Math.ceil(maxE + pad), Math.ceil(maxN + pad)];
}
