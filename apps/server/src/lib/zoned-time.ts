/**
 * Date-times of uploaded files: an ISO 8601 text with an offset (`2026-03-01T08:00:00+08:00`, `…Z`) is that instant;
 * without one (`2026-03-01 08:00`, `01/03/2026 08:00:00`, an XLSX date cell) it is a wall-clock time in a time zone
 * (the `timezone` setting), converted with the zone's rules (Intl). Near a daylight-saving change a skipped or
 * repeated wall-clock time is read with one of the offsets around it.
 */

const ISO = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:[.,](\d{1,9}))?)?)?\s*(Z|z|[+-]\d{2}(?::?\d{2})?)?$/;
const DMY = /^(\d{1,2})\/(\d{1,2})\/(\d{4})(?:[ T](\d{1,2}):(\d{2})(?::(\d{2})(?:[.,](\d{1,9}))?)?)?$/;

// The zone arithmetic lives in the shared package (the report periods of web and server use it too).
import { isTimeZone, wallToEpoch, zoneFormat, zoneOffsetMs } from '@strata/shared';
export { isTimeZone, wallToEpoch, zoneFormat, zoneOffsetMs };

function wallFields(y: number, mo: number, d: number, h: number, mi: number, s: number, frac: string | undefined): number | undefined {
  if (mo < 1 || mo > 12 || d < 1 || d > 31 || h > 23 || mi > 59 || s > 59 || y < 1900 || y > 2200) return undefined;
  const ms = frac ? Math.floor(Number(`0.${frac}`) * 1000) : 0;
  const t = Date.UTC(y, mo - 1, d, h, mi, s, ms);
  const check = new Date(t);
  if (check.getUTCDate() !== d || check.getUTCMonth() !== mo - 1) return undefined; // 31/02
  return t;
}

/** Parses a date-time of an uploaded file to epoch ms; undefined when unreadable. */
export function parseDateTime(text: string, tz: string): number | undefined {
  let m = ISO.exec(text);
  if (m) {
    const wall = wallFields(Number(m[1]), Number(m[2]), Number(m[3]), Number(m[4] ?? 0), Number(m[5] ?? 0), Number(m[6] ?? 0), m[7]);
    if (wall === undefined) return undefined;
    const zone = m[8];
    if (!zone) return wallToEpoch(wall, tz);
    if (zone === 'Z' || zone === 'z') return wall;
    const sign = zone[0] === '-' ? -1 : 1;
    const digits = zone.slice(1).replace(':', '');
    const oh = Number(digits.slice(0, 2));
    const om = digits.length > 2 ? Number(digits.slice(2, 4)) : 0;
    if (oh > 14 || om > 59) return undefined;
    return wall - sign * (oh * 3_600_000 + om * 60_000);
  }
  m = DMY.exec(text);
  if (m) {
    const wall = wallFields(Number(m[3]), Number(m[2]), Number(m[1]), Number(m[4] ?? 0), Number(m[5] ?? 0), Number(m[6] ?? 0), m[7]);
    return wall === undefined ? undefined : wallToEpoch(wall, tz);
  }
  return undefined;
}

/** `20240131-235959` in the zone: the time stamp of a generated file's name (exports, reports). */
export function fileStamp(d: Date, tz: string): string {
  const p: Record<string, string> = {};
  for (const part of zoneFormat(tz).formatToParts(d)) p[part.type] = part.value.padStart(2, '0');
  return `${p.year}${p.month}${p.day}-${p.hour}${p.minute}${p.second}`;
}
