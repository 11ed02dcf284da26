/**
 * SVY21 (EPSG:3414, Singapore's plane grid) <-> WGS84 (EPSG:4326) with proj4.
 *
 * The projection is the one in DOMAIN.md: transverse Mercator on the WGS84 ellipsoid, origin 1°22'00" N 103°50'00" E,
 * scale 1, false easting 28001.642 m, false northing 38744.572 m. SVY21's datum is WGS84-aligned, so no datum shift.
 * Round trips are exact to well under a millimetre across Singapore (tested).
 *
 * Note for anyone comparing with OneMap's converter: SLA's OneMap API (and the popular cgcai/SVY21 library) use the
 * origin rounded to 1.366666 / 103.833333 degrees, which moves their results by about +3.7 cm easting and
 * +7.4 cm northing against EPSG:3414. Both are tested in coordinates.test.ts.
 */
import proj4 from 'proj4';

export const SVY21_PROJ = '+proj=tmerc +lat_0=1.366666666666667 +lon_0=103.8333333333333 +k=1 +x_0=28001.642 +y_0=38744.572 +ellps=WGS84 +units=m +no_defs';

/** The projection's natural origin: easting/northing and its latitude/longitude. */
export const SVY21_ORIGIN = { easting: 28001.642, northing: 38744.572, lat: 1.366666666666667, lon: 103.8333333333333 } as const;

const converter = proj4('EPSG:4326', SVY21_PROJ);

export interface LatLon {
  lat: number;
  lon: number;
}
export interface EastingNorthing {
  easting: number;
  northing: number;
}

export function svy21ToWgs84(easting: number, northing: number): LatLon {
  const [lon, lat] = converter.inverse([easting, northing]) as [number, number];
  return { lat, lon };
}

export function wgs84ToSvy21(lat: number, lon: number): EastingNorthing {
  const [easting, northing] = converter.forward([lon, lat]) as [number, number];
  return { easting, northing };
}

/**
 * British National Grid (EPSG:27700: OSGB36 transverse Mercator on the Airy ellipsoid, with the 7-parameter Helmert
 * shift to WGS84 — good to a few metres, which is what a site-investigation location needs). The public AGS test files
 * are in it.
 */
export const BNG_PROJ =
  '+proj=tmerc +lat_0=49 +lon_0=-2 +k=0.9996012717 +x_0=400000 +y_0=-100000 +ellps=airy +towgs84=446.448,-125.157,542.06,0.15,0.247,0.842,-20.489 +units=m +no_defs';
const bng = proj4('EPSG:4326', BNG_PROJ);

/** Grid coordinates of an EPSG code this app knows (3414 SVY21, 27700 British National Grid) to WGS84, 9 decimals. */
export function gridToWgs84(crs: number | string, easting: number, northing: number): LatLon | null {
  if (Number(crs) === 3414) return svy21ToWgs84Rounded(easting, northing);
  if (Number(crs) !== 27700) return null;
  const [lon, lat] = bng.inverse([easting, northing]) as [number, number];
  if (!Number.isFinite(lat) || !Number.isFinite(lon)) return null;
  return { lat: Math.round(lat * 1e9) / 1e9, lon: Math.round(lon * 1e9) / 1e9 };
}

/** Latitude/longitude rounded to 9 decimals (about 0.1 mm), for API answers. */
export function svy21ToWgs84Rounded(easting: number, northing: number): LatLon {
  const { lat, lon } = svy21ToWgs84(easting, northing);
  return { lat: Math.round(lat * 1e9) / 1e9, lon: Math.round(lon * 1e9) / 1e9 };
}

/**
 * A rough extent check for telling the two systems apart in imported files: SVY21 values in Singapore are tens of
 * thousands of metres; WGS84 longitudes are ~103.6–104.1 and latitudes ~1.1–1.5.
 */
export function looksLikeWgs84(x: number, y: number): boolean {
  return Math.abs(x) <= 180 && Math.abs(y) <= 90;
}

type Positions = number[] | Positions[];

function mapPositions(coords: Positions, fn: (p: number[]) => number[]): Positions {
  if (typeof coords[0] === 'number') return fn(coords as number[]);
  return (coords as Positions[]).map((c) => mapPositions(c, fn));
}

const round = (v: number, decimals: number) => Math.round(v * 10 ** decimals) / 10 ** decimals;

/** A GeoJSON geometry (Point, LineString, Polygon …) from SVY21 `[easting, northing]` to WGS84 `[lon, lat]` (9 decimals). */
export function geometryToWgs84<G extends { type: string; coordinates: unknown }>(geometry: G): G {
  return {
    ...geometry,
    coordinates: mapPositions(geometry.coordinates as Positions, ([e, n, ...rest]) => {
      const { lat, lon } = svy21ToWgs84(e!, n!);
      return [round(lon, 9), round(lat, 9), ...rest];
    }),
  };
}

/** A GeoJSON geometry from WGS84 `[lon, lat]` to SVY21 `[easting, northing]` (millimetres). */
export function geometryToSvy21<G extends { type: string; coordinates: unknown }>(geometry: G): G {
  return {
    ...geometry,
    coordinates: mapPositions(geometry.coordinates as Positions, ([lon, lat, ...rest]) => {
      const { easting, northing } = wgs84ToSvy21(lat!, lon!);
      return [round(easting, 3), round(northing, 3), ...rest];
    }),
  };
}
