import type { TCustomTemplate, TReportCatalog, TReportSchedule, TReportScheduleRun } from '@strata/shared';

/** A custom template of C101 for the reading report, as the API answers it. */
export const customTemplate = (overrides: Partial<TCustomTemplate> = {}): TCustomTemplate => ({
  template_id: 81,
  name: 'Lean readings',
  report_type: 'reading',
  report_type_name: 'Instrument Reading Report',
  contract_id: 11,
  contract_no: 'C101',
  title: '',
  logo: null,
  header_text: '',
  footer_text: '',
  sections: [],
  instrument_type_ids: [],
  zone_ids: [],
  chart: { per_page: 2, y_min: null, y_max: null },
  decimals: null,
  length_unit: 'mm',
  language: 'en',
  filename: 'default',
  workbook: null,
  created_by_name: 'Alice Tan',
  created: '2024-05-01T02:00:00Z',
  updated: '2024-05-02T02:00:00Z',
  ...overrides,
});

/** The catalog of the reading report: a summary and a readings table, with charts. */
export const readingCatalog: TReportCatalog = {
  report_type: 'reading',
  charts: true,
  sections: [
    {
      key: 'summary',
      label: 'Summary',
      columns: [
        { key: 'instrument', label: 'Instrument' },
        { key: 'latest', label: 'Latest reading' },
        { key: 'change', label: 'Change' },
      ],
    },
    {
      key: 'readings',
      label: 'Readings',
      columns: [
        { key: 'time', label: 'Time' },
        { key: 'value', label: 'Value' },
      ],
    },
  ],
};

/** A run of a schedule. */
export const scheduleRun = (overrides: Partial<TReportScheduleRun> = {}): TReportScheduleRun => ({
  run_id: 301,
  scheduler_id: 91,
  due_at: '2024-05-13T00:00:00Z',
  trigger: 'schedule',
  started_at: '2024-05-13T00:00:05Z',
  finished_at: '2024-05-13T00:01:00Z',
  status: 'sent',
  attempt: 1,
  report_ids: [41],
  size: 120_000,
  recipients: ['bob.lim@example.com'],
  error: null,
  ...overrides,
});

/** A weekly schedule of the reading report for C101. */
export const reportSchedule = (overrides: Partial<TReportSchedule> = {}): TReportSchedule => ({
  scheduler_id: 91,
  name: 'Monday readings',
  report_type: 'reading',
  report_type_name: 'Instrument Reading Report',
  template: 'default',
  template_name: 'Default',
  contract_ids: [11],
  contract_nos: ['C101'],
  zone_ids: [],
  instrument_type_ids: [],
  period: 'last-week',
  output: 'pdf',
  frequency: { kind: 'weekly', weekdays: [1], time: '08:00' },
  frequency_text: 'Weekly on Monday at 08:00',
  timezone: 'Asia/Singapore',
  recipients: { user_ids: [7], role_ids: [], emails: [] },
  enabled: true,
  next_run_at: '2024-05-20T00:00:00Z',
  last_run: scheduleRun(),
  owner_id: 7,
  owner_name: 'Alice Tan',
  created: '2024-05-01T02:00:00Z',
  updated: '2024-05-02T02:00:00Z',
  ...overrides,
});
