export {
  AUTO_AXIS,
  buildLineChartOption,
  CHART,
  chartZoneOffsetMs as zoneOffsetMs,
  chooseThresholds,
  DEFAULT_DISPLAY,
  escapeHtml,
  fitToBox,
  hasPoints,
  lineValueAxis,
  niceRange,
  niceStep,
  PREDICTION_COLORS,
  predictionChartLines,
  stackLabels,
  stackMarginLabels,
  thresholdLines,
  timeTickLabel,
  valueExtent,
  wallClock,
  type AxisRange,
  type ChartDisplay,
  type ChartLine,
  type LineChartInput,
  type NiceRange,
  type PredictionLine,
  type ThresholdChoice,
  type ThresholdLine,
  type ValueAxis,
} from '@strata/shared';
export { summariseChartData, type ChartDataSummary } from './chart-data';
export { ChartPanel, type ChartPanelProps, type ChartView } from './chart-panel';
export { ChartToolbar, formatBound, parseBound, type ChartToolbarProps } from './chart-toolbar';
export { canDrawCharts, EChart, type EChartProps } from './echart';
export { canvasPdf, chartSvg, EXPORT_FORMATS, exportChart, safeFileName, type ExportFormat } from './export';
export { LineChartPanel, type LineChartPanelProps } from './line-chart-panel';
export { A4_MM, dataUrlBytes, jpegInfo, jpegToPdf, PDF_BOUNDS_MM, type JpegInfo, type PdfOptions } from './pdf';
