import type { TUpload } from '@strata/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { storeTestCredential, syncResponse } from '../../../test/fixtures';
import { renderApp } from '../../../test/render-app';
import { api, server } from '../../../test/server';
import { agsReport } from './test-data';
import { uploadRow } from '../test-data';

const SLOW = { timeout: 8000 };

const agsUpload = (overrides: Partial<TUpload> = {}) =>
  uploadRow({
    type: 'borehole',
    file_name: 'c101-si.ags',
    format: 'ags',
    layout: null,
    rows_total: 2,
    rows_valid: 2,
    rows_invalid: 0,
    errors_total: 3,
    ...overrides,
  });

/** Serves the borehole upload history and upload 5 (its states one per GET, the last one stays) with its report. */
function serve(permissions: string[], steps: Partial<TUpload>[] = [{ status: 'validated' }]) {
  storeTestCredential();
  let asked = 0;
  const lists: string[] = [];
  const approvals: number[] = [];
  let current = agsUpload(steps[0]);
  server.use(
    http.get(api('/sync'), () => HttpResponse.json(syncResponse({ permissions }))),
    http.get(api('/uploads'), ({ request }) => {
      lists.push(new URL(request.url).searchParams.toString());
      return HttpResponse.json({ records: [agsUpload()], total_records: 1 });
    }),
    http.get(api('/uploads/5'), () => {
      current = agsUpload({ ...current, ...steps[Math.min(asked, steps.length - 1)] });
      asked += 1;
      return HttpResponse.json(current);
    }),
    http.get(api('/uploads/5/ags-report'), () => HttpResponse.json(agsReport())),
    http.post(api('/uploads/5/approve'), () => {
      approvals.push(5);
      current = agsUpload({ status: 'done', rows_loaded: 2 });
      steps.push({ status: 'done', rows_loaded: 2 });
      asked = steps.length - 1;
      return HttpResponse.json(current);
    }),
  );
  return { lists, approvals };
}

