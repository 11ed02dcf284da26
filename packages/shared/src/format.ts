/**
 * Display rules shared by the server (reports, e-mails, exports) and the web. Pure functions, no date library:
 * dates go through `Intl.DateTimeFormat` with an explicit time zone (default Asia/Singapore).
 */
import { DEFAULT_TIMEZONE, LIMITS } from './constants.js';

export type DateInput = Date | string | number | null | undefined;

/** A valid Date for the input, or null for null, undefined, '' and anything that does not parse. */
function toDate(value: DateInput): Date | null {
  if (value === null || value === undefined || value === '') return null;
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    // Throws a RangeError for an unknown time zone: a configuration error should be loud.
    formatter = new Intl.DateTimeFormat('en-GB', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

interface DateParts {
  DD: string;
  MM: string;
  YYYY: string;
  HH: string;
  mm: string;
  ss: string;
}

function partsOf(date: Date, timeZone: string): DateParts {
  const parts: Partial<Record<Intl.DateTimeFormatPartTypes, string>> = {};
  for (const part of formatterFor(timeZone).formatToParts(date)) parts[part.type] = part.value;
  const pad = (v: string | undefined, width: number) => (v ?? '').padStart(width, '0');
  return {
    DD: pad(parts.day, 2),
    MM: pad(parts.month, 2),
    YYYY: pad(parts.year, 4),
    // Some engines still print midnight as 24 with h23 in older ICU versions.
    HH: pad(parts.hour === '24' ? '00' : parts.hour, 2),
    mm: pad(parts.minute, 2),
    ss: pad(parts.second, 2),
  };
}

const DATE_ONLY = /^(\d{4})-(\d{2})-(\d{2})$/;

/**
 * `DD/MM/YYYY` in the given time zone; '' for null, undefined or an invalid date. A date-only ISO string
 * (`2024-03-05`) is a calendar date and shows as that date in every time zone.
 */
export function formatDate(value: DateInput, tz: string = DEFAULT_TIMEZONE): string {
  const dateOnly = typeof value === 'string' ? DATE_ONLY.exec(value) : null;
  if (dateOnly) {
    const [, y, m, d] = dateOnly.map(Number) as [number, number, number, number];
    const check = new Date(0);
    check.setUTCFullYear(y, m - 1, d);
    const real = check.getUTCFullYear() === y && check.getUTCMonth() === m - 1 && check.getUTCDate() === d;
    return real ? `${dateOnly[3]}/${dateOnly[2]}/${dateOnly[1]}` : '';
  }
  const date = toDate(value);
  if (!date) return '';
  const p = partsOf(date, tz);
  return `${p.DD}/${p.MM}/${p.YYYY}`;
}

/** `DD/MM/YYYY HH:mm:ss` (24 h) in the given time zone; '' for null, undefined or an invalid date. */
export function formatDateTime(value: DateInput, tz: string = DEFAULT_TIMEZONE): string {
  const date = toDate(value);
  if (!date) return '';
  const p = partsOf(date, tz);
  return `${p.DD}/${p.MM}/${p.YYYY} ${p.HH}:${p.mm}:${p.ss}`;
}

/** `HH:mm:ss` (24 h) in the given time zone; '' for null, undefined or an invalid date. */
export function formatTime(value: DateInput, tz: string = DEFAULT_TIMEZONE): string {
  const date = toDate(value);
  if (!date) return '';
  const p = partsOf(date, tz);
  return `${p.HH}:${p.mm}:${p.ss}`;
}

const BYTE_UNITS = ['B', 'kB', 'MB', 'GB', 'TB'] as const;

/** At most one decimal, without a trailing ".0". */
function oneDecimal(n: number): string {
  return String(Math.round(n * 10) / 10);
}

/** Byte sizes in base-1000 units: 999 -> "999 B", 1500 -> "1.5 kB", 10_000_000 -> "10 MB". '' for a non-number. */
export function formatBytes(n: number | null | undefined): string {
  if (n === null || n === undefined || !Number.isFinite(n)) return '';
  const sign = n < 0 ? '-' : '';
  let value = Math.abs(n);
  let unit = 0;
  while (unit < BYTE_UNITS.length - 1 && value >= 1000) {
    value /= 1000;
    unit += 1;
  }
  // 999_960 is 999.96 kB, which rounds to 1000 kB: show it as 1 MB instead.
  if (Math.round(value * 10) / 10 >= 1000 && unit < BYTE_UNITS.length - 1) {
    value /= 1000;
    unit += 1;
  }
  return `${sign}${oneDecimal(value)} ${BYTE_UNITS[unit]}`;
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

function plural(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? '' : 's'}`;
}

/**
 * "just now" within a minute either way; "5 minutes ago", "1 hour ago", "3 days ago" (or "in 5 minutes" …) within
 * 7 days; from 7 days on the absolute date-time. '' for null, undefined or an invalid date.
 */
export function formatRelativeTime(value: DateInput, now: Date = new Date(), tz: string = DEFAULT_TIMEZONE): string {
  const date = toDate(value);
  if (!date) return '';
  const diff = now.getTime() - date.getTime();
  const abs = Math.abs(diff);
  if (abs < MINUTE) return 'just now';
  if (abs >= LIMITS.relativeTimeMaxDays * DAY) return formatDateTime(date, tz);
  let amount: string;
  if (abs < HOUR) amount = plural(Math.floor(abs / MINUTE), 'minute');
  else if (abs < DAY) amount = plural(Math.floor(abs / HOUR), 'hour');
  else amount = plural(Math.floor(abs / DAY), 'day');
  return diff > 0 ? `${amount} ago` : `in ${amount}`;
}

/** Han, Hiragana, Katakana and Hangul: scripts whose names are written without spaces between given and family name. */
const CJK = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/u;
const LETTER_OR_DIGIT = /[\p{L}\p{N}]/u;

/**
 * Initials for a text avatar, at most 3 characters, upper-case: "Tan Ah Kow Lim" -> "TAK", "admin" -> "A".
 * A name in CJK script gives its first character ("陈大文" -> "陈"). Empty or no letters -> "?".
 */
export function textAvatar(name: string | null | undefined): string {
  const words = (name ?? '').trim().split(/\s+/u);
  const initials: string[] = [];
  for (const word of words) {
    const first = Array.from(word).find((ch) => LETTER_OR_DIGIT.test(ch));
    if (!first) continue;
    const upper = first.toUpperCase();
    // Keep one character per word ("ß" upper-cases to "SS").
    initials.push(Array.from(upper).length === 1 ? upper : first);
  }
  if (initials.length === 0) return '?';
  if (CJK.test(initials[0]!)) return initials[0]!;
  return initials.slice(0, LIMITS.textAvatarMaxChars).join('');
}

/**
 * Read-more text: at most `max` characters (code points), cut at a word boundary when one lies within the last
 * 20 characters, then "…".
 */
export function truncateText(text: string | null | undefined, max: number = LIMITS.readMoreLength): { text: string; truncated: boolean } {
  const value = text ?? '';
  const chars = Array.from(value);
  if (chars.length <= max) return { text: value, truncated: false };
  let cut = max;
  if (!/\s/u.test(chars[max]!)) {
    for (let i = max - 1; i >= Math.max(1, max - 20); i -= 1) {
      if (/\s/u.test(chars[i]!)) {
        cut = i;
        break;
      }
    }
  }
  return { text: `${chars.slice(0, cut).join('').trimEnd()}…`, truncated: true };
}

/** The value the data stores for "no value" in a table cell. */
export const NO_VALUE = -2147483648;

/**
 * A table cell: -2147483648 (number or string) and null or undefined show empty; a number shows `decimals`
 * places; a string is shown as it is.
 */
export function formatCell(value: number | string | null | undefined, decimals: number = LIMITS.readingPrecision): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value.trim() === String(NO_VALUE) ? '' : value;
  if (value === NO_VALUE || !Number.isFinite(value)) return '';
  const text = value.toFixed(decimals);
  // -0.001 to 2 places is "-0.00": show it without the sign.
  return /^-0(\.0*)?$/.test(text) ? text.slice(1) : text;
}

export type DateRangePeriod = 'week' | 'month' | 'year';

/** "Maximum date range: 2 weeks", "Maximum date range: 1 month". */
export function maxDateRangeHint(num: number, period: DateRangePeriod | string): string {
  return `Maximum date range: ${num} ${period}${num > 1 ? 's' : ''}`;
}
