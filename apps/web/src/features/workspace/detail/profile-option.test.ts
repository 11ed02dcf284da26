import type { TReadingProfile } from '@strata/shared';
import { describe, expect, it } from 'vitest';
import { DEFAULT_DISPLAY } from '../../../components/chart';
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

  it('follows the chart toolbar: displacement and depth bounds, labels, subtitle, legend and grid', () => {
    type Option = {
      title: { show: boolean; text: string; subtext: string };
      legend: { show: boolean };
      xAxis: { min: number; max: number; splitLine: { show: boolean } };
      yAxis: { min: number; max?: number; inverse: boolean; splitLine: { show: boolean } };
      series: { label: { show: boolean; formatter: (p: { value: [number, number] }) => string } }[];
      dataZoom: { minSpan: number }[];
    };
    const lines = profileLines(profiles, 'A', (p) => p.at);
    const base = { title: 'A — Displacement', subtitle: 'IN-01 · profile on 2 dates', unit: 'mm', depthName: 'Depth (m)', lines, precision: 1 };
    const shown = buildProfileOption(base) as unknown as Option;
    expect(shown.title).toMatchObject({ show: true, text: 'A — Displacement', subtext: 'IN-01 · profile on 2 dates' });
    expect(shown.legend.show).toBe(true);
    expect(shown.xAxis.splitLine.show).toBe(true);
    // Value labels at the points, rounded to the code's precision.
    expect(shown.series[0]!.label.show).toBe(true);
    expect(shown.series[1]!.label.formatter({ value: [1.46, 2] })).toBe('1.5');
    expect(shown.dataZoom.map((z) => z.minSpan)).toEqual([0.1, 0.1]);

    const hidden = buildProfileOption({
      ...base,
      display: { labels: false, subtitle: false, legend: false, grid: false, allLevels: false },
      axis: { xMin: -0.5, xMax: 3, yMin: 1, yMax: 5 },
    }) as unknown as Option;
    expect(hidden.title.subtext).toBe('');
    expect(hidden.legend.show).toBe(false);
    expect(hidden.series.every((s) => !s.label.show)).toBe(true);
    expect(hidden.xAxis).toMatchObject({ min: -0.5, max: 3, splitLine: { show: false } });
    // Depth still runs downward: Ymin is the top.
    expect(hidden.yAxis).toMatchObject({ min: 1, max: 5, inverse: true, splitLine: { show: false } });
  });

  it('draws the threshold levels near the profile as vertical dashed lines, so a depth past CL −20 is seen', () => {
    type Mark = { xAxis: number; lineStyle: { color?: string; type: string }; label: { show: boolean; formatter?: string } };
    const levels = [
      { label: 'CL (lower)', short: 'CL', value: -20, color: '#4fc3f7' },
      { label: 'WSL (lower)', short: 'WSL', value: -28, color: '#8e0000' },
      { label: 'WSL (upper)', short: 'WSL', value: 28, color: '#8e0000' },
    ];
    const lines = [{ name: '24/02/2026', color: '#0471d1', points: [[-20.39, 3] as [number, number], [-8, 6] as [number, number]] }];
    const marks = (all: boolean) =>
      (
        buildProfileOption({
          unit: 'mm',
          depthName: 'Depth (m)',
          lines,
          precision: 2,
          thresholds: levels,
          display: { ...DEFAULT_DISPLAY, allLevels: all },
        }) as unknown as {
          series: { markLine: { data: Mark[] } }[];
          xAxis: { min: number; max: number };
        }
      ).series[0]!.markLine.data.filter((d) => d.xAxis !== 0);
    // CL −20 lies among values of −20.39 to −8; the WSL lines (±28) are farther off, drawn with All levels.
    expect(marks(false).map((d) => [d.xAxis, d.lineStyle.color, d.lineStyle.type, d.label.formatter])).toEqual([[-20, '#4fc3f7', 'dashed', 'CL -20']]);
    expect(marks(true).map((d) => d.xAxis)).toEqual([-20, -28, 28]);
  });

  it('rounds the axis bound up to a nice number', () => {
    expect([0.07, 1.65, 5.06, 11, 37, 250].map(niceCeil)).toEqual([0.08, 2, 6, 15, 40, 250]);
  });
});
