import { describe, expect, it } from 'vitest';
import { advanceOption } from './tunnel-chart';
import { combinedOption, dayStart, progressChartData, type ProgressWords } from './excavation-chart';
import { excavationProgress } from './test-data';

const WORDS: ProgressWords = {
  level: 'Excavated level',
  zone: (zone) => `Zone ${zone}`,
  strut: (label) => `Strut ${label}`,
  anchor: (label) => `Anchor ${label}`,
  formation: 'Formation level',
  stage: (no, name) => `Stage ${no} target (${name})`,
};
const TZ = 'Asia/Singapore';

describe('excavation charts', () => {
  it('plots a calendar date at the start of that day in the platform zone', () => {
    expect(new Date(dayStart('2026-06-03', TZ)).toISOString()).toBe('2026-06-02T16:00:00.000Z');
    expect(new Date(dayStart('2026-06-03', 'UTC')).toISOString()).toBe('2026-06-03T00:00:00.000Z');
  });

  it('draws one level line per zone and marks struts, anchors, the formation level and the other stage targets', () => {
    const progress = excavationProgress({
      levels: [
        { progress_id: 1, date: '2026-06-03', zone: 'A', stage_no: 1, level: 101, remarks: '', upload_id: null },
        { progress_id: 2, date: '2026-06-03', zone: 'B', stage_no: 1, level: 100.5, remarks: '', upload_id: null },
        { progress_id: 3, date: '2026-06-04', zone: 'A', stage_no: 1, level: 99, remarks: '', upload_id: null },
      ],
      supports: [
        { ...excavationProgress().supports[0]!, label: 'S1', kind: 'strut', level: 99.5 },
        { ...excavationProgress().supports[0]!, support_id: 602, label: 'GA1', kind: 'anchor', level: 96 },
      ],
    });
    const { lines, marks } = progressChartData(progress, TZ, WORDS);
    expect(lines.map((l) => [l.name, l.points.map((p) => p[1])])).toEqual([
      ['Zone A', [101, 99]],
      ['Zone B', [100.5]],
    ]);
    expect(lines[0]!.points[0]![0]).toBe(Date.parse('2026-06-02T16:00:00Z'));
    expect(marks.map((m) => [m.label, m.short, m.value])).toEqual([
      ['Strut S1', 'S1', 99.5],
      ['Anchor GA1', 'GA1', 96],
      ['Formation level', 'Formation level', 90],
      // Stage 2's target is the formation level: drawn once.
      ['Stage 1 target (Excavate to S1)', 'S1', 98],
    ]);
  });

  it('names a one-zone site’s line "Excavated level"', () => {
    const { lines } = progressChartData(excavationProgress(), TZ, WORDS);
    expect(lines.map((l) => [l.name, l.points.length])).toEqual([['Excavated level', 3]]);
  });

  it('puts the levels on the left axis and the reading on the right, on one time axis in the zone’s wall clock', () => {
    const at = Date.parse('2026-06-10T00:00:00Z');
    const option = combinedOption({
      levels: [{ name: 'Excavated level', points: [[at, 99]] }],
      levelName: 'mRL',
      reading: { name: 'IN-01 A', unit: 'mm', precision: 2, points: [[at, 1.5]] },
      timezone: TZ,
    }) as { series: { name: string; yAxisIndex: number; data: number[][] }[]; yAxis: { name: string }[] };
    expect(option.series.map((s) => [s.name, s.yAxisIndex])).toEqual([
      ['Excavated level', 0],
      ['IN-01 A', 1],
    ]);
    expect(option.yAxis.map((a) => a.name)).toEqual(['mRL', 'mm']);
    // [wall clock, value, instant]: 8 h ahead in Singapore.
    expect(option.series[1]!.data[0]).toEqual([at + 8 * 3_600_000, 1.5, at]);
    const levelsOnly = combinedOption({ levels: [], levelName: 'mRL', reading: null, timezone: TZ }) as { series: unknown[] };
    expect(levelsOnly.series).toEqual([]);
  });

  it('draws a bar per day of advance with the dates as DD/MM/YYYY', () => {
    const option = advanceOption(
      [
        { date: '2026-10-02', advance: 50 },
        { date: '2026-10-03', advance: 60 },
      ],
      { axis: 'Advance (m)', series: 'Top heading advance' },
    ) as { xAxis: { data: string[] }; series: { type: string; data: number[] }[] };
    expect(option.xAxis.data).toEqual(['02/10/2026', '03/10/2026']);
    expect(option.series[0]).toMatchObject({ type: 'bar', data: [50, 60] });
  });
});
