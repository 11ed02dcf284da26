import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';

/** The section page (issue 18: a section through several boreholes), below the language prefix. */
export const BOREHOLE_SECTION_PATH = '/dashboard/search/borehole/section';

/** Metres either side of a drawn line a borehole may stand (ZBoreholeSectionQuery's default). */
export const SECTION_DEFAULT_BUFFER = 50;
export const SECTION_BUFFER_MIN = 1;
export const SECTION_BUFFER_MAX = 1000;

/**
 * The SI Borehole List's section mode, in its query string (so a reload keeps the picks):
 * `section` = `pick` (boreholes picked in order, `section-ids=31,7,12`) or `line` (a line drawn on the map,
 * `section-line=lon,lat,lon,lat…` in WGS84, `section-buffer` metres, 50 left out). No `section`: the plain list.
 */
export const SECTION_MODE_PARAM = 'section';
export const SECTION_IDS_PARAM = 'section-ids';
export const SECTION_LINE_PARAM = 'section-line';
export const SECTION_BUFFER_PARAM = 'section-buffer';

export type SectionMode = 'pick' | 'line';

export interface SectionPick {
  mode: SectionMode | null;
  /** Picked boreholes, in the order picked. */
  ids: number[];
  /** The drawn line, WGS84 [lon, lat] points (at least two), or null. */
  line: [number, number][] | null;
  buffer: number;
}

/** Buffer text as metres, or null when it is not a number from 1 to 1000. */
export function parseBuffer(text: string | null | undefined): number | null {
  if (text === null || text === undefined || !/^\d+(\.\d+)?$/.test(text.trim())) return null;
  const value = Number(text);
  return value >= SECTION_BUFFER_MIN && value <= SECTION_BUFFER_MAX ? value : null;
}

/** `31,7,12` → [31, 7, 12]; repeats and anything not a positive id left out. */
export function parseIds(text: string | null): number[] {
  if (!text) return [];
  const out: number[] = [];
  for (const part of text.split(',')) {
    if (!/^\d+$/.test(part)) continue;
    const id = Number(part);
    if (id > 0 && !out.includes(id)) out.push(id);
  }
  return out;
}

/** `lon,lat,lon,lat…` → points; null unless it is at least two WGS84 points. */
export function parseLine(text: string | null): [number, number][] | null {
  if (!text) return null;
  const nums = text.split(',').map((s) => (/^-?\d+(\.\d+)?$/.test(s) ? Number(s) : NaN));
  if (nums.length < 4 || nums.length % 2 !== 0 || nums.some((v) => !Number.isFinite(v))) return null;
  const points: [number, number][] = [];
  for (let i = 0; i < nums.length; i += 2) points.push([nums[i]!, nums[i + 1]!]);
  return points.every(([lon, lat]) => Math.abs(lon) <= 180 && Math.abs(lat) <= 90) ? points : null;
}

/** Points as the API's `line`: lon,lat pairs with 6 decimals (about 0.1 m). */
export function lineParam(points: readonly (readonly [number, number])[]): string {
  return points.map(([lon, lat]) => `${lon.toFixed(6)},${lat.toFixed(6)}`).join(',');
}

export function readSectionPick(params: URLSearchParams): SectionPick {
  const mode = params.get(SECTION_MODE_PARAM);
  return {
    mode: mode === 'pick' || mode === 'line' ? mode : null,
    ids: parseIds(params.get(SECTION_IDS_PARAM)),
    line: parseLine(params.get(SECTION_LINE_PARAM)),
    buffer: parseBuffer(params.get(SECTION_BUFFER_PARAM)) ?? SECTION_DEFAULT_BUFFER,
  };
}

/** Writes the parts given onto a copy of `params` (empty parts and the default buffer left out). */
export function writeSectionPick(params: URLSearchParams, changes: Partial<SectionPick>): URLSearchParams {
  const out = new URLSearchParams(params);
  const set = (key: string, value: string | null) => (value ? out.set(key, value) : out.delete(key));
  if ('mode' in changes) set(SECTION_MODE_PARAM, changes.mode ?? null);
  if (changes.ids) set(SECTION_IDS_PARAM, changes.ids.join(','));
  if ('line' in changes) set(SECTION_LINE_PARAM, changes.line ? lineParam(changes.line) : null);
  if (changes.buffer !== undefined) set(SECTION_BUFFER_PARAM, changes.buffer === SECTION_DEFAULT_BUFFER ? null : String(changes.buffer));
  return out;
}

/** Adds a borehole at the end of the picks, or takes it out (the others keep their order). */
export function togglePick(ids: readonly number[], id: number): number[] {
  return ids.includes(id) ? ids.filter((i) => i !== id) : [...ids, id];
}

/** What the section page is asked for: boreholes in order, or a line and its buffer. */
export type SectionRequest = { ids: number[] } | { line: [number, number][]; buffer: number };

/** The section page's address (below the language prefix): `?ids=31,7,12` or `?line=…&buffer=50`. */
export function sectionPath(request: SectionRequest): string {
  const query = new URLSearchParams();
  if ('ids' in request) query.set('ids', request.ids.join(','));
  else {
    query.set('line', lineParam(request.line));
    query.set('buffer', String(request.buffer));
  }
  // Commas are kept readable in the address (they need no escaping in a query string).
  return `${BOREHOLE_SECTION_PATH}?${query.toString().replace(/%2C/g, ',')}`;
}

/** The section page's request from its query string, or null when it names neither boreholes nor a line. */
export function readSectionRequest(params: URLSearchParams): SectionRequest | null {
  const ids = parseIds(params.get('ids'));
  if (ids.length > 0) return { ids };
  const line = parseLine(params.get('line'));
  if (line) return { line, buffer: parseBuffer(params.get('buffer')) ?? SECTION_DEFAULT_BUFFER };
  return null;
}

/** The list's section mode from the query string, and a setter (the history entry replaced: picks are not pages). */
export function useSectionPick(): { pick: SectionPick; change: (changes: Partial<SectionPick>) => void } {
  const [params, setParams] = useSearchParams();
  const text = params.toString();
  const pick = useMemo(() => readSectionPick(new URLSearchParams(text)), [text]);
  const change = useCallback((changes: Partial<SectionPick>) => setParams((current) => writeSectionPick(current, changes), { replace: true }), [setParams]);
  return { pick, change };
}

/** A WGS84 line's length in metres (haversine on the mean radius: what the panel tells while drawing). */
export function lineLength(points: readonly (readonly [number, number])[]): number {
  const r = 6_371_008.8;
  const rad = Math.PI / 180;
  let total = 0;
  for (let i = 1; i < points.length; i++) {
    const [lon1, lat1] = points[i - 1]!;
    const [lon2, lat2] = points[i]!;
    const a = Math.sin(((lat2 - lat1) * rad) / 2) ** 2 + Math.cos(lat1 * rad) * Math.cos(lat2 * rad) * Math.sin(((lon2 - lon1) * rad) / 2) ** 2;
    total += 2 * r * Math.asin(Math.min(1, Math.sqrt(a)));
  }
  return total;
}
