import { EXCAVATION_UPLOAD_COLUMNS, TUNNEL_UPLOAD_COLUMNS, type TUpload } from '@strata/shared';
import { act, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { liveEvents } from '../../../lib/live-connection';
import { storeTestCredential, syncResponse } from '../../../test/fixtures';
import { renderApp } from '../../../test/render-app';
import { api, server } from '../../../test/server';
import { uploadRow } from '../test-data';

const SLOW = { timeout: 8000 };
const EXCAVATION_TASKS = ['UploadMCExcavationActivity', 'ViewConstructionActivityUploadHistory'];

const excavationUpload = (overrides: Partial<TUpload> = {}) =>
  uploadRow({
    type: 'excavation',
    file_name: 'orchard-2026-11-20.csv',
    format: 'csv',
    layout: null,
    rows_total: 6,
    rows_valid: 4,
    rows_invalid: 2,
    errors_total: 2,
    ...overrides,
  });

/**
 * Serves a construction type's history (`records`), upload 5 (its states one per GET, the last one stays) with its
 * findings, approve, and the type's upload (409 for a first send without force, then 202 for upload 9).
 */
function serve(permissions: string[], { type = 'excavation', steps = [{}] as Partial<TUpload>[], records = [excavationUpload({ status: 'done' })] } = {}) {
  storeTestCredential();
  let asked = 0;
  let current = excavationUpload({ type, ...steps[0] });
  const lists: URLSearchParams[] = [];
  const sent: { force: string | null; contract: FormDataEntryValue | null; file: string | null }[] = [];
  const approvals: number[] = [];
  const templates: string[] = [];
  server.use(
    http.get(api('/sync'), () => HttpResponse.json(syncResponse({ permissions }))),
    http.get(api('/uploads'), ({ request }) => {
      const query = new URL(request.url).searchParams;
      lists.push(query);
      const shown = records.filter((u) => !query.get('status') || u.status === query.get('status'));
      return HttpResponse.json({ records: shown, total_records: shown.length });
    }),
    http.get(api('/uploads/5'), () => {
      current = excavationUpload({ ...current, ...steps[Math.min(asked, steps.length - 1)] });
      asked += 1;
      return HttpResponse.json(current);
    }),
    http.get(api('/uploads/5/report'), () =>
      HttpResponse.json({
        upload_id: 5,
        status: current.status,
        rows_total: 6,
        rows_valid: 4,
        rows_invalid: 2,
        errors_total: 2,
        capped: false,
        records: [
          { row: 3, field: 'level_mrl', message: 'Level 80.5 mRL is below the final formation level (85 mRL) of ORCHARD-BOX', instrument_id: null },
          { row: 6, field: 'site', message: 'Unknown site NOPE in contract C101', instrument_id: null },
        ],
        total_records: 2,
      }),
    ),
    http.post(api('/uploads/5/approve'), () => {
      approvals.push(5);
      current = excavationUpload({ ...current, status: 'approved', progress: 0 });
      steps.push({ status: 'done', progress: 100, rows_loaded: 4 });
      asked = steps.length - 1;
      return HttpResponse.json(current);
    }),
    http.post(api(`/uploads/${type}`), async ({ request }) => {
      const form = await request.formData();
      const force = new URL(request.url).searchParams.get('force');
      const file = form.get('files');
      sent.push({ force, contract: form.get('contract_id'), file: file !== null && typeof file !== 'string' ? await file.text() : null });
      if (force !== 'true')
        return HttpResponse.text('This file was already uploaded on 2026-11-20 (upload 5, done). Upload it with force to process it again.', { status: 409 });
      return HttpResponse.json({ upload_id: 9, status: 'received' }, { status: 202 });
    }),
    http.get(api('/uploads/9'), () => HttpResponse.json(excavationUpload({ upload_id: 9, type, status: 'validating', progress: 10 }))),
    http.get(api('/uploads/templates/:type'), ({ request, params }) => {
      templates.push(`${String(params.type)}?${new URL(request.url).searchParams.toString()}`);
      return new HttpResponse('site,record,date\n', { headers: { 'content-type': 'text/csv' } });
    }),
  );
  return { lists, sent, approvals, templates };
}

beforeEach(() => {
  Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:template'), revokeObjectURL: vi.fn() });
});

describe('MC excavation activity uploads', { timeout: 30_000 }, () => {
  it('lists the history with file, contract, uploader, date, status, rows and findings, and filters it by status', async () => {
    const { lists } = serve(EXCAVATION_TASKS, {
      records: [
        excavationUpload({ upload_id: 5, status: 'done' }),
        excavationUpload({ upload_id: 4, file_name: 'orchard-2026-11-19.xlsx', status: 'invalid', errors_total: 7 }),
      ],
    });
    const { user, location } = renderApp('/en/upload/excavation');
    const table = await screen.findByRole('table', { name: 'MC excavation activity uploads' }, SLOW);
    const row = (await within(table).findByText('orchard-2026-11-19.xlsx', undefined, SLOW)).closest('tr')!;
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['File', 'Contract', 'Uploaded by', 'Uploaded', 'Status', 'Rows', 'Findings']);
    expect(
      within(row)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['orchard-2026-11-19.xlsx', 'C101', 'Alice Tan', expect.any(String), 'Invalid', '6', '7']);
    expect(lists[0]!.get('type')).toBe('excavation');

    await user.click(screen.getByRole('button', { name: 'Actions' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Filter' }));
    const filters = await screen.findByRole('search', { name: 'Upload filters' });
    await user.click(within(filters).getByRole('combobox', { name: 'Status' }));
    await user.click(await screen.findByRole('option', { name: 'Done' }));
    await waitFor(() => expect(within(table).queryByText('orchard-2026-11-19.xlsx')).toBeNull());
    expect(lists.at(-1)!.get('status')).toBe('done');
    expect(location()).toContain('status=done');
  });

  it('uploads a file with its contract, sends it again with force after a 409, and follows its checking', async () => {
    const { sent } = serve(EXCAVATION_TASKS);
    const { user, location } = renderApp('/en/upload/excavation');
    await screen.findByRole('table', { name: 'MC excavation activity uploads' }, SLOW);
    await user.click(screen.getByRole('button', { name: 'Actions' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Upload' }));
    const dialog = await screen.findByRole('dialog', { name: 'Upload MC Excavation Activity' });
    const csv = new File(['site,record,date,level_mrl\nORCHARD-BOX,level,2026-11-20,92.4\n'], 'orchard.csv', { type: 'text/csv' });
    await user.upload(within(dialog).getByTestId('construction-file-input'), csv);
    await user.click(within(dialog).getByRole('button', { name: 'Upload' }));
    // The contract comes first.
    expect(await within(dialog).findByText('Choose a contract')).toBeInTheDocument();
    expect(sent).toEqual([]);

    await user.click(within(dialog).getByRole('combobox', { name: 'Contract' }));
    await user.click(await screen.findByRole('option', { name: 'C101' }));
    await user.click(within(dialog).getByRole('button', { name: 'Upload' }));
    expect(await within(dialog).findByText(/already uploaded on 2026-11-20/, undefined, SLOW)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Upload anyway' }));
    await waitFor(() => expect(location()).toBe('/en/upload/excavation?upload=9'), SLOW);
    expect(sent).toEqual([
      { force: null, contract: '11', file: expect.stringContaining('ORCHARD-BOX,level,2026-11-20,92.4') },
      { force: 'true', contract: '11', file: expect.stringContaining('ORCHARD-BOX,level,2026-11-20,92.4') },
    ]);
    expect(await screen.findByText('Checking the rows… 10%', undefined, SLOW)).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('shows the server’s word about the contract on the contract field', async () => {
    serve(EXCAVATION_TASKS);
    server.use(http.post(api('/uploads/excavation'), () => HttpResponse.json({ contract_id: 'Contract 11 is not one of yours' }, { status: 400 })));
    const { user } = renderApp('/en/upload/excavation');
    await screen.findByRole('table', { name: 'MC excavation activity uploads' }, SLOW);
    await user.click(screen.getByRole('button', { name: 'Actions' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Upload' }));
    const dialog = await screen.findByRole('dialog', { name: 'Upload MC Excavation Activity' });
    await user.click(within(dialog).getByRole('combobox', { name: 'Contract' }));
    await user.click(await screen.findByRole('option', { name: 'C101' }));
    await user.upload(within(dialog).getByTestId('construction-file-input'), new File(['site,record\n'], 'orchard.csv', { type: 'text/csv' }));
    await user.click(within(dialog).getByRole('button', { name: 'Upload' }));
    expect(await within(dialog).findByText('Contract 11 is not one of yours', undefined, SLOW)).toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Upload anyway' })).toBeNull();
  });

  it('describes the file: templates at the type’s URLs, each row kind with its columns, and what every column means', async () => {
    const { templates } = serve(['UploadMCExcavationActivity']);
    const { user } = renderApp('/en/upload/excavation');
    const format = await screen.findByRole('region', { name: 'The file' }, SLOW);
    await user.click(within(format).getByRole('button', { name: 'CSV template' }));
    await waitFor(() => expect(templates).toEqual(['excavation?format=csv']));
    await user.click(within(format).getByRole('button', { name: 'XLSX template' }));
    await waitFor(() => expect(templates).toEqual(['excavation?format=csv', 'excavation?format=xlsx']));

    const kinds = within(format).getByRole('list', { name: 'Row kinds (the record column)' });
    const items = within(kinds).getAllByRole('listitem');
    expect(items.map((li) => li.querySelector('code')?.textContent)).toEqual(['level', 'strut', 'anchor', 'design']);
    expect(items[0]).toHaveTextContent('Columns: site, record, date, level_mrl · optional: zone, stage, remarks');
    expect(items[3]).toHaveTextContent('at least one of: wall_deflection_mm, strut_force_kn, settlement_mm');
    // Upload MC Excavation Activity uploads levels, struts and anchors; design rows need Upload Designed Value.
    expect(within(kinds).getAllByText(/You may not upload/)).toHaveLength(1);
    expect(items[3]).toHaveTextContent('You may not upload rows of this kind: they need Upload Designed Value.');

    const columns = within(format).getByRole('table', { name: 'Columns of the file' });
    const names = within(columns)
      .getAllByRole('row')
      .slice(1)
      .map((r) => within(r).getAllByRole('cell')[0]!.textContent);
    expect(names).toEqual([...EXCAVATION_UPLOAD_COLUMNS]);
    expect(within(columns).getByText('The row kind: level, strut, anchor, design')).toBeInTheDocument();
    // Without the history permission: the uploader is told, and nothing is asked for.
    expect(screen.getByText(/the upload history needs View Construction Activity Upload History/)).toBeInTheDocument();
  });

  it('opens an upload from its notification link, follows the checking, shows the findings, and writes the rows once approved', async () => {
    const { approvals } = serve(['ViewConstructionActivityUploadHistory', 'ApproveUpload'], {
      steps: [
        { status: 'validating', progress: 30 },
        { status: 'validated', progress: 100 },
      ],
    });
    const { user } = renderApp('/en/upload/excavation?upload=5');
    expect(await screen.findByText('Checking the rows… 30%', undefined, SLOW)).toBeInTheDocument();
    const findings = await screen.findByRole('table', { name: 'Findings' }, SLOW);
    await within(findings).findByText('Unknown site NOPE in contract C101', undefined, SLOW);
    const rows = within(findings)
      .getAllByRole('row')
      .slice(1)
      .map((r) =>
        within(r)
          .getAllByRole('cell')
          .map((c) => c.textContent),
      );
    expect(rows).toEqual([
      ['3', 'level_mrl', 'Level 80.5 mRL is below the final formation level (85 mRL) of ORCHARD-BOX'],
      ['6', 'site', 'Unknown site NOPE in contract C101'],
    ]);
    const counts = screen.getByRole('group', { name: 'Row counts' });
    expect(within(counts).getByText('Rows found').nextSibling?.textContent).toBe('6');
    expect(within(counts).getByText('Invalid').nextSibling?.textContent).toBe('2');
    expect(screen.getByText('The file is checked. Approve it to write its valid rows (rows with findings are left out), or reject it.')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Approve' }));
    const dialog = await screen.findByRole('dialog', { name: 'Approve Upload' });
    expect(within(dialog).getByText(/^Write 4 valid rows of orchard-2026-11-20\.csv\?/)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Approve' }));
    await waitFor(() => expect(approvals).toEqual([5]));
    expect(await screen.findByText('4 rows written.', undefined, SLOW)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Open the Excavation Site List' }).getAttribute('href')).toBe('/en/dashboard/search/excavation/list');
    expect(screen.queryByRole('button', { name: 'Approve' })).toBeNull();
  });

  it('offers no Approve or Reject without Approve Upload', async () => {
    serve(EXCAVATION_TASKS, { steps: [{ status: 'validated' }] });
    renderApp('/en/upload/excavation?upload=5');
    expect(await screen.findByText('The file is validated and waits for an approver.', undefined, SLOW)).toBeInTheDocument();
    await screen.findByRole('table', { name: 'Findings' }, SLOW);
    expect(screen.queryByRole('button', { name: 'Approve' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Reject' })).toBeNull();
  });

  it('rejects an upload whose rows all have findings after confirming, and offers no Approve for it', async () => {
    serve(['ApproveUpload']);
    const rejected: number[] = [];
    const invalid = excavationUpload({ status: 'invalid', rows_valid: 0, rows_invalid: 6 });
    server.use(
      http.get(api('/uploads/5'), () =>
        HttpResponse.json(rejected.length > 0 ? { ...invalid, status: 'rejected', rejected_by_name: 'Alice Tan', rejected: '2026-11-21T02:02:00Z' } : invalid),
      ),
      http.post(api('/uploads/5/reject'), () => {
        rejected.push(5);
        return HttpResponse.json(excavationUpload({ status: 'rejected', rows_valid: 0, rejected_by_name: 'Alice Tan', rejected: '2026-11-21T02:02:00Z' }));
      }),
    );
    const { user } = renderApp('/en/upload/excavation?upload=5');
    expect(await screen.findByText('No row of this file can be written. Correct the file and upload it again.', undefined, SLOW)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Approve' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Reject' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reject Upload' });
    await user.click(within(dialog).getByRole('button', { name: 'Reject' }));
    expect(await screen.findByText('This upload was rejected: nothing was loaded.', undefined, SLOW)).toBeInTheDocument();
    expect(rejected).toEqual([5]);
  });

  it('opens an upload from the history and closes it', async () => {
    serve(EXCAVATION_TASKS, { steps: [{ status: 'done', rows_loaded: 4 }] });
    const { user, location } = renderApp('/en/upload/excavation');
    const table = await screen.findByRole('table', { name: 'MC excavation activity uploads' }, SLOW);
    await user.click((await within(table).findByText('orchard-2026-11-20.csv', undefined, SLOW)).closest('tr')!);
    await waitFor(() => expect(location()).toBe('/en/upload/excavation?upload=5'));
    expect(await screen.findByText('4 rows written.', undefined, SLOW)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(location()).toBe('/en/upload/excavation'));
  });

  it('follows the history as uploads move on (a live update of the uploads)', async () => {
    const records = [excavationUpload({ status: 'validating' })];
    const { lists } = serve(EXCAVATION_TASKS, { records });
    renderApp('/en/upload/excavation');
    const table = await screen.findByRole('table', { name: 'MC excavation activity uploads' }, SLOW);
    await within(table).findByText('Validating', undefined, SLOW);
    const asked = lists.length;
    records[0] = { ...records[0]!, status: 'validated' };
    act(() => liveEvents.emit('notification', { type: 'dataUpdated', topic: 'uploads', message: 'x', severity: 1, link_uri: null }));
    expect(await within(table).findByText('Validated', undefined, SLOW)).toBeInTheDocument();
    expect(lists.length).toBe(asked + 1);
  });
});

describe('Mined tunnel uploads', { timeout: 30_000 }, () => {
  it('sends the file to /uploads/tunnel with its contract and lists the tunnel uploads', async () => {
    const { sent, lists } = serve(['UploadTunnelShiftReport', 'ViewConstructionActivityUploadHistory'], {
      type: 'tunnel',
      records: [excavationUpload({ type: 'tunnel', file_name: 'bukit-nb-shifts.xlsx' })],
    });
    const { user, location } = renderApp('/en/upload/tunnel');
    const table = await screen.findByRole('table', { name: 'Mined tunnel uploads' }, SLOW);
    expect(await within(table).findByText('bukit-nb-shifts.xlsx', undefined, SLOW)).toBeInTheDocument();
    expect(lists[0]!.get('type')).toBe('tunnel');
    await user.click(screen.getByRole('button', { name: 'Actions' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Upload' }));
    const dialog = await screen.findByRole('dialog', { name: 'Upload Mined Tunnel Activity' });
    await user.click(within(dialog).getByRole('combobox', { name: 'Contract' }));
    await user.click(await screen.findByRole('option', { name: 'C101' }));
    await user.upload(
      within(dialog).getByTestId('construction-file-input'),
      new File(['drive,record,date,shift,face_part,chainage\nBUKIT-NB,shift,2026-11-20,day,top_heading,1234.5\n'], 'shifts.csv', { type: 'text/csv' }),
    );
    await user.click(within(dialog).getByRole('button', { name: 'Upload' }));
    await user.click(await within(dialog).findByRole('button', { name: 'Upload anyway' }, SLOW));
    await waitFor(() => expect(location()).toBe('/en/upload/tunnel?upload=9'), SLOW);
    expect(sent.map((s) => [s.force, s.contract])).toEqual([
      [null, '11'],
      ['true', '11'],
    ]);
  });

  it('describes shift and sequence rows, says which the user may not upload, and offers the tunnel templates', async () => {
    const { templates } = serve(['UploadTunnelShiftReport'], { type: 'tunnel' });
    const { user } = renderApp('/en/upload/tunnel');
    const format = await screen.findByRole('region', { name: 'The file' }, SLOW);
    const items = within(within(format).getByRole('list', { name: 'Row kinds (the record column)' })).getAllByRole('listitem');
    expect(items.map((li) => li.querySelector('code')?.textContent)).toEqual(['shift', 'sequence']);
    expect(items[0]).not.toHaveTextContent('You may not upload');
    expect(items[1]).toHaveTextContent('You may not upload rows of this kind: they need Upload Mined Tunnel Sequence.');
    const columns = within(format).getByRole('table', { name: 'Columns of the file' });
    expect(
      within(columns)
        .getAllByRole('row')
        .slice(1)
        .map((r) => within(r).getAllByRole('cell')[0]!.textContent),
    ).toEqual([...TUNNEL_UPLOAD_COLUMNS]);
    await user.click(within(format).getByRole('button', { name: 'XLSX template' }));
    await waitFor(() => expect(templates).toEqual(['tunnel?format=xlsx']));
  });
});
