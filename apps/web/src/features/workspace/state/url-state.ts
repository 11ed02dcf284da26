import { SITE_PROGRESS_STATUSES, type TSiteProgressStatus } from '@strata/shared';
import { computeDateRange, EMPTY_DATE_RANGE, isDateRangeOption, type DateRangeValue } from '../../../components/date-range';

/**
 * The work space's state in the query string (spec §2.5), so a reload or a shared link shows the same view.
 * Every parameter is optional; a missing or unreadable one means its default.
 *
 * | parameter             | form                                                            | default        |
 * |-----------------------|-----------------------------------------------------------------|----------------|
 * | `page-num`            | 1-based page of the instrument list                             | 1              |
 * | `keyword`             | text (Enter in the search box)                                  | none           |
 * | `map-bounds`          | the map view's extent, SVY21 metres `minE,minN,maxE,maxN` (whole metres) — set while "only what the map shows" is on | none |
 * | `map-bounds-selected` | the area selected on the map, compressed: the four whole-metre numbers in base 36 joined by `.` (`1y2k.c3f.1y9x.c8a`) | none |
 * | `pos`                 | JSON `{"x":easting,"y":northing,"zoom":z}` (SVY21 metres, whole) | no `pos`: the map opens at `INITIAL_ZOOM` (10) on the map bounds; a `pos` without zoom uses `DEFAULT_ZOOM` (11) |
 * | `instrument_filter`   | JSON `{"type":[…],"level":[…],"zone":[…],"frequency":[…],"status":[…]}` (empty lists left out) | no filter |
 * | `site-status`         | the Excavation Site and Mined Tunnel lists' state filter: not-started, in-progress or complete | all |
 * | `date-range`          | JSON `{"option":"30day"}` for a preset (recomputed on load, so "last 30 days" stays relative), `{"option":"custom","start":ISO,"end":ISO}` for fixed dates | none |
 */
export const PARAM = {
  page: 'page-num',
  keyword: 'keyword',
  mapBounds: 'map-bounds',
  selectedBounds: 'map-bounds-selected',
  pos: 'pos',
  filter: 'instrument_filter',
  dateRange: 'date-range',
  siteStatus: 'site-status',
} as const;

/** Spec §2.5: a `pos` without a zoom uses 11; the map opens at 10 when the URL has no `pos`. */
export const DEFAULT_ZOOM = 11;
export const INITIAL_ZOOM = 10;
/** The zoom the location search uses for a point (spec §9 "map zoom 19"). */
export const POINT_ZOOM = 19;
const MIN_ZOOM = 0;
const MAX_ZOOM = 22;

/** SVY21 `[minE, minN, maxE, maxN]`, metres. */
export type Svy21Extent = [number, number, number, number];

export interface MapPosition {
  /** Easting, SVY21 metres. */
  x: number;
  /** Northing, SVY21 metres. */
  y: number;
  zoom: number;
}

export const FILTER_KEYS = ['type', 'level', 'zone', 'frequency', 'status'] as const;
export type FilterKey = (typeof FILTER_KEYS)[number];

/** The instrument filter: instrument type codes, status levels, zone ids, frequency codes, instrument statuses. */
export interface InstrumentFilter {
  type: string[];
  level: string[];
  zone: number[];
  frequency: string[];
  status: string[];
}

export const EMPTY_FILTER: InstrumentFilter = { type: [], level: [], zone: [], frequency: [], status: [] };

export interface WorkspaceUrlState {
  page: number;
  keyword: string;
  mapBounds: Svy21Extent | null;
  selectedBounds: Svy21Extent | null;
  pos: MapPosition | null;
  filter: InstrumentFilter;
  dateRange: DateRangeValue;
  /** The construction lists' state filter; null: every site. */
  siteStatus: TSiteProgressStatus | null;
}

export const DEFAULT_STATE: WorkspaceUrlState = {
  page: 1,
  keyword: '',
  mapBounds: null,
  selectedBounds: null,
  pos: null,
  filter: EMPTY_FILTER,
  dateRange: EMPTY_DATE_RANGE,
  siteStatus: null,
};

