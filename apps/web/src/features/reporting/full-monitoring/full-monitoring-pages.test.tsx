import { FULL_MONITORING_TOAST, MONITORING_REPORT_MESSAGES, type TMonitoringReport } from '@strata/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { AppRoute } from '../../../lib/route-meta';
import { configResponse, storeTestCredential, syncResponse } from '../../../test/fixtures';
import { renderApp } from '../../../test/render-app';
import { api, server } from '../../../test/server';
import { BuildPage } from './generate/build-page';
import { FULL_MONITORING_TASKS } from './tasks';
import { monitoringReport, monitoringTemplate } from './test-data';

const SLOW = { timeout: 5000 };

interface Sent {
  path: string;
  query: URLSearchParams;
  body: unknown;
}

/** Signed in with these tasks (and user type); the API of the full monitoring pages over `reports`. */
function setup(permissions: string[], reports: TMonitoringReport[] = [], { userType = 1 }: { userType?: number } = {}) {
  storeTestCredential();
  const sent: Sent[] = [];
  const lists: URLSearchParams[] = [];
  const byId = new Map(reports.map((r) => [r.monitoring_report_id, r]));
  server.use(
    http.get(api('/sync'), () => HttpResponse.json(syncResponse({ permissions, profile: { ...syncResponse().profile, user_type: userType } }))),
    http.get(api('/config'), () =>
      HttpResponse.json(configResponse({ settings: { password_min_length: 8, report_range_num: 3, report_range_period: 'month' } })),
    ),
    http.get(api('/contracts'), () => HttpResponse.json({ records: syncResponse().contracts.records, last_filtered: [11], total_records: 2 })),
    http.get(api('/zones'), () => HttpResponse.json({ records: [{ zone_id: 31, name: 'North Portal', contract_id: 11, is_report: true }], total_records: 1 })),
    http.get(api('/reports/monitoring-template'), ({ request }) => {
      lists.push(new URL(request.url).searchParams);
      return HttpResponse.json({ records: [monitoringTemplate()], total_records: 1 });
    }),
    http.post(api('/reports/full-monitoring'), async ({ request }) => {
      sent.push({ path: '/reports/full-monitoring', query: new URL(request.url).searchParams, body: await request.json() });
      return HttpResponse.json({ report_id: 91, status: 1, token: 'tok', message: FULL_MONITORING_TOAST, monitoring_report_id: 501 });
    }),
    http.get(api('/reports/full-monitoring'), ({ request }) => {
      const query = new URL(request.url).searchParams;
      lists.push(query);
      const statuses = query.get('status')?.split(',');
      const records = reports.filter((r) => !statuses || statuses.includes(r.status));
      return HttpResponse.json({ records, total_records: records.length });
    }),
    http.get(api('/reports/full-monitoring/published'), () => {
      const records = reports.filter((r) => r.status === 'published');
      return HttpResponse.json({ records, total_records: records.length });
    }),
    http.get(api('/reports/full-monitoring/:id'), ({ params }) => {
      const report = byId.get(Number(params.id));
      return report ? HttpResponse.json(report) : new HttpResponse('Report not found', { status: 404 });
    }),
    http.post(api('/reports/full-monitoring/:id/:action'), async ({ params, request }) => {
      sent.push({ path: `/reports/full-monitoring/${params.id}/${params.action}`, query: new URL(request.url).searchParams, body: await request.json() });
      const report = byId.get(Number(params.id))!;
      if (params.action === 'check') return new HttpResponse('The report has changed', { status: 409 });
      const next = { ...report, status: 'returned' as const, actions: [], steps: [...report.steps] };
      byId.set(next.monitoring_report_id, next);
      return HttpResponse.json(next);
    }),
  );
  return { sent, lists, byId };
}

