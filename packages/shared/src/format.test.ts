import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatBytes, formatCell, formatDate, formatDateTime, formatRelativeTime, formatTime, maxDateRangeHint, textAvatar, truncateText } from './format.js';

// 2024-03-05 16:07:09 UTC = 2024-03-06 00:07:09 in Singapore (UTC+8).
const INSTANT = new Date('2024-03-05T16:07:09Z');

describe('formatDate, formatDateTime, formatTime', () => {
  it('shows DD/MM/YYYY, DD/MM/YYYY HH:mm:ss and HH:mm:ss in Singapore time by default', () => {
    expect(formatDate(INSTANT)).toBe('06/03/2024');
    expect(formatDateTime(INSTANT)).toBe('06/03/2024 00:07:09');
    expect(formatTime(INSTANT)).toBe('00:07:09');
  });

  it('uses 24-hour time', () => {
    expect(formatDateTime('2024-12-31T15:59:59+08:00')).toBe('31/12/2024 15:59:59');
    expect(formatTime('2024-12-31T12:00:00+08:00')).toBe('12:00:00');
  });

  it('accepts a Date, an ISO string or epoch milliseconds', () => {
    expect(formatDateTime(INSTANT.toISOString())).toBe('06/03/2024 00:07:09');
    expect(formatDateTime(INSTANT.getTime())).toBe('06/03/2024 00:07:09');
  });

  it('takes a time zone', () => {
    expect(formatDate(INSTANT, 'UTC')).toBe('05/03/2024');
    expect(formatDateTime(INSTANT, 'UTC')).toBe('05/03/2024 16:07:09');
    expect(formatTime(INSTANT, 'Europe/London')).toBe('16:07:09');
    expect(formatDateTime('2024-07-01T12:00:00Z', 'Europe/London')).toBe('01/07/2024 13:00:00');
  });

  it('shows a date-only string as that calendar date in every time zone', () => {
    expect(formatDate('2024-03-05')).toBe('05/03/2024');
    expect(formatDate('2024-03-05', 'America/Los_Angeles')).toBe('05/03/2024');
    expect(formatDate('2024-02-30')).toBe('');
  });

  it('shows nothing for null, undefined and invalid values', () => {
    for (const f of [formatDate, formatDateTime, formatTime]) {
      expect(f(null)).toBe('');
      expect(f(undefined)).toBe('');
      expect(f('')).toBe('');
      expect(f('not a date')).toBe('');
      expect(f(new Date(Number.NaN))).toBe('');
      expect(f(Number.NaN)).toBe('');
    }
  });

  it('always matches its pattern', () => {
    fc.assert(
      fc.property(fc.date({ min: new Date('1970-01-01'), max: new Date('2999-12-31'), noInvalidDate: true }), (d) => {
        expect(formatDateTime(d)).toMatch(/^\d{2}\/\d{2}\/\d{4} ([01]\d|2[0-3]):[0-5]\d:[0-5]\d$/);
        expect(formatDateTime(d)).toBe(`${formatDate(d)} ${formatTime(d)}`);
      }),
    );
  });
});

describe('formatBytes', () => {
  it.each([
    [0, '0 B'],
    [999, '999 B'],
    [1000, '1 kB'],
    [1500, '1.5 kB'],
    [1549, '1.5 kB'],
    [1550, '1.6 kB'],
    [999_949, '999.9 kB'],
    [999_960, '1 MB'],
    [10_000_000, '10 MB'],
    [2_500_000_000, '2.5 GB'],
    [1e12, '1 TB'],
    [5e15, '5000 TB'],
    [-1500, '-1.5 kB'],
  ])('%d -> %s', (n, text) => {
    expect(formatBytes(n)).toBe(text);
  });

  it('shows nothing for a non-number', () => {
    expect(formatBytes(Number.NaN)).toBe('');
    expect(formatBytes(Number.POSITIVE_INFINITY)).toBe('');
    expect(formatBytes(null)).toBe('');
  });

  it('has at most one decimal and never ".0"', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1e14 }), (n) => {
        expect(formatBytes(n)).toMatch(/^\d+(\.[1-9])? (B|kB|MB|GB|TB)$/);
      }),
    );
  });
});

describe('formatRelativeTime', () => {
  const now = new Date('2024-03-10T12:00:00Z');
  const ago = (ms: number) => new Date(now.getTime() - ms);
  const S = 1000;
  const M = 60 * S;
  const H = 60 * M;
  const D = 24 * H;

  it.each([
    [0, 'just now'],
    [59 * S, 'just now'],
    [60 * S, '1 minute ago'],
    [5 * M + 30 * S, '5 minutes ago'],
    [59 * M, '59 minutes ago'],
    [H, '1 hour ago'],
    [23 * H + 59 * M, '23 hours ago'],
    [D, '1 day ago'],
    [6 * D + 23 * H, '6 days ago'],
  ])('%d ms ago -> %s', (ms, text) => {
    expect(formatRelativeTime(ago(ms), now)).toBe(text);
  });

  it('speaks of the future within 7 days', () => {
    expect(formatRelativeTime(ago(-30 * S), now)).toBe('just now');
    expect(formatRelativeTime(ago(-M), now)).toBe('in 1 minute');
    expect(formatRelativeTime(ago(-5 * M), now)).toBe('in 5 minutes');
    expect(formatRelativeTime(ago(-2 * H), now)).toBe('in 2 hours');
    expect(formatRelativeTime(ago(-3 * D), now)).toBe('in 3 days');
  });

  it('switches to the absolute date-time at 7 days', () => {
    expect(formatRelativeTime(ago(7 * D), now)).toBe('03/03/2024 20:00:00');
    expect(formatRelativeTime(ago(30 * D), now, 'UTC')).toBe('09/02/2024 12:00:00');
    expect(formatRelativeTime(ago(-7 * D), now)).toBe('17/03/2024 20:00:00');
  });

  it('accepts strings and shows nothing for invalid values', () => {
    expect(formatRelativeTime('2024-03-10T11:00:00Z', now)).toBe('1 hour ago');
    expect(formatRelativeTime(null, now)).toBe('');
    expect(formatRelativeTime('nope', now)).toBe('');
  });
});

