import { REPORT_MESSAGES, REPORT_PERIODS, type TReportCheck, type TReportParamsInput } from '@strata/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import en from '../../../locales/en.json';
import type { AppRoute } from '../../../lib/route-meta';
import { configResponse, storeTestCredential, syncResponse } from '../../../test/fixtures';
import { renderApp } from '../../../test/render-app';
import { api, server } from '../../../test/server';
import { REPORT_TASKS } from '../tasks';
import { customTemplate } from '../custom/test-data';
import { ReportForm } from './report-form';

const SLOW = { timeout: 5000 };

// The pages with a fast check (every 5 ms instead of 2 s), in the whole app.
const TEST_ROUTES: AppRoute[] = [
  {
    path: '/test/geotechnical',
    meta: { title: 'reporting.route.geotechnical', tasks: REPORT_TASKS },
    Component: () => <ReportForm category="GEO" jobOptions={{ intervalMs: 5 }} />,
  },
  {
    path: '/test/installation',
    meta: { title: 'reporting.route.installationStatus', tasks: REPORT_TASKS },
    Component: () => <ReportForm category="INS" downloadPdf jobOptions={{ intervalMs: 5 }} />,
  },
];

/** An instrument type as `GET /instrument-types` answers it. */
const instrumentType = (t: { type_id: number; code: string; name: string }) => ({
  ...t,
  category_id: null,
  category_name: null,
  icon: 'circle',
  icon_color: '#0471d1',
  lta_code: null,
  has_depth: false,
  reading_codes: [],
  instrument_count: 3,
});

interface Sent {
  type: string;
  tzo: string | null;
  body: TReportParamsInput;
}

/** Signed in with the Instrumentation Reporting task; zones 31 and 32 in C101, two instrument types; the checks given in turn. */
function setup(checks: (TReportCheck | number)[] = [], settings: Record<string, unknown> = {}) {
  storeTestCredential();
  const sent: Sent[] = [];
  const checked: string[] = [];
  const zoneQueries: URLSearchParams[] = [];
  const files: string[] = [];
  server.use(
    http.get(api('/sync'), () => HttpResponse.json(syncResponse({ permissions: ['GenerateInstrumentationMonitoringReport'] }))),
    http.get(api('/config'), () =>
      HttpResponse.json(configResponse({ settings: { password_min_length: 8, report_range_num: 3, report_range_period: 'month', ...settings } })),
    ),
    http.get(api('/zones'), ({ request }) => {
      zoneQueries.push(new URL(request.url).searchParams);
      return HttpResponse.json({
        records: [
          { zone_id: 31, name: 'North Portal', contract_id: 11, is_report: true },
          { zone_id: 32, name: 'South Shaft', contract_id: 11, is_report: true },
        ],
        total_records: 2,
      });
    }),
    http.get(api('/instrument-types'), () =>
      HttpResponse.json({
        records: [instrumentType({ type_id: 5, code: 'SM', name: 'Settlement Marker' }), instrumentType({ type_id: 6, code: 'INC', name: 'Inclinometer' })],
        total_records: 2,
      }),
    ),
    http.post(api('/reports/:type'), async ({ request, params }) => {
      sent.push({ type: String(params.type), tzo: new URL(request.url).searchParams.get('tzo'), body: (await request.json()) as TReportParamsInput });
      const background = sent.at(-1)!.body.background;
      return HttpResponse.json({ report_id: 77, status: 1, token: 'tok', ...(background ? { message: REPORT_MESSAGES.background } : {}) });
    }),
    http.get(api('/reports/:id/check'), ({ params }) => {
      checked.push(String(params.id));
      const next = checks.length > 1 ? checks.shift()! : checks[0]!;
      if (typeof next === 'number') return new HttpResponse(null, { status: next });
      return HttpResponse.json(next);
    }),
    http.get(api('/reports/:id/get'), ({ request }) => {
      files.push(new URL(request.url).search);
      return new HttpResponse(new Blob(['xlsx']), { headers: { 'content-disposition': 'attachment; filename="geostatus.xlsx"' } });
    }),
  );
  return { sent, checked, zoneQueries, files };
}

