import { describe, expect, it } from 'vitest';
import { AUTO_AXIS, buildLineChartOption, CHART, DEFAULT_DISPLAY, fitTitle, thresholdLines, valueExtent } from './chart-option';

const LEVELS = [
  { code: 'CL', color: '#4fc3f7', severity: 1 },
  { code: 'AL', color: '#fb8c00', severity: 2 },
  { code: 'WSL', color: '#8e0000', severity: 4 },
];
const THRESHOLDS = [
  { reading_code: 'DSPA', level_code: 'WSL', upper: 28, lower: -28 },
  { reading_code: 'DSPA', level_code: 'AL', upper: 19.6, lower: null },
  { reading_code: 'OTHER', level_code: 'AL', upper: 1, lower: -1 },
];
const LINE = {
  name: 'DSPA',
  points: [
    [Date.UTC(2026, 0, 1), -2.5],
    [Date.UTC(2026, 0, 2), -3.1],
  ] as [number, number][],
};

type MarkLineDatum = { name: string; yAxis: number; lineStyle: { color: string; type: string }; label: { show: boolean; formatter: string } };
type Option = {
  series: { markLine?: { data: MarkLineDatum[] }; label: { show: boolean } }[];
  yAxis: { min: number; max: number; splitLine: { show: boolean } };
  xAxis: { min?: number; type: string; splitLine: { show: boolean } };
  legend: { show: boolean };
  title: { subtext: string };
  dataZoom: { minSpan: number }[];
};

describe('threshold lines of a reading code', () => {
  it('draws each level of the code as upper and lower lines in the level colour, least severe first', () => {
    expect(thresholdLines(THRESHOLDS, 'DSPA', LEVELS)).toEqual([
      { label: 'AL (upper)', short: 'AL', value: 19.6, color: '#fb8c00' },
      { label: 'WSL (upper)', short: 'WSL', value: 28, color: '#8e0000' },
      { label: 'WSL (lower)', short: 'WSL', value: -28, color: '#8e0000' },
    ]);
  });

  it('leaves out other reading codes, and gives unknown levels grey', () => {
    expect(thresholdLines([{ reading_code: 'X', level_code: 'ZZ', upper: 1, lower: null }], 'X', LEVELS)).toEqual([
      { label: 'ZZ (upper)', short: 'ZZ', value: 1, color: '#757575' },
    ]);
    expect(thresholdLines(THRESHOLDS, 'NONE', LEVELS)).toEqual([]);
  });
});

describe('line chart option', () => {
  it('puts the threshold levels on the chart as horizontal mark lines in their colours', () => {
    const option = buildLineChartOption({ lines: [LINE], thresholds: thresholdLines(THRESHOLDS, 'DSPA', LEVELS), precision: 1 }) as unknown as Option;
    const data = option.series[0]!.markLine!.data;
    expect(data.map((d) => [d.yAxis, d.lineStyle.color])).toEqual([
      [19.6, '#fb8c00'],
      [28, '#8e0000'],
      [-28, '#8e0000'],
    ]);
    expect(data[0]!.label.formatter).toBe('AL 19.6');
    expect(data[0]!.name).toBe('AL (upper)');
  });

  it('stretches the value axis so every threshold line is visible', () => {
    const option = buildLineChartOption({ lines: [LINE], thresholds: [{ label: 'WSL', value: 28, color: '#8e0000' }] }) as unknown as Option;
    expect(option.yAxis.max).toBeGreaterThan(28);
    expect(option.yAxis.min).toBeLessThan(-3.1);
    expect(valueExtent([LINE], [{ label: 'x', value: -40, color: '#000' }])).toEqual([-40, -2.5]);
  });

  it('follows the toolbar: axis bounds, labels, subtitle, legend and grid', () => {
    const option = buildLineChartOption({
      title: 'DSPA',
      subtitle: '2 points',
      lines: [LINE],
      display: { labels: false, subtitle: false, legend: false, grid: false },
      axis: { ...AUTO_AXIS, xMin: 5, yMin: -10, yMax: 10 },
    }) as unknown as Option;
    expect(option.xAxis.min).toBe(5);
    expect(option.yAxis).toMatchObject({ min: -10, max: 10, splitLine: { show: false } });
    expect(option.legend.show).toBe(false);
    expect(option.title.subtext).toBe('');
    expect(option.series[0]!.label.show).toBe(false);
  });

  it('zooms in at most 1000 times (spec §9 zoom scale extent 0 to 1000)', () => {
    const option = buildLineChartOption({ lines: [LINE], display: DEFAULT_DISPLAY }) as unknown as Option;
    expect(option.dataZoom[0]!.minSpan).toBe(100 / CHART.zoomScaleExtent[1]);
    expect(option.xAxis.type).toBe('time');
  });

  it('cuts a title and subtitle too long for the chart with an ellipsis, keeping their style', () => {
    const option = buildLineChartOption({ title: 'A — a long reading code description', subtitle: 'IN-01', lines: [LINE], textColor: '#123456' });
    const fitted = fitTitle(option, 250) as unknown as { title: { textStyle: object; subtextStyle: object } };
    expect(fitted.title.textStyle).toMatchObject({ width: 234, overflow: 'truncate', color: '#123456', fontSize: 14 });
    expect(fitted.title.subtextStyle).toMatchObject({ width: 234, overflow: 'truncate' });
    expect(fitTitle({ series: [] }, 250)).toEqual({ series: [] });
  });
});
