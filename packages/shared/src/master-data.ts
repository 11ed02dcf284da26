/** Constants of the master data (issue 6): fixed lists the configuration carries and forms offer. */

/** Instrument statuses (configuration `statuses`). */
export const INSTRUMENT_STATUSES = [
  { code: 'active', name: 'Active' },
  { code: 'inactive', name: 'Inactive' },
  { code: 'damaged', name: 'Damaged' },
  { code: 'removed', name: 'Removed' },
] as const;
export type InstrumentStatus = (typeof INSTRUMENT_STATUSES)[number]['code'];
export const INSTRUMENT_STATUS_CODES = INSTRUMENT_STATUSES.map((s) => s.code) as [InstrumentStatus, ...InstrumentStatus[]];

/** Monitoring frequencies (configuration `frequencies`): the expected interval between readings, in minutes. */
export const FREQUENCIES = [
  { code: '15min', name: 'Every 15 minutes', minutes: 15 },
  { code: 'hourly', name: 'Hourly', minutes: 60 },
  { code: '6-hourly', name: 'Every 6 hours', minutes: 360 },
  { code: '12-hourly', name: 'Every 12 hours', minutes: 720 },
  { code: 'daily', name: 'Daily', minutes: 1440 },
  { code: 'twice-weekly', name: 'Twice weekly', minutes: 5040 },
  { code: 'weekly', name: 'Weekly', minutes: 10_080 },
  { code: 'fortnightly', name: 'Fortnightly', minutes: 20_160 },
  { code: 'monthly', name: 'Monthly', minutes: 43_200 },
] as const;
export type FrequencyCode = (typeof FREQUENCIES)[number]['code'];
export const FREQUENCY_CODES = FREQUENCIES.map((f) => f.code) as [FrequencyCode, ...FrequencyCode[]];

/** The built-in map icons (SVG symbols drawn by the web); on the map an icon is coloured by the instrument's level. */
export const INSTRUMENT_ICONS = [
  'circle',
  'square',
  'triangle',
  'inverted-triangle',
  'diamond',
  'pentagon',
  'hexagon',
  'star',
  'cross',
  'plus',
  'pin',
] as const;
export type InstrumentIcon = (typeof INSTRUMENT_ICONS)[number];

/** Upload types (second spec §9); each may have its own size limit `<type>_max_upload` (hyphens as underscores). */
export const UPLOAD_TYPES = ['instrument', 'borehole', 'excavation', 'tunnel', 'qpd', 'map', 'document', 'user-import', 'instrument-plan'] as const;
export type UploadType = (typeof UPLOAD_TYPES)[number];

/** The setting holding an upload type's size limit: `instrument-plan` -> `instrument_plan_max_upload`. */
export function uploadLimitKey(type: UploadType): `${string}_max_upload` {
  return `${type.replace(/-/g, '_')}_max_upload`;
}

/** Construction site types: E excavation, MT mined tunnel (spec §7 `GET /civil/sites`). */
export const SITE_TYPES = ['E', 'MT'] as const;
export type SiteType = (typeof SITE_TYPES)[number];

/**
 * Map layer kinds and sources. `stations`: railway stations near the works, points with a `name` from a GeoJSON or KML
 * file or address, drawn on the work-space map when the user's `show_stations` preference is on (decision 021).
 */
export const MAP_LAYER_KINDS = ['base', 'overlay', 'stations'] as const;
export type MapLayerKind = (typeof MAP_LAYER_KINDS)[number];
/** At most this many station points go into `GET /config` (all station layers together). */
export const MAX_STATION_POINTS = 500;
export const MAP_LAYER_SOURCES = ['xyz', 'wmts', 'wms', 'geojson', 'kml'] as const;

/** Risk ratings in rising order (the project-risk screen). */
export const RISK_RATINGS = ['Low', 'Medium', 'High', 'Very High'] as const;
