import type { TReportCheck, TReportRecord } from '@strata/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { storeTestCredential, syncResponse } from '../../test/fixtures';
import { renderApp } from '../../test/render-app';
import { api, server } from '../../test/server';

const SLOW = { timeout: 5000 };

const record = (overrides: Partial<TReportRecord> = {}): TReportRecord => ({
  report_id: 41,
  type: 'geostatus',
  type_name: 'Geotechnical Status',
  output: 'pdf',
  status: 2,
  contract_ids: [11],
  contract_nos: ['C101'],
  period_from: '2024-05-01',
  period_to: '2024-05-14',
  file_name: 'geostatus.pdf',
  size: 120_000,
  created_by_name: 'Alice Tan',
  created: '2024-05-14T02:00:00Z',
  completed: '2024-05-14T02:01:00Z',
  expires: '2024-05-21T02:00:00Z',
  ...overrides,
});

function signedIn(permissions: string[], reports: TReportRecord[] = [], check?: TReportCheck) {
  storeTestCredential();
  const listQueries: URLSearchParams[] = [];
  server.use(
    http.get(api('/sync'), () => HttpResponse.json(syncResponse({ permissions }))),
    http.get(api('/reports'), ({ request }) => {
      const query = new URL(request.url).searchParams;
      listQueries.push(query);
      const type = query.get('type');
      const records = type ? reports.filter((r) => r.type === type) : reports;
      return HttpResponse.json({ records, total_records: records.length });
    }),
    http.get(api('/instrument-types'), () => HttpResponse.json({ records: [], total_records: 0 })),
    http.get(api('/reports/:id/check'), () => (check ? HttpResponse.json(check) : new HttpResponse('Report not found', { status: 404 }))),
  );
  return { listQueries };
}

describe('Reporting pages (spec §2.7)', { timeout: 30_000 }, () => {
  it('the landing shows its two tiles and the user’s recent reports; the first tile opens the chooser', async () => {
    signedIn(
      ['GenerateInstrumentationMonitoringReport'],
      [record(), record({ report_id: 42, status: 4, type_name: 'Breach Report', file_name: null, size: null })],
    );
    const { user, location } = renderApp('/en/reporting');
    const tiles = await screen.findByRole('list', { name: 'Reports' }, SLOW);
    expect(
      within(tiles)
        .getAllByRole('heading', { level: 2 })
        .map((h) => h.textContent),
    ).toEqual(['Monitoring Report Generation', 'Summary of Monitoring Work Done']);
    const table = await screen.findByRole('table', { name: 'Recent reports' }, SLOW);
    await within(table).findByText('Geotechnical Status');
    expect(within(table).getAllByText('01/05/2024 – 14/05/2024')).toHaveLength(2);
    expect(within(table).getByText('Too large')).toBeInTheDocument();
    expect(within(table).getByRole('link', { name: 'Breach Report' }).getAttribute('href')).toBe('/en/reporting/report/42');
    // Only a completed report downloads.
    expect(within(table).getAllByRole('button', { name: /^Download/ })).toHaveLength(1);
    await user.click(within(tiles).getByRole('link', { name: /Monitoring Report Generation/ }));
    await waitFor(() => expect(location()).toBe('/en/reporting/monitoring'), SLOW);
  });

  it('the landing shows the custom templates, scheduled reports and protection setting tiles to those who may open them', async () => {
    signedIn(['GenerateInstrumentationMonitoringReport', 'SearchorViewReportTemplates', 'SearchorViewScheduledReports', 'ManageSystemSettings']);
    server.use(http.get(api('/reports/schedules'), () => HttpResponse.json({ records: [], total_records: 0 })));
    const { user, location } = renderApp('/en/reporting');
    const tiles = await screen.findByRole('list', { name: 'Reports' }, SLOW);
    expect(
      within(tiles)
        .getAllByRole('heading', { level: 2 })
        .map((h) => h.textContent),
    ).toEqual([
      'Monitoring Report Generation',
      'Summary of Monitoring Work Done',
      'Custom Report Templates',
      'Scheduled Reports',
      'Report and Document Protection',
    ]);
    await user.click(within(tiles).getByRole('link', { name: /Scheduled Reports/ }));
    await waitFor(() => expect(location()).toBe('/en/report/scheduler'), SLOW);
  });

  it('the chooser offers the report categories; IMR offers its report types', async () => {
    signedIn(['GenerateInstrumentationMonitoringReport']);
    const { user, location } = renderApp('/en/reporting/monitoring');
    const types = await screen.findByRole('list', { name: 'Monitoring report types' }, SLOW);
    expect(
      within(types)
        .getAllByRole('heading', { level: 2 })
        .map((h) => h.textContent),
    ).toEqual(['Geotechnical', 'IMR', 'IMC', 'Installation Status']);
    await user.click(within(types).getByRole('link', { name: /IMR/ }));
    await waitFor(() => expect(location()).toBe('/en/reporting/imr'), SLOW);
    await user.click(await screen.findByRole('combobox', { name: 'Report type' }, SLOW));
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(['Instrument Reading Report', 'Breach Report']);
  });

  it('says so when there is no report yet', async () => {
    signedIn(['GenerateFullMonitoringReport']);
    renderApp('/en/reporting');
    expect(await screen.findByText('You have not generated any report yet.', {}, SLOW)).toBeInTheDocument();
  });

  it('lists the generated installation status reports', async () => {
    const state = signedIn(
      ['GenerateInstrumentationMonitoringReport'],
      [record(), record({ report_id: 50, type: 'installation-status', type_name: 'Instrument Installation Status', file_name: 'ins.pdf' })],
    );
    renderApp('/en/reporting/installation-status/generated');
    const table = await screen.findByRole('table', { name: 'Generated reports' }, SLOW);
    expect(await within(table).findByText('Instrument Installation Status')).toBeInTheDocument();
    expect(within(table).queryByText('Geotechnical Status')).toBeNull();
    expect(state.listQueries.at(-1)?.get('type')).toBe('installation-status');
  });

  it('one report’s page (the notification’s link) gives status 4’s message and a way back', async () => {
    signedIn(['GenerateInstrumentationMonitoringReport'], [], {
      report_id: 42,
      status: 4,
      type: 'breach',
      output: 'pdf',
      progress: null,
      message: 'Unable to download report. Report size exceeded the limit',
    });
    const { user, location } = renderApp('/en/reporting/report/42');
    expect(await screen.findByText('Unable to download report. Report size exceeded the limit', {}, SLOW)).toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: 'Back to reports' }));
    await waitFor(() => expect(location()).toBe('/en/reporting'), SLOW);
  });

  it('one report’s page opens a completed PDF in the report dialog', async () => {
    signedIn(['GenerateInstrumentationMonitoringReport'], [], {
      report_id: 43,
      status: 2,
      type: 'geosum',
      output: 'pdf',
      progress: null,
      url: '/api/v1/reports/43/get?token=abc',
      file_name: 'geosum.pdf',
    });
    renderApp('/en/reporting/report/43');
    const dialog = await screen.findByRole('dialog', { name: 'Geotechnical Summary' }, SLOW);
    expect(within(dialog).getByTitle('Geotechnical Summary').getAttribute('src')).toBe('/api/v1/reports/43/get?token=abc&_token=resource-1');
  });

  it('one report’s page says when the report is unknown', async () => {
    signedIn(['GenerateInstrumentationMonitoringReport']);
    renderApp('/en/reporting/report/99');
    expect(await screen.findByText('Report not found', {}, SLOW)).toBeInTheDocument();
  });
});
