import { describe, expect, it } from 'vitest';
import { schedulePeriod } from './schedule-period.js';

const SG = 'Asia/Singapore';

describe('the period of a scheduled report', () => {
  // Monday 2026-03-02 08:00 in Singapore (00:00 UTC); 2026-03-01 23:30 UTC is already the 2nd there.
  const due = new Date('2026-03-02T00:00:00Z');

  it('covers the days before the due day, in the schedule’s zone', () => {
    expect(schedulePeriod('last-day', due, SG, undefined)).toEqual({ from: '2026-03-01', to: '2026-03-01' });
    expect(schedulePeriod('last-week', due, SG, undefined)).toEqual({ from: '2026-02-23', to: '2026-03-01' });
    expect(schedulePeriod('last-day', new Date('2026-03-01T23:30:00Z'), SG, undefined)).toEqual({ from: '2026-03-01', to: '2026-03-01' });
    expect(schedulePeriod('last-day', new Date('2026-03-01T23:30:00Z'), 'Europe/London', undefined)).toEqual({ from: '2026-02-28', to: '2026-02-28' });
  });

  it('the last month starts on the same day a month before, or that month’s last day', () => {
    expect(schedulePeriod('last-month', due, SG, undefined)).toEqual({ from: '2026-02-02', to: '2026-03-01' });
    expect(schedulePeriod('last-month', new Date('2026-03-31T01:00:00Z'), SG, undefined)).toEqual({ from: '2026-02-28', to: '2026-03-30' });
    expect(schedulePeriod('last-month', new Date('2028-03-30T01:00:00Z'), SG, undefined)).toEqual({ from: '2028-02-29', to: '2028-03-29' });
  });

  it('since the previous run: from its due day; the last day when there was none', () => {
    expect(schedulePeriod('since-last-run', due, SG, new Date('2026-02-26T00:00:00Z'))).toEqual({ from: '2026-02-26', to: '2026-03-01' });
    expect(schedulePeriod('since-last-run', due, SG, undefined)).toEqual({ from: '2026-03-01', to: '2026-03-01' });
    // A previous run earlier the same day (run now): that one day.
    expect(schedulePeriod('since-last-run', new Date('2026-03-02T06:00:00Z'), SG, due)).toEqual({ from: '2026-03-02', to: '2026-03-02' });
  });
});
