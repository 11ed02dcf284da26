import { z } from 'zod';
import { ZSystemSettings, type TSystemSettings } from './settings.js';

/** System settings editing, risk rating settings and the user manual documents (issue 6). */

/**
 * PUT /master-data/settings: any of the system settings; keys not given keep their value. Unknown keys are refused.
 * (Built from ZSystemSettings without its defaults, so a missing key is not reset.)
 */
export const ZSystemSettingsUpdate = z.strictObject(
  Object.fromEntries(Object.entries(ZSystemSettings.shape).map(([key, schema]) => [key, (schema as z.ZodDefault<z.ZodType>).unwrap().optional()])),
) as unknown as z.ZodType<Partial<TSystemSettings>>;
export type TSystemSettingsUpdate = Partial<TSystemSettings>;

/** The settings as stored and shown to their editors (every key). */
export const ZManagedSettings = ZSystemSettings;

// ---- risk rating ----

/**
 * How the project-risk screen rates a contract (Project Performance Risk Rating):
 *   score = Σ over open alerts of `level_weights[level]` + the weight of the band the open-alert count falls in;
 *   rating = the highest of Low/Medium/High/Very High whose threshold the score reaches.
 */
const ZRiskRatingShape = z.object({
  /** Weight of one open alert at each level (by level code: CL, AL, PDL, WSL …). */
  level_weights: z.record(z.string().trim().min(1).max(10), z.number().min(0, 'Weights are 0 or more').max(1_000_000)),
  /** Bands by open-alert count: from `min` alerts up, add `weight`. `min` strictly ascending, the first 0. */
  count_bands: z
    .array(z.object({ min: z.number().int().min(0, 'Counts are 0 or more'), weight: z.number().min(0, 'Weights are 0 or more').max(1_000_000) }))
    .min(1, 'Give at least one band')
    .max(20),
  /** Score from which each rating applies; ascending. */
  thresholds: z.object({
    low: z.number().min(0),
    medium: z.number().min(0),
    high: z.number().min(0),
    very_high: z.number().min(0),
  }),
});
export const ZRiskRating = ZRiskRatingShape.superRefine((v, ctx) => {
  const bands = v.count_bands;
  if (bands[0] && bands[0].min !== 0) ctx.addIssue({ code: 'custom', message: 'The first band starts at 0', path: ['count_bands', 0, 'min'] });
  for (let i = 1; i < bands.length; i++) {
    if (bands[i]!.min <= bands[i - 1]!.min) ctx.addIssue({ code: 'custom', message: 'Bands must be in ascending order', path: ['count_bands', i, 'min'] });
  }
  const t = v.thresholds;
  if (!(t.low < t.medium)) ctx.addIssue({ code: 'custom', message: 'Medium must be above Low', path: ['thresholds', 'medium'] });
  if (!(t.medium < t.high)) ctx.addIssue({ code: 'custom', message: 'High must be above Medium', path: ['thresholds', 'high'] });
  if (!(t.high < t.very_high)) ctx.addIssue({ code: 'custom', message: 'Very High must be above High', path: ['thresholds', 'very_high'] });
});
export type TRiskRating = z.infer<typeof ZRiskRating>;

export const DEFAULT_RISK_RATING: TRiskRating = {
  level_weights: { CL: 1, AL: 2, PDL: 3, WSL: 5 },
  count_bands: [
    { min: 0, weight: 0 },
    { min: 1, weight: 1 },
    { min: 5, weight: 3 },
    { min: 10, weight: 5 },
  ],
  thresholds: { low: 0, medium: 5, high: 15, very_high: 30 },
};

export const ZRiskRatingResponse = ZRiskRatingShape.extend({ updated: z.string().nullable(), updated_by: z.string().nullable() });
export type TRiskRatingResponse = z.infer<typeof ZRiskRatingResponse>;

// ---- user manual documents ----
export const ZManualDocument = z.object({
  document_id: z.number().int(),
  title: z.string(),
  file_name: z.string(),
  content_type: z.string(),
  size: z.number().int(),
  uploaded_by: z.string().nullable(),
  created: z.string(),
  /** Download address; append `?_token=<resource token>`. */
  url: z.string(),
});
export type TManualDocument = z.infer<typeof ZManualDocument>;
export const ZManualDocumentList = z.object({ records: z.array(ZManualDocument), total_records: z.number().int() });
export type TManualDocumentList = z.infer<typeof ZManualDocumentList>;
/** The text fields of `POST /master-data/documentations` (multipart, besides the file); the title defaults to the file's name. */
export const ZManualDocumentFields = z.object({
  title: z.string().trim().max(200, 'Title must be at most 200 characters'),
});
export const ZManualDocumentsQuery = z.object({
  limit: z.coerce.number().int().min(1).max(1000).default(100),
  skip: z.coerce.number().int().min(0).default(0),
  keyword: z.string().trim().max(100).optional(),
});
