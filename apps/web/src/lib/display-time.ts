/**
 * Every date and time the web shows is in the configured time zone (the `timezone` setting, `/config`), whatever
 * the browser's zone. The formatters here default to that zone: it is set when the configuration loads
 * (lib/config.ts), and is Asia/Singapore until then. Lint keeps the shared formatters (which default to
 * Asia/Singapore) out of the rest of the web.
 */
import {
  DEFAULT_TIMEZONE,
  formatDate as formatDateIn,
  formatDateTime as formatDateTimeIn,
  formatTime as formatTimeIn,
  LIMITS,
  type DateInput,
} from '@strata/shared';
import { i18n } from './i18n';

let zone: string = DEFAULT_TIMEZONE;

/** The configuration arrived (or a test resets it). */
export function setDisplayTimeZone(timeZone: string): void {
  zone = timeZone;
}

/** The zone times are shown in. */
export function displayTimeZone(): string {
  return zone;
}

/** DD/MM/YYYY. */
export function formatDate(value: DateInput, timeZone: string = zone): string {
  return formatDateIn(value, timeZone);
}

/** DD/MM/YYYY HH:mm:ss. */
export function formatDateTime(value: DateInput, timeZone: string = zone): string {
  return formatDateTimeIn(value, timeZone);
}

/** HH:mm:ss. */
export function formatTime(value: DateInput, timeZone: string = zone): string {
  return formatTimeIn(value, timeZone);
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/**
 * "5 minutes ago" in the reader's language (Intl), "just now" under a minute, and the absolute date-time from 7 days
 * on (spec §9). Empty for a value that is no date.
 */
export function formatRelativeTime(value: DateInput, now: Date = new Date(), timeZone: string = zone): string {
  const date = value instanceof Date ? value : value === null || value === undefined || value === '' ? null : new Date(value);
  if (!date || Number.isNaN(date.getTime())) return '';
  const diff = date.getTime() - now.getTime();
  const abs = Math.abs(diff);
  if (abs < MINUTE) return i18n.t('time.justNow');
  if (abs >= LIMITS.relativeTimeMaxDays * DAY) return formatDateTimeIn(date, timeZone);
  const format = new Intl.RelativeTimeFormat(i18n.language === 'zh' ? 'zh-CN' : 'en', { numeric: 'always' });
  if (abs < HOUR) return format.format(Math.trunc(diff / MINUTE), 'minute');
  if (abs < DAY) return format.format(Math.trunc(diff / HOUR), 'hour');
  return format.format(Math.trunc(diff / DAY), 'day');
}
