import { BOREHOLE_LOG, type TBoreholeSection } from '@strata/shared';
import { AUTO_AXIS, DEFAULT_DISPLAY, escapeHtml, type AxisRange, type ChartDisplay, type EChartProps } from '../../../components/chart';
import { boreholeChartFrame, sptPoints, strata } from './log-option';
import { SOIL_COLORS, soilFill, type SoilFamily } from './soil';

type EChartsCoreOption = EChartProps['option'];
type SectionBorehole = TBoreholeSection['boreholes'][number];

/** A column's width in pixels (§9 column width 20–30). */
export const SECTION_COLUMN_WIDTH = 24;

/** The ground level a borehole is drawn at: its own, or 0 when it has none (the page says so). */
export const groundOf = (b: Pick<SectionBorehole, 'groundLevel'>) => b.groundLevel ?? 0;

/**
 * The axes' automatic extent, in round numbers: x over the line with a margin either side (room for the codes and SPT
 * values beside the end columns), y from the deepest base − 10 to the highest ground + 10, to the 5 m.
 */
export function sectionRange(section: TBoreholeSection): { xMin: number; xMax: number; yMin: number; yMax: number } {
  const far = Math.max(section.length, ...section.boreholes.map((b) => b.distance));
  const pad = Math.max(10, far * 0.05);
  const unit = 10 ** Math.floor(Math.log10(Math.max(far, 10))) / 10;
  let top = -Infinity;
  let bottom = Infinity;
  for (const b of section.boreholes) {
    const ground = groundOf(b);
    const deepest = Math.max(0, b.finalDepth ?? 0, ...strata({ ground_level: ground, geol: b.geol }).map((s) => ground - s.base));
    top = Math.max(top, ground);
    bottom = Math.min(bottom, ground - deepest);
  }
  if (!Number.isFinite(top)) {
    top = 0;
    bottom = 0;
  }
  const down = (x: number, step: number) => Math.floor(x / step) * step;
  const up = (x: number, step: number) => Math.ceil(x / step) * step;
  return {
    xMin: down(-pad, unit),
    xMax: up(far + pad, unit),
    yMin: down(bottom - BOREHOLE_LOG.margin, 5),
    yMax: up(top + BOREHOLE_LOG.margin, 5),
  };
}

export interface SectionChartInput {
  section: TBoreholeSection;
  familyName: (family: SoilFamily) => string;
  distanceName: string;
  levelName: string;
  title: string;
  subtitle: string;
  /** Draw the SPT N values beside each column. */
  spt: boolean;
  display?: ChartDisplay;
  axis?: AxisRange;
  textColor?: string;
  gridColor?: string;
  fill?: (family: SoilFamily) => unknown;
}

interface RenderApi {
  value: (dim: number) => number;
  coord: (point: [number, number]) => [number, number];
}

interface StratumDatum {
  value: [number, number, number];
  name: string;
  borehole: string;
  description: string;
}

/**
 * The ECharts option of a section through boreholes (issue 18; §3 chart props `distance`): x is the distance along the
 * line (m), y the level (mRL). Each borehole is a strata column at its distance, hatched by soil family (one series per
 * family, so the legend names and toggles them), with its number above it; the ground levels are joined by a line; the
 * SPT N values are written beside the columns when asked. The toolbar's axis fields bound distance and level.
 */
