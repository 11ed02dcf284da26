import { describe, expect, it } from 'vitest';
import { buildLogOption, conePoints, corePoints, logRange, sptPoints, strata } from './log-option';
import { soilFamily } from './soil';
import { boreholeLog } from './test-data';

describe('borehole log chart', () => {
  it('spans from ground level − final depth − 10 to ground level + 10 in mRL', () => {
    expect(logRange(boreholeLog())).toEqual({ ground: 102.5, min: 62.5, max: 112.5 });
    // No ground level: levels below 0.
    expect(logRange(boreholeLog({ ground_level: null, final_depth: 20, geol: [] }))).toEqual({ ground: 0, min: -30, max: 10 });
  });

  it('draws the strata at their levels with a family from the legend code or the words', () => {
    const layers = strata(boreholeLog());
    expect(layers.map((l) => [l.top, l.base, l.family])).toEqual([
      [102.5, 101, 'fill'],
      [101, 90.5, 'clay'],
      [90.5, 72.5, 'rock'],
    ]);
    expect(soilFamily({ geol_leg: '101' })).toBe('topsoil');
    expect(soilFamily({ geol_leg: '', geol_desc: 'Medium dense silty SAND' })).toBe('sand');
    expect(soilFamily({ geol_leg: 'X', geol_geol: 'PEAT' })).toBe('peat');
    expect(soilFamily({ geol_leg: '605' })).toBe('peat');
    expect(soilFamily({ geol_desc: 'Grey GRAVEL' })).toBe('gravel');
    expect(soilFamily({ geol_desc: 'Firm SILT' })).toBe('silt');
    expect(soilFamily({})).toBe('other');
  });

  it('plots SPT N (the blows of the test drive when N is missing), RQD and recovery, and qc against level', () => {
    expect(sptPoints(boreholeLog())).toEqual([
      [4, 99.5],
      [12, 96.5],
    ]);
    expect(corePoints(boreholeLog(), 'core_rqd')).toEqual([[60, 89]]);
    expect(corePoints(boreholeLog(), 'core_prec')).toEqual([[90, 89]]);
    expect(conePoints(boreholeLog())).toEqual([[0.8, 100.5]]);
  });

  it('builds four plots on one level axis with the spec labels and a legend of the families', () => {
    const option = buildLogOption({
      log: boreholeLog(),
      familyName: (f) => f,
      levelName: 'Level (mRL)',
      title: 'C101 / BH-01',
      subtitle: 'RC',
      fill: () => '#ccc',
    }) as { xAxis: { name?: string; min?: number; max?: number }[]; yAxis: { min: number; max: number }[]; legend: { data: string[] } };
    expect(option.xAxis.map((a) => a.name)).toEqual([undefined, 'SPT (N/cm)', 'RQD (%)', 'qc (MPa)']);
    expect([option.xAxis[0]!.min, option.xAxis[0]!.max]).toEqual([-5, 5]);
    expect(option.yAxis.every((a) => a.min === 62.5 && a.max === 112.5)).toBe(true);
    expect(option.legend.data).toEqual(['fill', 'clay', 'rock']);
  });

  it('follows the toolbar bounds', () => {
    const option = buildLogOption({
      log: boreholeLog(),
      familyName: (f) => f,
      levelName: 'Level',
      title: 't',
      subtitle: '',
      fill: () => '#ccc',
      axis: { xMin: -2, xMax: 2, yMin: 80, yMax: 100 },
    }) as { xAxis: { min?: number; max?: number }[]; yAxis: { min: number; max: number }[] };
    expect([option.xAxis[0]!.min, option.xAxis[0]!.max]).toEqual([-2, 2]);
    expect([option.yAxis[3]!.min, option.yAxis[3]!.max]).toEqual([80, 100]);
  });
});

describe('borehole log tooltip', () => {
  it('escapes the geology text of the file', () => {
    const option = buildLogOption({
      log: boreholeLog({ geol: [{ geol_top: 0, geol_base: 2, geol_geol: '<b>X</b>', geol_desc: '<img src=x onerror=alert(1)>' }] }),
      familyName: (f) => f,
      levelName: 'Level',
      title: 't',
      subtitle: '',
      fill: () => '#ccc',
    }) as { series: { type: string; tooltip?: { formatter: (p: unknown) => string } }[] };
    const custom = option.series.find((s) => s.type === 'custom')!;
    const html = custom.tooltip!.formatter({ name: '<b>X</b>', value: [102.5, 100.5], data: { description: '<img src=x onerror=alert(1)>' } });
    expect(html).not.toContain('<img');
    expect(html).not.toContain('<b>');
    expect(html).toContain('&#60;img src=x onerror=alert(1)&#62;');
  });
});