describe('Full monitoring report pages (spec §2.7)', { timeout: 40_000 }, () => {
  it('the landing shows the tiles the user may open', async () => {
    setup(['GenerateFullMonitoringReport']);
    renderApp('/en/reporting/full-monitoring');
    const tiles = await screen.findByRole('list', { name: 'Full monitoring reports' }, SLOW);
    expect(
      within(tiles)
        .getAllByRole('heading', { level: 2 })
        .map((h) => h.textContent),
    ).toEqual(['Template Management', 'Generate Report', 'Published Report', 'Instrument Installation Status', 'Reports']);
  });

  it('generate refuses a form without contract, template or report number, then sends the report and shows the server’s toast', async () => {
    const state = setup(['GenerateFullMonitoringReport']);
    const { user, location } = renderApp('/en/reporting/full-monitoring/generate');
    const form = await screen.findByRole('form', { name: 'Full monitoring report parameters' }, SLOW);
    await user.click(within(form).getByRole('button', { name: 'Generate' }));
    expect(within(form).getByText('Choose a contract')).toBeInTheDocument();
    expect(within(form).getByText('Choose a template')).toBeInTheDocument();
    expect(within(form).getByText('Give the report number')).toBeInTheDocument();
    expect(state.sent).toHaveLength(0);

    await user.click(within(form).getByRole('combobox', { name: 'Contract' }));
    await user.click(await screen.findByRole('option', { name: /^C101/ }, SLOW));
    await user.click(within(form).getByRole('combobox', { name: 'Template' }));
    await user.click(await screen.findByRole('option', { name: 'Weekly IMR' }, SLOW));
    expect(state.lists.at(-1)?.get('contracts')).toBe('[11]');
    await user.type(within(form).getByRole('textbox', { name: 'Report number' }), 'T301 IMR W48!');
    await user.click(within(form).getByRole('button', { name: 'Generate' }));
    expect(within(form).getByText('Use letters, digits, spaces and . _ / -')).toBeInTheDocument();
    expect(state.sent).toHaveLength(0);
    await user.clear(within(form).getByRole('textbox', { name: 'Report number' }));
    await user.type(within(form).getByRole('textbox', { name: 'Report number' }), 'T301-IMR-W48');
    await user.click(within(form).getByRole('button', { name: 'Generate' }));

    expect(await screen.findByText(FULL_MONITORING_TOAST, {}, SLOW)).toBeInTheDocument();
    expect(state.sent[0]!.query.get('on_demand')).toBe('true');
    expect(state.sent[0]!.query.get('tzo')).toMatch(/^-?\d+(\.\d+)?$/);
    expect(state.sent[0]!.body).toEqual({ template_id: 61, report_no: 'T301-IMR-W48', period: { option: 'last-2-weeks' }, zone_ids: [], background: true });
    await waitFor(() => expect(location()).toBe('/en/reporting/full-monitoring/build?id=501'), SLOW);
  });

  it('the list’s detail panel offers exactly the report’s actions; Return needs a comment', async () => {
    const report = monitoringReport({
      status: 'checking',
      actions: ['check', 'return'],
      steps: [
        { action: 'submit', from_status: 'prepared', to_status: 'checking', comment: 'Week 48 ready', user_name: 'Alice Tan', created: '2024-05-14T03:00:00Z' },
      ],
    });
    const state = setup(
      ['GenerateFullMonitoringReport', 'ReportApproval'],
      [report, monitoringReport({ monitoring_report_id: 502, report_no: 'T301-IMR-W47' })],
    );
    const { user } = renderApp('/en/reporting/full-monitoring/approval');
    const table = await screen.findByRole('table', { name: 'Reports waiting for approval' }, SLOW);
    expect(state.lists.at(-1)?.get('status')).toBe('checking,approving');
    expect(within(table).queryByText('T301-IMR-W47')).toBeNull();
    await user.click(await within(table).findByText('T301-IMR-W48', {}, SLOW));

    const panel = await screen.findByRole('presentation', {}, SLOW);
    expect(await within(panel).findByText('Week 48 ready', {}, SLOW)).toBeInTheDocument();
    expect(within(panel).getByRole('button', { name: 'Checked' })).toBeInTheDocument();
    expect(within(panel).getByRole('button', { name: 'Return' })).toBeInTheDocument();
    expect(within(panel).queryByRole('button', { name: 'Approve and Publish' })).toBeNull();
    expect(within(panel).queryByRole('button', { name: 'Submit for Checking' })).toBeNull();
    expect(within(panel).getByRole('button', { name: 'View draft' })).toBeInTheDocument();

    await user.click(within(panel).getByRole('button', { name: 'Return' }));
    const dialog = await screen.findByRole('dialog', { name: 'Return' }, SLOW);
    await user.click(within(dialog).getByRole('button', { name: 'Return' }));
    expect(within(dialog).getByText(MONITORING_REPORT_MESSAGES.returnNeedsComment)).toBeInTheDocument();
    expect(state.sent).toHaveLength(0);
    await user.type(within(dialog).getByRole('textbox', { name: /Comment/ }), '  Chart 4 has the wrong axis ');
    await user.click(within(dialog).getByRole('button', { name: 'Return' }));
    await waitFor(() => expect(state.sent).toHaveLength(1), SLOW);
    expect(state.sent[0]).toMatchObject({ path: '/reports/full-monitoring/501/return', body: { comment: 'Chart 4 has the wrong axis' } });
    await waitFor(() => expect(within(panel).queryByRole('button', { name: 'Return' })).toBeNull(), SLOW);
  });

  it('a step refused because the status changed meanwhile says so and reloads the report', async () => {
    const report = monitoringReport({ status: 'checking', actions: ['check'] });
    const state = setup(['ReportApproval', 'GenerateFullMonitoringReport'], [report]);
    const { user } = renderApp('/en/reporting/full-monitoring/list?report=501');
    const panel = await screen.findByRole('presentation', {}, SLOW);
    await user.click(await within(panel).findByRole('button', { name: 'Checked' }, SLOW));
    const dialog = await screen.findByRole('dialog', { name: 'Checked' }, SLOW);
    await user.click(within(dialog).getByRole('button', { name: 'Checked' }));
    expect(await screen.findByText("The report's status changed meanwhile; it has been reloaded.", {}, SLOW)).toBeInTheDocument();
    expect(state.sent[0]).toMatchObject({ path: '/reports/full-monitoring/501/check', body: { comment: '' } });
  });

  it('the list keeps its filters in the URL and sends them', async () => {
    const state = setup(['GenerateFullMonitoringReport'], [monitoringReport()]);
    renderApp('/en/reporting/full-monitoring/list?status=returned&contract=11&q=W48');
    await screen.findByRole('table', { name: 'Full monitoring reports' }, SLOW);
    await waitFor(() => expect(state.lists.at(-1)?.get('status')).toBe('returned'), SLOW);
    expect(state.lists.at(-1)?.get('contracts')).toBe('[11]');
    expect(state.lists.at(-1)?.get('keyword')).toBe('W48');
  });

  it('the published table shows the content hash shortened, whole on hover, with a copy button', async () => {
    const hash = 'a3f5c2d9e8b7a6f5c4d3e2b1a0f9e8d7c6b5a4f3e2d1c0b9a8f7e6d5c4b3a2f1';
    setup(
      [],
      [monitoringReport({ status: 'published', approved_by_name: 'Carol Ng', approved: '2024-05-16T02:00:00Z', content_sha256: hash, published_sha256: hash })],
      { userType: 0 },
    );
    const { user } = renderApp('/en/reporting/full-monitoring/published');
    const table = await screen.findByRole('table', { name: 'Published reports' }, SLOW);
    const cell = await within(table).findByLabelText(`Content hash ${hash}`, {}, SLOW);
    expect(cell.textContent).toBe('a3f5c2d9e8b7…');
    expect(within(table).getByText(/^Carol Ng/)).toBeInTheDocument();
    await user.hover(cell);
    expect(await screen.findByRole('tooltip', {}, SLOW)).toHaveTextContent(hash);
    await user.click(within(table).getByRole('button', { name: 'Copy the content hash' }));
    expect(await navigator.clipboard.readText()).toBe(hash);
    await user.click(within(table).getByRole('button', { name: 'Open T301-IMR-W48 rev 1' }));
    const dialog = await screen.findByRole('dialog', { name: 'T301-IMR-W48 rev 1' }, SLOW);
    expect(within(dialog).getByTitle('T301-IMR-W48 rev 1').getAttribute('src')).toBe(
      '/api/v1/reports/full-monitoring/501/file?download=false&_token=resource-1',
    );
  });

  it('the published page is closed to a Contractor user without a report task', async () => {
    setup(['SearchUsers'], [], { userType: 1 });
    renderApp('/en/reporting/full-monitoring/published');
    expect(await screen.findByText('You may not see the published reports.', {}, SLOW)).toBeInTheDocument();
  });

  it('the build page shows "Section n of m" while generating, then the report ready with its link', async () => {
    const state = setup(['GenerateFullMonitoringReport'], [monitoringReport({ status: 'generating' })]);
    let checks = 0;
    server.use(
      http.get(api('/reports/:id/check'), () => {
        checks += 1;
        if (checks === 1)
          return HttpResponse.json({ report_id: 91, status: 1, type: 'full-monitoring', output: 'pdf', progress: { done: 2, total: 5, label: 'Breach Log' } });
        state.byId.set(501, monitoringReport({ status: 'prepared' }));
        return HttpResponse.json({
          report_id: 91,
          status: 2,
          type: 'full-monitoring',
          output: 'pdf',
          progress: null,
          url: '/api/v1/reports/91/get?token=t',
          file_name: 'r.pdf',
        });
      }),
    );
    const routes: AppRoute[] = [
      { path: '/test/build', meta: { title: 'fullMonitoring.route.build', tasks: FULL_MONITORING_TASKS }, Component: () => <BuildPage intervalMs={20} /> },
    ];
    renderApp('/en/test/build?id=501', { extraRoutes: routes });
    expect(await screen.findByText('Section 2 of 5: Breach Log', {}, SLOW)).toBeInTheDocument();
    expect(await screen.findByText('T301-IMR-W48 rev 1 is ready for checking', {}, SLOW)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Open in the list' }).getAttribute('href')).toBe('/en/reporting/full-monitoring/list?report=501');
  });

  it('the build page gives the spec’s message for a failed report', async () => {
    setup(['GenerateFullMonitoringReport'], [monitoringReport({ status: 'failed' })]);
    renderApp('/en/reporting/full-monitoring/build?id=501');
    expect(await screen.findByText('Failed to generate report, please contact your system administrator', {}, SLOW)).toBeInTheDocument();
  });
});
