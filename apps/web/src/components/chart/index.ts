export {
  AUTO_AXIS,
  buildLineChartOption,
  CHART,
  DEFAULT_DISPLAY,
  fitToBox,
  hasPoints,
  lineValueAxis,
  PREDICTION_COLORS,
  predictionChartLines,
  thresholdLines,
  valueExtent,
  type AxisRange,
  type ChartDisplay,
  type ChartLine,
  type LineChartInput,
  type PredictionLine,
  type ThresholdLine,
  type ValueAxis,
} from './chart-option';
export { chooseThresholds, niceRange, niceStep, type NiceRange, type ThresholdChoice } from './chart-scale';
export { escapeHtml, timeTickLabel, wallClock, zoneOffsetMs } from './chart-time';
export { stackLabels, stackMarginLabels } from './margin-labels';
export { summariseChartData, type ChartDataSummary } from './chart-data';
export { ChartPanel, type ChartPanelProps, type ChartView } from './chart-panel';
export { ChartToolbar, formatBound, parseBound, type ChartToolbarProps } from './chart-toolbar';
export { canDrawCharts, EChart, type EChartProps } from './echart';
export { canvasPdf, chartSvg, EXPORT_FORMATS, exportChart, safeFileName, type ExportFormat } from './export';
export { LineChartPanel, type LineChartPanelProps } from './line-chart-panel';
export { A4_MM, dataUrlBytes, jpegInfo, jpegToPdf, PDF_BOUNDS_MM, type JpegInfo, type PdfOptions } from './pdf';
