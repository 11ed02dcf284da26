import { describe, expect, it } from 'vitest';
import { buildLineChartOption } from '@strata/shared';
import { summariseChartData } from './chart-data';

const JAN_1 = Date.UTC(2026, 0, 1, 1);
const JAN_3 = Date.UTC(2026, 0, 3, 9, 30);

describe('what a chart plots, from its option', () => {
  it('counts the points of every series and gives the first and last time of a time axis as ISO instants', () => {
    const option = buildLineChartOption({
      lines: [
        {
          name: 'A',
          points: [
            [JAN_3, 1],
            [Date.UTC(2026, 0, 2), 2],
          ],
        },
        { name: 'B', points: [[JAN_1, 3]] },
      ],
      // Threshold mark lines are not points.
      thresholds: [{ label: 'AL', value: 10, color: '#fb8c00' }],
    });
    expect(summariseChartData(option)).toEqual({ points: 3, firstX: '2026-01-01T01:00:00.000Z', lastX: '2026-01-03T09:30:00.000Z' });
  });

  it('gives plain numbers on a value axis, and reads { value: [x, y] } data', () => {
    const option = {
      xAxis: { type: 'value' },
      series: [
        {
          type: 'line',
          data: [
            [-1.5, 2],
            [0.25, 4],
          ],
        },
        { type: 'line', data: [{ value: [3, 6] }] },
      ],
    };
    expect(summariseChartData(option)).toEqual({ points: 3, firstX: '-1.5', lastX: '3' });
  });

  it('says nothing of x when there is no point', () => {
    expect(summariseChartData(buildLineChartOption({ lines: [{ name: 'A', points: [] }] }))).toEqual({ points: 0, firstX: null, lastX: null });
    expect(summariseChartData({})).toEqual({ points: 0, firstX: null, lastX: null });
  });
});