/**
 * The largest |x| or |y| a `pos` may have, in SVY21 metres: a point anywhere on Earth, not only in Singapore — a
 * borehole of a British grid file stands in London, at y ≈ 11,084,000 in SVY21's transverse Mercator (decision 036).
 * Beyond that the numbers are not a place.
 */
const MAX_COORDINATE = 4e7;

function validExtent(values: number[]): Svy21Extent | null {
  if (values.length !== 4 || !values.every((v) => Number.isFinite(v) && Math.abs(v) <= MAX_COORDINATE)) return null;
  const [minE, minN, maxE, maxN] = values as Svy21Extent;
  if (minE > maxE || minN > maxN) return null;
  return [minE, minN, maxE, maxN];
}

/** Metres are enough for a view or a selection; whole numbers keep the URL short. */
function roundExtent(extent: readonly number[]): Svy21Extent {
  return [Math.floor(extent[0]!), Math.floor(extent[1]!), Math.ceil(extent[2]!), Math.ceil(extent[3]!)];
}

/** `map-bounds`: `minE,minN,maxE,maxN` in whole metres (the API's `bbox` form). */
export function encodeBounds(extent: readonly number[]): string {
  return roundExtent(extent).join(',');
}

export function decodeBounds(text: string | null): Svy21Extent | null {
  if (!text) return null;
  const parts = text.split(',');
  if (parts.length !== 4 || parts.some((p) => !/^\s*-?\d+(\.\d+)?\s*$/.test(p))) return null;
  return validExtent(parts.map(Number));
}

/** `map-bounds-selected`, compressed: whole metres in base 36 joined by `.` (about half the length of the decimal form). */
export function compressBounds(extent: readonly number[]): string {
  return roundExtent(extent)
    .map((n) => n.toString(36))
    .join('.');
}

export function decompressBounds(text: string | null): Svy21Extent | null {
  if (!text) return null;
  const parts = text.split('.');
  if (parts.length !== 4 || parts.some((p) => !/^-?[0-9a-z]{1,8}$/i.test(p))) return null;
  return validExtent(parts.map((p) => parseInt(p, 36)));
}