const inProgress = (progress: TReportCheck['progress'] = null): TReportCheck => ({ report_id: 77, status: 1, type: 'geostatus', output: 'pdf', progress });
const completed = (output: 'pdf' | 'xls'): TReportCheck => ({
  report_id: 77,
  status: 2,
  type: 'geostatus',
  output,
  progress: null,
  url: '/api/v1/reports/77/get?token=tok',
  file_name: output === 'pdf' ? 'geostatus.pdf' : 'geostatus.xlsx',
});

async function choose(user: ReturnType<typeof renderApp>['user'], field: RegExp, ...options: string[]) {
  await user.click(screen.getByRole('combobox', { name: field }));
  const list = await screen.findByRole('listbox');
  for (const option of options) await user.click(within(list).getByRole('option', { name: option }));
  await user.keyboard('{Escape}');
  await waitFor(() => expect(screen.queryByRole('listbox')).toBeNull());
}

async function typeDate(user: ReturnType<typeof renderApp>['user'], label: string, digits: string) {
  await user.click(within(screen.getByRole('group', { name: label })).getByRole('spinbutton', { name: 'Day' }));
  await user.keyboard(digits);
}

async function openForm(path = '/en/test/geotechnical') {
  const view = renderApp(path, { extraRoutes: TEST_ROUTES });
  await screen.findByRole('form', { name: 'Report parameters' }, SLOW);
  // The zones of the active contract (C101) are offered once loaded.
  await waitFor(() => expect(screen.getByText('None chosen: every zone')).toBeInTheDocument(), SLOW);
  await waitFor(() => expect(screen.getByText('None chosen: every type')).toBeInTheDocument(), SLOW);
  return view;
}

