import { act, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { storeTestCredential, syncResponse } from '../../../test/fixtures';
import { liveEvents } from '../../../lib/live-connection';
import { renderApp } from '../../../test/render-app';
import { api, server } from '../../../test/server';
import { uploadRow } from '../test-data';

const SLOW = { timeout: 8000 };

const UPLOADS = [
  uploadRow({ upload_id: 5, file_name: 'week-47.csv', status: 'done', contract_ids: [11], contract_nos: ['C101'] }),
  uploadRow({ upload_id: 4, file_name: 'week-46.xlsx', status: 'invalid', contract_ids: [12], contract_nos: ['C102'] }),
];

function serve(permissions: string[]) {
  storeTestCredential();
  const queries: URLSearchParams[] = [];
  const sent: FormData[] = [];
  server.use(
    http.get(api('/sync'), () => HttpResponse.json(syncResponse({ permissions }))),
    http.get(api('/uploads'), ({ request }) => {
      const query = new URL(request.url).searchParams;
      queries.push(query);
      const records = UPLOADS.filter(
        (u) => (!query.get('status') || u.status === query.get('status')) && (!query.get('contract') || u.contract_ids.includes(Number(query.get('contract')))),
      );
      return HttpResponse.json({ records, total_records: records.length });
    }),
    http.post(api('/uploads/instrument'), async ({ request }) => {
      const form = await request.formData();
      sent.push(form);
      if (new URL(request.url).searchParams.get('force') !== 'true' && sent.length === 1) {
        return HttpResponse.text('This file was already uploaded on 2026-11-20 (upload 5, done). Upload it with force to process it again.', { status: 409 });
      }
      return HttpResponse.json({ upload_id: 9, status: 'received' }, { status: 202 });
    }),
    http.get(api('/uploads/9'), () => HttpResponse.json(uploadRow({ upload_id: 9, status: 'validating', progress: 10 }))),
  );
  return { queries, sent };
}

describe('Instrumentation uploads', { timeout: 30_000 }, () => {
  it('lists the history with links, and filters it by status and contract from the Filter action (kept in the URL)', async () => {
    const { queries } = serve(['UploadInstrumentationFiles', 'ViewInstrumentationUploadHistory']);
    const { user, location } = renderApp('/en/upload/instrument');
    const table = await screen.findByRole('table', { name: 'Instrumentation upload history' }, SLOW);
    expect((await within(table).findByRole('link', { name: 'week-47.csv' })).getAttribute('href')).toBe('/en/upload/instrument/5');
    expect(within(table).getByText('week-46.xlsx')).toBeInTheDocument();
    expect(within(table).getByText('Invalid')).toBeInTheDocument();
    expect(queries.at(-1)?.get('type')).toBe('instrument');

    // The filters are hidden until the Filter action.
    expect(screen.queryByRole('search', { name: 'Upload filters' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Actions' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Filter' }));
    const filters = await screen.findByRole('search', { name: 'Upload filters' });

    await user.click(within(filters).getByRole('combobox', { name: 'Status' }));
    await user.click(await screen.findByRole('option', { name: 'Invalid' }));
    await waitFor(() => expect(within(table).queryByText('week-47.csv')).toBeNull());
    expect(within(table).getByText('week-46.xlsx')).toBeInTheDocument();
    expect(queries.at(-1)?.get('status')).toBe('invalid');
    expect(location()).toContain('status=invalid');

    await user.click(within(filters).getByRole('combobox', { name: 'Contract' }));
    await user.click(await screen.findByRole('option', { name: 'C101' }));
    expect(await within(table).findByText('No upload matches these filters.')).toBeInTheDocument();
    expect(queries.at(-1)?.get('contract')).toBe('11');

    await user.click(within(filters).getByRole('button', { name: 'Clear filters' }));
    expect(await within(table).findByText('week-47.csv')).toBeInTheDocument();
  });

  it('uploads a readings file with a contract, sends it again with force when it was already uploaded, and opens its page', async () => {
    const { sent } = serve(['UploadInstrumentationFiles', 'ViewInstrumentationUploadHistory']);
    const { user, location } = renderApp('/en/upload/instrument');
    await screen.findByRole('table', { name: 'Instrumentation upload history' }, SLOW);
    await user.click(screen.getByRole('button', { name: 'Actions' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Upload' }));
    const dialog = await screen.findByRole('dialog', { name: 'Upload Instrumentation' });
    for (const name of ['CSV · one reading per row', 'CSV · one column per code', 'XLSX · one reading per row', 'XLSX · one column per code']) {
      expect(within(dialog).getByRole('button', { name })).toBeInTheDocument();
    }
    const submit = within(dialog).getByRole('button', { name: 'Upload' });
    expect(submit).toBeDisabled();

    await user.click(within(dialog).getByRole('combobox', { name: 'Contract' }));
    await user.click(await screen.findByRole('option', { name: 'C101' }));
    const csv = new File(['instrument,date_time,reading_code,value\nSM-1,2026-11-20T09:00:00+08:00,SM,1.5\n'], 'week-48.csv', { type: 'text/csv' });
    await user.upload(within(dialog).getByTestId('readings-file-input'), csv);
    expect(within(dialog).getByText(/week-48\.csv/)).toBeInTheDocument();
    await user.click(submit);

    expect(await within(dialog).findByText(/already uploaded on 2026-11-20/, undefined, SLOW)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Upload anyway' }));
    await waitFor(() => expect(location()).toBe('/en/upload/instrument/9'), SLOW);
    expect(sent).toHaveLength(2);
    expect(sent[1]!.get('contract_id')).toBe('11');
    // (jsdom's XMLHttpRequest drops the part's file name; the content is what matters here.)
    expect(await (sent[1]!.get('files') as File).text()).toContain('SM-1,2026-11-20T09:00:00+08:00,SM,1.5');
    expect(await screen.findByText('Validating the file… 10%', undefined, SLOW)).toBeInTheDocument();
  });

  it('says the file was uploaded, not that it is being validated, while its page already shows Validated', async () => {
    serve(['UploadInstrumentationFiles', 'ViewInstrumentationUploadHistory']);
    server.use(
      http.post(api('/uploads/instrument'), () => HttpResponse.json({ upload_id: 9, status: 'received' }, { status: 202 })),
      // Validation is quick: the page's first read finds it done.
      http.get(api('/uploads/9'), () => HttpResponse.json(uploadRow({ upload_id: 9, status: 'validated', progress: 100 }))),
      http.get(api('/uploads/9/report'), () =>
        HttpResponse.json({ upload_id: 9, status: 'validated', rows_total: 1, rows_valid: 1, rows_invalid: 0, errors_total: 0, capped: false, records: [] }),
      ),
    );
    const { user, location } = renderApp('/en/upload/instrument');
    await screen.findByRole('table', { name: 'Instrumentation upload history' }, SLOW);
    await user.click(screen.getByRole('button', { name: 'Actions' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Upload' }));
    const dialog = await screen.findByRole('dialog', { name: 'Upload Instrumentation' });
    const csv = new File(['instrument,date_time,reading_code,value\nSM-1,2026-11-20T09:00:00+08:00,SM,1.5\n'], 'week-48.csv', { type: 'text/csv' });
    await user.upload(within(dialog).getByTestId('readings-file-input'), csv);
    await user.click(within(dialog).getByRole('button', { name: 'Upload' }));
    await waitFor(() => expect(location()).toBe('/en/upload/instrument/9'), SLOW);
    expect(await screen.findByText('week-48.csv uploaded', undefined, SLOW)).toBeInTheDocument();
    expect((await screen.findAllByText('Validated', undefined, SLOW)).length).toBeGreaterThan(0);
    expect(screen.queryByText(/being validated/)).toBeNull();
  });

  it('offers an Upload button in the empty history, whose words say "Use Upload"', async () => {
    serve(['UploadInstrumentationFiles', 'ViewInstrumentationUploadHistory']);
    server.use(http.get(api('/uploads'), () => HttpResponse.json({ records: [], total_records: 0 })));
    const { user } = renderApp('/en/upload/instrument');
    const table = await screen.findByRole('table', { name: 'Instrumentation upload history' }, SLOW);
    expect(await within(table).findByText('No files uploaded yet. Use Upload to send a readings file.', undefined, SLOW)).toBeInTheDocument();
    await user.click(within(table).getByRole('button', { name: 'Upload' }));
    expect(await screen.findByRole('dialog', { name: 'Upload Instrumentation' })).toBeInTheDocument();
  });

  it('tells an uploader without the history permission that the history is not theirs to see', async () => {
    const { queries } = serve(['UploadInstrumentationFiles']);
    renderApp('/en/upload/instrument');
    expect(await screen.findByText(/seeing the upload history needs/, undefined, SLOW)).toBeInTheDocument();
    expect(screen.queryByRole('table')).toBeNull();
    expect(queries).toHaveLength(0);
    expect(screen.getByRole('button', { name: 'Upload' })).toBeInTheDocument();
  });

  it('follows an upload that moves on while the history is open (a live update of the uploads), and ignores other topics', async () => {
    const { queries } = serve(['UploadInstrumentationFiles', 'ViewInstrumentationUploadHistory']);
    renderApp('/en/upload/instrument');
    const table = await screen.findByRole('table', { name: 'Instrumentation upload history' }, SLOW);
    await within(table).findByText('Done', undefined, SLOW);
    const asked = queries.length;

    act(() => liveEvents.emit('notification', { type: 'dataUpdated', topic: 'alerts', message: 'x', severity: 1, link_uri: null }));
    UPLOADS[1] = { ...UPLOADS[1]!, status: 'loading' };
    act(() => liveEvents.emit('notification', { type: 'dataUpdated', topic: 'uploads', message: 'x', severity: 1, link_uri: null }));
    expect(await within(table).findByText('Loading', undefined, SLOW)).toBeInTheDocument();
    expect(queries.length).toBe(asked + 1);
    UPLOADS[1] = { ...UPLOADS[1]!, status: 'invalid' };
  });

  it('opens the upload of a notification’s link (?upload=<id>) on its page', async () => {
    serve(['UploadInstrumentationFiles', 'ViewInstrumentationUploadHistory']);
    const { location } = renderApp('/en/upload/instrument?upload=9');
    await waitFor(() => expect(location()).toBe('/en/upload/instrument/9'), SLOW);
    expect(await screen.findByText('Validating the file… 10%', undefined, SLOW)).toBeInTheDocument();
  });
});
