import type { TLatestReading, TThreshold } from '@strata/shared';

export interface LevelRef {
  code: string;
  severity: number;
}

/** True when the value passes the threshold: above its upper value or below its lower value. */
export function passes(value: number, threshold: Pick<TThreshold, 'upper' | 'lower'>): boolean {
  return (threshold.upper !== null && value > threshold.upper) || (threshold.lower !== null && value < threshold.lower);
}

/**
 * An instrument's status level (DOMAIN.md): the most severe level that one of its latest readings passes, or
 * undefined (normal) when none does or nothing was read.
 */
export function statusLevel(latest: readonly TLatestReading[], thresholds: readonly TThreshold[], levels: readonly LevelRef[]): string | undefined {
  const severity = new Map(levels.map((l) => [l.code, l.severity]));
  let worst: { code: string; severity: number } | undefined;
  for (const reading of latest) {
    for (const t of thresholds) {
      if (t.reading_code !== reading.code || !passes(reading.value, t)) continue;
      const s = severity.get(t.level_code) ?? 0;
      if (!worst || s > worst.severity) worst = { code: t.level_code, severity: s };
    }
  }
  return worst?.code;
}
