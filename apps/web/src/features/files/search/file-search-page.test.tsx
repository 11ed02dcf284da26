import { configure, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { storeTestCredential, syncResponse } from '../../../test/fixtures';
import { renderApp } from '../../../test/render-app';
import { api, server } from '../../../test/server';
import { filesRoutes } from '../routes';
import { instrument, searchResult } from '../test-data';

configure({ asyncUtilTimeout: 5000 });

const RESULTS = [
  searchResult({ file_id: 1, file_name: 'method-statement.pdf' }),
  searchResult({
    kind: 'photo',
    file_id: 2,
    file_name: 'crack.jpg',
    file_type: 'jpg',
    url: '/api/v1/photos/2',
    thumbnail_url: '/api/v1/photos/2?size=128',
    can_delete: true,
  }),
  searchResult({
    file_id: 3,
    file_name: 'contract-letter.pdf',
    record: { category: 'contract', ref_id: 11, title: 'C101', path: '/upload/document' },
    location: null,
  }),
];

function serve(permissions: string[] = []) {
  storeTestCredential();
  const queries: URLSearchParams[] = [];
  server.use(
    http.get(api('/sync'), () => HttpResponse.json(syncResponse({ permissions }))),
    http.get(api('/files/search'), ({ request }) => {
      const q = new URL(request.url).searchParams;
      queries.push(q);
      const found = RESULTS.filter((r) => r.file_name.includes(q.get('keyword') ?? '') && (!q.get('kind') || r.kind === q.get('kind')));
      return HttpResponse.json({ records: found, total_records: found.length });
    }),
  );
  return queries;
}

describe('Map Files Search', { timeout: 60_000 }, () => {
  it('finds photos and documents with their record, and narrows by keyword, kind, type, contract and date, kept in the URL', async () => {
    const queries = serve();
    const { user, location } = renderApp('/en/dashboard/search/file', { routes: filesRoutes });
    const table = await screen.findByRole('table', { name: 'Files found' }, { timeout: 8000 });
    await within(table).findByText('method-statement.pdf');
    expect(screen.getByText('3 files found')).toBeInTheDocument();
    expect(queries[0]?.get('limit')).toBe('1000');
    // The record opens on its documents or photo view; a contract's file opens its page.
    expect(
      within(table)
        .getAllByRole('link', { name: 'SM-1001' })
        .map((a) => a.getAttribute('href')),
    ).toEqual(['/en/dashboard/search/instrument/3/documents', '/en/dashboard/search/instrument/3/photo']);
    expect(within(table).getByRole('link', { name: 'C101' }).getAttribute('href')).toBe('/en/upload/document');
    expect(screen.getByText('1 file belongs to a record without a location: it is in the list, not on the map.')).toBeInTheDocument();

    await user.type(screen.getByRole('searchbox', { name: 'File name, record or uploader' }), 'crack{Enter}');
    await waitFor(() => expect(queries.at(-1)?.get('keyword')).toBe('crack'));
    await user.click(screen.getByRole('combobox', { name: 'Photos or documents' }));
    await user.click(screen.getByRole('option', { name: 'Photo' }));
    await waitFor(() => expect(queries.at(-1)?.get('kind')).toBe('photo'));
    await user.click(screen.getByRole('combobox', { name: 'Type' }));
    // Only the photo types are offered for photos.
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(['PNG', 'JPG', 'GIF']);
    await user.click(screen.getByRole('option', { name: 'JPG' }));
    await user.keyboard('{Escape}');
    await waitFor(() => expect(queries.at(-1)?.get('types')).toBe('jpg'));
    await user.click(screen.getByRole('combobox', { name: 'Contract' }));
    await user.click(screen.getByRole('option', { name: 'C101' }));
    await waitFor(() => expect(queries.at(-1)?.get('contracts')).toBe('[11]'));
    await user.click(screen.getByRole('combobox', { name: 'Uploaded' }));
    await user.click(screen.getByRole('option', { name: '30 Days' }));
    await waitFor(() => expect(queries.at(-1)?.get('from')).toMatch(/^\d{4}-\d{2}-\d{2}T/));
    expect(queries.at(-1)?.get('to')).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    expect(location()).toMatch(/^\/en\/dashboard\/search\/file\?keyword=crack&kind=photo&types=jpg&contract=11&range=30day&from=.+&to=.+$/);
    await waitFor(() => expect(within(table).queryByText('method-statement.pdf')).toBeNull());
    expect(within(table).getByText('crack.jpg')).toBeInTheDocument();
  });

  it('toggles the filter with the Filter action', async () => {
    serve();
    const { user } = renderApp('/en/dashboard/search/file', { routes: filesRoutes });
    expect(await screen.findByRole('searchbox', { name: 'File name, record or uploader' }, { timeout: 8000 })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Actions' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Filter' }));
    await waitFor(() => expect(screen.queryByRole('searchbox', { name: 'File name, record or uploader' })).toBeNull());
  });

  it('uploads a photo to an instrument chosen in the dialog of the Upload photo action', async () => {
    serve();
    const instrumentQueries: URLSearchParams[] = [];
    const posted: string[] = [];
    server.use(
      http.get(api('/instruments'), ({ request }) => {
        instrumentQueries.push(new URL(request.url).searchParams);
        return HttpResponse.json({ records: [instrument({ instrument_id: 3 }), instrument({ instrument_id: 4 })], total_records: 2 });
      }),
      http.post(api('/photos/:category/:id'), ({ params }) => {
        posted.push(`${String(params.category)}/${String(params.id)}`);
        return HttpResponse.json({ ...RESULTS[1], category: 'instrument', ref_id: 4, width: 1, height: 1, file_type: 'png' });
      }),
    );
    const { user } = renderApp('/en/dashboard/search/file', { routes: filesRoutes });
    await screen.findByRole('table', { name: 'Files found' }, { timeout: 8000 });
    await user.click(screen.getByRole('button', { name: 'Actions' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Upload photo' }));
    const dialog = await screen.findByRole('dialog', { name: 'Upload photo' });
    // The active contract is chosen; without Upload Other Files the photo must go to an instrument.
    expect(within(dialog).getByRole('combobox', { name: 'Contract' }).textContent).toContain('C101');
    expect(within(dialog).getByText('Choose the instrument the file belongs to')).toBeInTheDocument();
    await user.upload(screen.getByTestId('attachment-file-input'), [new File(['png'], 'site.png', { type: 'image/png' })]);
    expect(within(dialog).getByRole('button', { name: 'Upload' })).toBeDisabled();

    await user.click(within(dialog).getByRole('combobox', { name: 'Instrument' }));
    await user.click(await screen.findByRole('option', { name: 'SM-1004 · Settlement Marker' }));
    expect(instrumentQueries[0]?.get('contract_id')).toBe('11');
    await user.click(within(dialog).getByRole('button', { name: 'Upload' }));
    expect(await screen.findByText('1 photo uploaded')).toBeInTheDocument();
    expect(posted).toEqual(['instrument/4']);
  });

  it('files a document under the contract itself for a holder of Upload Other Files', async () => {
    serve(['UploadOtherFiles']);
    const posted: string[] = [];
    server.use(
      http.get(api('/instruments'), () => HttpResponse.json({ records: [], total_records: 0 })),
      http.post(api('/documents/:category/:id'), ({ params }) => {
        posted.push(`${String(params.category)}/${String(params.id)}`);
        return HttpResponse.json({ ...RESULTS[0], category: 'contract', ref_id: 11 });
      }),
    );
    const { user } = renderApp('/en/dashboard/search/file', { routes: filesRoutes });
    await screen.findByRole('table', { name: 'Files found' }, { timeout: 8000 });
    await user.click(screen.getByRole('button', { name: 'Actions' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Upload document' }));
    const dialog = await screen.findByRole('dialog', { name: 'Upload document' });
    expect(within(dialog).getByText("Leave empty to file it under the contract's other files")).toBeInTheDocument();
    await user.upload(screen.getByTestId('attachment-file-input'), [new File(['%PDF'], 'letter.pdf', { type: 'application/pdf' })]);
    await user.click(within(dialog).getByRole('button', { name: 'Upload' }));
    expect(await screen.findByText('1 document uploaded')).toBeInTheDocument();
    expect(posted).toEqual(['contract/11']);
  });

  it('says Failed to fetch data when the search fails', async () => {
    serve();
    server.use(http.get(api('/files/search'), () => new HttpResponse(null, { status: 500 })));
    renderApp('/en/dashboard/search/file', { routes: filesRoutes });
    expect(await screen.findByText('Failed to fetch data', {}, { timeout: 8000 })).toBeInTheDocument();
  });
});