function parseJson(text: string | null): unknown {
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

export function encodePos(pos: MapPosition): string {
  return JSON.stringify({ x: Math.round(pos.x), y: Math.round(pos.y), zoom: Math.round(pos.zoom * 100) / 100 });
}

export function decodePos(text: string | null): MapPosition | null {
  const value = parseJson(text);
  if (!isRecord(value)) return null;
  const { x, y, zoom } = value;
  if (typeof x !== 'number' || typeof y !== 'number' || !Number.isFinite(x) || !Number.isFinite(y)) return null;
  if (Math.abs(x) > MAX_COORDINATE || Math.abs(y) > MAX_COORDINATE) return null;
  const z = typeof zoom === 'number' && Number.isFinite(zoom) ? Math.min(MAX_ZOOM, Math.max(MIN_ZOOM, zoom)) : DEFAULT_ZOOM;
  return { x, y, zoom: z };
}

const SAFE_CODE = /^[A-Za-z0-9_.-]{1,40}$/;

export function isEmptyFilter(filter: InstrumentFilter): boolean {
  return FILTER_KEYS.every((key) => filter[key].length === 0);
}

export function encodeFilter(filter: InstrumentFilter): string | null {
  const out: Partial<Record<FilterKey, (string | number)[]>> = {};
  for (const key of FILTER_KEYS) if (filter[key].length > 0) out[key] = [...filter[key]];
  return Object.keys(out).length === 0 ? null : JSON.stringify(out);
}

export function decodeFilter(text: string | null): InstrumentFilter {
  const value = parseJson(text);
  if (!isRecord(value)) return EMPTY_FILTER;
  const strings = (v: unknown) => (Array.isArray(v) ? [...new Set(v.filter((s): s is string => typeof s === 'string' && SAFE_CODE.test(s)))] : []);
  const ids = (v: unknown) => (Array.isArray(v) ? [...new Set(v.filter((n): n is number => Number.isInteger(n) && (n as number) > 0))] : []);
  return {
    type: strings(value.type),
    level: strings(value.level),
    zone: ids(value.zone),
    frequency: strings(value.frequency),
    status: strings(value.status),
  };
}

export function encodeDateRange(range: DateRangeValue): string | null {
  if (range.option === 'none') return null;
  if (range.option === 'custom') return JSON.stringify({ option: 'custom', start: range.start, end: range.end });
  return JSON.stringify({ option: range.option });
}

const isIso = (v: unknown): v is string => typeof v === 'string' && v.length <= 40 && !Number.isNaN(Date.parse(v));

export function decodeDateRange(text: string | null, now: Date = new Date()): DateRangeValue {
  const value = parseJson(text);
  if (!isRecord(value) || !isDateRangeOption(value.option) || value.option === 'none') return EMPTY_DATE_RANGE;
  if (value.option === 'custom') {
    if (!isIso(value.start) && !isIso(value.end)) return EMPTY_DATE_RANGE;
    return computeDateRange('custom', { start: isIso(value.start) ? value.start : null, end: isIso(value.end) ? value.end : null }, now);
  }
  return computeDateRange(value.option, {}, now);
}

/** The work space's state read from a query string; anything unreadable falls back to its default. */
export function parseWorkspaceParams(params: URLSearchParams, now: Date = new Date()): WorkspaceUrlState {
  const page = Number(params.get(PARAM.page));
  return {
    page: Number.isInteger(page) && page >= 1 ? page : 1,
    keyword: (params.get(PARAM.keyword) ?? '').trim().slice(0, 100),
    mapBounds: decodeBounds(params.get(PARAM.mapBounds)),
    selectedBounds: decompressBounds(params.get(PARAM.selectedBounds)),
    pos: decodePos(params.get(PARAM.pos)),
    filter: decodeFilter(params.get(PARAM.filter)),
    dateRange: decodeDateRange(params.get(PARAM.dateRange), now),
    siteStatus: SITE_PROGRESS_STATUSES.find((v) => v === params.get(PARAM.siteStatus)) ?? null,
  };
}

/**
 * A copy of `current` with the given parts of the state written (null or default values remove their parameter);
 * other parameters are kept. A change to what the list shows (keyword, filter, bounds) goes back to page 1.
 */
export function writeWorkspaceParams(current: URLSearchParams, changes: Partial<WorkspaceUrlState>): URLSearchParams {
  const next = new URLSearchParams(current);
  const put = (key: string, value: string | null) => (value === null || value === '' ? next.delete(key) : next.set(key, value));
  if ('keyword' in changes) put(PARAM.keyword, changes.keyword?.trim() || null);
  if ('mapBounds' in changes) put(PARAM.mapBounds, changes.mapBounds ? encodeBounds(changes.mapBounds) : null);
  if ('selectedBounds' in changes) put(PARAM.selectedBounds, changes.selectedBounds ? compressBounds(changes.selectedBounds) : null);
  if ('pos' in changes) put(PARAM.pos, changes.pos ? encodePos(changes.pos) : null);
  if ('filter' in changes) put(PARAM.filter, changes.filter ? encodeFilter(changes.filter) : null);
  if ('dateRange' in changes) put(PARAM.dateRange, changes.dateRange ? encodeDateRange(changes.dateRange) : null);
  if ('siteStatus' in changes) put(PARAM.siteStatus, changes.siteStatus ?? null);
  const listChanged = 'keyword' in changes || 'mapBounds' in changes || 'selectedBounds' in changes || 'filter' in changes || 'siteStatus' in changes;
  if ('page' in changes) put(PARAM.page, changes.page && changes.page > 1 ? String(changes.page) : null);
  else if (listChanged) next.delete(PARAM.page);
  return next;
}

/** Two extents equal to the metre (as they are kept in the URL). */
export function sameExtent(a: readonly number[] | null, b: readonly number[] | null): boolean {
  if (!a || !b) return a === b;
  const ra = roundExtent(a);
  const rb = roundExtent(b);
  return ra.every((v, i) => v === rb[i]);
}
