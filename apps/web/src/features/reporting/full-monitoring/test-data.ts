import type { TMonitoringReport, TMonitoringTemplate } from '@strata/shared';
import { ZMonitoringSection } from '@strata/shared';

/** A monitoring report as the API answers it. */
export const monitoringReport = (overrides: Partial<TMonitoringReport> = {}): TMonitoringReport => ({
  monitoring_report_id: 501,
  contract_id: 11,
  contract_no: 'C101',
  template_id: 61,
  template_name: 'Weekly IMR',
  report_no: 'T301-IMR-W48',
  revision: 1,
  title: 'Instrumentation Monitoring Report',
  period_from: '2024-05-01',
  period_to: '2024-05-14',
  status: 'prepared',
  status_label: 'Prepared',
  report_id: 91,
  prepared_by_name: 'Alice Tan',
  prepared: '2024-05-14T02:00:00Z',
  checked_by_name: null,
  checked: null,
  approved_by_name: null,
  approved: null,
  content_sha256: null,
  published_sha256: null,
  size: 120_000,
  actions: [],
  steps: [],
  ...overrides,
});

/** A monitoring template of C101. */
export const monitoringTemplate = (overrides: Partial<TMonitoringTemplate> = {}): TMonitoringTemplate => ({
  template_id: 61,
  contract_id: 11,
  contract_no: 'C101',
  name: 'Weekly IMR',
  sections: [ZMonitoringSection.parse({ kind: 'cover' }), ZMonitoringSection.parse({ kind: 'breach-log' })],
  created_by_name: 'Alice Tan',
  updated_by_name: 'Bob Lim',
  created: '2024-05-01T02:00:00Z',
  updated: '2024-05-02T02:00:00Z',
  ...overrides,
});
