import type { DateRangePeriod } from './format.js';
import { maxDateRangeHint } from './format.js';
import type { TReportPeriod } from './schemas/reports.js';
import { wallToEpoch, zoneFormat } from './zoned-time.js';

/**
 * The instants a report period covers, in the report's time zone: whole days, from the first day's 00:00 to the
 * day after the last day's 00:00 (exclusive). The last day of the preset periods is today.
 * - Last 2 Weeks / Last 3 Weeks: the 14 / 21 days ending today.
 * - This Month: the first of this month to today.
 * - Last 3 Months: from the same day three months ago (the day after, so that it is three months long) to today.
 * - Date Range: the days given.
 */
export interface ReportPeriodBounds {
  from: Date;
  /** Exclusive. */
  to: Date;
  /** The first and last day (YYYY-MM-DD, both included): what a report prints. */
  firstDay: string;
  lastDay: string;
}

type Day = { y: number; m: number; d: number };

function todayIn(tz: string, now: Date): Day {
  const p: Record<string, number> = {};
  for (const part of zoneFormat(tz).formatToParts(now)) if (part.type !== 'literal') p[part.type] = Number(part.value);
  return { y: p.year!, m: p.month!, d: p.day! };
}

/** Calendar arithmetic on a wall day (UTC fields stand for the wall clock); months clamp to the month's last day. */
function addDays(day: Day, n: number): Day {
  const t = new Date(Date.UTC(day.y, day.m - 1, day.d + n));
  return { y: t.getUTCFullYear(), m: t.getUTCMonth() + 1, d: t.getUTCDate() };
}
function addMonths(day: Day, n: number): Day {
  const first = new Date(Date.UTC(day.y, day.m - 1 + n, 1));
  const y = first.getUTCFullYear();
  const m = first.getUTCMonth() + 1;
  const last = new Date(Date.UTC(y, m, 0)).getUTCDate();
  return { y, m, d: Math.min(day.d, last) };
}
const parseDay = (text: string): Day => {
  const [y, m, d] = text.split('-').map(Number);
  return { y: y!, m: m!, d: d! };
};
const dayText = (day: Day) => `${day.y}-${String(day.m).padStart(2, '0')}-${String(day.d).padStart(2, '0')}`;
const startOf = (day: Day, tz: string) => new Date(wallToEpoch(Date.UTC(day.y, day.m - 1, day.d), tz));
const cmp = (a: Day, b: Day) => a.y - b.y || a.m - b.m || a.d - b.d;

export function reportPeriodBounds(period: TReportPeriod, now: Date, tz: string): ReportPeriodBounds {
  const today = todayIn(tz, now);
  let first: Day;
  let last: Day = today;
  switch (period.option) {
    case 'last-2-weeks':
      first = addDays(today, -13);
      break;
    case 'last-3-weeks':
      first = addDays(today, -20);
      break;
    case 'this-month':
      first = { ...today, d: 1 };
      break;
    case 'last-3-months':
      first = addDays(addMonths(today, -3), 1);
      break;
    case 'range':
      first = parseDay(period.from!);
      last = parseDay(period.to!);
      break;
  }
  return { from: startOf(first, tz), to: startOf(addDays(last, 1), tz), firstDay: dayText(first), lastDay: dayText(last) };
}

/**
 * Whether a Date Range is within the maximum of the settings (`report_range_num` `report_range_period`s): the last
 * day is before the first day plus that many weeks, months or years. Null when it is; the message when not.
 */
export function reportRangeError(period: TReportPeriod, num: number, unit: DateRangePeriod): string | null {
  if (period.option !== 'range' || !period.from || !period.to) return null;
  const first = parseDay(period.from);
  const limit = unit === 'week' ? addDays(first, 7 * num) : addMonths(first, unit === 'month' ? num : 12 * num);
  return cmp(parseDay(period.to), limit) < 0 ? null : `The date range is too long. ${maxDateRangeHint(num, unit)}`;
}
