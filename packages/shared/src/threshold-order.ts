/**
 * The order of an instrument's alert levels, per reading code: a more severe level is reached later, so on the upper
 * side its value is at least that of every less severe level (CL ≤ AL ≤ PDL ≤ WSL), and on the lower side at most
 * (mirrored). A set saved out of order would raise the wrong level first, or never raise one, so the server refuses it
 * and the form says so before sending. Levels of equal severity are not compared.
 */

export interface OrderedThreshold {
  reading_code: string;
  level_code: string;
  upper: number | null;
  lower: number | null;
}

/** Two thresholds out of order: `more` (the more severe level) has `side` on the wrong side of `less`. */
export interface ThresholdOrderViolation {
  more: number;
  less: number;
  side: 'upper' | 'lower';
  /** Said of the more severe level: "WSL upper must be at least CL upper (40)". */
  message: string;
  /** Said of the less severe level: "CL upper must be at most WSL upper (25)". */
  lessMessage: string;
}

/** Every pair out of order (indexes into `thresholds`). `severityOf` gives a level's severity (higher is more severe); unknown levels are skipped. */
export function thresholdOrderViolations(
  thresholds: readonly OrderedThreshold[],
  severityOf: (levelCode: string) => number | undefined,
): ThresholdOrderViolation[] {
  const out: ThresholdOrderViolation[] = [];
  const byCode = new Map<string, { index: number; t: OrderedThreshold; level: string; severity: number }[]>();
  thresholds.forEach((t, index) => {
    const level = t.level_code.toUpperCase();
    const severity = severityOf(level);
    if (severity === undefined) return;
    const code = t.reading_code.toUpperCase();
    byCode.set(code, [...(byCode.get(code) ?? []), { index, t, level, severity }]);
  });
  for (const list of byCode.values()) {
    for (const more of list) {
      for (const less of list) {
        if (less.severity >= more.severity) continue;
        const [m, l] = [more.t, less.t];
        if (m.upper !== null && l.upper !== null && m.upper < l.upper) {
          out.push({
            more: more.index,
            less: less.index,
            side: 'upper',
            message: `${more.level} upper must be at least ${less.level} upper (${l.upper})`,
            lessMessage: `${less.level} upper must be at most ${more.level} upper (${m.upper})`,
          });
        }
        if (m.lower !== null && l.lower !== null && m.lower > l.lower) {
          out.push({
            more: more.index,
            less: less.index,
            side: 'lower',
            message: `${more.level} lower must be at most ${less.level} lower (${l.lower})`,
            lessMessage: `${less.level} lower must be at least ${more.level} lower (${m.lower})`,
          });
        }
      }
    }
  }
  return out;
}

/** Field errors for thresholds out of order, keyed `<index>.upper` / `<index>.lower` on the more severe level; empty when in order. */
export function thresholdOrderErrors(thresholds: readonly OrderedThreshold[], severityOf: (levelCode: string) => number | undefined): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const v of thresholdOrderViolations(thresholds, severityOf)) errors[`${v.more}.${v.side}`] ??= v.message;
  return errors;
}
