/**
 * The days a scheduled report covers, from its due time in the schedule's time zone (SCHEDULE_PERIODS): the engine's
 * Date Range (first and last day, both included). The day of the due time is never included (it has only begun).
 * - last-day: the day before; last-week: the 7 days before; last-month: from the same day a month before (the month's
 *   last day when it has no such day) to the day before;
 * - since-last-run: from the day of the previous successful run's due time to the day before this one (that one day
 *   when both are the same day), or the last day when there was none.
 */
import type { SchedulePeriod } from '@strata/shared';
import { zoneOffsetMs } from '@strata/shared';

const DAY_MS = 86_400_000;

/** The wall-clock day of an instant in a zone, as a UTC midnight. */
function localDay(t: Date, tz: string): number {
  const ms = t.getTime() + zoneOffsetMs(tz, t.getTime());
  return Math.floor(ms / DAY_MS) * DAY_MS;
}

const text = (dayMs: number) => new Date(dayMs).toISOString().slice(0, 10);

function monthBefore(dayMs: number): number {
  const d = new Date(dayMs);
  const y = d.getUTCFullYear();
  const mo = d.getUTCMonth() - 1;
  const last = new Date(Date.UTC(y, mo + 1, 0)).getUTCDate();
  return Date.UTC(y, mo, Math.min(d.getUTCDate(), last));
}

export function schedulePeriod(period: SchedulePeriod, dueAt: Date, tz: string, previousDue: Date | undefined): { from: string; to: string } {
  const due = localDay(dueAt, tz);
  const to = due - DAY_MS;
  switch (period) {
    case 'last-day':
      return { from: text(to), to: text(to) };
    case 'last-week':
      return { from: text(due - 7 * DAY_MS), to: text(to) };
    case 'last-month':
      return { from: text(monthBefore(due)), to: text(to) };
    case 'since-last-run': {
      if (!previousDue) return { from: text(to), to: text(to) };
      const from = Math.min(localDay(previousDue, tz), due);
      return { from: text(from), to: text(Math.max(from, to)) };
    }
  }
}
