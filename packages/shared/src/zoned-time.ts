/** Time-zone arithmetic with Intl (no time-zone library): a zone's offset at an instant, a wall-clock time to an instant. */

const formats = new Map<string, Intl.DateTimeFormat>();

/** The zone's date-time parts formatter (24 h, numeric), one per zone; throws a RangeError for an unknown zone. */
export function zoneFormat(tz: string): Intl.DateTimeFormat {
  let f = formats.get(tz);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone: tz,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formats.set(tz, f);
  }
  return f;
}

const OFFSET_SLOT_MS = 15 * 60_000;
const offsets = new Map<string, number>();

/** The zone's offset from UTC (ms, east positive) at an instant. Cached per zone and quarter hour. */
export function zoneOffsetMs(tz: string, utcMs: number): number {
  const slot = Math.floor(utcMs / OFFSET_SLOT_MS);
  const key = `${tz}|${slot}`;
  let off = offsets.get(key);
  if (off === undefined) {
    const p: Record<string, number> = {};
    for (const part of zoneFormat(tz).formatToParts(new Date(slot * OFFSET_SLOT_MS))) if (part.type !== 'literal') p[part.type] = Number(part.value);
    off = Date.UTC(p.year!, p.month! - 1, p.day!, p.hour!, p.minute!, p.second!) - slot * OFFSET_SLOT_MS;
    if (offsets.size > 50_000) offsets.clear();
    offsets.set(key, off);
  }
  return off;
}

/** A wall-clock time (its fields as a UTC epoch) in a zone -> the instant. */
export function wallToEpoch(wallMs: number, tz: string): number {
  const o1 = zoneOffsetMs(tz, wallMs);
  const t = wallMs - o1;
  const o2 = zoneOffsetMs(tz, t);
  if (o2 === o1) return t;
  // Near a daylight-saving change: take the other offset when it is consistent.
  const t2 = wallMs - o2;
  return zoneOffsetMs(tz, t2) === o2 ? t2 : t;
}
