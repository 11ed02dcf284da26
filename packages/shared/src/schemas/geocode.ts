import { z } from 'zod';

/**
 * The online geocoder of the work space's location search (issue 7): the server asks the geocoder configured in the
 * system setting `geocoder_url` (a URL with `{query}`; OneMap's search or a Nominatim server) and answers places with
 * both coordinate systems. Without the setting the location search uses only its offline gazetteer.
 */
export const ZGeocodeQuery = z.object({
  q: z.string().trim().min(2, 'At least 2 characters').max(200, 'At most 200 characters'),
});

export const ZGeocodePlace = z.object({
  label: z.string(),
  postal_code: z.string().nullable(),
  lat: z.number(),
  lon: z.number(),
  easting: z.number(),
  northing: z.number(),
});
export type TGeocodePlace = z.infer<typeof ZGeocodePlace>;

export const ZGeocodeResult = z.object({ records: z.array(ZGeocodePlace) });
export type TGeocodeResult = z.infer<typeof ZGeocodeResult>;