describe('SI borehole uploads', { timeout: 30_000 }, () => {
  it('lists the AGS uploads with boreholes found and findings, and opens one from the list', async () => {
    const { lists } = serve(['ViewSIBoreholeUploadHistory']);
    const { user, location } = renderApp('/en/upload/borehole');
    const table = await screen.findByRole('table', { name: 'SI borehole uploads' }, SLOW);
    const row = (await within(table).findByText('c101-si.ags', undefined, SLOW)).closest('tr')!;
    expect(lists[0]).toContain('type=borehole');
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((h) => h.textContent);
    expect(headers).toEqual(['File', 'Contract', 'Uploaded by', 'Uploaded', 'Status', 'Boreholes found', 'Findings']);
    expect(within(row).getByText('C101')).toBeInTheDocument();
    await user.click(row);
    await waitFor(() => expect(location()).toContain('upload=5'));
    expect(await screen.findByRole('region', { name: 'AGS check report' }, SLOW)).toBeInTheDocument();
  });

  it('shows the checker report of ?upload=<id>: counts, summary, boreholes, findings by rule with line numbers', async () => {
    serve(['ViewSIBoreholeUploadHistory']);
    renderApp('/en/upload/borehole?upload=5');
    const report = await screen.findByRole('region', { name: 'AGS check report' }, SLOW);
    const counts = within(report).getByRole('group', { name: 'Findings' });
    expect(within(counts).getByText('Errors').nextSibling?.textContent).toBe('2');
    expect(within(counts).getByText('Warnings').nextSibling?.textContent).toBe('1');
    expect(within(counts).getByText('Boreholes').nextSibling?.textContent).toBe('2');
    expect(within(report).getByText('Groups: PROJ, LOCA, GEOL, ISPT')).toBeInTheDocument();
    expect(within(report).getByText('2 boreholes found (1 already in the contract: a new version)')).toBeInTheDocument();
    expect(within(report).getByText('BH-01 (new version)')).toBeInTheDocument();
    const rule3 = within(report).getByRole('table', { name: 'Rule AGS Format Rule 3' });
    const lines = within(rule3)
      .getAllByRole('row')
      .slice(1)
      .map((r) => within(r).getAllByRole('cell')[0]!.textContent);
    expect(lines).toEqual(['14', '27']);
    expect(within(report).getByText('3 more findings are in the downloaded report.')).toBeInTheDocument();
    expect(within(report).getByRole('button', { name: 'Text' })).toBeInTheDocument();
    expect(within(report).getByRole('button', { name: 'XLSX' })).toBeInTheDocument();
    // Without Approve Upload: no Approve or Reject.
    expect(screen.queryByRole('button', { name: 'Approve' })).toBeNull();
  });

  it('follows the check, then approves with Approve Upload and says how many boreholes were loaded', async () => {
    const { approvals } = serve(['UploadSIBoreholeFiles', 'ApproveUpload'], [{ status: 'validating', progress: 30 }, { status: 'validated' }]);
    const { user } = renderApp('/en/upload/borehole?upload=5');
    expect(await screen.findByText('Checking the file… 30%', undefined, SLOW)).toBeInTheDocument();
    const approve = await screen.findByRole('button', { name: 'Approve' }, SLOW);
    await screen.findByRole('region', { name: 'AGS check report' }, SLOW);
    await user.click(approve);
    const dialog = await screen.findByRole('dialog', { name: 'Approve upload' });
    expect(within(dialog).getByText('Load 2 boreholes from c101-si.ags?')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Approve' }));
    await waitFor(() => expect(approvals).toEqual([5]));
    expect(await screen.findByText('Upload approved: the boreholes are being loaded', undefined, SLOW)).toBeInTheDocument();
    expect(screen.queryByText(/readings are being loaded/)).toBeNull();
    expect(await screen.findByText('2 boreholes loaded.', undefined, SLOW)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Open the SI Borehole List' }).getAttribute('href')).toBe('/en/dashboard/search/borehole/list');
  });

  it('asks for the contract before sending, and offers the coordinate systems with SVY21 first', async () => {
    serve(['UploadSIBoreholeFiles']);
    const { user } = renderApp('/en/upload/borehole');
    expect(await screen.findByText('You may upload AGS files; the upload history needs View SI Borehole Upload History.', undefined, SLOW)).toBeInTheDocument();
    await user.click(screen.getAllByRole('button', { name: 'Upload' })[0]!);
    const dialog = await screen.findByRole('dialog', { name: 'Upload SI Borehole (AGS)' });
    expect(within(dialog).getByRole('combobox', { name: 'Coordinate system' })).toHaveTextContent('SVY21 (EPSG:3414)');
    await user.upload(within(dialog).getByTestId('ags-file-input'), new File(['"GROUP","PROJ"'], 'c101-si.ags', { type: 'text/plain' }));
    await user.click(within(dialog).getByRole('button', { name: 'Upload' }));
    expect(await within(dialog).findByText('Choose a contract')).toBeInTheDocument();
  });

  it('sends the file with its contract and grid, offers to send a duplicate again with force, then shows the upload', async () => {
    serve(['UploadSIBoreholeFiles', 'ViewSIBoreholeUploadHistory']);
    const sent: { force: string | null; contract: FormDataEntryValue | null; crs: FormDataEntryValue | null; file: boolean }[] = [];
    server.use(
      http.post(api('/uploads/borehole'), async ({ request }) => {
        const form = await request.formData();
        const force = new URL(request.url).searchParams.get('force');
        sent.push({ force, contract: form.get('contract_id'), crs: form.get('crs'), file: form.get('files') !== null });
        if (force !== 'true')
          return HttpResponse.text('This file was already uploaded on 2026-11-20 (upload 5, done). Upload it with force to process it again.', { status: 409 });
        return HttpResponse.json({ upload_id: 5, status: 'received' }, { status: 202 });
      }),
    );
    const { user, location } = renderApp('/en/upload/borehole');
    await screen.findByRole('table', { name: 'SI borehole uploads' }, SLOW);
    await user.click(screen.getByRole('button', { name: 'Actions' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Upload' }));
    const dialog = await screen.findByRole('dialog', { name: 'Upload SI Borehole (AGS)' });
    await user.click(within(dialog).getByRole('combobox', { name: 'Contract' }));
    await user.click(await screen.findByRole('option', { name: 'C101' }));
    await user.click(within(dialog).getByRole('combobox', { name: 'Coordinate system' }));
    await user.click(await screen.findByRole('option', { name: 'British National Grid (EPSG:27700)' }));
    await user.upload(within(dialog).getByTestId('ags-file-input'), new File(['"GROUP","PROJ"'], 'c101-si.ags', { type: 'text/plain' }));
    await user.click(within(dialog).getByRole('button', { name: 'Upload' }));
    await user.click(await within(dialog).findByRole('button', { name: 'Upload anyway' }, SLOW));
    await waitFor(() => expect(location()).toContain('upload=5'), SLOW);
    expect(sent).toEqual([
      { force: null, contract: '11', crs: '27700', file: true },
      { force: 'true', contract: '11', crs: '27700', file: true },
    ]);
    expect(await screen.findByRole('region', { name: 'AGS check report' }, SLOW)).toBeInTheDocument();
  });

  it('has a tile on the upload landing that leads here', async () => {
    serve(['UploadSIBoreholeFiles']);
    const { user, location } = renderApp('/en/upload');
    const list = await screen.findByRole('list', { name: 'Upload types' }, SLOW);
    await user.click(within(list).getByRole('link', { name: /SI Borehole/ }));
    await waitFor(() => expect(location()).toBe('/en/upload/borehole'));
  });
});
