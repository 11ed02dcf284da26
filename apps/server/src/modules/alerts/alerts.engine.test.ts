import { describe, expect, it } from 'vitest';
import { DEFAULT_ALERT_PARAMETERS } from '@strata/shared';
import {
  breachOf,
  evaluateGroupRule,
  evaluateSeries,
  historyNeeded,
  isMissing,
  resolveParameters,
  type LevelThreshold,
  type SeriesInput,
} from './alerts.engine.js';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const T0 = Date.UTC(2026, 0, 1);

/** Settlement (DSPA, mm): AL ±20, WSL ±28 — most severe first. */
const LEVELS: LevelThreshold[] = [
  { levelCode: 'WSL', severity: 4, upper: 28, lower: -28 },
  { levelCode: 'AL', severity: 2, upper: 20, lower: -20 },
];

/** A series of daily readings; the last `fresh` of them are new (the rest history). */
function series(values: number[], over: Partial<SeriesInput> = {}): SeriesInput {
  return {
    times: values.map((_, i) => T0 + i * DAY),
    values,
    start: 0,
    thresholds: [],
    precision: 2,
    minChange: DEFAULT_ALERT_PARAMETERS.min_change_default,
    params: resolveParameters(),
    ...over,
  };
}

const run = (input: SeriesInput) => evaluateSeries(input);

describe('breached', () => {
  it('takes the most severe level a reading passes, above the upper or below the lower value', () => {
    expect(breachOf(21, LEVELS)?.level.levelCode).toBe('AL');
    expect(breachOf(-28.5, LEVELS)?.level.levelCode).toBe('WSL');
    expect(breachOf(20, LEVELS)).toBeUndefined(); // equal to the threshold does not pass it
    expect(breachOf(0, LEVELS)).toBeUndefined();
  });

  it('opens one run per level with its count, first and latest value and the peak farthest past the threshold', () => {
    const runs = run(series([0, 10, 21, 25, 30, -29, 22], { thresholds: LEVELS }));
    const al = runs.get('breached:AL')!;
    const wsl = runs.get('breached:WSL')!;
    expect(al).toMatchObject({ kind: 'breached', levelCode: 'AL', severity: 2, count: 3, firstValue: 21, lastValue: 22, peakValue: 25 });
    expect(wsl).toMatchObject({ count: 2, firstValue: 30, lastValue: -29, peakValue: 30, firstAt: T0 + 4 * DAY, lastAt: T0 + 5 * DAY });
  });

  it('skips readings already counted for the key (re-evaluation adds nothing)', () => {
    const input = series([21, 22, 23, 24], { thresholds: LEVELS });
    const counted = (k: string) => (k === 'breached:AL' ? T0 + 2 * DAY : -Infinity);
    expect(run({ ...input, counted }).get('breached:AL')).toMatchObject({ count: 1, firstValue: 24 });
    expect(run({ ...input, counted: () => T0 + 3 * DAY }).size).toBe(0);
  });
});

describe('spike', () => {
  it('does not fire on readings near zero whose change is below the minimum change', () => {
    const runs = run(series([0.1, -0.1, 0.05, 0, 0.3, -0.4]));
    expect(runs.has('spike')).toBe(false);
  });

  it('fires when |reading| is more than twice |average of the history| and moved at least the minimum change', () => {
    const runs = run(series([10, 10, 10, 10, 15, 25]));
    const spike = runs.get('spike')!;
    expect(spike.count).toBe(1);
    expect(spike.firstValue).toBe(25);
    expect(spike.detail).toEqual({ average: 11 });
  });

  it('fires near zero once the change is large enough, and needs three readings of history', () => {
    expect(run(series([0.1, 5])).has('spike')).toBe(false);
    expect(run(series([0.1, -0.1, 0.05, 5])).get('spike')?.firstValue).toBe(5);
  });

  it('averages at most `history` previous readings', () => {
    const params = resolveParameters({ spike: { history: 3 } });
    // The last three before 25 average 10 (the 1000s are older): a spike; with 20 of history it is not.
    const values = [1000, 1000, 10, 10, 10, 25];
    expect(run(series(values, { params })).get('spike')?.firstValue).toBe(25);
    expect(run(series(values)).has('spike')).toBe(false);
  });
});

describe('stagnant', () => {
  it('fires on exact repeats once the last N readings are identical', () => {
    const values = Array.from({ length: 12 }, () => 12.34);
    const runs = run(series(values));
    expect(runs.get('stagnant')).toMatchObject({ count: 3, firstAt: T0 + 9 * DAY, lastAt: T0 + 11 * DAY });
  });

  it('does not fire on nine repeats, nor when readings move by one resolution step', () => {
    expect(run(series(Array.from({ length: 9 }, () => 5))).has('stagnant')).toBe(false);
    const stepping = Array.from({ length: 12 }, (_, i) => 5 + (i % 2) * 0.01);
    expect(run(series(stepping)).has('stagnant')).toBe(false);
  });

  it('reads "identical" within the resolution of the reading code', () => {
    const jitter = Array.from({ length: 10 }, (_, i) => 5 + (i % 2) * 0.001);
    expect(run(series(jitter, { precision: 2 })).has('stagnant')).toBe(true);
    expect(run(series(jitter, { precision: 3 })).has('stagnant')).toBe(false);
  });
});