export function buildSectionOption(input: SectionChartInput): EChartsCoreOption {
  const display = input.display ?? DEFAULT_DISPLAY;
  const axis = input.axis ?? AUTO_AXIS;
  const text = input.textColor ?? '#555';
  const gridColor = input.gridColor ?? '#e0e0e0';
  const fill = input.fill ?? soilFill;
  const range = sectionRange(input.section);
  const fontSize = BOREHOLE_LOG.textSize;
  const half = SECTION_COLUMN_WIDTH / 2;

  const byFamily = new Map<SoilFamily, StratumDatum[]>();
  for (const b of input.section.boreholes) {
    for (const s of strata({ ground_level: groundOf(b), geol: b.geol })) {
      const list = byFamily.get(s.family) ?? [];
      list.push({ value: [b.distance, s.top, s.base], name: s.code, borehole: b.no, description: s.description });
      byFamily.set(s.family, list);
    }
  }
  const families = [...byFamily.keys()];
  const legendShown = display.legend && families.length > 0;
  const subtitleShown = display.subtitle && input.subtitle !== '';

  const geology = families.map((family) => {
    const data = byFamily.get(family)!;
    return {
      name: input.familyName(family),
      type: 'custom',
      color: SOIL_COLORS[family],
      data,
      encode: { x: 0, y: [1, 2] },
      clip: true,
      renderItem: (params: { dataIndex: number }, api: RenderApi) => {
        const [x, y0] = api.coord([api.value(0), api.value(1)]);
        const [, y1] = api.coord([api.value(0), api.value(2)]);
        const rect = {
          type: 'rect',
          shape: { x: x - half, y: y0, width: SECTION_COLUMN_WIDTH, height: y1 - y0 },
          style: { fill: fill(family), stroke: '#37474f', lineWidth: 1 },
        };
        const code = data[params.dataIndex]?.name ?? '';
        if (!display.labels || code === '' || y1 - y0 < BOREHOLE_LOG.defaultColumnTextSize) return rect;
        const label = {
          type: 'text',
          silent: true,
          style: {
            text: code,
            x: x - half - 4,
            y: (y0 + y1) / 2,
            align: 'right',
            verticalAlign: 'middle',
            fill: text,
            fontSize: BOREHOLE_LOG.defaultColumnTextSize,
          },
        };
        return { type: 'group', children: [rect, label] };
      },
      tooltip: {
        formatter: (p: { data: StratumDatum }) =>
          `${escapeHtml(p.data.borehole)} · ${escapeHtml(p.data.name)}<br/>${p.data.value[1].toFixed(2)} – ${p.data.value[2].toFixed(2)} mRL${
            p.data.description ? `<br/>${escapeHtml(p.data.description)}` : ''
          }`,
      },
    };
  });

  // Each hole as an empty outline from its ground to its final depth, under its strata (a cone test has no strata).
  const hole = {
    name: 'hole',
    type: 'custom',
    data: input.section.boreholes
      .filter((b) => b.finalDepth !== null && b.finalDepth > 0)
      .map((b) => ({ value: [b.distance, groundOf(b), groundOf(b) - b.finalDepth!], name: b.no })),
    encode: { x: 0, y: [1, 2] },
    clip: true,
    silent: true,
    z: 1,
    renderItem: (_params: unknown, api: RenderApi) => {
      const [x, y0] = api.coord([api.value(0), api.value(1)]);
      const [, y1] = api.coord([api.value(0), api.value(2)]);
      return {
        type: 'rect',
        shape: { x: x - half, y: y0, width: SECTION_COLUMN_WIDTH, height: y1 - y0 },
        style: { fill: '#ffffff', stroke: '#90a4ae', lineWidth: 1, lineDash: [3, 3] },
      };
    },
    tooltip: { show: false },
  };

  // The ground line joins the columns' tops; each point carries the borehole's number as its label.
  const ordered = [...input.section.boreholes].sort((a, b) => a.distance - b.distance);
  const ground = {
    name: 'ground',
    type: 'line',
    color: '#2e7d32',
    data: ordered.map((b) => ({ value: [b.distance, groundOf(b)], name: b.no })),
    symbol: 'circle',
    symbolSize: 4,
    lineStyle: { color: '#2e7d32', width: 2 },
    label: { show: true, position: 'top', distance: 8, color: text, fontSize: BOREHOLE_LOG.defaultColumnTextSize + 1, fontWeight: 600, formatter: '{b}' },
    labelLayout: { hideOverlap: true },
    z: 3,
    tooltip: {
      formatter: (p: { name: string; value: [number, number] }) => `${escapeHtml(p.name)}<br/>${p.value[0].toFixed(2)} m · ${p.value[1].toFixed(2)} mRL`,
    },
  };

  const sptData = input.spt
    ? input.section.boreholes.flatMap((b) =>
        sptPoints({ ground_level: groundOf(b), ispt: b.ispt }).map(([nValue, level]) => ({ value: [b.distance, level, nValue], name: b.no })),
      )
    : [];
  const spt = {
    name: 'SPT N',
    type: 'custom',
    color: '#c62828',
    data: sptData,
    encode: { x: 0, y: 1 },
    clip: true,
    renderItem: (_params: unknown, api: RenderApi) => {
      const [x, y] = api.coord([api.value(0), api.value(1)]);
      return {
        type: 'group',
        children: [
          { type: 'line', shape: { x1: x + half, y1: y, x2: x + half + 4, y2: y }, style: { stroke: '#c62828', lineWidth: 1 } },
          { type: 'text', silent: true, style: { text: String(api.value(2)), x: x + half + 6, y, verticalAlign: 'middle', fill: '#c62828', fontSize: 10 } },
        ],
      };
    },
    tooltip: {
      formatter: (p: { name: string; value: [number, number, number] }) => `${escapeHtml(p.name)} · SPT N ${p.value[2]}<br/>${p.value[1].toFixed(2)} mRL`,
    },
  };

  return {
    ...boreholeChartFrame({
      title: input.title,
      subtitle: subtitleShown ? input.subtitle : '',
      legend: legendShown ? families.map(input.familyName) : null,
      text,
      fontSize,
    }),
    grid: { left: 64, right: 40, top: subtitleShown ? 84 : 64, bottom: legendShown ? 84 : 48, containLabel: false },
    xAxis: {
      type: 'value',
      min: axis.xMin ?? range.xMin,
      max: axis.xMax ?? range.xMax,
      name: input.distanceName,
      nameLocation: 'middle',
      nameGap: 28,
      nameTextStyle: { color: text, fontSize },
      // The ends are the margins, not distances anyone reads (and they crowd the last round tick).
      axisLabel: { color: text, fontSize: fontSize - 2, hideOverlap: true, showMinLabel: false, showMaxLabel: false },
      splitLine: { show: display.grid, lineStyle: { color: gridColor } },
    },
    yAxis: {
      type: 'value',
      min: axis.yMin ?? range.yMin,
      max: axis.yMax ?? range.yMax,
      name: input.levelName,
      nameTextStyle: { color: text, fontSize },
      axisLabel: { color: text, fontSize: fontSize - 2 },
      splitLine: { show: display.grid, lineStyle: { color: gridColor } },
    },
    series: [hole, ...geology, ground, ...(input.spt ? [spt] : [])],
  };
}
