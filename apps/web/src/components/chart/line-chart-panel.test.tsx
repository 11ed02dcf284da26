import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWidget } from '../../test/render-widget';
import { LineChartPanel } from './line-chart-panel';

const AT = (iso: string) => Date.parse(iso);

describe('line chart panel, in words', () => {
  it('describes each series: its readings, the first and last time in the given zone, the latest value; and where the table is', () => {
    renderWidget(
      <LineChartPanel
        label="Chart of DSPA of SM-1001"
        dataNote="The readings table below has the same data."
        lines={[
          {
            name: 'DSPA',
            points: [
              [AT('2026-03-02T01:00:00Z'), 1.5],
              [AT('2026-03-01T00:30:00Z'), 1.25],
              [AT('2026-03-03T16:15:00Z'), -2.125],
            ],
          },
          { name: 'Empty', points: [] },
        ]}
        yName="mm"
        precision={2}
        fileName="SM-1001-DSPA"
        timezone="Asia/Singapore"
      />,
    );
    const chart = screen.getByRole('img', { name: 'Chart of DSPA of SM-1001' });
    expect(chart).toHaveAccessibleDescription(
      'DSPA: 3 readings from 01/03/2026 08:30:00 to 04/03/2026 00:15:00, latest -2.13 mm. The readings table below has the same data.',
    );
  });

  it('gives a chart without a time axis only the note', () => {
    renderWidget(<LineChartPanel label="Profile" dataNote="See the table." xType="value" lines={[{ name: 'A', points: [[0.5, 2]] }]} fileName="profile" />);
    expect(screen.getByRole('img', { name: 'Profile' })).toHaveAccessibleDescription('See the table.');
  });
});
