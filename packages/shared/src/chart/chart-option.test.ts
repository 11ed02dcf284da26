import { describe, expect, it } from 'vitest';
import {
  AUTO_AXIS,
  buildLineChartOption,
  CHART,
  DEFAULT_DISPLAY,
  fitTitle,
  fitToBox,
  lineValueAxis,
  PREDICTION_COLORS,
  predictionChartLines,
  thresholdLines,
  valueExtent,
} from './chart-option.js';

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
/** A settlement marker between 21 and 25 mm: near AL 19.6 and WSL 28, far from the lower levels. */
const NEAR_WSL = {
  name: 'DSPA',
  points: [
    [Date.UTC(2026, 0, 1), 21],
    [Date.UTC(2026, 0, 2), 25],
  ] as [number, number][],
};
const LINE = {
  name: 'DSPA',
  points: [
    [Date.UTC(2026, 0, 1), -2.5],
    [Date.UTC(2026, 0, 2), -3.1],
  ] as [number, number][],
};

type MarkLineDatum = {
  name: string;
  yAxis: number;
  priority: number;
  lineStyle: { color: string; type: string };
  label: { show: boolean; formatter: string; position: string; offset?: number[] };
};
type Option = {
  series: { markLine?: { data: MarkLineDatum[] }; label: { show: boolean }; data: number[][] }[];
  yAxis: { min: number; max: number; interval?: number; splitLine: { show: boolean }; axisLabel: { formatter?: (v: number) => string } };
  xAxis: { min?: number; type: string; splitLine: { show: boolean }; axisLabel: { formatter?: (v: number) => string } };
  legend: { show: boolean; bottom?: number; top?: number };
  grid: { top: number; bottom: number; right: number };
  useUTC?: boolean;
  tooltip: { formatter?: (p: unknown) => string };
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
  it('puts the threshold levels near the data on the chart as dashed lines in their colours, labelled in the right margin', () => {
    const option = buildLineChartOption({ lines: [NEAR_WSL], thresholds: thresholdLines(THRESHOLDS, 'DSPA', LEVELS), precision: 1 }) as unknown as Option;
    const data = option.series[0]!.markLine!.data;
    // AL 19.6 and WSL 28 are near data at 21 to 25; WSL −28 is not: it is named at the bottom edge, without a line.
    expect(data.map((d) => [d.yAxis, d.lineStyle.color, d.label.formatter, d.label.position])).toEqual([
      [19.6, '#fb8c00', 'AL 19.6', 'end'],
      [28, '#8e0000', 'WSL 28', 'end'],
      [option.yAxis.min, 'rgba(0,0,0,0)', '▼ WSL -28', 'end'],
    ]);
    expect(data[0]!.name).toBe('AL (upper)');
    expect(data[0]!.lineStyle.type).toBe('dashed');
  });

  it('draws a prediction as a dashed series of its own across the data’s span, named in the legend, the axis spanning it', () => {
    const predictions = [{ label: 'Predicted (QP(D)) · MARINA-S stage 3: -15 mm', value: -15 }];
    const option = buildLineChartOption({
      lines: [LINE],
      thresholds: thresholdLines(THRESHOLDS, 'DSPA', LEVELS),
      predictions,
      precision: 1,
    }) as unknown as Omit<Option, 'series'> & {
      series: (Option['series'][number] & { name: string; type: string; lineStyle?: { type: string }; color?: string })[];
    };
    expect(option.series.map((s) => s.name)).toEqual(['DSPA', 'Predicted (QP(D)) · MARINA-S stage 3: -15 mm']);
    const predicted = option.series[1]!;
    expect(predicted.type).toBe('line');
    expect(predicted.lineStyle?.type).toBe('dashed');
    expect(predicted.color).toBe(PREDICTION_COLORS[0]);
    // From the first to the last reading (the third value is the instant; the first the zone's wall clock).
    expect(predicted.data.map((d) => [d[2], d[1]])).toEqual([
      [Date.UTC(2026, 0, 1), -15],
      [Date.UTC(2026, 0, 2), -15],
    ]);
    expect(option.yAxis.min).toBeLessThanOrEqual(-15);
    expect(option.legend.show).toBe(true);
    // The thresholds stay marks of the first series; the prediction is a line, not a mark.
    expect(option.series[0]!.markLine!.data.length).toBeGreaterThan(0);
    expect(predicted.markLine).toBeUndefined();
  });

  it('draws nothing more without predictions, or without data to span', () => {
    const plain = buildLineChartOption({ lines: [LINE], precision: 1 }) as unknown as Option;
    expect(plain.series).toHaveLength(1);
    expect(plain.yAxis.min).toBeGreaterThan(-15);
    expect(JSON.stringify(buildLineChartOption({ lines: [LINE], predictions: [], precision: 1 }))).toBe(
      JSON.stringify(buildLineChartOption({ lines: [LINE], precision: 1 })),
    );
    expect(predictionChartLines([{ name: 'X', points: [] }], [{ label: 'P', value: 1 }])).toEqual([]);
    expect(
      predictionChartLines(
        [LINE],
        [
          { label: 'P', value: 1 },
          { label: 'Q', value: 2, color: '#123456' },
        ],
      ).map((l) => l.color),
    ).toEqual([PREDICTION_COLORS[0], '#123456']);
  });

  it('spans every level with All levels', () => {
    const option = buildLineChartOption({
      lines: [LINE],
      thresholds: [{ label: 'WSL', value: 28, color: '#8e0000' }],
      display: { ...DEFAULT_DISPLAY, allLevels: true },
    }) as unknown as Option;
    expect(option.yAxis.max).toBeGreaterThanOrEqual(28);
    expect(option.yAxis.min).toBeLessThan(-3.1);
    expect(option.series[0]!.markLine!.data.map((d) => d.yAxis)).toEqual([28]);
    expect(valueExtent([LINE], [{ label: 'x', value: -40, color: '#000' }])).toEqual([-40, -2.5]);
  });

  it('follows the toolbar: axis bounds, labels, subtitle, legend and grid', () => {
    const option = buildLineChartOption({
      title: 'DSPA',
      subtitle: '2 points',
      lines: [LINE],
      xType: 'value',
      display: { labels: false, subtitle: false, legend: false, grid: false, allLevels: false },
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

describe('value axis (decision 026)', () => {
  const ALL = thresholdLines(
    [
      { reading_code: 'DSPA', level_code: 'CL', upper: 14, lower: -14 },
      { reading_code: 'DSPA', level_code: 'AL', upper: 19.6, lower: -19.6 },
      { reading_code: 'DSPA', level_code: 'WSL', upper: 28, lower: -28 },
    ],
    'DSPA',
    LEVELS,
  );
  const settling = { name: 'DSPA', points: [0, 1, 2, 3].map((i) => [Date.UTC(2026, 0, 1 + i), -24 - (i % 3)] as [number, number]) };

  it('follows the data, not both thresholds: a series at −24 to −26 mm fills its axis instead of lying flat on ±28', () => {
    const axis = lineValueAxis([settling], ALL, false, 2, AUTO_AXIS);
    expect(axis.range).toEqual({ min: -29, max: -23, interval: 1 });
    expect(axis.shown.map((t) => t.value)).toEqual([-28]);
    expect(axis.above?.value).toBe(-19.6);
    expect(axis.below).toBeNull();
  });

  it('rounds the axis ends to nice numbers, never 27.595 or −29.484', () => {
    const odd = { name: 'X', points: [[0, -27.4841] as [number, number], [1, 26.0192] as [number, number]] };
    const { range } = lineValueAxis([odd], [], false, 2, AUTO_AXIS);
    expect(range).toEqual({ min: -30, max: 30, interval: 10 });
    const option = buildLineChartOption({ lines: [odd], xType: 'value' }) as unknown as Option;
    expect(option.yAxis).toMatchObject({ min: -30, max: 30, interval: 10 });
    expect(option.yAxis.axisLabel.formatter!(-30)).toBe('-30');
    // Small spans keep their decimals.
    expect(
      lineValueAxis(
        [
          {
            name: 'Y',
            points: [
              [0, 1.02],
              [1, 1.09],
            ],
          },
        ],
        [],
        false,
        2,
        AUTO_AXIS,
      ).range,
    ).toEqual({ min: 1, max: 1.1, interval: 0.02 });
  });

  it('draws every level with All levels, and the levels inside bounds typed in the toolbar', () => {
    expect(lineValueAxis([settling], ALL, true, 2, AUTO_AXIS)).toMatchObject({ range: { min: -30, max: 30 }, above: null, below: null });
    expect(lineValueAxis([settling], ALL, true, 2, AUTO_AXIS).shown).toHaveLength(6);
    const typed = lineValueAxis([settling], ALL, false, 2, { ...AUTO_AXIS, yMin: -30, yMax: 0 });
    expect(typed.range).toMatchObject({ min: -30, max: 0 });
    expect(typed.shown.map((t) => t.value)).toEqual([-14, -19.6, -28]);
    expect(typed.above?.value).toBe(14);
  });
});

describe('right-margin labels (decision 026)', () => {
  const close = [
    { label: 'AL', value: 20, color: '#fb8c00' },
    { label: 'PDL', value: 20.5, color: '#e53935' },
    { label: 'WSL', value: 21, color: '#8e0000' },
  ];
  const many = { name: 'A', color: '#0471d1', points: Array.from({ length: 40 }, (_, i) => [Date.UTC(2026, 0, 1, i), 20 + (i % 2) / 10] as [number, number]) };

  it('stacks level labels and the latest value apart, none overlapping, inside the chart', () => {
    const option = fitToBox(buildLineChartOption({ title: 'DSPA', lines: [many], thresholds: close, precision: 1 }), 600, 260) as unknown as Option;
    const labels = option.series[0]!.markLine!.data;
    expect(labels.map((d) => d.label.formatter)).toEqual(['AL 20', 'PDL 20.5', 'WSL 21', '20.1']);
    const { min, max } = option.yAxis;
    const { top, bottom } = option.grid;
    const ys = labels.map((d) => top + ((max - d.yAxis) / (max - min)) * (260 - bottom - top) + d.label.offset![1]!);
    const sorted = [...ys].sort((a, b) => a - b);
    for (let i = 1; i < sorted.length; i++) expect(sorted[i]! - sorted[i - 1]!).toBeGreaterThanOrEqual(14);
    for (const y of ys) expect(y).toBeGreaterThanOrEqual(7);
    for (const y of ys) expect(y).toBeLessThanOrEqual(253);
    // The margin is wide enough for the longest label; the legend is below the plot, not over it.
    expect(option.grid.right).toBeGreaterThanOrEqual('PDL 20.5'.length * 6);
    expect(option.legend).toMatchObject({ bottom: 0 });
    expect(option.legend.top).toBeUndefined();
  });
});

describe('time axis in the configured time zone (decision 026)', () => {
  // 27/11/2026 07:00 UTC is 15:00 in Singapore and 02:00 in New York.
  const at = Date.UTC(2026, 10, 27, 7);
  const line = { name: 'DSPA', points: [[at, 1.5] as [number, number], [at + 3_600_000, 1.7] as [number, number]] };

  it('plots each reading at its wall-clock time in the zone, drawn in UTC, carrying the instant', () => {
    const option = buildLineChartOption({ lines: [line], timezone: 'Asia/Singapore' }) as unknown as Option;
    expect(option.useUTC).toBe(true);
    expect(option.series[0]!.data[0]).toEqual([Date.UTC(2026, 10, 27, 15), 1.5, at]);
    const ny = buildLineChartOption({ lines: [line], timezone: 'America/New_York' }) as unknown as Option;
    expect(ny.series[0]!.data[0]![0]).toBe(Date.UTC(2026, 10, 27, 2));
  });

  it('labels ticks DD/MM/YYYY at midnight and HH:mm:ss otherwise, and the tooltip DD/MM/YYYY HH:mm:ss in the zone', () => {
    const option = buildLineChartOption({ lines: [line], timezone: 'Asia/Singapore', precision: 2 }) as unknown as Option;
    const tick = option.xAxis.axisLabel.formatter!;
    expect(tick(Date.UTC(2026, 10, 27))).toBe('27/11/2026');
    expect(tick(Date.UTC(2026, 10, 27, 15))).toBe('15:00:00');
    const html = option.tooltip.formatter!([{ value: option.series[0]!.data[0], marker: '', seriesName: 'DSPA' }]);
    expect(html).toContain('27/11/2026 15:00:00');
    expect(html).toMatch(/<span>DSPA<\/span><span[^>]*>1\.5<\/span>/);
  });

  it("takes the toolbar's Xmin/Xmax (instants) onto the same wall clock", () => {
    const option = buildLineChartOption({ lines: [line], timezone: 'Asia/Singapore', axis: { ...AUTO_AXIS, xMin: at } }) as unknown as Option;
    expect(option.xAxis.min).toBe(Date.UTC(2026, 10, 27, 15));
  });
});
