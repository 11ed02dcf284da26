import type { TExcavationProgress } from '@strata/shared';
import type { EChartsCoreOption } from 'echarts/core';
import {
  AUTO_AXIS,
  DEFAULT_DISPLAY,
  escapeHtml,
  timeTickLabel,
  wallClock,
  type AxisRange,
  type ChartDisplay,
  type ChartLine,
  type ThresholdLine,
} from '../../../components/chart';
import { dayjs } from '../../../lib/dayjs';
import { formatDateTime } from '../../../lib/display-time';

/** Series colours of the zones (the instrument's reading on the combined chart takes the last). */
export const ZONE_COLORS = ['#1565c0', '#2e7d32', '#ef6c00', '#6a1b9a', '#00838f', '#ad1457'] as const;
const SUPPORT_COLOR = { strut: '#5d4037', anchor: '#00695c' } as const;
const FORMATION_COLOR = '#c62828';
const STAGE_COLOR = '#757575';
const READING_COLOR = '#d81b60';

/** The instant a calendar date starts in the platform's zone (a level reached "on a date" is plotted there). */
export function dayStart(date: string, tz: string): number {
  return dayjs.tz(date, tz).valueOf();
}

export interface ProgressWords {
  /** The series name of a one-zone site. */
  level: string;
  /** The series name of a zone. */
  zone: (zone: string) => string;
  strut: (label: string) => string;
  anchor: (label: string) => string;
  formation: string;
  stage: (no: number, name: string) => string;
}

/**
 * The progress chart's data (spec issue 19 "a progress chart"): the excavated level over time, one line per zone
 * (oldest first), and horizontal marks — each strut and anchor at its level, labelled; the final formation level; each
 * stage's target level.
 */
export function progressChartData(progress: Pick<TExcavationProgress, 'levels' | 'supports' | 'stages' | 'summary'>, tz: string, words: ProgressWords) {
  const zones = [...new Set(progress.levels.map((l) => l.zone))];
  const lines: ChartLine[] = zones.map((zone, i) => ({
    name: zone === '' ? words.level : words.zone(zone),
    color: ZONE_COLORS[i % ZONE_COLORS.length],
    points: progress.levels.filter((l) => l.zone === zone).map((l) => [dayStart(l.date, tz), l.level] as const),
  }));
  const marks: ThresholdLine[] = progress.supports.map((s) => ({
    label: s.kind === 'strut' ? words.strut(s.label) : words.anchor(s.label),
    short: s.label,
    value: s.level,
    color: SUPPORT_COLOR[s.kind],
  }));
  const formation = progress.summary.target;
  if (formation !== null) marks.push({ label: words.formation, short: words.formation, value: formation, color: FORMATION_COLOR });
  for (const stage of progress.stages) {
    if (stage.target === null || stage.target === formation) continue;
    marks.push({ label: words.stage(stage.stage_no, stage.name), short: `S${stage.stage_no}`, value: stage.target, color: STAGE_COLOR });
  }
  return { lines, marks };
}

export interface CombinedInput {
  levels: readonly ChartLine[];
  levelName: string;
  reading: { name: string; unit: string; precision: number; points: readonly (readonly [number, number])[] } | null;
  timezone: string;
  display?: ChartDisplay;
  axis?: AxisRange;
  textColor?: string;
  gridColor?: string;
}

/**
 * "Excavation level vs an instrument's reading" on one time axis (issue 19): the level lines on the left axis (mRL),
 * the reading on the right axis in its unit. Time in the configured zone's wall clock, as every work-space chart
 * (components/chart/chart-time.ts): each point is `[wall, value, instant]`.
 */
export function combinedOption(input: CombinedInput): EChartsCoreOption {
  const display = input.display ?? DEFAULT_DISPLAY;
  const axis = input.axis ?? AUTO_AXIS;
  const tz = input.timezone;
  const text = input.textColor ?? '#555';
  const gridColor = input.gridColor ?? '#e0e0e0';
  const wall = (ms: number) => wallClock(ms, tz);
  const series = [
    ...input.levels.map((line) => ({
      name: line.name,
      type: 'line',
      step: 'end',
      yAxisIndex: 0,
      color: line.color,
      showSymbol: line.points.length <= 60,
      symbolSize: 4,
      data: line.points.map((p) => [wall(p[0]), p[1], p[0]]),
    })),
    ...(input.reading
      ? [
          {
            name: input.reading.name,
            type: 'line',
            yAxisIndex: 1,
            color: READING_COLOR,
            showSymbol: input.reading.points.length <= 60,
            symbolSize: 4,
            sampling: 'lttb',
            data: input.reading.points.map((p) => [wall(p[0]), p[1], p[0]]),
          },
        ]
      : []),
  ];
  const precisionOf = (seriesIndex: number) => (seriesIndex >= input.levels.length ? (input.reading?.precision ?? 2) : 2);
  return {
    animation: false,
    useUTC: true,
    textStyle: { color: text },
    legend: { show: display.legend, type: 'scroll', bottom: 0, left: 8, right: 8, textStyle: { color: text } },
    tooltip: {
      trigger: 'axis',
      confine: true,
      formatter: (params: { value: unknown; marker?: string; seriesName?: string; seriesIndex?: number }[]) => {
        const list = Array.isArray(params) ? params : [params];
        const first = list[0]?.value;
        const at = Array.isArray(first) && typeof first[2] === 'number' ? first[2] : null;
        const rows = list.map((p) => {
          const y = Array.isArray(p.value) ? (p.value[1] as unknown) : p.value;
          const value = typeof y === 'number' ? y.toFixed(precisionOf(p.seriesIndex ?? 0)) : '';
          return `${p.marker ?? ''}<span>${escapeHtml(p.seriesName ?? '')}</span><span style="float:right;margin-left:20px;font-weight:bold">${value}</span>`;
        });
        return [at === null ? '' : `<b>${formatDateTime(at, tz)}</b>`, ...rows].filter(Boolean).join('<br/>');
      },
    },
    grid: { left: 56, right: 64, top: 36, bottom: 28 + (display.legend ? 24 : 0), containLabel: false },
    xAxis: {
      type: 'time',
      boundaryGap: ['4%', '4%'],
      min: axis.xMin === null ? undefined : wall(axis.xMin),
      max: axis.xMax === null ? undefined : wall(axis.xMax),
      axisLabel: { color: text, hideOverlap: true, formatter: timeTickLabel },
      splitLine: { show: display.grid, lineStyle: { color: gridColor } },
    },
    yAxis: [
      {
        type: 'value',
        name: input.levelName,
        nameTextStyle: { color: text, align: 'left' },
        scale: true,
        min: axis.yMin ?? undefined,
        max: axis.yMax ?? undefined,
        axisLabel: { color: text },
        splitLine: { show: display.grid, lineStyle: { color: gridColor } },
      },
      {
        type: 'value',
        name: input.reading?.unit ?? '',
        nameTextStyle: { color: text, align: 'right' },
        position: 'right',
        scale: true,
        axisLabel: { color: text },
        splitLine: { show: false },
      },
    ],
    dataZoom: [{ type: 'inside', xAxisIndex: 0, filterMode: 'none' }],
    series,
  };
}
