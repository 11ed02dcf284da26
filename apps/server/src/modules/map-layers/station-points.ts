/**
 * The stations of a `stations` map layer, read from its GeoJSON or KML file: every Point (and each point of a
 * MultiPoint) with a name — GeoJSON `properties.name`, KML `<name>` of the Placemark. GeoJSON is WGS84 (RFC 7946)
 * unless it names EPSG:3414 in a `crs` member or its numbers are plainly metres; KML is always WGS84. Positions are
 * answered in SVY21 metres, rounded to the millimetre. Features without a name or a usable position are skipped.
 */
import { looksLikeWgs84, wgs84ToSvy21 } from '@strata/shared';

export interface StationPoint {
  name: string;
  easting: number;
  northing: number;
}

const round3 = (v: number) => Math.round(v * 1000) / 1000;
const NAME_MAX = 200;

function cleanName(value: unknown): string | undefined {
  if (typeof value !== 'string' && typeof value !== 'number') return undefined;
  const name = String(value).replace(/\s+/g, ' ').trim().slice(0, NAME_MAX);
  return name || undefined;
}

function toSvy21(x: number, y: number, crs: 'svy21' | 'wgs84' | 'guess'): { easting: number; northing: number } | undefined {
  if (!Number.isFinite(x) || !Number.isFinite(y)) return undefined;
  const wgs = crs === 'wgs84' || (crs === 'guess' && looksLikeWgs84(x, y));
  if (!wgs) return { easting: round3(x), northing: round3(y) };
  if (Math.abs(y) > 90 || Math.abs(x) > 180) return undefined;
  const p = wgs84ToSvy21(y, x);
  return { easting: round3(p.easting), northing: round3(p.northing) };
}

function geoJsonPoints(json: unknown, limit: number): StationPoint[] {
  const root = json as { type?: unknown; features?: unknown; crs?: { properties?: { name?: unknown } } } | null;
  const crsName = root?.crs?.properties?.name;
  const crs = typeof crsName === 'string' && crsName.includes('3414') ? 'svy21' : 'guess';
  const features = root?.type === 'FeatureCollection' && Array.isArray(root.features) ? root.features : root?.type === 'Feature' ? [root] : [];
  const out: StationPoint[] = [];
  for (const f of features as { properties?: Record<string, unknown> | null; geometry?: { type?: unknown; coordinates?: unknown } | null }[]) {
    if (out.length >= limit) break;
    const name = cleanName(f?.properties?.name);
    const g = f?.geometry;
    if (!name || !g) continue;
    const positions = g.type === 'Point' ? [g.coordinates] : g.type === 'MultiPoint' && Array.isArray(g.coordinates) ? g.coordinates : [];
    for (const pos of positions) {
      if (out.length >= limit) break;
      if (!Array.isArray(pos) || typeof pos[0] !== 'number' || typeof pos[1] !== 'number') continue;
      const at = toSvy21(pos[0], pos[1], crs);
      if (at) out.push({ name, ...at });
    }
  }
  return out;
}

const decode = (text: string) =>
  text
    .replace(/<!\[CDATA\[([\s\S]*?)\]\]>/g, '$1')
    .replace(/<[^>]*>/g, '')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&amp;/g, '&');

function kmlPoints(text: string, limit: number): StationPoint[] {
  const out: StationPoint[] = [];
  for (const m of text.matchAll(/<(?:\w+:)?Placemark[\s>][\s\S]*?<\/(?:\w+:)?Placemark>/gi)) {
    if (out.length >= limit) break;
    const placemark = m[0];
    const name = cleanName(decode(/<(?:\w+:)?name>([\s\S]*?)<\/(?:\w+:)?name>/i.exec(placemark)?.[1] ?? ''));
    if (!name) continue;
    for (const point of placemark.matchAll(/<(?:\w+:)?Point[\s>][\s\S]*?<\/(?:\w+:)?Point>/gi)) {
      if (out.length >= limit) break;
      const coords = /<(?:\w+:)?coordinates>([\s\S]*?)<\/(?:\w+:)?coordinates>/i.exec(point[0])?.[1]?.trim().split(/\s+/)[0];
      if (!coords) continue;
      const [x, y] = coords.split(',').map(Number);
      const at = toSvy21(x ?? NaN, y ?? NaN, 'wgs84');
      if (at) out.push({ name, ...at });
    }
  }
  return out;
}

/** The named points of a GeoJSON or KML file (at most `limit`); an unreadable file has none. */
export function stationPoints(data: Buffer | string, format: 'geojson' | 'kml', limit: number): StationPoint[] {
  if (limit <= 0) return [];
  const text = (typeof data === 'string' ? data : data.toString('utf8')).replace(/^\ufeff/, '');
  if (format === 'kml') return kmlPoints(text, limit);
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return [];
  }
  return geoJsonPoints(json, limit);
}
