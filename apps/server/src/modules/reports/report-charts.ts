/**
 * Report charts (issue 20, decision 039): a ReportChart is turned into an ECharts option by the web's own chart code
 * (`buildLineChartOption` in packages/shared/src/chart: the same series palette, dashed threshold lines in their level
 * colours, dashed predictions, margin labels and a time axis on the report zone's wall clock) and drawn on the server by
 * ECharts' SVG renderer in server-side mode (no DOM, no canvas): vector graphics the PDF renderer draws as paths and the
 * HTML renderer inlines. Only the components a line chart uses are registered; no animation, no tooltip, no zoom.
 * ECharts is imported when the first chart is drawn (its import is slow; most processes never draw one).
 */
import { buildLineChartOption, DEFAULT_DISPLAY, fitToBox, type LineChartInput } from '@strata/shared';
import type * as EchartsCore from 'echarts/core';
import type { EChartsCoreOption } from 'echarts/core';
import type { ReportChart } from './report-document.js';
import { collectGarbageAbove } from '../../lib/heap.js';

/** The size a chart is drawn at (SVG user units = PDF points when placed at 1:1). */
export interface ChartSize {
  width: number;
  height: number;
}

/** The font family the charts' text names: the PDF renderer maps it to the embedded Unicode font. */
export const CHART_FONT_FAMILY = 'sans-serif';

type Echarts = typeof EchartsCore;

let loading: Promise<Echarts> | undefined;

/** ECharts core with the line chart, its components and the SVG renderer, registered once. */
function loadEcharts(): Promise<Echarts> {
  loading ??= (async () => {
    const [core, charts, components, features, renderers] = await Promise.all([
      import('echarts/core'),
      import('echarts/charts'),
      import('echarts/components'),
      import('echarts/features'),
      import('echarts/renderers'),
    ]);
    core.use([
      charts.LineChart,
      components.GridComponent,
      components.LegendComponent,
      components.TitleComponent,
      components.MarkLineComponent,
      features.LabelLayout,
      renderers.SVGRenderer,
    ]);
    return core;
  })();
  return loading;
}

/** The chart's input to the shared builder: labels, subtitle, legend and grid on; the levels near the data. */
export function reportChartInput(chart: ReportChart, timezone: string): LineChartInput {
  return {
    title: chart.title,
    subtitle: chart.subtitle,
    lines: chart.lines,
    thresholds: chart.thresholds ?? [],
    predictions: chart.predictions ?? [],
    xType: 'time',
    timezone,
    yName: chart.yName,
    precision: chart.precision ?? 2,
    display: DEFAULT_DISPLAY,
  };
}

/** The ECharts option of a report chart at a size: the web's option fitted to the box, without interaction. */
export function reportChartOption(chart: ReportChart, timezone: string, size: ChartSize): EChartsCoreOption {
  const option = fitToBox(buildLineChartOption(reportChartInput(chart, timezone)), size.width, size.height);
  // The legend pages by scrolling on screen; on paper it wraps. Tooltip and zoom are for the screen only.
  const { tooltip: _tooltip, dataZoom: _zoom, legend, ...rest } = option as Record<string, unknown>;
  return {
    ...rest,
    ...(chart.yMin !== undefined || chart.yMax !== undefined ? { yAxis: withRange(rest.yAxis, chart) } : {}),
    legend: { ...(legend as object), type: 'plain' },
    animation: false,
    backgroundColor: '#ffffff',
    textStyle: { ...((rest.textStyle as object | undefined) ?? {}), fontFamily: CHART_FONT_FAMILY },
  };
}

/** The y axis (or axes) with a custom template's fixed range (decision 041). */
function withRange(axis: unknown, chart: ReportChart): unknown {
  const range = { ...(chart.yMin !== undefined ? { min: chart.yMin } : {}), ...(chart.yMax !== undefined ? { max: chart.yMax } : {}) };
  if (Array.isArray(axis)) return axis.map((a: object) => ({ ...a, ...range }));
  return { ...((axis as object | undefined) ?? {}), ...range };
}

/**
 * Before each chart, a full garbage collection when the used heap is above this (lib/heap.ts): the previous chart's
 * model, SVG and its drawing into the PDF are garbage by then, and a long report's process stays small.
 */
const HEAP_LIMIT = 80 * 1024 * 1024;

/** The chart as an SVG document (a string), drawn by ECharts' server-side SVG renderer. */
export async function renderChartSvg(chart: ReportChart, timezone: string, size: ChartSize): Promise<string> {
  collectGarbageAbove(HEAP_LIMIT);
  const echarts = await loadEcharts();
  const instance = echarts.init(null, null, { renderer: 'svg', ssr: true, width: size.width, height: size.height });
  try {
    instance.setOption(reportChartOption(chart, timezone, size));
    return instance.renderToSVGString();
  } finally {
    instance.dispose();
  }
}

/**
 * The SVG without what a page does not need: the hover styles (`<style>` with `:hover` rules) and the renderer's
 * data attributes. The drawing is unchanged.
 */
export function plainSvg(svg: string): string {
  return svg
    .replace(/<style\b[^>]*>[\s\S]*?<\/style>/g, '')
    .replace(/\s(?:ecmeta_[a-z_]+|pointer-events)="[^"]*"/g, '')
    .replace(/\sclass="zr\d+-cls-\d+"/g, '');
}
