import { CustomChart, LineChart, ScatterChart } from 'echarts/charts';
import { DataZoomComponent, GridComponent, LegendComponent, MarkLineComponent, TitleComponent, TooltipComponent } from 'echarts/components';
import * as echarts from 'echarts/core';
import { LabelLayout } from 'echarts/features';
import { CanvasRenderer, SVGRenderer } from 'echarts/renderers';

/**
 * ECharts with what the charts here use (tree-shaken): lines, scatter, custom shapes (the borehole log's strata), titles, legends, tooltips, mark lines, zoom, the
 * label layout (overlapping labels hidden); canvas and SVG.
 */
echarts.use([
  LineChart,
  CustomChart,
  ScatterChart,
  GridComponent,
  LegendComponent,
  TooltipComponent,
  TitleComponent,
  MarkLineComponent,
  DataZoomComponent,
  LabelLayout,
  CanvasRenderer,
  SVGRenderer,
]);

export { echarts };
export type { ECharts, EChartsCoreOption } from 'echarts/core';
