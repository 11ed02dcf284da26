import { svy21ToWgs84, SVY21_PROJ, type LatLon } from '@strata/shared';
import type { Coordinate } from 'ol/coordinate';
import type { Extent } from 'ol/extent';
import { get as getProjection, transform, transformExtent } from 'ol/proj';
import { register } from 'ol/proj/proj4';
import proj4 from 'proj4';

/** SVY21, Singapore's plane grid, as OpenLayers knows it once `registerSvy21()` ran. */
export const SVY21 = 'EPSG:3414';
/** The maps' view projection (web mercator, what tile servers serve). */
export const VIEW_PROJECTION = 'EPSG:3857';

/** Singapore in SVY21 metres `[minE, minN, maxE, maxN]`: the default `map_bounds` setting. */
export const SINGAPORE_EXTENT: readonly [number, number, number, number] = [2667.54, 15748.72, 56396.44, 50256.33];

/** Teaches proj4 and OpenLayers EPSG:3414 with the shared definition (DOMAIN.md); safe to call more than once. */
export function registerSvy21(): void {
  if (getProjection(SVY21)) return;
  proj4.defs(SVY21, SVY21_PROJ);
  register(proj4);
}

registerSvy21();

const mm = (value: number) => Math.round(value * 1000) / 1000;

/** An SVY21 `[easting, northing]` on the map (EPSG:3857). */
export function svy21ToView(position: readonly number[]): Coordinate {
  return transform([position[0]!, position[1]!], SVY21, VIEW_PROJECTION);
}

/** A map coordinate as SVY21 `[easting, northing]`, to the millimetre (as the server stores positions). */
export function viewToSvy21(coordinate: Coordinate): [number, number] {
  const [easting, northing] = transform(coordinate, VIEW_PROJECTION, SVY21) as [number, number];
  return [mm(easting), mm(northing)];
}

/** An SVY21 extent `[minE, minN, maxE, maxN]` on the map. */
export function svy21ExtentToView(extent: readonly number[]): Extent {
  return transformExtent([extent[0]!, extent[1]!, extent[2]!, extent[3]!], SVY21, VIEW_PROJECTION);
}

/** A map coordinate in both systems: SVY21 metres and WGS84 degrees. */
export interface BothPositions {
  easting: number;
  northing: number;
  lat: number;
  lon: number;
}

export function positionsOf(svy21: readonly number[]): BothPositions {
  const easting = svy21[0]!;
  const northing = svy21[1]!;
  const { lat, lon }: LatLon = svy21ToWgs84(easting, northing);
  return { easting, northing, lat, lon };
}

/** Easting/northing as shown: metres with 3 decimals (millimetres). */
export function formatMetres(value: number): string {
  return value.toLocaleString('en', { minimumFractionDigits: 3, maximumFractionDigits: 3, useGrouping: false });
}

/** Latitude/longitude as shown: 7 decimals (about 1 cm). */
export function formatDegrees(value: number): string {
  return value.toFixed(7);
}
