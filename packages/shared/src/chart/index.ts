/**
 * The line chart's option code, shared by the web's charts and the server's report charts (issue 20): the same
 * colours, threshold lines, predictions, margin labels and time axis in the configured zone on both.
 */
export {
  AUTO_AXIS,
  buildLineChartOption,
  CHART,
  DEFAULT_DISPLAY,
  fitTitle,
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
} from './chart-option.js';
export {
  chooseThresholds,
  dataExtent,
  decimalsOf,
  nearDistance,
  niceRange,
  niceStep,
  withThresholds,
  type NiceRange,
  type ThresholdChoice,
} from './chart-scale.js';
export { chartZoneOffsetMs, escapeHtml, instantOf, timeTickLabel, timeTooltip, wallClock } from './chart-time.js';
export { MARGIN_FONT_SIZE, MARGIN_LABEL_HEIGHT, marginWidth, stackLabels, stackMarginLabels } from './margin-labels.js';
