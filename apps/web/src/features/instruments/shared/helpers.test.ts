import { describe, expect, it } from 'vitest';
import { cellErrors, gridOf, thresholdsOf } from '../instruments/thresholds-section';
import { dateToInstant, instantToDate, showDate } from './dates';
import { parseDecimal } from './numbers';

describe('instrument form helpers', () => {
  it('shows a calendar date as DD/MM/YYYY and round-trips it through the date picker in Singapore time', () => {
    expect(showDate('2026-01-15')).toBe('15/01/2026');
    expect(showDate(null)).toBe('');
    const instant = dateToInstant('2026-01-15');
    expect(instant).toBe('2026-01-14T16:00:00.000Z');
    expect(instantToDate(instant)).toBe('2026-01-15');
    expect(dateToInstant('')).toBeNull();
  });

  it('reads decimals as typed, and nothing else', () => {
    expect(parseDecimal(' -3.5 ')).toBe(-3.5);
    expect(parseDecimal('.25')).toBe(0.25);
    expect(parseDecimal('1e3')).toBeUndefined();
    expect(parseDecimal('12a')).toBeUndefined();
    expect(parseDecimal('')).toBeUndefined();
  });

  it('checks a threshold cell: numbers only, lower below upper', () => {
    expect(cellErrors({ lower: '-20', upper: '20' })).toEqual({});
    expect(cellErrors({ lower: '', upper: '5' })).toEqual({});
    expect(cellErrors({ lower: '20', upper: '20' })).toEqual({ pair: 'instruments.thresholds.lowerBelowUpper' });
    expect(cellErrors({ lower: 'x', upper: '20' })).toEqual({ lower: 'instruments.thresholds.notNumber' });
  });

  it('sends only the cells with a value, in reading code then level order', () => {
    const grid = gridOf([
      { reading_code: 'B', level_code: 'WSL', lower: null, upper: 3 },
      { reading_code: 'A', level_code: 'AL', lower: -1, upper: 1 },
    ]);
    grid['A\u0000WSL'] = { lower: ' ', upper: '' };
    expect(thresholdsOf(grid, ['A', 'B'], ['AL', 'WSL'])).toEqual([
      { reading_code: 'A', level_code: 'AL', lower: -1, upper: 1 },
      { reading_code: 'B', level_code: 'WSL', lower: null, upper: 3 },
    ]);
  });
});
