import { DEFAULT_RISK_RATING, type TRiskRating } from '@strata/shared';
import { describe, expect, it } from 'vitest';
import { toRiskForm } from './risk-form';
import { riskScore } from './risk-score';

describe('the risk rating rule', () => {
  it('adds each level weight times its open alerts and the weight of the count band', () => {
    // CL 1, AL 2, PDL 3, WSL 5; bands 0 -> 0, 1 -> 1, 5 -> 3, 10 -> 5; thresholds 0 / 5 / 15 / 30.
    const result = riskScore(DEFAULT_RISK_RATING, { CL: 2, AL: 1, PDL: 0, WSL: 1 });
    expect(result.levels.map((l) => l.points)).toEqual([2, 2, 0, 5]);
    expect(result.openAlerts).toBe(4);
    expect(result.band).toEqual({ min: 1, weight: 1 });
    expect(result.score).toBe(10);
    expect(result.rating).toBe('Medium');
  });

  it('rates by the highest threshold the score reaches, the threshold itself included', () => {
    expect(riskScore(DEFAULT_RISK_RATING, {}).rating).toBe('Low');
    // 5 WSL: 25 + band 5 (3) = 28 -> High; 6 WSL: 30 + 3 = 33 -> Very High.
    expect(riskScore(DEFAULT_RISK_RATING, { WSL: 5 }).score).toBe(28);
    expect(riskScore(DEFAULT_RISK_RATING, { WSL: 5 }).rating).toBe('High');
    expect(riskScore(DEFAULT_RISK_RATING, { WSL: 6 }).rating).toBe('Very High');
    // Exactly at Medium's threshold: 4 CL = 4 + band 1 (1) = 5.
    expect(riskScore(DEFAULT_RISK_RATING, { CL: 4 }).rating).toBe('Medium');
  });

  it('gives no rating below the Low threshold and counts unweighted levels as nothing', () => {
    const rule: TRiskRating = { ...DEFAULT_RISK_RATING, thresholds: { low: 2, medium: 5, high: 15, very_high: 30 } };
    const result = riskScore(rule, { XL: 1 });
    expect(result.levels).toEqual([{ code: 'XL', count: 1, weight: 0, points: 0 }]);
    expect(result.score).toBe(1);
    expect(result.rating).toBeNull();
  });

  it('gives a level named like an inherited property (constructor, toString) no weight, not a function', () => {
    const result = riskScore(
      DEFAULT_RISK_RATING,
      Object.fromEntries([
        ['constructor', 1],
        ['toString', 1],
        ['__proto__', 1],
      ]),
    );
    expect(result.levels.map((l) => l.weight)).toEqual([0, 0, 0]);
    expect(result.score).toBe(1);
    expect(toRiskForm(DEFAULT_RISK_RATING, ['CL', 'constructor']).level_weights).toEqual({ CL: '1', constructor: '0' });
  });

  it('picks the band whatever order the bands are given in', () => {
    const rule: TRiskRating = {
      ...DEFAULT_RISK_RATING,
      count_bands: [
        { min: 10, weight: 5 },
        { min: 0, weight: 0.1 },
        { min: 5, weight: 0.2 },
      ],
    };
    expect(riskScore(rule, { CL: 7 }).band).toEqual({ min: 5, weight: 0.2 });
    expect(riskScore({ ...rule, level_weights: { CL: 0.1 } }, { CL: 2 }).score).toBe(0.3);
  });
});
