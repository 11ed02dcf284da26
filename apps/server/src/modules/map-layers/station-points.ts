/**
 * The stations of a `stations` map layer, read from its GeoJSON or KML file: every Point (and each point of a
 * MultiPoint or MultiGeometry) with a name — GeoJSON `properties.name`, KML `<name>` of the Placemark (lib/kml.ts). GeoJSON is WGS84 (RFC 7946)
 * unless it names EPSG:3414 in a `crs` member or its numbers are plainly metres; KML is always WGS84. Positions are
 * answered in SVY21 metres, rounded to the millimetre. Features without a name or a usable position are skipped.
 */
import { looksLikeWgs84, wgs84ToSvy21 } from '@strata/shared';
import { kmlFeatures, parseKml } from '../../lib/kml.js';

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

type Geometry = { type?: unknown; coordinates?: unknown; geometries?: unknown } | null | undefined;

/** The positions of a Point, a MultiPoint, or the points of a GeometryCollection (a KML MultiGeometry). */
function pointPositions(g: Geometry, depth = 0): unknown[] {
  if (!g || depth > 4) return [];
  if (g.type === 'Point') return [g.coordinates];
  if (g.type === 'MultiPoint' && Array.isArray(g.coordinates)) return g.coordinates;
  if (g.type === 'GeometryCollection' && Array.isArray(g.geometries)) return g.geometries.flatMap((c) => pointPositions(c as Geometry, depth + 1));
  return [];
}

function geoJsonPoints(json: unknown, limit: number, known?: 'wgs84'): StationPoint[] {
  const root = json as { type?: unknown; features?: unknown; crs?: { properties?: { name?: unknown } } } | null;
  const crsName = root?.crs?.properties?.name;
  const crs = known ?? (typeof crsName === 'string' && crsName.includes('3414') ? 'svy21' : 'guess');
  const features = root?.type === 'FeatureCollection' && Array.isArray(root.features) ? root.features : root?.type === 'Feature' ? [root] : [];
  const out: StationPoint[] = [];
  for (const f of features as { properties?: Record<string, unknown> | null; geometry?: Geometry }[]) {
    if (out.length >= limit) break;
    const name = cleanName(f?.properties?.name);
    const g = f?.geometry;
    if (!name || !g) continue;
    for (const pos of pointPositions(g)) {
      if (out.length >= limit) break;
      if (!Array.isArray(pos) || typeof pos[0] !== 'number' || typeof pos[1] !== 'number') continue;
      const at = toSvy21(pos[0], pos[1], crs);
      if (at) out.push({ name, ...at });
    }
  }
  return out;
}

/** The named points of a KML file, through the same GeoJSON reading (KML is WGS84); malformed XML has none. */
function kmlPoints(text: string, limit: number): StationPoint[] {
  let doc;
  try {
    doc = parseKml(text);
  } catch {
    return [];
  }
  return geoJsonPoints(kmlFeatures(doc), limit, 'wgs84');
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
