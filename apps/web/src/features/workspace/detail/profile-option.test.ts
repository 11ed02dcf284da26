import type { TReadingProfile } from '@strata/shared';
import { describe, expect, it } from 'vitest';
import { buildProfileOption, niceCeil, profileLines } from './profile-option';

const profile = (at: string, code: string, points: [number, number][]): TReadingProfile => ({
  at,
  code,
  until: at,
  unit: 'mm',
  points: points.map(([depth, value]) => ({ depth, value, taken_at: at })),
});

describe('inclinometer profile chart', () => {
  const profiles = [
    profile('2026-02-03', 'A', [
      [4, 0.4],
      [2, 0.2],
    ]),
    profile('2026-02-03', 'B', [[2, -0.1]]),
    profile('2026-02-24', 'A', [
      [2, 1.5],
      [4, 0.9],
    ]),
  ];

  it('makes one line per date of the chosen code, shallowest first, as [value, depth]', () => {
    const lines = profileLines(profiles, 'A', (p) => p.at);
    expect(lines.map((l) => l.name)).toEqual(['2026-02-03', '2026-02-24']);
    expect(lines[0]!.points).toEqual([
      [0.2, 2],
      [0.4, 4],
    ]);
    expect(new Set(lines.map((l) => l.color)).size).toBe(2);
  });

  it('puts depth on the vertical axis increasing downward and the value horizontally, centred on zero', () => {
    const option = buildProfileOption({ unit: 'mm', depthName: 'Depth (m)', lines: profileLines(profiles, 'A', (p) => p.at), precision: 2 }) as {
      xAxis: { type: string; min: number; max: number; name: string };
      yAxis: { type: string; inverse: boolean; min: number; name: string };
      series: { data: [number, number][] }[];
    };
    expect(option.yAxis).toMatchObject({ type: 'value', inverse: true, min: 0, name: 'Depth (m)' });
    expect(option.xAxis).toMatchObject({ type: 'value', name: 'mm' });
    expect(option.xAxis.min).toBe(-option.xAxis.max);
    // The largest value (1.5) with a margin, rounded up to a nice bound.
    expect(option.xAxis.max).toBe(2);
    expect(option.series).toHaveLength(2);
  });

  it('rounds the axis bound up to a nice number', () => {
    expect([0.07, 1.65, 5.06, 11, 37, 250].map(niceCeil)).toEqual([0.08, 2, 6, 15, 40, 250]);
  });
});
