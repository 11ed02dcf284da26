import type { AgsGroup } from '../types.js';
import type { Findings } from './findings.js';

/**
 * AGS4 rule 8: every value is of its heading's TYPE (and its UNIT, for dates and times). Types checked: nDP, nSCI,
 * nSF, DT, T, U, YN, DMS, and ID (unique within the group that owns the heading). X, XN, PA, PT, PU, MC, RL are
 * free text or checked by other rules (16, 11).
 */

const NUMBER = /^\s*[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?\s*$/;

export function isNumeric(value: string): boolean {
  return NUMBER.test(value);
}

/** A value written to `sf` significant figures the way the reference checker writes it. */
export function formatSignificant(value: number, sf: number): string {
  if (value === 0) return String(value);
  const decimals = sf - 1 - Math.floor(Math.log10(Math.abs(value)));
  if (decimals < 0) {
    const step = 10 ** -decimals;
    return (Math.round(value / step) * step).toFixed(0);
  }
  return value.toFixed(decimals);
}

type Check = (value: string) => string | null;

const DAYS = [31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

/** A date/time value against its UNIT (e.g. yyyy-mm-ddThh:mm): the same shape, and a real date and time. */
function dateTimeCheck(unit: string, heading: string): Check {
  let pattern = '';
  for (const ch of unit) {
    if ('ymdhs'.includes(ch)) pattern += '\\d';
    else if (ch === '+') pattern += '[+-]';
    else pattern += ch.replace(/[.*+?^${}()|[\]\\/-]/g, '\\$&');
  }
  const shape = new RegExp(`^${pattern}$`);
  const message = (v: string) => `Value ${v} in ${heading} does not match the specified format (${unit}) or is an invalid date/time.`;
  return (v) => (shape.test(v) && validDateTime(unit, v) ? null : message(v));
}

/** Reads the value's fields by the unit's letters (mm after an hour or a colon is minutes) up to a time zone. */
function validDateTime(unit: string, value: string): boolean {
  const parts: Record<string, number> = {};
  let seenTime = false;
  let i = 0;
  while (i < unit.length) {
    const ch = unit[i] ?? '';
    if (ch === 'Z') break;
    if (!'ymdhs'.includes(ch)) {
      if (ch === 'T' || ch === ':') seenTime = true;
      i++;
      continue;
    }
    let j = i;
    while (unit[j] === ch) j++;
    const n = Number(value.slice(i, j));
    const key = ch === 'm' ? (seenTime ? 'minute' : 'month') : { y: 'year', d: 'day', h: 'hour', s: 'second' }[ch];
    if (key !== undefined) parts[key] = n;
    if (ch === 'h') seenTime = true;
    i = j;
  }
  const { year, month, day, hour, minute, second } = parts;
  if (month !== undefined && (month < 1 || month > 12)) return false;
  if (day !== undefined) {
    const leap = year === undefined || (year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0));
    const max = month === undefined ? 31 : month === 2 && !leap ? 28 : (DAYS[month - 1] ?? 31);
    if (day < 1 || day > max) return false;
  }
  if (hour !== undefined && hour > 23) return false;
  if (minute !== undefined && minute > 59) return false;
  if (second !== undefined && second > 59) return false;
  return true;
}

function elapsedTimeCheck(unit: string, heading: string): Check {
  const shape = unit === 'hh:mm' ? /^\d*\d\d:[0-5]\d$/ : unit === 'mm:ss' ? /^[0-5]\d:[0-5]\d$/ : /^\d*\d:[0-5]\d:[0-5]\d$/;
  return (v) => (shape.test(v) ? null : `Value ${v} in ${heading} not in the specified elapsed time format (${unit}) or is an invalid elapsed time.`);
}

function checkFor(type: string, unit: string, heading: string): Check | null {
  const notOf = (v: string) => `Value ${v} in ${heading} not of data type ${type}.`;
  let m = /^(\d+)DP$/.exec(type);
  if (m !== null) {
    const n = Number(m[1]);
    const re = n === 0 ? /^-?\d+\.?$/ : new RegExp(`^-?\\d+\\.\\d{${n}}$`);
    return (v) => (re.test(v) ? null : notOf(v));
  }
  m = /^(\d+)SCI$/.exec(type);
  if (m !== null) {
    const re = new RegExp(`^-?\\d\\.\\d{${Number(m[1])}}[eE][+-]?\\d+$`);
    return (v) => (re.test(v) ? null : notOf(v));
  }
  m = /^(\d+)SF$/.exec(type);
  if (m !== null) {
    const sf = Number(m[1]);
    return (v) => {
      if (!isNumeric(v)) return `${notOf(v)} (Expected: ?)`;
      const n = Number(v);
      if (n === 0) return null;
      const expected = formatSignificant(n, sf);
      return expected === v ? null : `${notOf(v)} (Expected: ${expected})`;
    };
  }
  switch (type) {
    case 'DT':
      return dateTimeCheck(unit, heading);
    case 'T':
      return elapsedTimeCheck(unit, heading);
    case 'U':
      return (v) => (isNumeric(v) ? null : `${notOf(v)} Numeric value expected.`);
    case 'YN':
      return (v) => (/^[YNyn]$/.test(v) ? null : notOf(v));
    case 'DMS':
      return (v) => (/^-?\d+:[0-5]\d:[0-5]\d\.?\d*$/.test(v) ? null : `Value ${v} in ${heading} not of data type DMS or is an invalid value.`);
    default:
      return null;
  }
}

export function checkValues(groups: AgsGroup[], f: Findings): void {
  for (const g of groups) {
    if (g.types === null) continue;
    for (let c = 0; c < g.headings.length; c++) {
      const heading = g.headings[c] ?? '';
      const type = g.types[c] ?? '';
      if (type === 'ID' && heading.startsWith(g.name)) {
        uniqueIds(g, c, heading, f);
        continue;
      }
      const check = checkFor(type, g.units?.[c] ?? '', heading);
      if (check === null) continue;
      for (const row of g.rows) {
        const value = row.values[c];
        if (value === undefined || value === '') continue;
        const message = check(value);
        if (message !== null) f.rule('8', row.line, g.name, message, heading);
      }
    }
  }
}

function uniqueIds(g: AgsGroup, c: number, heading: string, f: Findings): void {
  const count = new Map<string, number>();
  for (const row of g.rows) {
    const v = row.values[c] ?? '';
    if (v !== '') count.set(v, (count.get(v) ?? 0) + 1);
  }
  for (const row of g.rows) {
    const v = row.values[c] ?? '';
    if ((count.get(v) ?? 0) > 1) f.rule('8', row.line, g.name, `Value ${v} in ${heading} is not unique.`, heading);
  }
}
