import { BOREHOLE_LOG, BOREHOLE_NO_VALUE, type TBoreholeLog, type TBoreholeRecord } from '@strata/shared';
import { AUTO_AXIS, DEFAULT_DISPLAY, escapeHtml, type AxisRange, type ChartDisplay, type EChartProps } from '../../../components/chart';
import { SOIL_COLORS, soilFamily, soilFill, type SoilFamily } from './soil';

type EChartsCoreOption = EChartProps['option'];

const n = (value: unknown): number | null =>
  typeof value === 'number' && Number.isFinite(value) && value !== BOREHOLE_NO_VALUE
    ? value
    : typeof value === 'string' && value.trim() !== '' && Number.isFinite(Number(value)) && Number(value) !== BOREHOLE_NO_VALUE
      ? Number(value)
      : null;

/** The y range of the log in mRL (spec §9): from ground level − final depth − 10 up to ground level + 10. */
export function logRange(log: Pick<TBoreholeLog, 'ground_level' | 'final_depth' | 'geol'>): { ground: number; min: number; max: number } {
  const ground = log.ground_level ?? 0;
  const deepest = Math.max(0, log.final_depth ?? 0, ...log.geol.map((g) => n(g.geol_base) ?? 0));
  // To the centimetre, as levels show: 103.56 − 39.30 − 10 is 54.260000000000005 in floating point.
  const cm = (x: number) => Math.round(x * 100) / 100;
  return { ground, min: cm(ground - deepest - BOREHOLE_LOG.margin), max: cm(ground + BOREHOLE_LOG.margin) };
}

/**
 * What the log and the section share: no animation, the title and subtitle at the top, the strata families' legend
 * at the bottom (`legend` null: hidden), and item tooltips.
 */
export function boreholeChartFrame(p: { title: string; subtitle: string; legend: string[] | null; text: string; fontSize: number }) {
  return {
    animation: false,
    textStyle: { color: p.text, fontSize: p.fontSize },
    title: {
      text: p.title,
      subtext: p.subtitle,
      left: 'center',
      top: 4,
      textStyle: { fontSize: 15, color: p.text },
      subtextStyle: { color: p.text, fontSize: p.fontSize - 1 },
    },
    legend: { show: p.legend !== null, data: p.legend ?? [], bottom: 0, left: 'center', textStyle: { color: p.text } },
    tooltip: { trigger: 'item', confine: true },
  };
}

export interface Stratum {
  top: number;
  base: number;
  family: SoilFamily;
  code: string;
  description: string;
}

/** The GEOL records as strata (levels in mRL), each with its family; a record without a top follows the one above. */
export function strata(log: Pick<TBoreholeLog, 'ground_level' | 'geol'>): Stratum[] {
  const ground = log.ground_level ?? 0;
  const out: Stratum[] = [];
  let previousBase = 0;
  for (const record of log.geol) {
    const base = n(record.geol_base);
    if (base === null) continue;
    const top = n(record.geol_top) ?? previousBase;
    previousBase = base;
    out.push({
      top: ground - top,
      base: ground - base,
      family: soilFamily(record),
      code: String(record.geol_geol ?? record.geol_leg ?? ''),
      description: String(record.geol_desc ?? ''),
    });
  }
  return out;
}

const pairs = (
  records: readonly TBoreholeRecord[],
  ground: number,
  value: (r: TBoreholeRecord) => number | null,
  depth: (r: TBoreholeRecord) => number | null,
) =>
  records
    .map((r) => [value(r), depth(r)] as const)
    .filter((p): p is readonly [number, number] => p[0] !== null && p[1] !== null)
    .map(([v, d]) => [v, ground - d] as [number, number])
    .sort((a, b) => b[1] - a[1]);

/** SPT N against level: ISPT_NVAL, else the sum of the test drive's blows (ispt_inc3…6), at ispt_top. */
export function sptPoints(log: Pick<TBoreholeLog, 'ground_level' | 'ispt'>): [number, number][] {
  return pairs(
    log.ispt,
    log.ground_level ?? 0,
    (r) => {
      const nval = n(r.ispt_nval);
      if (nval !== null) return nval;
      const blows = [3, 4, 5, 6].map((i) => n(r[`ispt_inc${i}`]));
      return blows.every((b) => b === null) ? null : blows.reduce<number>((sum, b) => sum + (b ?? 0), 0);
    },
    (r) => n(r.ispt_top),
  );
}

