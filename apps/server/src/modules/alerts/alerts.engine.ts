/**
 * The alert rules as pure functions (issue 9): no database, no clock. `alerts.evaluator.ts` loads the readings each rule
 * needs, calls these, and writes the outcome. Definitions: DOMAIN.md "Alerts" and docs/decisions/016-alerts.md.
 *
 * Per series the readings are one array in time order: the history each rule needs, then the readings to evaluate
 * (from `start`). A reading triggers a rule by itself and its predecessors only, so evaluating new readings after
 * their history gives the same flags as evaluating the whole series at once — the property the benchmark checks
 * against one SQL window-function query (bench/alerts.ts holds that query; keep both in step).
 *
 * - breached: the most severe level whose upper value the reading is above or whose lower value it is below.
 * - spike: at least 3 previous readings; avg = their mean (up to `history` of them); |v| > factor × |avg| and
 *   |v − avg| ≥ the minimum change.
 * - stagnant: the last `count` readings (this one included) span less than half the resolution (10^-precision).
 * - fluctuated: among the last `window` readings, at least `reversals` times a change reverses the sign of the
 *   previous change, both changes at least the minimum change and more than half the resolution.
 */
import { DEFAULT_ALERT_PARAMETERS, type TAlertParameters, type TResolvedAlertParameters } from '@strata/shared';

export type SeriesKind = 'breached' | 'spike' | 'stagnant' | 'fluctuated';

export interface LevelThreshold {
  levelCode: string;
  severity: number;
  upper: number | null;
  lower: number | null;
}

/** Thresholds most severe first (severity, then the level's sort order, both descending): the first passed wins. */
export function breachOf(value: number, thresholds: readonly LevelThreshold[]): { level: LevelThreshold; excess: number } | undefined {
  for (const t of thresholds) {
    if (t.upper !== null && value > t.upper) return { level: t, excess: value - t.upper };
    if (t.lower !== null && value < t.lower) return { level: t, excess: t.lower - value };
  }
  return undefined;
}

/** Half a resolution step of a reading code with this precision: values closer than this are "the same". */
export const halfStep = (precision: number) => 0.5 / 10 ** precision;

/** What several triggers of one alert key add up to (the evaluator folds it into the open alert). */
export interface TriggerRun {
  kind: SeriesKind;
  levelCode: string | null;
  severity: number | null;
  count: number;
  firstAt: number;
  firstValue: number;
  lastAt: number;
  lastValue: number;
  /** The most extreme trigger: farthest past its threshold (breached), from its average (spike), else the latest. */
  peakValue: number;
  peakScore: number;
  /** Facts of the latest trigger (spike: the average it was compared with). */
  detail: Record<string, number> | null;
}

export interface SeriesInput {
  /** Epoch ms, ascending, no duplicates. */
  times: ArrayLike<number>;
  values: ArrayLike<number>;
  /** Index of the first reading to evaluate; those before are history. */
  start: number;
  /** Most severe first. */
  thresholds: readonly LevelThreshold[];
  precision: number;
  minChange: number;
  params: TResolvedAlertParameters;
  /**
   * The newest reading time already counted per alert key (`breached:<level>`, `spike`, …); triggers at or before it
   * are skipped (re-evaluation changes nothing).
   */
  counted?: (key: string) => number;
}

/** The key of a per-series trigger within its series: `breached:WSL`, `spike`, `stagnant`, `fluctuated`. */
export const seriesKeyOf = (kind: SeriesKind, levelCode: string | null) => (kind === 'breached' ? `breached:${levelCode}` : kind);

function add(
  runs: Map<string, TriggerRun>,
  key: string,
  kind: SeriesKind,
  level: LevelThreshold | null,
  at: number,
  value: number,
  score: number,
  detail: Record<string, number> | null,
) {
  const run = runs.get(key);
  if (!run) {
    runs.set(key, {
      kind,
      levelCode: level?.levelCode ?? null,
      severity: level?.severity ?? null,
      count: 1,
      firstAt: at,
      firstValue: value,
      lastAt: at,
      lastValue: value,
      peakValue: value,
      peakScore: score,
      detail,
    });
    return;
  }
  run.count++;
  run.lastAt = at;
  run.lastValue = value;
  run.detail = detail;
  if (score > run.peakScore) {
    run.peakScore = score;
    run.peakValue = value;
  }
}