describe('textAvatar', () => {
  it.each([
    ['Tan Ah Kow Lim', 'TAK'],
    ['admin', 'A'],
    ['john smith', 'JS'],
    ['  Mary   Ann  ', 'MA'],
    ['', '?'],
    ['   ', '?'],
    ['陈大文', '陈'],
    ['김민준', '김'],
    ['Jean-Luc Picard', 'JP'],
    ['(Site) Engineer', 'SE'],
    ['--', '?'],
  ])('%s -> %s', (name, initials) => {
    expect(textAvatar(name)).toBe(initials);
  });

  it('shows "?" for null or undefined', () => {
    expect(textAvatar(null)).toBe('?');
    expect(textAvatar(undefined)).toBe('?');
  });

  it('never shows more than 3 characters', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme' }), (name) => {
        expect(Array.from(textAvatar(name)).length).toBeLessThanOrEqual(3);
        expect(textAvatar(name).length).toBeGreaterThan(0);
      }),
    );
  });
});

describe('truncateText', () => {
  it('leaves short text alone', () => {
    expect(truncateText('short')).toEqual({ text: 'short', truncated: false });
    expect(truncateText('x'.repeat(180))).toEqual({ text: 'x'.repeat(180), truncated: false });
    expect(truncateText(null)).toEqual({ text: '', truncated: false });
  });

  it('cuts at 180 characters by default and appends an ellipsis', () => {
    const result = truncateText('x'.repeat(200));
    expect(result).toEqual({ text: `${'x'.repeat(180)}…`, truncated: true });
  });

  it('cuts at a word boundary within the last 20 characters', () => {
    const text = `${'a'.repeat(170)} ${'b'.repeat(30)}`;
    expect(truncateText(text)).toEqual({ text: `${'a'.repeat(170)}…`, truncated: true });
  });

  it('cuts mid-word when the last boundary is further back', () => {
    const text = `${'a'.repeat(10)} ${'b'.repeat(200)}`;
    expect(truncateText(text, 50)).toEqual({ text: `${'a'.repeat(10)} ${'b'.repeat(39)}…`, truncated: true });
  });

  it('keeps the whole cut when it ends right before a space', () => {
    expect(truncateText('one two three', 7)).toEqual({ text: 'one two…', truncated: true });
  });

  it('does not split characters outside the basic plane', () => {
    const text = '😀'.repeat(10);
    expect(truncateText(text, 5)).toEqual({ text: `${'😀'.repeat(5)}…`, truncated: true });
  });

  it('never keeps more than max characters before the ellipsis', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 300 }), fc.integer({ min: 1, max: 200 }), (text, max) => {
        const result = truncateText(text, max);
        const chars = Array.from(result.text);
        if (!result.truncated) expect(result.text).toBe(text);
        else {
          expect(chars.at(-1)).toBe('…');
          expect(chars.length - 1).toBeLessThanOrEqual(max);
          expect(text.startsWith(result.text.slice(0, -1))).toBe(true);
        }
      }),
    );
  });
});

describe('formatCell', () => {
  it('shows the no-value marker -2147483648 empty, as a number or a string', () => {
    expect(formatCell(-2147483648)).toBe('');
    expect(formatCell('-2147483648')).toBe('');
  });

  it('shows null and undefined empty', () => {
    expect(formatCell(null)).toBe('');
    expect(formatCell(undefined)).toBe('');
  });

  it('shows numbers with 2 decimals by default, or the given number', () => {
    expect(formatCell(12.3456)).toBe('12.35');
    expect(formatCell(3)).toBe('3.00');
    expect(formatCell(0.123456, 4)).toBe('0.1235');
    expect(formatCell(7.5, 0)).toBe('8');
    expect(formatCell(-0.001)).toBe('0.00');
    expect(formatCell(-1.5)).toBe('-1.50');
    expect(formatCell(Number.NaN)).toBe('');
  });

  it('shows strings as they are', () => {
    expect(formatCell('CLAY, soft')).toBe('CLAY, soft');
    expect(formatCell('12.5')).toBe('12.5');
  });
});

describe('maxDateRangeHint', () => {
  it.each([
    [2, 'week', 'Maximum date range: 2 weeks'],
    [1, 'month', 'Maximum date range: 1 month'],
    [3, 'year', 'Maximum date range: 3 years'],
    [1, 'year', 'Maximum date range: 1 year'],
  ])('(%d, %s) -> %s', (num, period, text) => {
    expect(maxDateRangeHint(num, period)).toBe(text);
  });
});
