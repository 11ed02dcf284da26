import { ownValue, ZRiskRating, type TRiskRating } from '@strata/shared';
import { z } from 'zod';
import { i18n, type TranslationKey } from '../../../lib/i18n';

export const THRESHOLD_FIELDS = ['low', 'medium', 'high', 'very_high'] as const;

/** The rule as the form holds it: every number as typed. */
export interface RiskFormValues {
  level_weights: Record<string, string>;
  count_bands: { min: string; weight: string }[];
  thresholds: Record<(typeof THRESHOLD_FIELDS)[number], string>;
}

/** The form for a stored rule, with a weight field for each alert level (a level without a weight starts at 0). */
export function toRiskForm(rule: TRiskRating, levelCodes: readonly string[]): RiskFormValues {
  return {
    level_weights: Object.fromEntries(levelCodes.map((code) => [code, String(ownValue(rule.level_weights, code) ?? 0)])),
    count_bands: rule.count_bands.map((band) => ({ min: String(band.min), weight: String(band.weight) })),
    thresholds: {
      low: String(rule.thresholds.low),
      medium: String(rule.thresholds.medium),
      high: String(rule.thresholds.high),
      very_high: String(rule.thresholds.very_high),
    },
  };
}

/** The shared schema's messages in the reader's language. */
const RULE_MESSAGES: Record<string, TranslationKey> = {
  'Weights are 0 or more': 'masterData.risk.error.weightMin',
  'Counts are 0 or more': 'masterData.risk.error.countMin',
  'Give at least one band': 'masterData.risk.error.oneBand',
  'The first band starts at 0': 'masterData.risk.error.firstBand',
  'Bands must be in ascending order': 'masterData.risk.error.bandOrder',
  'Medium must be above Low': 'masterData.risk.error.mediumAboveLow',
  'High must be above Medium': 'masterData.risk.error.highAboveMedium',
  'Very High must be above High': 'masterData.risk.error.veryHighAboveHigh',
};

type Issue = { path: (string | number)[]; message: string };

const NUMBER = /^\d*\.?\d+$/;

/**
 * The typed rule, checked as the server checks it (the shared `ZRiskRating`), or the messages by field. Numbers are
 * 0 or more; band counts whole numbers.
 */
export function readRiskForm(v: RiskFormValues): { rule: TRiskRating | null; issues: Issue[] } {
  const issues: Issue[] = [];
  const num = (path: (string | number)[], text: string, integer = false): number => {
    const trimmed = text.trim();
    if (trimmed === '') issues.push({ path, message: i18n.t('masterData.validation.required') });
    else if (!NUMBER.test(trimmed)) issues.push({ path, message: i18n.t('masterData.risk.error.notNegative') });
    else if (integer && !Number.isInteger(Number(trimmed))) issues.push({ path, message: i18n.t('masterData.validation.integer') });
    return Number(trimmed);
  };
  const candidate: TRiskRating = {
    level_weights: Object.fromEntries(Object.entries(v.level_weights).map(([code, text]) => [code, num(['level_weights', code], text)])),
    count_bands: v.count_bands.map((band, i) => ({
      min: num(['count_bands', i, 'min'], band.min, true),
      weight: num(['count_bands', i, 'weight'], band.weight),
    })),
    thresholds: {
      low: num(['thresholds', 'low'], v.thresholds.low),
      medium: num(['thresholds', 'medium'], v.thresholds.medium),
      high: num(['thresholds', 'high'], v.thresholds.high),
      very_high: num(['thresholds', 'very_high'], v.thresholds.very_high),
    },
  };
  if (issues.length > 0) return { rule: null, issues };
  const parsed = ZRiskRating.safeParse(candidate);
  if (parsed.success) return { rule: parsed.data, issues };
  for (const issue of parsed.error.issues) {
    const key = RULE_MESSAGES[issue.message];
    issues.push({ path: issue.path.map((p) => (typeof p === 'symbol' ? String(p) : p)), message: key ? i18n.t(key) : issue.message });
  }
  return { rule: null, issues };
}

export const ZRiskForm = z
  .custom<RiskFormValues>((value) => typeof value === 'object' && value !== null)
  .superRefine((values, ctx) => {
    for (const issue of readRiskForm(values).issues) ctx.addIssue({ code: 'custom', path: issue.path, message: issue.message });
  })
  .transform((values) => readRiskForm(values).rule as TRiskRating);
