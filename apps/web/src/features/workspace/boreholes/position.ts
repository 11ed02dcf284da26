import { BOREHOLE_CRS_LABELS, wgs84ToSvy21, type TBoreholeCrs } from '@strata/shared';

/** The grid of SVY21 (EPSG:3414): the only one whose easting and northing the map and the work space use. */
export const SVY21_CRS = 3414;

interface Located {
  crs: number;
  easting: number | null;
  northing: number | null;
  latitude: number | null;
  longitude: number | null;
}

/**
 * A borehole's SVY21 position for the map: its own easting and northing when the file gave them in SVY21, else its
 * WGS84 position converted (a British National Grid borehole, decision 036); null when it has neither.
 */
export function svy21Position(b: Located): [number, number] | null {
  if (b.crs === SVY21_CRS && b.easting !== null && b.northing !== null) return [b.easting, b.northing];
  if (b.latitude !== null && b.longitude !== null) {
    const { easting, northing } = wgs84ToSvy21(b.latitude, b.longitude);
    return [easting, northing];
  }
  return null;
}

/** The name of a grid in labels: "SVY21", else its label ("British National Grid (EPSG:27700)"). */
export function gridName(crs: number): string {
  return crs === SVY21_CRS ? 'SVY21' : (BOREHOLE_CRS_LABELS[String(crs) as TBoreholeCrs] ?? `EPSG:${crs}`);
}
