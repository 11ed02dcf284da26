/**
 * When a schedule runs next: a pure function of its timing, an instant and a time zone (IANA name), with no date
 * library — wall-clock fields come from Intl.DateTimeFormat.
 *
 * Rules (all in the schedule's time zone, "after" is exclusive):
 * - every {duration N}: at local midnight and every N minutes after it, each day — like cron's `*\/N` — so N = 15
 *   runs at :00 :15 :30 :45. When N does not divide a day, the last interval before midnight is shorter.
 * - hourly {minute}: every hour at that minute.
 * - daily {hour, minute}; weekly {dow 0 Sunday … 6 Saturday, hour, minute}.
 * - monthly {dom, hour, minute}: on day dom; in a month without that day (31 in April, 29–31 in February) it runs
 *   on the month's last day instead — a "month-end" schedule never skips a month.
 * Daylight-saving time: a wall time that does not exist (the spring-forward gap) runs when the clock has jumped,
 * i.e. moved forward by the gap (02:30 -> 03:30). A wall time that happens twice (fall-back): daily, weekly and
 * monthly run once, at the first; `every` and `hourly` follow elapsed time and run in both passes.
 */
import type { TScheduleTiming } from '@strata/shared';
import { zoneFormat } from '../../lib/zoned-time.js';

interface Wall {
  y: number;
  mo: number;
  d: number;
  h: number;
  mi: number;
  s: number;
}

/** Throws a RangeError for an unknown time zone. */
export function assertTimeZone(tz: string): void {
  zoneFormat(tz);
}

function wallOf(t: number, tz: string): Wall {
  const parts: Record<string, number> = {};
  for (const p of zoneFormat(tz).formatToParts(new Date(t))) if (p.type !== 'literal') parts[p.type] = Number(p.value);
  return { y: parts.year!, mo: parts.month!, d: parts.day!, h: parts.hour! % 24, mi: parts.minute!, s: parts.second! };
}

const wallMs = (w: Wall) => Date.UTC(w.y, w.mo - 1, w.d, w.h, w.mi, w.s);

/** The zone's offset at instant t, ms (wall time as if UTC minus the instant). */
function offsetAt(t: number, tz: string): number {
  const whole = Math.floor(t / 1000) * 1000;
  return wallMs(wallOf(whole, tz)) - whole;
}

const HOUR = 3_600_000;

/**
 * The instants showing this wall time, earliest first: one normally, two in a fall-back overlap, and in a
 * spring-forward gap the instant the wall time is moved forward to.
 */
export function instantsOf(w: Omit<Wall, 's'>, tz: string): number[] {
  const asUtc = Date.UTC(w.y, w.mo - 1, w.d, w.h, w.mi);
  const before = offsetAt(asUtc - 12 * HOUR, tz);
  const after = offsetAt(asUtc + 12 * HOUR, tz);
  const found = [...new Set([before, after])]
    .map((o) => asUtc - o)
    .filter((t) => wallMs(wallOf(t, tz)) === asUtc)
    .sort((a, b) => a - b);
  return found.length > 0 ? found : [asUtc - before];
}

function addDays(y: number, mo: number, d: number, n: number) {
  const t = new Date(Date.UTC(y, mo - 1, d + n));
  return { y: t.getUTCFullYear(), mo: t.getUTCMonth() + 1, d: t.getUTCDate() };
}

const daysInMonth = (y: number, mo: number) => new Date(Date.UTC(y, mo, 0)).getUTCDate();
const dayOfWeek = (y: number, mo: number, d: number) => new Date(Date.UTC(y, mo - 1, d)).getUTCDay();

/** Candidate wall times in increasing order, starting at or before `from`'s wall time. */
function* candidates(timing: TScheduleTiming, from: Wall): Generator<Omit<Wall, 's'>> {
  switch (timing.type) {
    case 'every': {
      const n = timing.duration;
      let day = { y: from.y, mo: from.mo, d: from.d };
      let m = Math.floor((from.h * 60 + from.mi) / n) * n;
      for (let i = 0; i < 3 * 1440 + 2; i++) {
        if (m >= 1440) {
          day = addDays(day.y, day.mo, day.d, 1);
          m = 0;
        }
        yield { ...day, h: Math.floor(m / 60), mi: m % 60 };
        m += n;
      }
      return;
    }
    case 'hourly': {
      for (let i = 0; i < 60; i++) {
        const t = new Date(Date.UTC(from.y, from.mo - 1, from.d, from.h + i));
        yield { y: t.getUTCFullYear(), mo: t.getUTCMonth() + 1, d: t.getUTCDate(), h: t.getUTCHours(), mi: timing.minute };
      }
      return;
    }
    case 'daily':
    case 'weekly': {
      for (let i = 0; i < 16; i++) {
        const day = addDays(from.y, from.mo, from.d, i);
        if (timing.type === 'weekly' && dayOfWeek(day.y, day.mo, day.d) !== timing.dow) continue;
        yield { ...day, h: timing.hour, mi: timing.minute };
      }
      return;
    }
    case 'monthly': {
      for (let i = 0; i < 15; i++) {
        const t = new Date(Date.UTC(from.y, from.mo - 1 + i, 1));
        const y = t.getUTCFullYear();
        const mo = t.getUTCMonth() + 1;
        yield { y, mo, d: Math.min(timing.dom, daysInMonth(y, mo)), h: timing.hour, mi: timing.minute };
      }
      return;
    }
  }
}

/** The first run strictly after `after`, in time zone `tz`. */
export function nextRun(timing: TScheduleTiming, after: Date, tz: string): Date {
  const t0 = after.getTime();
  const everyPass = timing.type === 'every' || timing.type === 'hourly';
  // Start one day early so a wall time repeated by a fall-back (or shifted by a gap) is not missed.
  const from = wallOf(t0 - (everyPass ? 2 * HOUR : 26 * HOUR), tz);
  // Around a DST change wall-time order and instant order differ by up to the shift (an hour, rarely more): keep the
  // earliest instant found until the candidates are well past it.
  let best: number | undefined;
  for (const c of candidates(timing, from)) {
    const instants = instantsOf(c, tz);
    if (best !== undefined && instants[0]! - best > 3 * HOUR) break;
    for (const t of everyPass ? instants : instants.slice(0, 1)) if (t > t0 && (best === undefined || t < best)) best = t;
  }
  if (best !== undefined) return new Date(best);
  throw new Error(`nextRun: no run found for ${JSON.stringify(timing)} after ${after.toISOString()} in ${tz}`);
}
