import { ownValue, RISK_RATINGS, type TRiskRating } from '@strata/shared';

export type RiskRatingName = (typeof RISK_RATINGS)[number];

/** The threshold of each rating, in rising order (Low, Medium, High, Very High). */
export const THRESHOLD_KEYS: Record<RiskRatingName, keyof TRiskRating['thresholds']> = {
  Low: 'low',
  Medium: 'medium',
  High: 'high',
  'Very High': 'very_high',
};

export interface RiskScore {
  /** Per alert level: open alerts × the level's weight. */
  levels: { code: string; count: number; weight: number; points: number }[];
  /** Open alerts of every level. */
  openAlerts: number;
  /** The band the count falls in (the one with the highest `min` not above it). */
  band: { min: number; weight: number } | null;
  score: number;
  /** Null when the score is below the Low threshold. */
  rating: RiskRatingName | null;
}

/**
 * The risk rating rule (docs/decisions/008): score = Σ level weight × open alerts at that level + the weight of the
 * open-alert-count band; rating = the highest of Low/Medium/High/Very High whose threshold the score reaches.
 * Levels without a weight count for nothing.
 */
export function riskScore(rule: TRiskRating, counts: Readonly<Record<string, number>>): RiskScore {
  const levels = Object.entries(counts).map(([code, count]) => {
    const weight = ownValue(rule.level_weights, code) ?? 0;
    return { code, count, weight, points: weight * count };
  });
  const openAlerts = levels.reduce((sum, level) => sum + level.count, 0);
  const band =
    [...rule.count_bands]
      .sort((a, b) => a.min - b.min)
      .filter((b) => b.min <= openAlerts)
      .at(-1) ?? null;
  const score = roundScore(levels.reduce((sum, level) => sum + level.points, 0) + (band?.weight ?? 0));
  const rating = [...RISK_RATINGS].reverse().find((name) => score >= rule.thresholds[THRESHOLD_KEYS[name]]) ?? null;
  return { levels, openAlerts, band, score, rating };
}

/** Sums of decimal weights without binary noise (0.1 + 0.2 -> 0.3). */
function roundScore(value: number): number {
  return Math.round(value * 1e6) / 1e6;
}
