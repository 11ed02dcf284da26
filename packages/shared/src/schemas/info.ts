import { z } from 'zod';
import { ZMapLayer, ZStation } from './map-layers.js';

export const ZBuildInfo = z.object({ version: z.string(), commit: z.string(), built_at: z.string() });

export const ZAppInfo = z.object({
  name: z.string(),
  description: z.string(),
  version: z.string(),
  author: z.string().nullable(),
  api_uri_base: z.string(),
  meta: z.object({ login_logo_uri: z.string(), toolbar_logo_uri: z.string() }),
  build: ZBuildInfo,
  messages: z.array(z.string()),
});
export type TAppInfo = z.infer<typeof ZAppInfo>;

/** GET /config, assembled from the master data (issue 6); `zones` are the caller's. */
export const ZConfig = z.object({
  /** Instrument types. */
  instruments: z.array(
    z.object({
      code: z.string(),
      name: z.string(),
      lta_code: z.string().nullable(),
      category: z.string().nullable(),
      icon: z.string(),
      icon_color: z.string(),
      has_depth: z.boolean(),
    }),
  ),
  /** Reading codes of every type (`type_code`). */
  readings: z.array(
    z.object({ code: z.string(), description: z.string(), is_result: z.boolean(), precision: z.number().int(), type_code: z.string(), unit: z.string() }),
  ),
  /** The alert levels, in order. */
  thresholds: z.array(z.object({ code: z.string(), name: z.string(), color: z.string(), severity: z.number().int() })),
  statuses: z.array(z.object({ code: z.string(), name: z.string() })),
  frequencies: z.array(z.object({ code: z.string(), name: z.string(), minutes: z.number().int() })),
  map_layers: z.array(ZMapLayer),
  /** The points of the `stations` map layers (their uploaded GeoJSON/KML files), at most MAX_STATION_POINTS. */
  stations: z.array(ZStation),
  criteria: z.array(z.unknown()),
  settings: z.record(z.string(), z.unknown()),
  build: ZBuildInfo,
  messages: z.array(z.string()),
  extra: z.record(z.string(), z.unknown()),
  report_types: z.array(z.object({ id: z.number().int(), name: z.string(), category: z.string(), code: z.string() })),
  zones: z.array(z.object({ zone_id: z.number().int(), name: z.string(), contract_id: z.number().int(), is_report: z.boolean() })),
  tile_server: z.string().nullable(),
  map_bounds: z.array(z.number()).length(4).nullable(),
  /** Nanoseconds: the client divides by 1e6 to get milliseconds. */
  session_age: z.number(),
  timezone: z.string(),
  request_parameter_limit: z.number().int(),
  chart: z.object({ instrument_detail_limit: z.number().int() }),
  map_key: z.string().nullable(),
  tbm: z.object({ base_uri: z.string().nullable(), token: z.string().nullable() }),
});
export type TConfig = z.infer<typeof ZConfig>;
