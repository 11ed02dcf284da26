import { describe, expect, it } from 'vitest';
import { passes, statusLevel } from './status-level';

const LEVELS = [
  { code: 'CL', severity: 1 },
  { code: 'AL', severity: 2 },
  { code: 'WSL', severity: 4 },
];
const THRESHOLDS = [
  { reading_code: 'DSPA', level_code: 'CL', upper: 14, lower: -14 },
  { reading_code: 'DSPA', level_code: 'AL', upper: 19.6, lower: -19.6 },
  { reading_code: 'DSPA', level_code: 'WSL', upper: 28, lower: -28 },
  { reading_code: 'WL', level_code: 'WSL', upper: null, lower: 3 },
];
const reading = (code: string, value: number) => ({ series_id: 1, code, depth: null, unit: 'mm', taken_at: '2026-01-01T00:00:00Z', value });

describe('status level (DOMAIN.md: the most severe level the latest reading passes)', () => {
  it('is the most severe level passed, above the upper or below the lower value', () => {
    expect(statusLevel([reading('DSPA', -21)], THRESHOLDS, LEVELS)).toBe('AL');
    expect(statusLevel([reading('DSPA', 30)], THRESHOLDS, LEVELS)).toBe('WSL');
    expect(statusLevel([reading('DSPA', 15), reading('WL', 2.5)], THRESHOLDS, LEVELS)).toBe('WSL');
  });

  it('is normal (undefined) inside every threshold, on the value itself, or without readings', () => {
    expect(statusLevel([reading('DSPA', 14)], THRESHOLDS, LEVELS)).toBeUndefined();
    expect(statusLevel([], THRESHOLDS, LEVELS)).toBeUndefined();
    expect(passes(3, { upper: null, lower: 3 })).toBe(false);
  });
});
