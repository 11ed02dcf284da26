import { describe, expect, it } from 'vitest';
import { thresholdOrderErrors } from './threshold-order.js';

const SEVERITY: Record<string, number> = { CL: 1, AL: 2, PDL: 3, WSL: 4 };
const severityOf = (code: string) => SEVERITY[code];
const t = (level_code: string, upper: number | null, lower: number | null, reading_code = 'DSP') => ({ reading_code, level_code, upper, lower });

describe('the order of threshold levels', () => {
  it('accepts levels in order on both sides, equal values included', () => {
    expect(thresholdOrderErrors([t('CL', 10, -10), t('AL', 15, -15), t('PDL', 15, -20), t('WSL', 25, -25)], severityOf)).toEqual({});
  });

  it('refuses a CL upper above the WSL upper, on the more severe level, naming the value to reach', () => {
    expect(thresholdOrderErrors([t('WSL', 25, -25), t('CL', 40, -10)], severityOf)).toEqual({ '0.upper': 'WSL upper must be at least CL upper (40)' });
  });

  it('mirrors the rule below: a more severe lower value is not above a less severe one', () => {
    expect(thresholdOrderErrors([t('al', 15, -5), t('CL', 10, -10)], severityOf)).toEqual({ '0.lower': 'AL lower must be at most CL lower (-10)' });
  });

  it('compares levels of one reading code only, and skips sides and levels that are not given', () => {
    expect(thresholdOrderErrors([t('CL', 40, null, 'A'), t('WSL', 25, null, 'B'), t('AL', null, -5, 'A'), t('XX', 1, 1, 'A')], severityOf)).toEqual({});
  });
});
