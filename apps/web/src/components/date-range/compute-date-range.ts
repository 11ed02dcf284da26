import { DEFAULT_TIMEZONE } from '@strata/shared';
import type { ManipulateType } from 'dayjs';
import { dayjs } from '../../lib/dayjs';

/** The date range options, in menu order (spec §4). */
export const DATE_RANGE_OPTIONS = ['none', 'day', 'week', '2week', '30day', '6month', 'custom'] as const;
export type DateRangeOption = (typeof DATE_RANGE_OPTIONS)[number];

/** A date range: the option picked and its bounds as ISO 8601 instants (UTC), or null for "no bound". */
export interface DateRangeValue {
  option: DateRangeOption;
  start: string | null;
  end: string | null;
}

export const EMPTY_DATE_RANGE: DateRangeValue = { option: 'none', start: null, end: null };

/** How far back each preset reaches from today. */
const PERIODS: Record<Exclude<DateRangeOption, 'none' | 'custom'>, [number, ManipulateType]> = {
  day: [1, 'day'],
  week: [7, 'day'],
  '2week': [14, 'day'],
  '30day': [30, 'day'],
  '6month': [6, 'month'],
};

export function isDateRangeOption(value: unknown): value is DateRangeOption {
  return (DATE_RANGE_OPTIONS as readonly unknown[]).includes(value);
}

type DateLike = string | Date | number | null | undefined;

const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;

/** An instant in `tz`; a date-only string (`2024-03-05`) is that calendar day in `tz`, whatever the machine's zone. */
function parse(value: DateLike, tz: string) {
  if (value === null || value === undefined || value === '') return null;
  if (typeof value === 'string' && DATE_ONLY.test(value)) {
    const day = dayjs.tz(value, tz);
    return day.isValid() ? day : null;
  }
  const date = dayjs(value);
  return date.isValid() ? date.tz(tz) : null;
}

/**
 * The bounds of a date range option (spec §4, §5), in the time zone `tz` (default Asia/Singapore):
 * - `none`: no bounds.
 * - `day`, `week`, `2week`, `30day`, `6month`: from that long before now to now, rounded out to whole days,
 *   so the range always covers the full period (`day` = yesterday 00:00 to today 23:59:59.999).
 * - `custom`: the given start and end. An empty end becomes today.
 * The start is always the start of its day and the end the end of its day.
 */
export function computeDateRange(
  option: DateRangeOption,
  custom: { start?: DateLike; end?: DateLike } = {},
  now: Date = new Date(),
  tz: string = DEFAULT_TIMEZONE,
): DateRangeValue {
  if (option === 'none') return { option, start: null, end: null };
  const today = dayjs(now).tz(tz);
  if (option === 'custom') {
    const start = parse(custom.start, tz);
    const end = parse(custom.end, tz) ?? today;
    return {
      option,
      start: start ? start.startOf('day').toISOString() : null,
      end: end.endOf('day').toISOString(),
    };
  }
  const [amount, unit] = PERIODS[option];
  return {
    option,
    start: today.subtract(amount, unit).startOf('day').toISOString(),
    end: today.endOf('day').toISOString(),
  };
}
