import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { TReportFrequency } from '@strata/shared';
import { frequencyText, latestDue, nextReportRun } from './next-report-run.js';

const ZONES = ['Asia/Singapore', 'Europe/London', 'America/New_York', 'Australia/Sydney'] as const;
const MINUTE = 60_000;

/** The wall clock of an instant in a zone, read with Intl alone (the reference's own reading, not next-run.ts's). */
const formatters = new Map<string, Intl.DateTimeFormat>();
function wall(t: number, tz: string) {
  let f = formatters.get(tz);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone: tz,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
    });
    formatters.set(tz, f);
  }
  const p = Object.fromEntries(f.formatToParts(new Date(t)).map((x) => [x.type, Number(x.value)]));
  return { y: p.year!, mo: p.month!, d: p.day!, min: (p.hour! % 24) * 60 + p.minute! };
}
/** Minutes since the epoch of a wall clock read as if UTC: differences between two of them are wall-clock minutes. */
const wallMinutes = (w: ReturnType<typeof wall>) => Date.UTC(w.y, w.mo - 1, w.d) / MINUTE + w.min;

/** Whether the frequency runs on this wall day, and at which minute of it. */
function runsOn(f: TReportFrequency, y: number, mo: number, d: number): boolean {
  if (f.kind === 'daily') return true;
  if (f.kind === 'weekly') return f.weekdays.includes(new Date(Date.UTC(y, mo - 1, d)).getUTCDay());
  const last = new Date(Date.UTC(y, mo, 0)).getUTCDate();
  return d === Math.min(f.day, last);
}

/**
 * The reference: step minute by minute after `after` and take the first minute whose wall clock is a due time; a due
 * wall time skipped by a spring-forward jump runs moved forward by the jump (02:30 -> 03:30). A wall time shown twice
 * (fall-back) runs at the first, which stepping in order finds first.
 */
function reference(f: TReportFrequency, tz: string, after: Date): Date {
  const [hh, mm] = f.time.split(':').map(Number) as [number, number];
  const at = hh * 60 + mm;
  let t = Math.floor(after.getTime() / MINUTE) * MINUTE + MINUTE;
  let prev = wall(t - MINUTE, tz);
  let gapRun: number | undefined;
  for (let i = 0; i < 40 * 1440; i++, t += MINUTE) {
    const w = wall(t, tz);
    const jump = wallMinutes(w) - wallMinutes(prev) - 1;
    if (jump > 0) {
      // Skipped wall minutes: prev + 1 … w - 1 (same day for these zones' changes).
      const skippedFrom = prev.min + 1;
      if (runsOn(f, w.y, w.mo, w.d) && at >= skippedFrom && at < skippedFrom + jump) gapRun = t + (at - skippedFrom) * MINUTE;
    }
    if (gapRun !== undefined && gapRun <= t) return new Date(gapRun);
    if (w.min === at && runsOn(f, w.y, w.mo, w.d)) return new Date(t);
    prev = w;
  }
  throw new Error('reference: no run within 40 days');
}

const time = fc
  .tuple(fc.integer({ min: 0, max: 23 }), fc.integer({ min: 0, max: 59 }))
  .map(([h, m]) => `${String(h).padStart(2, '0')}:${String(m).padStart(2, '0')}`);
const frequency: fc.Arbitrary<TReportFrequency> = fc.oneof(
  time.map((t) => ({ kind: 'daily' as const, time: t })),
  fc
    .tuple(fc.uniqueArray(fc.integer({ min: 0, max: 6 }), { minLength: 1, maxLength: 7 }), time)
    .map(([days, t]) => ({ kind: 'weekly' as const, weekdays: [...days].sort((a, b) => a - b), time: t })),
  fc.tuple(fc.constantFrom(1, 15, 28, 29, 30, 31), time).map(([day, t]) => ({ kind: 'monthly' as const, day, time: t })),
);
/** Instants near the interesting days: month ends, Feb 29 2028, and the DST changes of 2026 in the four zones. */
const ANCHORS = [
  '2026-01-31T12:00:00Z',
  '2026-02-28T15:59:00Z',
  '2028-02-28T16:00:00Z',
  '2028-02-29T23:59:30Z',
  '2026-03-08T06:30:00Z', // New York springs forward
  '2026-03-29T00:30:00Z', // London springs forward
  '2026-04-04T15:30:00Z', // Sydney falls back
  '2026-10-03T15:30:00Z', // Sydney springs forward
  '2026-10-25T00:30:00Z', // London falls back
  '2026-11-01T05:30:00Z', // New York falls back
  '2026-12-31T15:59:59Z',
].map((s) => new Date(s).getTime());
const instant = fc
  .tuple(fc.constantFrom(...ANCHORS), fc.integer({ min: -2 * 1440, max: 2 * 1440 }), fc.integer({ min: 0, max: 59_999 }))
  .map(([a, minutes, ms]) => new Date(a + minutes * MINUTE + ms));

describe('nextReportRun', () => {
  it('agrees with a minute-by-minute reference over random frequencies, zones and instants (month ends, Feb 29, DST)', () => {
    fc.assert(
      fc.property(frequency, fc.constantFrom(...ZONES), instant, (f, tz, after) => {
        expect(nextReportRun(f, tz, after).toISOString()).toBe(reference(f, tz, after).toISOString());
      }),
      { numRuns: 150 },
    );
  });

  it('weekly on several weekdays runs on the earliest of them', () => {
    const f: TReportFrequency = { kind: 'weekly', weekdays: [1, 4], time: '08:00' };
    // Tuesday 2026-12-01 in Singapore: Thursday comes first, then Monday.
    const a = nextReportRun(f, 'Asia/Singapore', new Date('2026-12-01T02:00:00Z'));
    expect(a.toISOString()).toBe('2026-12-03T00:00:00.000Z');
    expect(nextReportRun(f, 'Asia/Singapore', a).toISOString()).toBe('2026-12-07T00:00:00.000Z');
  });

  it('monthly on day 31 runs on the last day of a shorter month, and on Feb 29 in a leap year', () => {
    const f: TReportFrequency = { kind: 'monthly', day: 31, time: '09:30' };
    expect(nextReportRun(f, 'Europe/London', new Date('2028-02-01T00:00:00Z')).toISOString()).toBe('2028-02-29T09:30:00.000Z');
    expect(nextReportRun(f, 'Europe/London', new Date('2026-04-01T00:00:00Z')).toISOString()).toBe('2026-04-30T08:30:00.000Z');
  });

  it('the latest due time after downtime is found once, with the number of slots passed over', () => {
    const f: TReportFrequency = { kind: 'daily', time: '08:00' };
    const due = new Date('2026-12-01T00:00:00Z'); // 08:00 in Singapore
    expect(latestDue(f, 'Asia/Singapore', due, new Date('2026-12-01T00:00:30Z'))).toEqual({ dueAt: due, skipped: 0 });
    expect(latestDue(f, 'Asia/Singapore', due, new Date('2026-12-04T03:00:00Z'))).toEqual({ dueAt: new Date('2026-12-04T00:00:00Z'), skipped: 3 });
  });

  it('describes a frequency in words', () => {
    expect(frequencyText({ kind: 'weekly', weekdays: [1, 4], time: '08:00' })).toBe('Weekly on Monday, Thursday at 08:00');
    expect(frequencyText({ kind: 'monthly', day: 31, time: '07:05' })).toBe('Monthly on day 31 at 07:05');
  });
});
