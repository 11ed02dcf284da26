import { svy21ToWgs84, wgs84ToSvy21 } from '@strata/shared';

/**
 * The location search (spec §2.2 "location"): what the user typed, read as
 * - an SVY21 easting/northing pair: `28001.6, 38744.6`, `E 28001 N 38744`, `N 38744 E 28001`;
 * - a WGS84 latitude/longitude pair: `1.3521, 103.8198`, `1.3521N 103.8198E`, `lat 1.35 lon 103.82`, or longitude
 *   first when it can only be that way round (`103.8198, 1.3521`);
 * - otherwise a name, looked up in the offline gazetteer of the project's own features (instruments, construction
 *   sites, zones, contracts).
 */
export type LocationQuery =
  | { kind: 'svy21'; easting: number; northing: number; lat: number; lon: number }
  | { kind: 'wgs84'; easting: number; northing: number; lat: number; lon: number }
  | { kind: 'name'; text: string };

const NUMBER = '[-+]?\\d+(?:\\.\\d+)?';

function svy21(easting: number, northing: number): LocationQuery {
  const { lat, lon } = svy21ToWgs84(easting, northing);
  return { kind: 'svy21', easting, northing, lat, lon };
}

function wgs84(lat: number, lon: number): LocationQuery {
  const { easting, northing } = wgs84ToSvy21(lat, lon);
  return { kind: 'wgs84', easting, northing, lat, lon };
}

const isLat = (v: number) => Math.abs(v) <= 90;
const isLon = (v: number) => Math.abs(v) <= 180;
/** SVY21 metres: Singapore lies within about 2 000–60 000 m both ways; allow a generous margin around it. */
const isGrid = (v: number) => v >= 1_000 && v <= 150_000;

/** Reads a coordinate pair; null when the text is not one (then it is a name). */
export function parseCoordinates(input: string): LocationQuery | null {
  const text = input.trim().replace(/[°º]/g, ' ');
  if (!text) return null;

  // Letters say which is which: E/N (SVY21, or degrees with a hemisphere), lat/lon.
  const labelled = new RegExp(
    `^(?:(lat(?:itude)?|lon(?:gitude)?|lng|e|n|x|y)\\s*[:=]?\\s*(${NUMBER})\\s*([nsew])?)[\\s,;]+(?:(lat(?:itude)?|lon(?:gitude)?|lng|e|n|x|y)\\s*[:=]?\\s*(${NUMBER})\\s*([nsew])?)$`,
    'i',
  );
  const m = labelled.exec(text);
  if (m) {
    const pairs = [
      { label: m[1]!.toLowerCase(), value: Number(m[2]) },
      { label: m[4]!.toLowerCase(), value: Number(m[5]) },
    ];
    const find = (...labels: string[]) => pairs.find((p) => labels.some((l) => p.label.startsWith(l)))?.value;
    const lat = find('lat');
    const lon = find('lon', 'lng');
    if (lat !== undefined && lon !== undefined) return isLat(lat) && isLon(lon) ? wgs84(lat, lon) : null;
    const e = find('e', 'x');
    const n = find('n', 'y');
    if (e === undefined || n === undefined || pairs[0]!.label === pairs[1]!.label) return null;
    // `N 1.35 E 103.82` is in degrees: no SVY21 position of Singapore is that small.
    if (isLat(n) && isLon(e) && Math.abs(e) < 180) return wgs84(n, e);
    return isGrid(e) && isGrid(n) ? svy21(e, n) : null;
  }

  // Degrees with hemispheres: `1.35N 103.82E` (either order).
  const hemis = new RegExp(`^(${NUMBER})\\s*([nsew])[\\s,;]+(${NUMBER})\\s*([nsew])$`, 'i').exec(text);
  if (hemis) {
    const a = { value: Number(hemis[1]), h: hemis[2]!.toLowerCase() };
    const b = { value: Number(hemis[3]), h: hemis[4]!.toLowerCase() };
    const latPart = [a, b].find((p) => p.h === 'n' || p.h === 's');
    const lonPart = [a, b].find((p) => p.h === 'e' || p.h === 'w');
    if (!latPart || !lonPart) return null;
    const lat = latPart.h === 's' ? -latPart.value : latPart.value;
    const lon = lonPart.h === 'w' ? -lonPart.value : lonPart.value;
    return isLat(lat) && isLon(lon) ? wgs84(lat, lon) : null;
  }

  // Two bare numbers.
  const plain = new RegExp(`^(${NUMBER})[\\s,;]+(${NUMBER})$`).exec(text);
  if (!plain) return null;
  const a = Number(plain[1]);
  const b = Number(plain[2]);
  const degrees = Math.abs(a) <= 180 && Math.abs(b) <= 180;
  if (degrees) {
    if (isLat(a) && isLon(b)) return wgs84(a, b);
    if (isLon(a) && isLat(b)) return wgs84(b, a);
    return null;
  }
  return isGrid(a) && isGrid(b) ? svy21(a, b) : null;
}

export function parseLocationQuery(input: string): LocationQuery | null {
  const text = input.trim();
  if (!text) return null;
  return parseCoordinates(text) ?? { kind: 'name', text };
}

/** One place of the offline gazetteer. */
export interface GazetteerEntry {
  kind: 'instrument' | 'site' | 'zone' | 'contract';
  id: number;
  name: string;
  /** What else identifies it (type and contract, the contract's title …). */
  detail: string;
  /** Other words it is found by (LTA code, contract title). */
  aliases?: readonly string[];
  /** SVY21 position, when known. */
  easting?: number | null;
  northing?: number | null;
}

const KIND_ORDER: Record<GazetteerEntry['kind'], number> = { contract: 0, site: 1, zone: 2, instrument: 3 };

/**
 * The entries whose name or alias holds the text (any case), best first: an exact name, then names starting with it,
 * then the rest; contracts before sites before zones before instruments; then by name.
 */
export function searchGazetteer(entries: readonly GazetteerEntry[], text: string, limit = 20): GazetteerEntry[] {
  const q = text.trim().toLowerCase();
  if (!q) return [];
  const scored: { entry: GazetteerEntry; score: number }[] = [];
  for (const entry of entries) {
    const words = [entry.name, ...(entry.aliases ?? [])].map((w) => w.toLowerCase());
    let score = Infinity;
    for (const w of words) {
      if (w === q) score = Math.min(score, 0);
      else if (w.startsWith(q)) score = Math.min(score, 1);
      else if (w.includes(q)) score = Math.min(score, 2);
    }
    if (score !== Infinity) scored.push({ entry, score });
  }
  return scored
    .sort(
      (a, b) =>
        a.score - b.score ||
        KIND_ORDER[a.entry.kind] - KIND_ORDER[b.entry.kind] ||
        a.entry.name.localeCompare(b.entry.name, undefined, { numeric: true, sensitivity: 'base' }),
    )
    .slice(0, limit)
    .map((s) => s.entry);
}
