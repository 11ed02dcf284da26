import { describe, expect, it } from 'vitest';
import { computeDateRange, DATE_RANGE_OPTIONS } from './compute-date-range';

// 6 March 2024, 04:30 in Singapore (UTC+8) = 5 March 20:30 UTC: the two calendars disagree on the day.
const NOW = new Date('2024-03-05T20:30:00Z');
const END_OF_TODAY = '2024-03-06T15:59:59.999Z'; // 6 Mar 23:59:59.999 +08

describe('computeDateRange', () => {
  it('offers the spec options in order', () => {
    expect(DATE_RANGE_OPTIONS).toEqual(['none', 'day', 'week', '2week', '30day', '6month', 'custom']);
  });

  it('gives no bounds for none', () => {
    expect(computeDateRange('none', {}, NOW)).toEqual({ option: 'none', start: null, end: null });
  });

  it.each([
    ['day', '2024-03-04T16:00:00.000Z'], // 5 Mar 00:00 +08
    ['week', '2024-02-27T16:00:00.000Z'], // 28 Feb 00:00 +08
    ['2week', '2024-02-20T16:00:00.000Z'], // 21 Feb 00:00 +08
    ['30day', '2024-02-04T16:00:00.000Z'], // 5 Feb 00:00 +08 (2024 is a leap year)
    ['6month', '2023-09-05T16:00:00.000Z'], // 6 Sep 2023 00:00 +08
  ] as const)('%s runs from the start of the day that long ago to the end of today (Singapore)', (option, start) => {
    expect(computeDateRange(option, {}, NOW)).toEqual({ option, start, end: END_OF_TODAY });
  });

  it('starts a custom range at the start of its day and ends it at the end of its day', () => {
    expect(computeDateRange('custom', { start: '2024-01-10T09:15:00+08:00', end: '2024-01-20T02:00:00+08:00' }, NOW)).toEqual({
      option: 'custom',
      start: '2024-01-09T16:00:00.000Z',
      end: '2024-01-20T15:59:59.999Z',
    });
  });

  it('reads a date-only value as that calendar day in the time zone', () => {
    expect(computeDateRange('custom', { start: '2024-01-10', end: '2024-01-10' }, NOW)).toEqual({
      option: 'custom',
      start: '2024-01-09T16:00:00.000Z',
      end: '2024-01-10T15:59:59.999Z',
    });
  });

  it('makes an empty end today (end of day)', () => {
    for (const end of [null, undefined, '']) {
      expect(computeDateRange('custom', { start: '2024-03-01', end }, NOW)).toEqual({
        option: 'custom',
        start: '2024-02-29T16:00:00.000Z',
        end: END_OF_TODAY,
      });
    }
  });

  it('leaves an empty custom start open', () => {
    expect(computeDateRange('custom', {}, NOW)).toEqual({ option: 'custom', start: null, end: END_OF_TODAY });
  });

  it('computes the days in another time zone when asked', () => {
    expect(computeDateRange('day', {}, NOW, 'UTC')).toEqual({
      option: 'day',
      start: '2024-03-04T00:00:00.000Z',
      end: '2024-03-05T23:59:59.999Z',
    });
  });
});