describe('fluctuated', () => {
  it('fires on alternating changes: four reversals within ten readings', () => {
    const zigzag = Array.from({ length: 10 }, (_, i) => (i % 2 === 0 ? 0 : 2));
    const runs = run(series(zigzag));
    expect(runs.get('fluctuated')).toMatchObject({ count: 1, firstAt: T0 + 9 * DAY, detail: { reversals: 8 } });
  });

  it('ignores alternating changes below the minimum change, and steady trends', () => {
    expect(run(series(Array.from({ length: 12 }, (_, i) => (i % 2 === 0 ? 0 : 0.5)))).has('fluctuated')).toBe(false);
    expect(run(series(Array.from({ length: 12 }, (_, i) => i * 3))).has('fluctuated')).toBe(false);
  });

  it('needs the reversals inside the window', () => {
    // Four reversals early, then a steady rise: only the window ending at the tenth reading holds all four.
    const values = [0, 2, 0, 2, 0, 2, 4, 6, 8, 10, 12, 14, 16, 18];
    const runs = run(series(values));
    expect(runs.get('fluctuated')).toMatchObject({ count: 1, firstAt: T0 + 9 * DAY, lastAt: T0 + 9 * DAY });
  });
});

describe('missing readings', () => {
  it('fires after a gap longer than the frequency plus the grace period', () => {
    const last = T0;
    expect(isMissing(last, 1440, 60, last + 25 * HOUR - 1)).toBe(false);
    expect(isMissing(last, 1440, 60, last + 25 * HOUR + 1)).toBe(true);
    expect(isMissing(last, 15, 0, last + 16 * 60_000)).toBe(true);
  });
});

describe('parameters', () => {
  it('start from the defaults of DOMAIN.md and let later layers win', () => {
    const p = resolveParameters({ spike: { factor: 3 }, min_change: { DSPA: 2 } }, { spike: { history: 5 }, stagnant: { count: 4 } });
    expect(p.spike).toEqual({ factor: 3, history: 5 });
    expect(p.stagnant.count).toBe(4);
    expect(p.fluctuated).toEqual({ reversals: 4, window: 10 });
    expect(p.min_change).toEqual({ DSPA: 2 });
    expect(resolveParameters().spike).toEqual({ factor: 2, history: 20 });
    expect(historyNeeded(resolveParameters())).toBe(20);
  });
});

describe('incremental evaluation', () => {
  it('flags new readings after their history exactly as evaluating the whole series', () => {
    let seed = 7;
    const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    const values = Array.from({ length: 400 }, (_, i) => Math.round((Math.sin(i / 7) * 25 + (random() - 0.5) * 8 + (i % 50 === 0 ? 60 : 0)) * 100) / 100);
    for (let i = 120; i < 140; i++) values[i] = 3.5; // stagnant stretch
    const whole = run(series(values, { thresholds: LEVELS, start: 300 }));
    const h = historyNeeded(resolveParameters());
    const part = run({
      ...series(values.slice(300 - h), { thresholds: LEVELS, start: h }),
      times: values.slice(300 - h).map((_, i) => T0 + (300 - h + i) * DAY),
    });
    expect([...part.entries()]).toEqual([...whole.entries()]);
    expect(whole.size).toBeGreaterThan(0);
  });
});

describe('group rule', () => {
  const rule = { minCount: 3, withinMs: 24 * HOUR };

  it('holds when N instruments breach within T, and not when they are spread wider', () => {
    const close = [
      { instrumentId: 1, at: T0 },
      { instrumentId: 2, at: T0 + 5 * HOUR },
      { instrumentId: 3, at: T0 + 20 * HOUR },
    ];
    const { triggers, episodes, lastIds } = evaluateGroupRule(close, rule);
    expect(triggers).toEqual([{ at: T0 + 20 * HOUR, count: 3 }]);
    expect(lastIds).toEqual([1, 2, 3]);
    expect(episodes).toEqual([{ at: T0 + 20 * HOUR, count: 3, instrumentIds: [1, 2, 3], until: T0 + 24 * HOUR }]);
    const spread = close.map((b, i) => ({ ...b, at: T0 + i * 20 * HOUR }));
    expect(evaluateGroupRule(spread, rule).triggers).toEqual([]);
    // Still holding at `end`: no end yet.
    expect(evaluateGroupRule(close, rule, -Infinity, T0 + 21 * HOUR).episodes[0]!.until).toBeNull();
  });

  it('ends an episode when instruments leave the window, and starts another when enough breach again', () => {
    const breaches = [
      { instrumentId: 1, at: T0 },
      { instrumentId: 2, at: T0 + HOUR },
      { instrumentId: 3, at: T0 + 30 * HOUR },
      { instrumentId: 4, at: T0 + 40 * HOUR },
      { instrumentId: 1, at: T0 + 41 * HOUR },
    ];
    const { episodes } = evaluateGroupRule(breaches, { minCount: 2, withinMs: 24 * HOUR });
    expect(episodes.map((e) => [e.at - T0, e.until === null ? null : e.until - T0, e.count, e.instrumentIds])).toEqual([
      [HOUR, 24 * HOUR, 2, [1, 2]],
      [40 * HOUR, 64 * HOUR, 3, [1, 3, 4]],
    ]);
  });

  it('counts an instrument once however often it breaches, and skips times already counted', () => {
    const many = [1, 1, 1, 2, 2].map((instrumentId, i) => ({ instrumentId, at: T0 + i * HOUR }));
    expect(evaluateGroupRule(many, rule).triggers).toEqual([]);
    const three = [...many, { instrumentId: 3, at: T0 + 6 * HOUR }, { instrumentId: 1, at: T0 + 7 * HOUR }];
    expect(evaluateGroupRule(three, rule).triggers.map((t) => t.at)).toEqual([T0 + 6 * HOUR, T0 + 7 * HOUR]);
    expect(evaluateGroupRule(three, rule, T0 + 6 * HOUR).triggers.map((t) => t.at)).toEqual([T0 + 7 * HOUR]);
  });
});
