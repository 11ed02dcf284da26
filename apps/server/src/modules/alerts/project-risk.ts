/**
 * Project Performance Risk Rating (issue 9): a score per contract and per zone from the risk-rating settings
 * (master data): Σ over open alerts of the weight of their level + the weight of the band the open-alert count falls
 * in; the rating is the highest of Low, Medium, High, Very High whose threshold the score reaches.
 */
import { ownValue, RISK_RATINGS, type TRiskRating } from '@strata/shared';

export function riskScore(settings: TRiskRating, levels: readonly (string | null)[]): number {
  let score = 0;
  for (const l of levels) if (l !== null) score += ownValue(settings.level_weights, l) ?? 0;
  let band = 0;
  for (const b of settings.count_bands) if (levels.length >= b.min) band = b.weight;
  return score + band;
}

export function riskRating(settings: TRiskRating, score: number): string {
  const t = settings.thresholds;
  const steps = [t.low, t.medium, t.high, t.very_high];
  let rating: string = RISK_RATINGS[0];
  steps.forEach((min, i) => {
    if (score >= min) rating = RISK_RATINGS[i]!;
  });
  return rating;
}

export interface OpenInterval {
  levelCode: string | null;
  openedAt: number;
  closedAt: number | null;
}

/** The alerts open at instant `at`. */
export const openAt = (alerts: readonly OpenInterval[], at: number) => alerts.filter((a) => a.openedAt <= at && (a.closedAt === null || a.closedAt > at));
