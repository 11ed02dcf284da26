import { describe, expect, it } from 'vitest';
import type { TScheduleTiming } from '@strata/shared';
import { nextRun } from './next-run.js';

const SG = 'Asia/Singapore'; // UTC+8, no DST
const NY = 'America/New_York'; // DST: 2026-03-08 02:00 -> 03:00, 2026-11-01 02:00 -> 01:00

/** Runs from `start`, each one after the previous. */
function runs(t: TScheduleTiming, start: string, n: number, tz: string): string[] {
  const out: string[] = [];
  let at = new Date(start);
  for (let i = 0; i < n; i++) {
    at = nextRun(t, at, tz);
    out.push(at.toISOString());
  }
  return out;
}

describe('nextRun', () => {
  it('every N minutes: at local midnight and every N minutes after it, strictly after the given time', () => {
    expect(runs({ type: 'every', duration: 15 }, '2026-05-10T02:07:00Z', 3, SG)).toEqual([
      '2026-05-10T02:15:00.000Z',
      '2026-05-10T02:30:00.000Z',
      '2026-05-10T02:45:00.000Z',
    ]);
    expect(nextRun({ type: 'every', duration: 15 }, new Date('2026-05-10T02:15:00Z'), SG).toISOString()).toBe('2026-05-10T02:30:00.000Z');
    // 7 does not divide a day: 23:55 local is the last slot (1435 = 205 × 7), then local midnight.
    expect(runs({ type: 'every', duration: 7 }, '2026-05-10T15:50:00Z', 2, SG)).toEqual(['2026-05-10T15:55:00.000Z', '2026-05-10T16:00:00.000Z']);
    expect(runs({ type: 'every', duration: 90 }, '2026-05-10T16:00:00Z', 2, SG)).toEqual(['2026-05-10T17:30:00.000Z', '2026-05-10T19:00:00.000Z']);
  });

  it('hourly {minute}: every hour at that minute', () => {
    expect(runs({ type: 'hourly', minute: 5 }, '2026-05-10T02:05:00Z', 3, SG)).toEqual([
      '2026-05-10T03:05:00.000Z',
      '2026-05-10T04:05:00.000Z',
      '2026-05-10T05:05:00.000Z',
    ]);
    expect(nextRun({ type: 'hourly', minute: 59 }, new Date('2026-05-10T02:30:00Z'), SG).toISOString()).toBe('2026-05-10T02:59:00.000Z');
  });

  it('daily {hour, minute} in the configured zone (Singapore, UTC+8)', () => {
    // 02:00 in Singapore is 18:00 UTC the day before.
    expect(runs({ type: 'daily', hour: 2, minute: 0 }, '2026-05-10T12:00:00Z', 2, SG)).toEqual(['2026-05-10T18:00:00.000Z', '2026-05-11T18:00:00.000Z']);
    expect(nextRun({ type: 'daily', hour: 23, minute: 30 }, new Date('2026-05-10T15:29:00Z'), SG).toISOString()).toBe('2026-05-10T15:30:00.000Z');
  });

  it('weekly {dow 0 Sunday … 6, hour, minute}', () => {
    // 2026-05-10 is a Sunday.
    expect(runs({ type: 'weekly', dow: 1, hour: 9, minute: 15 }, '2026-05-10T00:00:00Z', 2, SG)).toEqual([
      '2026-05-11T01:15:00.000Z',
      '2026-05-18T01:15:00.000Z',
    ]);
    expect(nextRun({ type: 'weekly', dow: 0, hour: 9, minute: 0 }, new Date('2026-05-10T01:00:00Z'), SG).toISOString()).toBe('2026-05-17T01:00:00.000Z');
  });

  it('monthly {dom}: past a month’s last day it runs on the last day (31 -> 30 April, 28 or 29 February)', () => {
    expect(runs({ type: 'monthly', dom: 31, hour: 8, minute: 0 }, '2026-01-01T00:00:00Z', 4, SG)).toEqual([
      '2026-01-31T00:00:00.000Z',
      '2026-02-28T00:00:00.000Z',
      '2026-03-31T00:00:00.000Z',
      '2026-04-30T00:00:00.000Z',
    ]);
    expect(nextRun({ type: 'monthly', dom: 30, hour: 0, minute: 0 }, new Date('2028-02-01T00:00:00Z'), SG).toISOString()).toBe('2028-02-28T16:00:00.000Z'); // 29 Feb 2028 00:00 SGT
    expect(nextRun({ type: 'monthly', dom: 1, hour: 0, minute: 0 }, new Date('2026-12-15T00:00:00Z'), SG).toISOString()).toBe('2026-12-31T16:00:00.000Z');
  });

  it('daylight saving: a daily run in the spring-forward gap moves forward by the gap; one in the fall-back hour runs once', () => {
    // 2026-03-08 02:30 does not exist in New York: it runs at 03:30 EDT (07:30 UTC); the next day at 02:30 EDT.
    expect(runs({ type: 'daily', hour: 2, minute: 30 }, '2026-03-07T12:00:00Z', 2, NY)).toEqual(['2026-03-08T07:30:00.000Z', '2026-03-09T06:30:00.000Z']);
    // 2026-11-01 01:30 happens twice (EDT 05:30Z, EST 06:30Z): a daily run takes the first only.
    expect(runs({ type: 'daily', hour: 1, minute: 30 }, '2026-10-31T12:00:00Z', 2, NY)).toEqual(['2026-11-01T05:30:00.000Z', '2026-11-02T06:30:00.000Z']);
  });

  it('daylight saving: `every` follows elapsed time through both DST changes', () => {
    expect(runs({ type: 'every', duration: 30 }, '2026-03-08T06:00:00Z', 3, NY)).toEqual([
      '2026-03-08T06:30:00.000Z',
      '2026-03-08T07:00:00.000Z',
      '2026-03-08T07:30:00.000Z',
    ]);
    expect(runs({ type: 'every', duration: 30 }, '2026-11-01T05:00:00Z', 4, NY)).toEqual([
      '2026-11-01T05:30:00.000Z',
      '2026-11-01T06:00:00.000Z',
      '2026-11-01T06:30:00.000Z',
      '2026-11-01T07:00:00.000Z',
    ]);
  });
});