/** Every per-series rule over the readings from `start`: the triggers folded per alert key. */
export function evaluateSeries(input: SeriesInput): Map<string, TriggerRun> {
  const { times, values: v, start, thresholds, params } = input;
  const n = v.length;
  const runs = new Map<string, TriggerRun>();
  const counted = input.counted ?? (() => -Infinity);
  const half = halfStep(input.precision);
  const minChange = input.minChange;
  const seen = { breached: new Map<string, number>(), spike: counted('spike'), stagnant: counted('stagnant'), fluctuated: counted('fluctuated') };
  const breachedSeen = (code: string) => {
    let w = seen.breached.get(code);
    if (w === undefined) seen.breached.set(code, (w = counted(`breached:${code}`)));
    return w;
  };
  const H = params.spike.history;
  const F = params.spike.factor;
  const C = params.stagnant.count;
  const W = params.fluctuated.window;
  const R = params.fluctuated.reversals;
  // Significant sign of the change into reading i (0: too small), for fluctuated.
  const sig = (i: number) => {
    if (i < 1) return 0;
    const d = v[i]! - v[i - 1]!;
    const a = Math.abs(d);
    if (a < minChange || !(a > half)) return 0;
    return d > 0 ? 1 : -1;
  };
  for (let i = Math.max(0, start); i < n; i++) {
    const at = times[i]!;
    const value = v[i]!;
    if (thresholds.length > 0) {
      const b = breachOf(value, thresholds);
      if (b && at > breachedSeen(b.level.levelCode)) add(runs, `breached:${b.level.levelCode}`, 'breached', b.level, at, value, b.excess, null);
    }
    // spike
    const lo = Math.max(0, i - H);
    const cnt = i - lo;
    if (cnt >= 3 && at > seen.spike) {
      let sum = 0;
      for (let j = lo; j < i; j++) sum += v[j]!;
      const avg = sum / cnt;
      const change = Math.abs(value - avg);
      if (Math.abs(value) > F * Math.abs(avg) && change >= minChange) add(runs, 'spike', 'spike', null, at, value, change, { average: avg });
    }
    // stagnant
    if (i - C + 1 >= 0 && at > seen.stagnant) {
      let max = value;
      let min = value;
      for (let j = i - C + 1; j < i; j++) {
        const x = v[j]!;
        if (x > max) max = x;
        if (x < min) min = x;
      }
      if (max - min < half) add(runs, 'stagnant', 'stagnant', null, at, value, 0, null);
    }
    // fluctuated: reversals at j in [i − W + 3, i], each needing the changes into j and j − 1.
    if (i - W + 1 >= 0 && at > seen.fluctuated) {
      let reversals = 0;
      let prev = sig(i - W + 2);
      for (let j = i - W + 3; j <= i; j++) {
        const s = sig(j);
        if (s !== 0 && prev !== 0 && s !== prev) reversals++;
        prev = s;
      }
      if (reversals >= R) add(runs, 'fluctuated', 'fluctuated', null, at, value, 0, { reversals });
    }
  }
  return runs;
}

/** How many readings before the first new one each rule needs. */
export function historyNeeded(params: TResolvedAlertParameters): number {
  return Math.max(params.spike.history, params.stagnant.count - 1, params.fluctuated.window - 1);
}

/** No reading within the instrument's frequency plus the grace period. */
export function isMissing(lastReadingAt: number, frequencyMinutes: number, graceMinutes: number, now: number): boolean {
  return now - lastReadingAt > (frequencyMinutes + graceMinutes) * 60_000;
}

