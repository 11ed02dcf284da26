import { DEFAULT_TIMEZONE } from '@strata/shared';
import { dayjs } from '../../../lib/dayjs';

/** A calendar date `YYYY-MM-DD` as the house shows dates: DD/MM/YYYY (no time zone involved). */
export function showDate(ymd: string | null | undefined): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(ymd ?? '');
  return match ? `${match[3]}/${match[2]}/${match[1]}` : (ymd ?? '');
}

/** `YYYY-MM-DD` -> the ISO instant of that day's start in Singapore (what the date picker takes). */
export function dateToInstant(ymd: string): string | null {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(ymd)) return null;
  return dayjs.tz(ymd, DEFAULT_TIMEZONE).toISOString();
}

/** The picker's ISO instant -> the calendar date `YYYY-MM-DD` in Singapore. */
export function instantToDate(iso: string | null): string {
  if (!iso) return '';
  const date = dayjs(iso);
  return date.isValid() ? date.tz(DEFAULT_TIMEZONE).format('YYYY-MM-DD') : '';
}
