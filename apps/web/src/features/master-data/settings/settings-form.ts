import { isTimeZone, UPLOAD_TYPES, uploadLimitKey, ZLayerUrl, type TSystemSettings, type TSystemSettingsUpdate, type UploadType } from '@strata/shared';
import { z } from 'zod';
import { i18n } from '../../../lib/i18n';

/** The size limit of one upload type (second spec §9): `instrument_max_upload` …; null = `general_max_upload`. */
export type TypeLimitKey = Exclude<Extract<keyof TSystemSettings, `${string}_max_upload`>, 'general_max_upload'>;
export const TYPE_LIMITS: readonly { type: UploadType; key: TypeLimitKey }[] = UPLOAD_TYPES.map((type) => ({
  type,
  key: uploadLimitKey(type) as TypeLimitKey,
}));

/** Sizes are edited in MB (base 1000, as every size the product shows) and sent in bytes. */
export const BYTES_PER_MB = 1_000_000;

export const REPORT_PERIODS = ['week', 'month', 'year'] as const;

/** The report size limit's bounds in MB (`report_max_bytes`: 100,000 to 2,000,000,000 bytes). */
export const REPORT_MAX_MB = { min: 0.1, max: 2000 } as const;

/**
 * What the form holds, named as the settings are (so the server's field errors land on their fields): text for every
 * number (a field may be half typed), the switch and the period as they are.
 */
export type SettingsFormValues = SettingsFormBase & Record<TypeLimitKey, string>;

interface SettingsFormBase {
  report_range_num: string;
  report_range_period: (typeof REPORT_PERIODS)[number];
  /** MB: a larger generated report ends with status 4 (spec §4). */
  report_max_bytes: string;
  /** MB, as every `<type>_max_upload` (empty there = the general limit). */
  general_max_upload: string;
  session_idle_minutes: string;
  password_min_length: string;
  password_expiry_days: string;
  tfa_required: boolean;
  timezone: string;
  map_bounds: [string, string, string, string];
  tile_server: string;
  geocoder_url: string;
  map_key: string;
  request_parameter_limit: string;
  chart_instrument_detail_limit: string;
  tbm_base_uri: string;
  tbm_token: string;
}

const text = (value: number | string | null | undefined) => (value === null || value === undefined ? '' : String(value));
const mb = (bytes: number | null | undefined) => (bytes === null || bytes === undefined ? '' : String(bytes / BYTES_PER_MB));

export function toFormValues(s: TSystemSettings): SettingsFormValues {
  const bounds = s.map_bounds ?? [];
  return {
    report_range_num: text(s.report_range_num),
    report_range_period: s.report_range_period,
    report_max_bytes: mb(s.report_max_bytes),
    general_max_upload: mb(s.general_max_upload),
    ...(Object.fromEntries(TYPE_LIMITS.map(({ key }) => [key, mb(s[key])])) as Record<TypeLimitKey, string>),
    session_idle_minutes: text(s.session_idle_minutes),
    password_min_length: text(s.password_min_length),
    password_expiry_days: text(s.password_expiry_days),
    tfa_required: s.tfa_required,
    timezone: s.timezone,
    map_bounds: [text(bounds[0]), text(bounds[1]), text(bounds[2]), text(bounds[3])],
    tile_server: text(s.tile_server),
    geocoder_url: text(s.geocoder_url),
    map_key: text(s.map_key),
    request_parameter_limit: text(s.request_parameter_limit),
    chart_instrument_detail_limit: text(s.chart_instrument_detail_limit),
    tbm_base_uri: text(s.tbm_base_uri),
    tbm_token: text(s.tbm_token),
  };
}

interface NumberRule {
  min?: number;
  max?: number;
  integer?: boolean;
  /** Empty is allowed (null). */
  optional?: boolean;
  /** The minimum is exclusive (sizes: more than 0 MB). */
  above?: number;
}

type Issue = { path: (string | number)[]; message: string };

/** A number typed in a field, or the message saying what is wrong with it. */
function readNumber(input: string, rule: NumberRule): { value: number | null } | { message: string } {
  const trimmed = input.trim();
  if (trimmed === '') return rule.optional ? { value: null } : { message: i18n.t('masterData.validation.required') };
  const value = Number(trimmed);
  if (!Number.isFinite(value) || !/^-?\d*\.?\d+(e[+-]?\d+)?$/i.test(trimmed)) return { message: i18n.t('masterData.validation.number') };
  if (rule.integer && !Number.isInteger(value)) return { message: i18n.t('masterData.validation.integer') };
  if (rule.above !== undefined && value <= rule.above) return { message: i18n.t('masterData.validation.above', { min: rule.above }) };
  if (rule.min !== undefined && value < rule.min) return { message: i18n.t('masterData.validation.min', { min: rule.min }) };
  if (rule.max !== undefined && value > rule.max) return { message: i18n.t('masterData.validation.max', { max: rule.max }) };
  return { value };
}

