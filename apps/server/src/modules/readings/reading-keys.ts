/**
 * How readings are keyed and grouped (issue 7): series keys, the rollup grain and the months the partitions of
 * `readings` follow. Plain functions, no database: the upload validation uses them as the load does.
 */

/** Rollup grain: 6 hours, aligned on UTC midnight (`date_bin('6 hours', t, epoch)`). */
export const ROLLUP_GRAIN_MS = 6 * 3_600_000;
/** The rollup grain as an SQL interval (`date_bin`). */
export const GRAIN_SQL = `interval '6 hours'`;

export interface SeriesKey {
  instrumentId: number;
  readingCodeId: number;
  depth: number | null;
}

export const seriesKeyOf = (k: SeriesKey) => `${k.instrumentId}|${k.readingCodeId}|${k.depth ?? ''}`;

/** The first day (YYYY-MM-01, UTC) of each month holding one of these instants. */
export function monthsOf(epochMs: Iterable<number>): string[] {
  const months = new Set<string>();
  for (const ms of epochMs) months.add(new Date(ms).toISOString().slice(0, 7));
  return [...months].sort().map((m) => `${m}-01`);
}

/** Every month from the one of `fromMs` to the one of `toMs`. */
export function monthsBetween(fromMs: number, toMs: number): string[] {
  const out: string[] = [];
  const d = new Date(fromMs);
  let y = d.getUTCFullYear();
  let m = d.getUTCMonth();
  const end = new Date(toMs);
  while (y < end.getUTCFullYear() || (y === end.getUTCFullYear() && m <= end.getUTCMonth())) {
    out.push(`${y}-${String(m + 1).padStart(2, '0')}-01`);
    if (++m === 12) {
      m = 0;
      y++;
    }
  }
  return out;
}
