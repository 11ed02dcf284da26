import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWidget } from '../../../test/render-widget';
import { AgsReportView } from './ags-report-view';
import { agsReport } from './test-data';

describe('AGS check report', () => {
  it('names the file of each finding when a ZIP held several', () => {
    const report = agsReport({
      files: ['site/a.ags', 'site/b.ags'],
      by_rule: [
        {
          rule: 'AGS Format Rule 4',
          severity: 'error',
          findings: [
            { rule: 'AGS Format Rule 4', severity: 'error', line: 3, group: 'LOCA', message: 'Wrong number of fields', file: 'site/b.ags' },
            { rule: 'AGS Format Rule 4', severity: 'error', line: 9, group: 'GEOL', message: 'Wrong number of fields', file: 'site/a.ags' },
          ],
          omitted: 0,
        },
      ],
    });
    renderWidget(<AgsReportView report={report} />);
    const table = screen.getByRole('table', { name: 'Rule AGS Format Rule 4' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['File', 'Line', 'Group', 'Heading', 'Message']);
    expect(
      within(table)
        .getAllByRole('row')
        .slice(1)
        .map((r) =>
          within(r)
            .getAllByRole('cell')
            .slice(0, 2)
            .map((c) => c.textContent),
        ),
    ).toEqual([
      ['site/b.ags', '3'],
      ['site/a.ags', '9'],
    ]);
    expect(screen.getByText('Files read: site/a.ags, site/b.ags')).toBeInTheDocument();
  });

  it('says so when the file has no findings', () => {
    renderWidget(<AgsReportView report={agsReport({ counts: { errors: 0, warnings: 0, fyi: 0 }, by_rule: [] })} />);
    expect(screen.getByText('No findings: the file follows the AGS rules.')).toBeInTheDocument();
    expect(screen.queryByRole('table')).toBeNull();
  });
});