/** RQD and total core recovery (%) at the middle of each core run. */
export function corePoints(log: Pick<TBoreholeLog, 'ground_level' | 'core'>, field: 'core_rqd' | 'core_prec'): [number, number][] {
  return pairs(
    log.core,
    log.ground_level ?? 0,
    (r) => n(r[field]),
    (r) => {
      const top = n(r.core_top);
      const bot = n(r.core_bot);
      return top === null ? bot : bot === null ? top : (top + bot) / 2;
    },
  );
}

/** Cone resistance qc (MPa) against level. */
export function conePoints(log: Pick<TBoreholeLog, 'ground_level' | 'stcn'>): [number, number][] {
  return pairs(
    log.stcn,
    log.ground_level ?? 0,
    (r) => n(r.stcn_res),
    (r) => n(r.stcn_dpth),
  );
}

export interface LogChartInput {
  log: TBoreholeLog;
  /** Legend names of the soil families. */
  familyName: (family: SoilFamily) => string;
  levelName: string;
  title: string;
  subtitle: string;
  display?: ChartDisplay;
  axis?: AxisRange;
  textColor?: string;
  gridColor?: string;
  /** The hatch fill of a family (default: soilFill, plain colours where no canvas can be drawn). */
  fill?: (family: SoilFamily) => unknown;
}

interface RenderApi {
  value: (dim: number) => number;
  coord: (point: [number, number]) => [number, number];
}

/**
 * The ECharts option of the SI Borehole Log (spec §2.14, §9): four plots side by side sharing the level axis (mRL,
 * from ground level − final depth − 10 to ground level + 10): the geology column (x −5 to 5, strata as rectangles
 * hatched by family, the geology code as label, a legend of the families), SPT N, core RQD and recovery (%), and cone
 * resistance qc (MPa). The toolbar's Xmin/Xmax apply to the geology plot, Ymin/Ymax to the level of all four.
 */
