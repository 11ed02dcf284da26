import { alignmentBetween, FACE_PARTS, pointAtChainage, type TFacePart, type TTunnelShiftRow, type TTunnelShift } from '@strata/shared';

/**
 * A mined tunnel as it was at the end of a date (the tunnel detail's date slider, decision 038): from the drive's shift
 * rows (oldest first: date, day before night, FACE_PARTS order), each face part's last row on or before the date, its
 * point on the alignment, and the part excavated from the portal to the top heading's face.
 */

export interface FaceAt {
  face_part: TFacePart;
  chainage: number;
  date: string;
  shift: TTunnelShift;
  /** SVY21 m; null when the chainage is off the alignment or there is none. */
  x: number | null;
  y: number | null;
}

const SHIFT_ORDER: Record<TTunnelShift, number> = { day: 0, night: 1 };

/** Orders shift rows oldest first: date, then day before night. */
function later(a: Pick<TTunnelShiftRow, 'date' | 'shift'>, b: Pick<TTunnelShiftRow, 'date' | 'shift'>): boolean {
  return a.date > b.date || (a.date === b.date && SHIFT_ORDER[a.shift] > SHIFT_ORDER[b.shift]);
}

/**
 * Each face part's position at the end of `date` (YYYY-MM-DD; both shifts of that day count), in FACE_PARTS order;
 * a face part without a row by then is left out. `line` and `start`: the alignment and its first vertex's chainage.
 */
export function facesAt(
  shifts: readonly Pick<TTunnelShiftRow, 'date' | 'shift' | 'face_part' | 'chainage'>[],
  date: string,
  line: readonly (readonly number[])[] | null,
  start: number,
): FaceAt[] {
  const latest = new Map<TFacePart, Pick<TTunnelShiftRow, 'date' | 'shift' | 'face_part' | 'chainage'>>();
  for (const row of shifts) {
    if (row.date > date) continue;
    const seen = latest.get(row.face_part);
    if (!seen || !later(seen, row)) latest.set(row.face_part, row);
  }
  return FACE_PARTS.flatMap((part) => {
    const row = latest.get(part);
    if (!row) return [];
    const point = line ? pointAtChainage(line, start, row.chainage) : null;
    return [{ face_part: part, chainage: row.chainage, date: row.date, shift: row.shift, x: point?.x ?? null, y: point?.y ?? null }];
  });
}

/**
 * The chainage the drive started from: the end of the alignment nearer to the top heading's first recorded chainage
 * (a drive may run towards increasing or decreasing chainage). Null without rows or an alignment.
 */
export function portalChainage(shifts: readonly Pick<TTunnelShiftRow, 'face_part' | 'chainage'>[], range: readonly [number, number] | null): number | null {
  if (!range) return null;
  const first = shifts.find((s) => s.face_part === 'top_heading') ?? shifts[0];
  if (!first) return null;
  return Math.abs(first.chainage - range[0]) <= Math.abs(first.chainage - range[1]) ? range[0] : range[1];
}

/** The part of the alignment excavated at the end of `date`: portal to the top heading's face (empty when none). */
export function excavatedAt(
  shifts: readonly Pick<TTunnelShiftRow, 'date' | 'shift' | 'face_part' | 'chainage'>[],
  date: string,
  line: readonly (readonly number[])[] | null,
  start: number,
  range: readonly [number, number] | null,
): [number, number][] {
  if (!line || !range) return [];
  const portal = portalChainage(shifts, range);
  const heading = facesAt(shifts, date, line, start).find((f) => f.face_part === 'top_heading');
  if (portal === null || !heading) return [];
  return alignmentBetween(line, start, portal, heading.chainage);
}

const DAY_MS = 86_400_000;

/** YYYY-MM-DD of a day index since 1970-01-01 (calendar days, no zone). */
export function dayText(day: number): string {
  return new Date(day * DAY_MS).toISOString().slice(0, 10);
}

/** The day index of YYYY-MM-DD (calendar days since 1970-01-01); NaN for anything else. */
export function dayIndex(date: string): number {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(date)) return Number.NaN;
  return Math.round(Date.parse(`${date}T00:00:00Z`) / DAY_MS);
}

/** The slider's days: from the first shift's date to today (at least one day); null without shifts. */
export function sliderDays(shifts: readonly Pick<TTunnelShiftRow, 'date'>[], today: string): { min: number; max: number } | null {
  if (shifts.length === 0) return null;
  const first = dayIndex(shifts.reduce((m, s) => (s.date < m ? s.date : m), shifts[0]!.date));
  const last = Math.max(dayIndex(today), dayIndex(shifts.reduce((m, s) => (s.date > m ? s.date : m), shifts[0]!.date)));
  return { min: first, max: Math.max(first, last) };
}
