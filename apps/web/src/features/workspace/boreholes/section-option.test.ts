import { describe, expect, it } from 'vitest';
import { echarts } from '../../../components/chart/echarts-core';
import { buildSectionOption, sectionRange } from './section-option';
import { SOIL_COLORS } from './soil';
import { sectionOf } from './section-test-data';

interface Series {
  name: string;
  type: string;
  data: { value: number[]; name?: string }[];
}
interface Option {
  series: Series[];
  xAxis: { min: number; max: number; name: string };
  yAxis: { min: number; max: number; name: string };
  legend: { data: string[] };
}

const build = (overrides: Partial<Parameters<typeof buildSectionOption>[0]> = {}) =>
  buildSectionOption({
    section: sectionOf(),
    familyName: (f) => f,
    distanceName: 'Distance along the line (m)',
    levelName: 'Level (mRL)',
    title: 'Borehole section',
    subtitle: '3 boreholes',
    spt: true,
    fill: () => '#ccc',
    ...overrides,
  }) as unknown as Option;

describe('borehole section chart', () => {
  it('stands each borehole as a strata column at its distance along the line, its levels from its ground level', () => {
    const option = build();
    const columns = option.series.filter((s) => s.type === 'custom' && s.name !== 'SPT N' && s.name !== 'hole');
    expect(columns.map((s) => s.name)).toEqual(['fill', 'clay', 'rock', 'sand']);
    const at = (family: string) => columns.find((s) => s.name === family)!.data.map((d) => d.value);
    expect(at('fill')).toEqual([
      [0, 102.5, 101],
      [240, 104, 102.5],
    ]);
    // BH-02 has no ground level: drawn from 0 mRL down.
    expect(at('sand')).toEqual([[120, 0, -20]]);
    expect(option.legend.data).toEqual(['fill', 'clay', 'rock', 'sand']);
  });

  it('joins the ground levels in order of distance, each labelled with the borehole number', () => {
    const option = build();
    const ground = option.series.find((s) => s.name === 'ground')!;
    expect(ground.type).toBe('line');
    expect(ground.data).toEqual([
      { value: [0, 102.5], name: 'BH-01' },
      { value: [120, 0], name: 'BH-02' },
      { value: [240, 104], name: 'BH-03' },
    ]);
  });

  it('spans the line with a margin and the levels from the deepest base − 10 to the highest ground + 10, in round numbers', () => {
    expect(sectionRange(sectionOf())).toEqual({ xMin: -20, xMax: 260, yMin: -30, yMax: 115 });
    expect(sectionRange(sectionOf({ length: 2322.22 }))).toEqual({ xMin: -200, xMax: 2500, yMin: -30, yMax: 115 });
    const option = build();
    expect([option.xAxis.min, option.xAxis.max, option.xAxis.name]).toEqual([-20, 260, 'Distance along the line (m)']);
    expect([option.yAxis.min, option.yAxis.max, option.yAxis.name]).toEqual([-30, 115, 'Level (mRL)']);
    const bounded = build({ axis: { xMin: 100, xMax: 200, yMin: 50, yMax: 110 } });
    expect([bounded.xAxis.min, bounded.xAxis.max, bounded.yAxis.min, bounded.yAxis.max]).toEqual([100, 200, 50, 110]);
  });

  it('outlines every hole from its ground level to its final depth, strata or not', () => {
    const section = sectionOf();
    section.boreholes[2]!.geol = [];
    const hole = build({ section }).series.find((s) => s.name === 'hole')!;
    expect(hole.data.map((d) => d.value)).toEqual([
      [0, 102.5, 72.5],
      [120, 0, -20],
      [240, 104, 79],
    ]);
  });

  it('writes the SPT N values beside the columns only when asked', () => {
    const spt = build().series.find((s) => s.name === 'SPT N')!;
    expect(spt.data.map((d) => d.value)).toEqual([
      [0, 99.5, 4],
      [240, 94, 30],
    ]);
    expect(build({ spt: false }).series.some((s) => s.name === 'SPT N')).toBe(false);
  });

  it('is drawn by ECharts: the columns in their family colours, the numbers and the axis names', () => {
    const chart = echarts.init(null, null, { renderer: 'svg', ssr: true, width: 1000, height: 640 });
    chart.setOption(
      buildSectionOption({
        section: sectionOf(),
        familyName: (f) => `family-${f}`,
        distanceName: 'Distance (m)',
        levelName: 'Level (mRL)',
        title: 'Section',
        subtitle: '',
        spt: true,
        fill: (f) => SOIL_COLORS[f],
      }),
    );
    const svg = chart.renderToSVGString();
    chart.dispose();
    for (const family of ['fill', 'clay', 'rock', 'sand'] as const) expect(svg).toContain(`fill="${SOIL_COLORS[family]}"`);
    for (const text of ['BH-01', 'BH-02', 'BH-03', 'Distance (m)', 'Level (mRL)', 'family-sand', '>30<']) expect(svg).toContain(text);
  });

  it('escapes the file text in the tooltips', () => {
    const section = sectionOf();
    section.boreholes[0]!.no = '<b>BH</b>';
    const option = buildSectionOption({
      section,
      familyName: (f) => f,
      distanceName: 'd',
      levelName: 'l',
      title: 't',
      subtitle: '',
      spt: true,
      fill: () => '#ccc',
    }) as unknown as {
      series: { name: string; tooltip: { formatter: (p: unknown) => string } }[];
    };
    const ground = option.series.find((s) => s.name === 'ground')!;
    expect(ground.tooltip.formatter({ name: '<b>BH</b>', value: [0, 1] })).not.toContain('<b>');
  });
});