export function buildLogOption(input: LogChartInput): EChartsCoreOption {
  const display = input.display ?? DEFAULT_DISPLAY;
  const axis = input.axis ?? AUTO_AXIS;
  const text = input.textColor ?? '#555';
  const gridColor = input.gridColor ?? '#e0e0e0';
  const fill = input.fill ?? soilFill;
  const range = logRange(input.log);
  const yMin = axis.yMin ?? range.min;
  const yMax = axis.yMax ?? range.max;
  const layers = strata(input.log);
  const families = [...new Set(layers.map((l) => l.family))];
  const spt = sptPoints(input.log);
  const rqd = corePoints(input.log, 'core_rqd');
  const tcr = corePoints(input.log, 'core_prec');
  const qc = conePoints(input.log);
  const fontSize = BOREHOLE_LOG.textSize;
  const legendShown = display.legend && families.length > 0;
  const subtitleShown = display.subtitle && input.subtitle !== '';
  const top = (subtitleShown ? 56 : 34) + 40;
  const bottom = legendShown ? 56 : 24;
  // Four plots: the geology column takes the left 40 %, the three test plots share the rest.
  const grids = [
    { left: '7%', width: '33%' },
    { left: '44%', width: '16%' },
    { left: '63%', width: '16%' },
    { left: '82%', width: '16%' },
  ].map((g) => ({ ...g, top, bottom, containLabel: false }));
  const yAxis = grids.map((_, i) => ({
    type: 'value',
    gridIndex: i,
    min: yMin,
    max: yMax,
    name: i === 0 ? input.levelName : '',
    nameTextStyle: { color: text, fontSize },
    axisLabel: { show: i === 0, color: text, fontSize },
    splitLine: { show: display.grid, lineStyle: { color: gridColor } },
  }));
  const valueAxis = (i: number, name: string, max?: number) => ({
    type: 'value',
    gridIndex: i,
    position: 'top',
    name,
    nameLocation: 'middle',
    nameGap: 26,
    nameTextStyle: { color: text, fontSize },
    min: 0,
    max,
    axisLabel: { color: text, fontSize: fontSize - 2, hideOverlap: true },
    splitLine: { show: display.grid, lineStyle: { color: gridColor } },
  });
  const xAxis = [
    {
      type: 'value',
      gridIndex: 0,
      min: axis.xMin ?? BOREHOLE_LOG.xMin,
      max: axis.xMax ?? BOREHOLE_LOG.xMax,
      position: 'top',
      axisLabel: { show: false },
      axisTick: { show: false },
      splitLine: { show: false },
    },
    valueAxis(1, BOREHOLE_LOG.labels.spt),
    valueAxis(2, BOREHOLE_LOG.labels.rqd, 100),
    valueAxis(3, BOREHOLE_LOG.labels.qc),
  ];

  // One custom series per family (so the legend names and toggles them): rectangles from x −1.5 to 1.5.
  const geology = families.map((family) => {
    const data = layers.filter((l) => l.family === family).map((l) => ({ value: [l.top, l.base], name: l.code, description: l.description }));
    return {
      name: input.familyName(family),
      type: 'custom',
      xAxisIndex: 0,
      yAxisIndex: 0,
      color: SOIL_COLORS[family],
      data,
      // The stratum, and its geology code to its right (the Labels switch).
      renderItem: (params: { dataIndex: number }, api: RenderApi) => {
        const [x0, y0] = api.coord([-1.5, api.value(0)]);
        const [x1, y1] = api.coord([1.5, api.value(1)]);
        const rect = { type: 'rect', shape: { x: x0, y: y0, width: x1 - x0, height: y1 - y0 }, style: { fill: fill(family), stroke: '#37474f', lineWidth: 1 } };
        const code = data[params.dataIndex]?.name ?? '';
        if (!display.labels || code === '') return rect;
        const label = {
          type: 'text',
          silent: true,
          style: { text: code, x: x1 + 6, y: (y0 + y1) / 2, verticalAlign: 'middle', fill: text, fontSize: BOREHOLE_LOG.defaultColumnTextSize },
        };
        return { type: 'group', children: [rect, label] };
      },
      encode: { y: [0, 1] },
      tooltip: {
        formatter: (p: { name: string; value: [number, number]; data: { description: string } }) =>
          `${escapeHtml(p.name)}<br/>${p.value[0].toFixed(2)} – ${p.value[1].toFixed(2)} mRL${p.data.description ? `<br/>${escapeHtml(p.data.description)}` : ''}`,
      },
    };
  });
  const points = (name: string, data: [number, number][], index: number, color: string, step = false) => ({
    name,
    type: 'line',
    xAxisIndex: index,
    yAxisIndex: index,
    color,
    data,
    symbolSize: 5,
    step: step ? 'end' : undefined,
    label: {
      show: display.labels && data.length <= 40,
      position: 'right',
      fontSize: 10,
      color,
      formatter: (p: { value: [number, number] }) => String(p.value[0]),
    },
    labelLayout: { hideOverlap: true },
  });
  // The ground line across the geology plot.
  const groundLine = {
    name: 'ground',
    type: 'line',
    xAxisIndex: 0,
    yAxisIndex: 0,
    data: [
      [-5, range.ground],
      [5, range.ground],
    ],
    symbol: 'none',
    lineStyle: { color: '#2e7d32', width: 2 },
    silent: true,
    tooltip: { show: false },
  };

  return {
    ...boreholeChartFrame({
      title: input.title,
      subtitle: subtitleShown ? input.subtitle : '',
      legend: legendShown ? families.map(input.familyName) : null,
      text,
      fontSize,
    }),
    grid: grids,
    xAxis,
    yAxis,
    series: [
      groundLine,
      ...geology,
      points('SPT N', spt, 1, '#c62828'),
      points('RQD', rqd, 2, '#1565c0', true),
      points('TCR', tcr, 2, '#00838f', true),
      points('qc', qc, 3, '#6a1b9a'),
    ],
  };
}

/** Whether the log has anything to draw. */
export function logIsEmpty(log: TBoreholeLog): boolean {
  return log.geol.length === 0 && log.ispt.length === 0 && log.core.length === 0 && log.stcn.length === 0;
}