/** Defaults overridden by each partial set in order (later wins). */
export function resolveParameters(...layers: (TAlertParameters | null | undefined)[]): TResolvedAlertParameters {
  const d = DEFAULT_ALERT_PARAMETERS;
  const out: TResolvedAlertParameters = {
    min_change: { ...d.min_change },
    min_change_default: d.min_change_default,
    spike: { ...d.spike },
    stagnant: { ...d.stagnant },
    fluctuated: { ...d.fluctuated },
    missing: { ...d.missing },
  };
  const defined = <T extends object>(o: T | undefined) => Object.fromEntries(Object.entries(o ?? {}).filter(([, x]) => x !== undefined)) as Partial<T>;
  for (const p of layers) {
    if (!p) continue;
    if (p.min_change) Object.assign(out.min_change, p.min_change);
    if (p.min_change_default !== undefined) out.min_change_default = p.min_change_default;
    Object.assign(out.spike, defined(p.spike));
    Object.assign(out.stagnant, defined(p.stagnant));
    Object.assign(out.fluctuated, defined(p.fluctuated));
    Object.assign(out.missing, defined(p.missing));
  }
  return out;
}

export const minChangeOf = (params: TResolvedAlertParameters, readingCode: string) => params.min_change[readingCode] ?? params.min_change_default;

// ---- rules over several instruments (monitoring groups, scenarios) ----

/** N instruments at level ≥ L within T: the instruments are the group's members or the scenario's coverage. */
export interface GroupRule {
  minCount: number;
  withinMs: number;
}

/** One reading of a covered instrument at level ≥ L. */
export interface GroupBreach {
  instrumentId: number;
  at: number;
}

export interface GroupTrigger {
  at: number;
  /** Instruments within the window at that time. */
  count: number;
}

export interface GroupEpisode extends GroupTrigger {
  /** The instruments at the episode's largest count. */
  instrumentIds: number[];
  /** When the rule stopped holding (null: still holding at `end`). */
  until: number | null;
}

/**
 * Walks the breaches in time order, keeping the instruments whose latest breach is within the window (a queue of
 * breaches expiring in order, so each breach enters and leaves once: O(B log B) for B breaches). At each breach time
 * where at least `minCount` instruments are within the window the rule holds: a trigger (after `countedUntil`). An
 * episode runs from the first such time until enough instruments left the window. `lastIds`: the instruments of the
 * last trigger.
 */
export function evaluateGroupRule(
  breaches: readonly GroupBreach[],
  rule: GroupRule,
  countedUntil = -Infinity,
  end = Infinity,
): { triggers: GroupTrigger[]; episodes: GroupEpisode[]; lastIds: number[] } {
  const sorted = [...breaches].sort((a, b) => a.at - b.at || a.instrumentId - b.instrumentId);
  const last = new Map<number, number>();
  const active = new Set<number>();
  const triggers: GroupTrigger[] = [];
  const episodes: GroupEpisode[] = [];
  let open: GroupEpisode | undefined;
  let lastIds: number[] = [];
  let head = 0; // the oldest breach not yet expired
  const ids = () => [...active].sort((a, b) => a - b);
  /** Expires breaches older than the window at `t` (those with at + W < t); closes the episode when too few remain. */
  const expire = (t: number) => {
    while (head < sorted.length && sorted[head]!.at + rule.withinMs < t) {
      const b = sorted[head++]!;
      if (last.get(b.instrumentId) === b.at && active.delete(b.instrumentId) && open && active.size < rule.minCount) {
        open.until = b.at + rule.withinMs;
        open = undefined;
      }
    }
  };
  for (let k = 0; k < sorted.length;) {
    const at = sorted[k]!.at;
    expire(at);
    for (; k < sorted.length && sorted[k]!.at === at; k++) {
      last.set(sorted[k]!.instrumentId, at);
      active.add(sorted[k]!.instrumentId);
    }
    if (active.size < rule.minCount) continue;
    if (at > countedUntil) {
      triggers.push({ at, count: active.size });
      lastIds = ids();
    }
    if (!open) {
      open = { at, count: active.size, instrumentIds: ids(), until: null };
      episodes.push(open);
    } else if (active.size > open.count) {
      open.count = active.size;
      open.instrumentIds = ids();
    }
  }
  // After the last breach: the episode ends when enough instruments leave the window (if before `end`).
  expire(Infinity); // every breach leaves the window in the end: the open episode gets its end
  for (const e of episodes) if (e.until !== null && e.until >= end) e.until = null;
  return { triggers, episodes, lastIds };
}