describe('Report generation form (spec §2.7, §4, §5)', { timeout: 30_000 }, () => {
  let clicked: string[];
  beforeEach(() => {
    clicked = [];
    URL.createObjectURL = vi.fn(() => 'blob:test/1');
    URL.revokeObjectURL = vi.fn();
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this.download);
    });
  });
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('offers the spec’s period options in its words', () => {
    expect(en.reporting.period).toEqual(REPORT_PERIODS);
    expect(en.reporting.background).toBe(REPORT_MESSAGES.background);
    expect([en.exportJob.failed, en.exportJob.tooLarge]).toEqual([REPORT_MESSAGES.failed, REPORT_MESSAGES.tooLarge]);
  });

  it('sends the type, contracts, zones, types, period, format and the browser offset in hours; an Excel file downloads', async () => {
    vi.spyOn(Date.prototype, 'getTimezoneOffset').mockReturnValue(-480);
    const state = setup([inProgress(), completed('xls')]);
    const { user } = await openForm();
    // GET /zones?is_report=true&filter=[11]&skip=0&limit=100 for the active contract.
    const zoneQuery = state.zoneQueries[0]!;
    expect(Object.fromEntries(zoneQuery)).toEqual({ is_report: 'true', filter: '[11]', skip: '0', limit: '100' });

    await user.click(screen.getByRole('combobox', { name: 'Report type' }));
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(['Geotechnical Summary', 'Geotechnical Status', 'Geotechnical Blank Form']);
    await user.click(screen.getByRole('option', { name: 'Geotechnical Status' }));
    await choose(user, /^Zones/, 'South Shaft');
    await choose(user, /^Instrument types/, 'INC — Inclinometer');
    await user.click(screen.getByRole('combobox', { name: 'Period' }));
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(Object.values(REPORT_PERIODS));
    await user.click(screen.getByRole('option', { name: 'Last 3 Weeks' }));
    await user.click(screen.getByRole('button', { name: 'XLS' }));
    await user.click(screen.getByRole('button', { name: 'Generate' }));

    await waitFor(() => expect(clicked).toEqual(['geostatus.xlsx']), SLOW);
    expect(state.sent).toEqual([
      {
        type: 'geostatus',
        tzo: '8',
        body: {
          contract_ids: [11],
          zone_ids: [32],
          instrument_type_ids: [6],
          period: { option: 'last-3-weeks' },
          output: 'xls',
          background: false,
          template: 'default',
        },
      },
    ]);
    // Downloaded with the access token of the check's address, no dialog.
    expect(state.files[0]).toContain('token=tok');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(await screen.findByText('Downloaded geostatus.xlsx')).toBeInTheDocument();
  });

  it('shows the maximum date range of the settings under Date Range and refuses a longer range before sending', async () => {
    const state = setup([completed('pdf')], { report_range_num: 2, report_range_period: 'week' });
    const { user } = await openForm();
    await user.click(screen.getByRole('combobox', { name: 'Period' }));
    await user.click(screen.getByRole('option', { name: 'Date Range' }));
    const range = screen.getByRole('group', { name: 'Date Range' });
    expect(within(range).getByText('Maximum date range: 2 weeks')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Generate' }));
    expect(await within(range).findByText('Give the first and last day of the date range')).toBeInTheDocument();

    await typeDate(user, 'From', '01052024');
    await typeDate(user, 'To', '20052024');
    expect(await within(range).findByText('The date range is too long. Maximum date range: 2 weeks')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Generate' }));
    expect(state.sent).toEqual([]);

    await typeDate(user, 'To', '14052024');
    await waitFor(() => expect(within(range).queryByText(/too long/)).toBeNull());
    await user.click(screen.getByRole('button', { name: 'Generate' }));
    await waitFor(() => expect(state.sent).toHaveLength(1));
    expect(state.sent[0]!.body.period).toEqual({ option: 'range', from: '2024-05-01', to: '2024-05-14' });
  });

  it('asks again after a 504, shows the progress, then opens the PDF full screen with the resource token', async () => {
    const state = setup([504, inProgress({ done: 2, total: 5, label: 'Charts' }), completed('pdf')]);
    const { user } = await openForm();
    await user.click(screen.getByRole('button', { name: 'Generate' }));

    const dialog = await screen.findByRole('dialog', { name: 'Geotechnical Status' }, SLOW);
    expect(state.checked.length).toBeGreaterThanOrEqual(3);
    const frame = within(dialog).getByTitle('Geotechnical Status');
    expect(frame.getAttribute('src')).toBe('/api/v1/reports/77/get?token=tok&_token=resource-1');
    expect(within(dialog).getByRole('button', { name: 'Download' })).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    // It can be opened again.
    await user.click(screen.getByRole('button', { name: 'Open again' }));
    expect(await screen.findByRole('dialog', { name: 'Geotechnical Status' })).toBeInTheDocument();
  });

  it('shows the progress of a report being built (section n of m)', async () => {
    setup([inProgress({ done: 2, total: 5, label: 'Charts' })]);
    const { user } = await openForm();
    await user.click(screen.getByRole('button', { name: 'Generate' }));
    expect(await screen.findByText('Section 2 of 5: Charts', {}, SLOW)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Generate' })).toBeDisabled();
  });

  it.each([
    [3, REPORT_MESSAGES.failed],
    [4, REPORT_MESSAGES.tooLarge],
  ] as const)('status %i shows the spec’s message', async (status, message) => {
    setup([{ report_id: 77, status, type: 'geosum', output: 'pdf', progress: null, message }]);
    const { user } = await openForm();
    await user.click(screen.getByRole('button', { name: 'Generate' }));
    expect(await screen.findByText(message, {}, SLOW)).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByRole('button', { name: 'Generate' })).toBeEnabled();
  });

  it('in background: the toast, no polling, and the busy indicator cleared after 1 s', async () => {
    const state = setup([completed('pdf')]);
    const { user } = await openForm();
    await user.click(screen.getByRole('switch', { name: 'Run in background' }));
    await user.click(screen.getByRole('button', { name: 'Generate' }));

    expect(await screen.findByText('Generate report run in background', {}, SLOW)).toBeInTheDocument();
    expect(state.sent[0]!.body.background).toBe(true);
    // Cleared after its second: Generate is offered again and nothing was checked or stored.
    await waitFor(() => expect(screen.getByRole('button', { name: 'Generate' })).toBeEnabled(), SLOW);
    expect(screen.queryByText(/generated in the background/)).toBeNull();
    expect(state.checked).toEqual([]);
    expect(localStorage.getItem('report_id')).toBeNull();
  });

  it('installation status: Download PDF saves the PDF instead of showing it', async () => {
    const state = setup([completed('pdf')]);
    const { user } = await openForm('/en/test/installation');
    expect(screen.queryByRole('button', { name: 'XLS' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Download PDF' }));
    await waitFor(() => expect(clicked).toEqual(['geostatus.xlsx']), SLOW);
    expect(state.sent[0]).toMatchObject({ type: 'installation-status', body: { output: 'pdf' } });
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('offers the templates of the type for the first contract, Default first, puts the chosen one’s defaults in and sends it', async () => {
    const state = setup([completed('pdf')]);
    const customized: URLSearchParams[] = [];
    server.use(
      http.get(api('/reports/customized'), ({ request }) => {
        customized.push(new URL(request.url).searchParams);
        return HttpResponse.json({
          records: [
            { template_id: 0, name: 'Default', filename: 'default' },
            { template_id: 81, name: 'Lean summary', filename: 'default' },
          ],
        });
      }),
      http.get(api('/reports/custom-templates/81'), () =>
        HttpResponse.json(customTemplate({ report_type: 'geosum', instrument_type_ids: [5], zone_ids: [31] })),
      ),
    );
    const { user } = await openForm();
    await waitFor(() => expect(Object.fromEntries(customized.at(-1)!)).toEqual({ type: 'geosum', contract_id: '11' }), SLOW);
    await user.click(screen.getByRole('combobox', { name: 'Template' }));
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(['Default', 'Lean summary']);
    await user.click(screen.getByRole('option', { name: 'Lean summary' }));
    // The template's instrument types and zones fill the untouched fields.
    await waitFor(() => expect(screen.getByRole('combobox', { name: /^Instrument types/ })).toHaveTextContent('SM — Settlement Marker'), SLOW);
    expect(screen.getByRole('combobox', { name: /^Zones/ })).toHaveTextContent('North Portal');
    await user.click(screen.getByRole('button', { name: 'Generate' }));
    await waitFor(() => expect(state.sent).toHaveLength(1), SLOW);
    expect(state.sent[0]!.body).toMatchObject({ template: '81', instrument_type_ids: [5], zone_ids: [31] });
  });

  it('a template’s defaults do not replace what the user already chose', async () => {
    const state = setup([completed('pdf')]);
    server.use(
      http.get(api('/reports/customized'), () =>
        HttpResponse.json({
          records: [
            { template_id: 0, name: 'Default', filename: 'default' },
            { template_id: 81, name: 'Lean summary', filename: 'default' },
          ],
        }),
      ),
      http.get(api('/reports/custom-templates/81'), () =>
        HttpResponse.json(customTemplate({ report_type: 'geosum', instrument_type_ids: [5], zone_ids: [31] })),
      ),
    );
    const { user } = await openForm();
    await choose(user, /^Instrument types/, 'INC — Inclinometer');
    await user.click(screen.getByRole('combobox', { name: 'Template' }));
    await user.click(await screen.findByRole('option', { name: 'Lean summary' }, SLOW));
    await waitFor(() => expect(screen.getByRole('combobox', { name: /^Zones/ })).toHaveTextContent('North Portal'), SLOW);
    expect(screen.getByRole('combobox', { name: /^Instrument types/ })).toHaveTextContent('INC — Inclinometer');
    await user.click(screen.getByRole('button', { name: 'Generate' }));
    await waitFor(() => expect(state.sent).toHaveLength(1), SLOW);
    expect(state.sent[0]!.body).toMatchObject({ template: '81', instrument_type_ids: [6], zone_ids: [31] });
  });
});
