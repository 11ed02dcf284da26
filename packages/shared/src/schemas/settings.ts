import { z } from 'zod';
import { MESSAGES } from '../messages.js';

/**
 * The most any upload-size setting may allow, in bytes. An upload's body is held in memory up to its limit (the file
 * is read whole before it is checked and stored), so the limit is also what one request may cost in memory.
 */
export const MAX_UPLOAD_LIMIT = 2_000_000_000;
const ZUploadLimit = z.number().int().min(1).max(MAX_UPLOAD_LIMIT);

/** A time zone this runtime knows (an IANA name such as `Asia/Singapore`, or `UTC`). */
export function isTimeZone(name: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: name });
    return name.trim() !== '';
  } catch {
    return false;
  }
}

/** System settings (master data, edited by holders of ManageSystemSettings). Every key has a default. */
export const ZSystemSettings = z.object({
  /** Idle session age in minutes; the server expires idle sessions after it and the client warns before it. */
  session_idle_minutes: z
    .number()
    .min(0.05)
    .max(24 * 60)
    .default(30),
  tfa_required: z.boolean().default(false),
  /** 0 = passwords never expire. */
  password_expiry_days: z.number().int().min(0).max(3650).default(0),
  password_min_length: z.number().int().min(8).max(64).default(8),
  timezone: z.string().refine(isTimeZone, MESSAGES.unknownTimeZone).default('Asia/Singapore'),
  request_parameter_limit: z.number().int().min(1).default(512),
  chart_instrument_detail_limit: z.number().int().min(100).default(50_000),
  tile_server: z.string().nullable().default(null),
  /** Online geocoder for the location search: a URL with `{query}` (OneMap search or Nominatim answers); null = offline only. */
  geocoder_url: z
    .string()
    .regex(/^https?:\/\/\S+$/, 'Give an http(s) address')
    .refine((v) => v.includes('{query}'), 'Put {query} where the searched text goes')
    .nullable()
    .default(null),
  map_bounds: z.array(z.number()).length(4).nullable().default([2667.54, 15748.72, 56396.44, 50256.33]),
  map_key: z.string().nullable().default(null),
  tbm_base_uri: z.string().nullable().default(null),
  tbm_token: z.string().nullable().default(null),
  report_range_num: z.number().int().min(1).default(3),
  report_range_period: z.enum(['week', 'month', 'year']).default('month'),
  /** A generated report larger than this ends with status 4 (spec §4: "Report size exceeded the limit"). */
  report_max_bytes: z
    .number()
    .int()
    .min(100_000)
    .max(2_000_000_000)
    .default(200 * 1024 * 1024),
  general_max_upload: ZUploadLimit.default(10_000_000),
  // Per upload type (second spec §9): null = `general_max_upload`. Keys are `uploadLimitKey(type)`.
  instrument_max_upload: ZUploadLimit.nullable().default(null),
  borehole_max_upload: ZUploadLimit.nullable().default(null),
  excavation_max_upload: ZUploadLimit.nullable().default(null),
  tunnel_max_upload: ZUploadLimit.nullable().default(null),
  qpd_max_upload: ZUploadLimit.nullable().default(null),
  map_max_upload: ZUploadLimit.nullable().default(null),
  document_max_upload: ZUploadLimit.nullable().default(null),
  user_import_max_upload: ZUploadLimit.nullable().default(null),
  instrument_plan_max_upload: ZUploadLimit.nullable().default(null),
});
export type TSystemSettings = z.infer<typeof ZSystemSettings>;
export const DEFAULT_SETTINGS: TSystemSettings = ZSystemSettings.parse({});
