import { svy21ToWgs84 } from '@strata/shared';
import type { Svy21Extent } from '../state/url-state';

/** The borehole list's own query-string parameter: JSON `{"type":"RC","depth_min":5,"depth_max":30}`, empty parts left out. */
export const BOREHOLE_FILTER_PARAM = 'borehole_filter';

export interface BoreholeFilter {
  type: string;
  depthMin: number | null;
  depthMax: number | null;
}

export const EMPTY_BOREHOLE_FILTER: BoreholeFilter = { type: '', depthMin: null, depthMax: null };

const num = (value: unknown): number | null => (typeof value === 'number' && Number.isFinite(value) ? value : null);

export function decodeBoreholeFilter(text: string | null): BoreholeFilter {
  if (!text) return EMPTY_BOREHOLE_FILTER;
  try {
    const raw = JSON.parse(text) as Record<string, unknown>;
    return { type: typeof raw.type === 'string' ? raw.type : '', depthMin: num(raw.depth_min), depthMax: num(raw.depth_max) };
  } catch {
    return EMPTY_BOREHOLE_FILTER;
  }
}

export function encodeBoreholeFilter(filter: BoreholeFilter): string | null {
  const out: Record<string, string | number> = {};
  if (filter.type) out.type = filter.type;
  if (filter.depthMin !== null) out.depth_min = filter.depthMin;
  if (filter.depthMax !== null) out.depth_max = filter.depthMax;
  return Object.keys(out).length === 0 ? null : JSON.stringify(out);
}

/** An SVY21 extent as the API's WGS84 `bounds` (west,south,east,north, 6 decimals). */
export function boundsParam(extent: Svy21Extent | null): string | undefined {
  if (!extent) return undefined;
  const sw = svy21ToWgs84(extent[0], extent[1]);
  const ne = svy21ToWgs84(extent[2], extent[3]);
  return [sw.lon, sw.lat, ne.lon, ne.lat].map((n) => n.toFixed(6)).join(',');
}
