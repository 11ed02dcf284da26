import type { TAgsReport } from '@strata/shared';

/** A checker report as `GET /uploads/{id}/ags-report` answers, for the tests. */
export function agsReport(overrides: Partial<TAgsReport> = {}): TAgsReport {
  return {
    upload_id: 5,
    file_name: 'c101-si.ags',
    version: 'AGS4',
    encoding: 'UTF-8',
    dictionary: 'AGS4 v4.1.1',
    counts: { errors: 2, warnings: 1, fyi: 0 },
    summary: ['2 errors, 1 warning', 'Groups: PROJ, LOCA, GEOL, ISPT'],
    by_rule: [
      {
        rule: 'AGS Format Rule 3',
        severity: 'error',
        findings: [
          { rule: 'AGS Format Rule 3', severity: 'error', line: 14, group: 'GEOL', message: 'Row does not start with a data descriptor' },
          { rule: 'AGS Format Rule 3', severity: 'error', line: 27, group: 'ISPT', message: 'Row does not start with a data descriptor' },
        ],
        omitted: 0,
      },
      {
        rule: 'AGS Format Rule 10a',
        severity: 'warning',
        findings: [{ rule: 'AGS Format Rule 10a', severity: 'warning', line: 40, group: 'LOCA', heading: 'LOCA_ID', message: 'Key field duplicated' }],
        omitted: 3,
      },
    ],
    boreholes: [
      { borehole_no: 'BH-01', exists: true },
      { borehole_no: 'BH-02', exists: false },
    ],
    files: ['c101-si.ags'],
    ...overrides,
  };
}
