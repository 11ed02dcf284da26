import { describe, expect, it } from 'vitest';
import { echarts } from '../../../components/chart/echarts-core';
import { buildLogOption } from './log-option';
import { SOIL_COLORS } from './soil';
import { boreholeLog } from './test-data';

describe('borehole log drawn by ECharts', () => {
  it('draws a rectangle per stratum in its family colour, the test plots and their axis names', () => {
    const chart = echarts.init(null, null, { renderer: 'svg', ssr: true, width: 900, height: 1200 });
    chart.setOption(
      buildLogOption({
        log: boreholeLog(),
        familyName: (family) => `family-${family}`,
        levelName: 'Level (mRL)',
        title: 'C101 / BH-01',
        subtitle: 'RC',
        fill: (family) => SOIL_COLORS[family],
      }),
    );
    const svg = chart.renderToSVGString();
    chart.dispose();
    for (const family of ['fill', 'clay', 'rock'] as const) expect(svg).toContain(`fill="${SOIL_COLORS[family]}"`);
    for (const text of ['SPT (N/cm)', 'RQD (%)', 'qc (MPa)', 'Level (mRL)', 'C101 / BH-01', 'family-clay', 'KF']) expect(svg).toContain(text);
  });
});
