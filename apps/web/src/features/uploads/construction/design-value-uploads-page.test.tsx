import { INSTRUMENT_PLAN_UPLOAD_COLUMNS, QPD_UPLOAD_COLUMNS, type TInstrumentPlan, type TInstrumentPlanList, type TUpload } from '@strata/shared';
import { act, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { liveEvents } from '../../../lib/live-connection';
import { storeTestCredential, syncResponse } from '../../../test/fixtures';
import { renderApp } from '../../../test/render-app';
import { api, server } from '../../../test/server';
import { uploadRow } from '../test-data';

const SLOW = { timeout: 8000 };

const sheetUpload = (overrides: Partial<TUpload> = {}) =>
  uploadRow({
    type: 'qpd',
    file_name: 'marina-qpd.xlsx',
    format: 'xlsx',
    layout: null,
    rows_total: 12,
    rows_valid: 11,
    rows_invalid: 1,
    errors_total: 1,
    first_taken_at: null,
    last_taken_at: null,
    ...overrides,
  });

const plan = (overrides: Partial<TInstrumentPlan>): TInstrumentPlan => ({
  plan_id: 1,
  contract_id: 11,
  contract_no: 'C101',
  name: 'SM-101',
  type_id: 3,
  type_code: 'SM',
  type_name: 'Settlement marker',
  easting: 29_500,
  northing: 30_100,
  planned_install_date: '2026-10-01',
  planned_frequency: 'daily',
  remarks: '',
  upload_id: null,
  state: 'reading',
  instrument_id: 41,
  instrument_status: 'active',
  install_date: '2026-10-03',
  first_reading_at: '2026-10-04T01:00:00Z',
  ...overrides,
});

const PLANS: TInstrumentPlanList = {
  records: [
    plan({ plan_id: 1 }),
    plan({ plan_id: 2, name: 'SM-102', state: 'installed', first_reading_at: null, instrument_id: 42 }),
    plan({
      plan_id: 3,
      name: 'INC-201',
      type_code: 'INC',
      type_name: 'Inclinometer',
      state: 'planned',
      instrument_id: null,
      instrument_status: null,
      install_date: null,
      first_reading_at: null,
      planned_frequency: 'weekly',
      planned_install_date: null,
    }),
  ],
  total_records: 3,
  totals: [
    { type_code: 'INC', type_name: 'Inclinometer', planned: 1, installed: 0, reading: 0 },
    { type_code: 'SM', type_name: 'Settlement marker', planned: 2, installed: 2, reading: 1 },
  ],
};

/**
 * Serves a type's history, upload 5 (validated, one finding) and its approval, the type's upload (202 for upload 9),
 * its templates and the instrument plans (every GET recorded).
 */
function serve(permissions: string[], { type = 'qpd', last_filtered = [11] }: { type?: string; last_filtered?: number[] } = {}) {
  storeTestCredential();
  const lists: URLSearchParams[] = [];
  const planQueries: URLSearchParams[] = [];
  const sent: { path: string; contract: FormDataEntryValue | null }[] = [];
  const templates: string[] = [];
  const approvals: number[] = [];
  let current = sheetUpload({ type });
  const base = syncResponse({ permissions });
  server.use(
    http.get(api('/sync'), () => HttpResponse.json({ ...base, contracts: { ...base.contracts, last_filtered } })),
    http.get(api('/contracts'), () => HttpResponse.json({ ...base.contracts, last_filtered })),
    http.get(api('/uploads'), ({ request }) => {
      lists.push(new URL(request.url).searchParams);
      return HttpResponse.json({ records: [sheetUpload({ type, status: 'done' })], total_records: 1 });
    }),
    http.get(api('/uploads/5'), () => HttpResponse.json(current)),
    http.get(api('/uploads/5/report'), () =>
      HttpResponse.json({
        upload_id: 5,
        status: current.status,
        rows_total: 12,
        rows_valid: 11,
        rows_invalid: 1,
        errors_total: 1,
        capped: false,
        records: [{ row: 4, field: 'instrument', message: 'Unknown instrument SM-999 in contract C101', instrument_id: null }],
        total_records: 1,
      }),
    ),
    http.post(api('/uploads/5/approve'), () => {
      approvals.push(5);
      current = sheetUpload({ type, status: 'done', rows_loaded: 11 });
      return HttpResponse.json(current);
    }),
    http.post(api(`/uploads/${type}`), async ({ request }) => {
      const form = await request.formData();
      sent.push({ path: new URL(request.url).pathname, contract: form.get('contract_id') });
      return HttpResponse.json({ upload_id: 9, status: 'received' }, { status: 202 });
    }),
    http.get(api('/uploads/9'), () => HttpResponse.json(sheetUpload({ upload_id: 9, type, status: 'validating', progress: 20 }))),
    http.get(api('/uploads/templates/:type'), ({ request, params }) => {
      templates.push(`${String(params.type)}?${new URL(request.url).searchParams.toString()}`);
      return new HttpResponse('instrument\n', { headers: { 'content-type': 'text/csv' } });
    }),
    http.get(api('/instrument-plans'), ({ request }) => {
      planQueries.push(new URL(request.url).searchParams);
      return HttpResponse.json(PLANS);
    }),
  );
  return { lists, planQueries, sent, templates, approvals };
}

const cellsOf = (table: HTMLElement) =>
  within(table)
    .getAllByRole('row')
    .slice(1)
    .map((r) =>
      within(r)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    );

beforeEach(() => {
  Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:template'), revokeObjectURL: vi.fn() });
});

describe('Design values (QP(D)) uploads', { timeout: 30_000 }, () => {
  it('lists the qpd history and sends a file with its contract to /uploads/qpd, then follows its checking', async () => {
    const { lists, sent } = serve(['UploadDesignedValue', 'ViewDesignValueUploadHistory']);
    const { user, location } = renderApp('/en/upload/qpd');
    const table = await screen.findByRole('table', { name: 'Design value uploads' }, SLOW);
    expect(await within(table).findByText('marina-qpd.xlsx', undefined, SLOW)).toBeInTheDocument();
    expect(lists[0]!.get('type')).toBe('qpd');

    await user.click(screen.getByRole('button', { name: 'Actions' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Upload' }));
    const dialog = await screen.findByRole('dialog', { name: 'Upload Design Values' });
    await user.click(within(dialog).getByRole('combobox', { name: 'Contract' }));
    await user.click(await screen.findByRole('option', { name: 'C101' }));
    await user.upload(
      within(dialog).getByTestId('construction-file-input'),
      new File(['instrument,reading_code,depth,site,stage,value\nSM-101,DSPA,,MARINA-S,2,-12\n'], 'qpd.csv', { type: 'text/csv' }),
    );
    await user.click(within(dialog).getByRole('button', { name: 'Upload' }));
    await waitFor(() => expect(location()).toBe('/en/upload/qpd?upload=9'), SLOW);
    expect(sent).toEqual([{ path: '/api/v1/uploads/qpd', contract: '11' }]);
    expect(await screen.findByText('Checking the rows… 20%', undefined, SLOW)).toBeInTheDocument();
  });

  it('describes the file from the contract’s columns: the required and optional ones, what each means, and the qpd templates', async () => {
    const { templates, lists } = serve(['UploadDesignedValue']);
    const { user } = renderApp('/en/upload/qpd');
    const format = await screen.findByRole('region', { name: 'The file' }, SLOW);
    expect(within(format).queryByRole('list', { name: 'Row kinds (the record column)' })).toBeNull();
    expect(within(format).getByText('Columns: instrument, reading_code, site, stage, value · optional: depth, remarks')).toBeInTheDocument();
    const columns = within(format).getByRole('table', { name: 'Columns of the file' });
    expect(cellsOf(columns).map((cells) => cells[0])).toEqual([...QPD_UPLOAD_COLUMNS]);
    expect(within(columns).getByText(/required for instruments read at depths/)).toBeInTheDocument();
    await user.click(within(format).getByRole('button', { name: 'CSV template' }));
    await waitFor(() => expect(templates).toEqual(['qpd?format=csv']));
    // Without View Design Value Upload History: told so, and the history is not asked for.
    expect(screen.getByText('You may upload files; the upload history needs View Design Value Upload History.')).toBeInTheDocument();
    expect(lists).toEqual([]);
  });

  it('shows an upload’s findings and writes its valid rows once approved, leading to the instruments', async () => {
    const { approvals } = serve(['ViewDesignValueUploadHistory', 'ApproveUpload']);
    const { user } = renderApp('/en/upload/qpd?upload=5');
    const findings = await screen.findByRole('table', { name: 'Findings' }, SLOW);
    await within(findings).findByText('Unknown instrument SM-999 in contract C101', undefined, SLOW);
    expect(cellsOf(findings)).toEqual([['4', 'instrument', 'Unknown instrument SM-999 in contract C101']]);
    await user.click(screen.getByRole('button', { name: 'Approve' }));
    const dialog = await screen.findByRole('dialog', { name: 'Approve Upload' });
    await user.click(within(dialog).getByRole('button', { name: 'Approve' }));
    await waitFor(() => expect(approvals).toEqual([5]));
    // The toast names what approving writes: rows, not readings.
    expect(await screen.findByText('Upload approved: its valid rows are being written', undefined, SLOW)).toBeInTheDocument();
    expect(screen.queryByText(/readings are being loaded/)).toBeNull();
    expect(await screen.findByText('11 rows written.', undefined, SLOW)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Open the Instrument List' }).getAttribute('href')).toBe('/en/dashboard/search/instrument/list');
  });
});

describe('Instrument plan uploads', { timeout: 30_000 }, () => {
  it('sends the plan to /uploads/instrument-plan with Manage Instruments and describes its columns', async () => {
    const { sent, templates } = serve(['ManageInstruments'], { type: 'instrument-plan' });
    const { user, location } = renderApp('/en/upload/instrument-plan');
    const format = await screen.findByRole('region', { name: 'The file' }, SLOW);
    expect(within(format).getByText('Columns: name, type · optional: easting, northing, planned_install_date, planned_frequency, remarks')).toBeInTheDocument();
    expect(cellsOf(within(format).getByRole('table', { name: 'Columns of the file' })).map((cells) => cells[0])).toEqual([...INSTRUMENT_PLAN_UPLOAD_COLUMNS]);
    await user.click(within(format).getByRole('button', { name: 'XLSX template' }));
    await waitFor(() => expect(templates).toEqual(['instrument-plan?format=xlsx']));
    expect(screen.getByText('You may upload files; the upload history needs View Instrumentation Upload History.')).toBeInTheDocument();

    // Upload is the page's only action for an uploader without the history.
    await user.click(screen.getByRole('button', { name: 'Upload' }));
    const dialog = await screen.findByRole('dialog', { name: 'Upload Instrument Plan' });
    await user.click(within(dialog).getByRole('combobox', { name: 'Contract' }));
    await user.click(await screen.findByRole('option', { name: 'C101' }));
    await user.upload(within(dialog).getByTestId('construction-file-input'), new File(['name,type\nSM-103,SM\n'], 'plan.csv', { type: 'text/csv' }));
    await user.click(within(dialog).getByRole('button', { name: 'Upload' }));
    await waitFor(() => expect(location()).toBe('/en/upload/instrument-plan?upload=9'), SLOW);
    expect(sent).toEqual([{ path: '/api/v1/uploads/instrument-plan', contract: '11' }]);
  });

  it('shows the plan against reality for the active contracts: totals per type and the planned instruments, filtered by state', async () => {
    const { planQueries } = serve(['ViewInstrumentationUploadHistory'], { type: 'instrument-plan' });
    const { user } = renderApp('/en/upload/instrument-plan');
    const section = await screen.findByRole('region', { name: 'Plan against reality' }, SLOW);
    const totals = await within(section).findByRole('table', { name: 'Totals per instrument type' }, SLOW);
    expect(cellsOf(totals)).toEqual([
      ['Inclinometer (INC)', '1', '0', '0'],
      ['Settlement marker (SM)', '2', '2', '1'],
      ['3', '2', '1'],
    ]);
    expect(planQueries[0]!.get('contracts')).toBe('[11]');
    const rows = within(section).getByRole('table', { name: 'Planned instruments' });
    expect(cellsOf(rows)).toEqual([
      ['C101', 'SM-101', 'SM', 'Reading', '01/10/2026', 'Daily', '03/10/2026', expect.stringMatching(/^04\/10\/2026 /)],
      ['C101', 'SM-102', 'SM', 'Installed', '01/10/2026', 'Daily', '03/10/2026', '—'],
      ['C101', 'INC-201', 'INC', 'Planned', '—', 'Weekly', '—', '—'],
    ]);

    await user.click(within(section).getByRole('combobox', { name: 'State' }));
    await user.click(await screen.findByRole('option', { name: 'Planned' }));
    await waitFor(() => expect(cellsOf(rows).map((cells) => cells[1])).toEqual(['INC-201']));
    await user.click(within(section).getByRole('combobox', { name: 'State' }));
    await user.click(await screen.findByRole('option', { name: 'Reading' }));
    await waitFor(() => expect(cellsOf(rows).map((cells) => cells[1])).toEqual(['SM-101']));

    // An approved plan upload elsewhere: the plan is asked for again.
    const asked = planQueries.length;
    act(() => liveEvents.emit('notification', { type: 'dataUpdated', topic: 'instrument-plans', message: 'x', severity: 1, link_uri: null }));
    await waitFor(() => expect(planQueries.length).toBe(asked + 1));
  });

  it('asks for no plan and says so while no contract is active', async () => {
    const { planQueries } = serve(['ManageInstruments'], { type: 'instrument-plan', last_filtered: [] });
    renderApp('/en/upload/instrument-plan');
    const section = await screen.findByRole('region', { name: 'Plan against reality' }, SLOW);
    expect(await within(section).findByText(/No contract is active/, undefined, SLOW)).toBeInTheDocument();
    expect(planQueries).toEqual([]);
  });
});