/** The form's values as settings, or the field messages. Rules follow the server's settings schema. */
export function readSettingsForm(v: SettingsFormValues): { settings: TSystemSettings; issues: Issue[] } {
  const issues: Issue[] = [];
  const num = (path: (string | number)[], input: string, rule: NumberRule): number | null => {
    const read = readNumber(input, rule);
    if ('message' in read) {
      issues.push({ path, message: read.message });
      return null;
    }
    return read.value;
  };
  const bytes = (path: (string | number)[], input: string, optional: boolean): number | null => {
    const value = num(path, input, { above: 0, optional, max: 1_000_000 });
    if (value === null) return null;
    // At least one byte: 0.0000001 MB would round to nothing.
    return Math.max(1, Math.round(value * BYTES_PER_MB));
  };
  // The server's range: 100,000 bytes to 2,000,000,000 bytes (0.1 MB to 2,000 MB).
  const reportMaxBytes = (input: string): number | null => {
    const value = num(['report_max_bytes'], input, { min: REPORT_MAX_MB.min, max: REPORT_MAX_MB.max });
    return value === null ? null : Math.round(value * BYTES_PER_MB);
  };
  const url = (path: string, input: string): string | null => {
    const trimmed = input.trim();
    if (trimmed === '') return null;
    if (!ZLayerUrl.safeParse(trimmed).success) issues.push({ path: [path], message: i18n.t('masterData.validation.url') });
    return trimmed;
  };
  const geocoderUrl = (input: string): string | null => {
    const address = url('geocoder_url', input);
    if (address !== null && !address.includes('{query}')) issues.push({ path: ['geocoder_url'], message: i18n.t('masterData.settings.geocoderQuery') });
    return address;
  };

  const bounds = v.map_bounds.map((part, i) => num(['map_bounds', i], part, { optional: true }));
  const filled = v.map_bounds.filter((part) => part.trim() !== '').length;
  let mapBounds: number[] | null = null;
  if (filled > 0 && filled < 4) issues.push({ path: ['map_bounds'], message: i18n.t('masterData.settings.boundsAll') });
  else if (filled === 4 && bounds.every((b) => b !== null)) {
    const [minE, minN, maxE, maxN] = bounds as number[];
    if (minE! >= maxE! || minN! >= maxN!) issues.push({ path: ['map_bounds'], message: i18n.t('masterData.settings.boundsOrder') });
    mapBounds = bounds as number[];
  }

  const timezone = v.timezone.trim();
  if (!isTimeZone(timezone)) issues.push({ path: ['timezone'], message: i18n.t('masterData.settings.timezoneInvalid') });

  const settings = {
    report_range_num: num(['report_range_num'], v.report_range_num, { integer: true, min: 1, max: 1000 }),
    report_range_period: v.report_range_period,
    report_max_bytes: reportMaxBytes(v.report_max_bytes),
    general_max_upload: bytes(['general_max_upload'], v.general_max_upload, false),
    ...Object.fromEntries(TYPE_LIMITS.map(({ key }) => [key, bytes([key], v[key], true)])),
    session_idle_minutes: num(['session_idle_minutes'], v.session_idle_minutes, { min: 0.05, max: 24 * 60 }),
    password_min_length: num(['password_min_length'], v.password_min_length, { integer: true, min: 8, max: 64 }),
    password_expiry_days: num(['password_expiry_days'], v.password_expiry_days, { integer: true, min: 0, max: 3650 }),
    tfa_required: v.tfa_required,
    timezone,
    map_bounds: mapBounds,
    tile_server: url('tile_server', v.tile_server),
    geocoder_url: geocoderUrl(v.geocoder_url),
    map_key: v.map_key.trim() || null,
    request_parameter_limit: num(['request_parameter_limit'], v.request_parameter_limit, { integer: true, min: 1 }),
    chart_instrument_detail_limit: num(['chart_instrument_detail_limit'], v.chart_instrument_detail_limit, { integer: true, min: 100 }),
    tbm_base_uri: url('tbm_base_uri', v.tbm_base_uri),
    tbm_token: v.tbm_token.trim() || null,
  } as TSystemSettings;
  return { settings, issues };
}

/** The form's schema: its output is every setting, valid by the server's rules as far as the browser can tell. */
export const ZSettingsForm = z
  .custom<SettingsFormValues>((value) => typeof value === 'object' && value !== null)
  .superRefine((values, ctx) => {
    for (const issue of readSettingsForm(values).issues) ctx.addIssue({ code: 'custom', path: issue.path, message: issue.message });
  })
  .transform((values) => readSettingsForm(values).settings);

/** Only what changed from the settings as loaded: the body of `PUT /master-data/settings`. */
export function changedSettings(current: TSystemSettings, next: TSystemSettings): TSystemSettingsUpdate {
  const changes: Record<string, unknown> = {};
  for (const key of Object.keys(next) as (keyof TSystemSettings)[]) {
    if (JSON.stringify(current[key] ?? null) !== JSON.stringify(next[key] ?? null)) changes[key] = next[key];
  }
  return changes as TSystemSettingsUpdate;
}
