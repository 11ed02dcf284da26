import { configure, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { storeTestCredential, syncResponse } from '../../../test/fixtures';
import { renderApp } from '../../../test/render-app';
import { api, server } from '../../../test/server';
import { filesRoutes } from '../routes';
import { contractDocument, mapUpload } from '../test-data';

configure({ asyncUtilTimeout: 5000 });
const SLOW = { timeout: 8000 };

function signedIn(permissions: string[]) {
  storeTestCredential();
  server.use(http.get(api('/sync'), () => HttpResponse.json(syncResponse({ permissions }))));
}

describe('Other Files (/upload/document)', { timeout: 60_000 }, () => {
  it('lists the documents of the contracts, filters by contract and keyword in the URL, and uploads to the chosen contract', async () => {
    signedIn(['UploadOtherFiles']);
    const queries: URLSearchParams[] = [];
    const posted: string[] = [];
    server.use(
      http.get(api('/uploads/document/history'), ({ request }) => {
        const q = new URL(request.url).searchParams;
        queries.push(q);
        const all = [
          contractDocument({ file_id: 1, file_name: 'permit.pdf' }),
          contractDocument({ file_id: 2, file_name: 'letter.docx', contract_id: 12, contract_no: 'C102', can_delete: false }),
        ];
        const found = all.filter((d) => !q.get('contract_id') || String(d.contract_id) === q.get('contract_id'));
        return HttpResponse.json({ records: found, total_records: found.length });
      }),
      http.post(api('/documents/:category/:id'), ({ params }) => {
        posted.push(`${String(params.category)}/${String(params.id)}`);
        return HttpResponse.json(contractDocument({ file_id: 9 }));
      }),
    );
    const { user, location } = renderApp('/en/upload/document', { routes: filesRoutes });
    const table = await screen.findByRole('table', { name: 'Other files' }, SLOW);
    const row = (await within(table).findByText('permit.pdf')).closest('tr')!;
    expect(within(row).getByText('C101')).toBeInTheDocument();
    expect(within(row).getByText('52 kB')).toBeInTheDocument();
    expect(within(table).getByRole('button', { name: 'Delete permit.pdf' })).toBeInTheDocument();
    expect(within(table).queryByRole('button', { name: 'Delete letter.docx' })).toBeNull();

    await user.click(screen.getByRole('combobox', { name: 'Contract' }));
    await user.click(screen.getByRole('option', { name: 'C102' }));
    await waitFor(() => expect(queries.at(-1)?.get('contract_id')).toBe('12'));
    await user.type(screen.getByRole('searchbox', { name: 'File name or uploader' }), 'letter{Enter}');
    await waitFor(() => expect(queries.at(-1)?.get('keyword')).toBe('letter'));
    expect(location()).toBe('/en/upload/document?contract=12&keyword=letter');
    await waitFor(() => expect(within(table).queryByText('permit.pdf')).toBeNull());

    await user.click(screen.getByRole('button', { name: 'Upload document' }));
    const dialog = await screen.findByRole('dialog', { name: 'Upload document' });
    // The contract of the filter is the one proposed.
    expect(within(dialog).getByRole('combobox', { name: 'Contract' }).textContent).toContain('C102');
    await user.upload(screen.getByTestId('attachment-file-input'), [new File(['%PDF'], 'notice.pdf', { type: 'application/pdf' })]);
    const before = queries.length;
    await user.click(within(dialog).getByRole('button', { name: 'Upload' }));
    expect(await screen.findByText('1 document uploaded')).toBeInTheDocument();
    expect(posted).toEqual(['contract/12']);
    // The history is asked again.
    await waitFor(() => expect(queries.length).toBeGreaterThan(before));
  });

  it('offers no upload without Upload Other Files, and the Filter action hides the filter', async () => {
    signedIn(['DeleteOtherFiles']);
    server.use(http.get(api('/uploads/document/history'), () => HttpResponse.json({ records: [], total_records: 0 })));
    const { user } = renderApp('/en/upload/document', { routes: filesRoutes });
    expect(await screen.findByText('No document has been attached to your contracts yet.', {}, SLOW)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Upload document' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Filter' }));
    await waitFor(() => expect(screen.queryByRole('searchbox', { name: 'File name or uploader' })).toBeNull());
  });
});

describe('Drawings to Base Map (/upload/map)', { timeout: 60_000 }, () => {
  it('lists the drawings with the layer each became, and uploads a GeoJSON file as a named layer', async () => {
    signedIn(['UploadDrawingtoBaseMap']);
    const queries: URLSearchParams[] = [];
    const names: (string | null)[] = [];
    server.use(
      http.get(api('/uploads/map/history'), ({ request }) => {
        queries.push(new URL(request.url).searchParams);
        return HttpResponse.json({
          records: [mapUpload({ upload_id: 1 }), mapUpload({ upload_id: 2, layer_id: null, file_type: 'kml', file_name: 'old.kml' })],
          total_records: 2,
        });
      }),
      http.post(api('/uploads/map'), async ({ request }) => {
        const form = await request.formData();
        names.push(form.get('name') as string | null);
        return HttpResponse.json(mapUpload({ upload_id: 3, layer_name: 'Viaduct piers' }));
      }),
    );
    const { user } = renderApp('/en/upload/map', { routes: filesRoutes });
    const table = await screen.findByRole('table', { name: 'Drawings uploaded to the base map' }, SLOW);
    const deleted = (await within(table).findByText('old.kml')).closest('tr')!;
    expect(within(deleted).getByText('Layer deleted')).toBeInTheDocument();
    expect(within(deleted).getByText('KML')).toBeInTheDocument();
    expect(queries[0]?.get('limit')).toBe('10');

    await user.click(screen.getByRole('button', { name: 'Upload drawing' }));
    const dialog = await screen.findByRole('dialog', { name: 'Upload drawing to base map' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Layer name' }), 'Viaduct piers');
    await user.upload(screen.getByTestId('map-file-input'), [
      new File(['{"type":"FeatureCollection","features":[]}'], 'piers.geojson', { type: 'application/geo+json' }),
    ]);
    await user.click(within(dialog).getByRole('button', { name: 'Upload' }));
    expect(await screen.findByText('Layer Viaduct piers added to the map')).toBeInTheDocument();
    expect(names).toEqual(['Viaduct piers']);
    await waitFor(() => expect(queries.length).toBeGreaterThan(1));
  });

  it('sends users without Upload Drawing to Base Map or Manage Map Layers to the default page', async () => {
    signedIn(['UploadOtherFiles']);
    const { location } = renderApp('/en/upload/map', { routes: filesRoutes });
    await waitFor(() => expect(location()).not.toMatch(/^\/en\/upload\/map/), SLOW);
    expect(screen.queryByRole('table', { name: 'Drawings uploaded to the base map' })).toBeNull();
  });
});

describe('Upload landing', { timeout: 60_000 }, () => {
  it('shows the Drawings to Base Map and Other Files tiles to the holders of their tasks', async () => {
    signedIn(['UploadDrawingtoBaseMap', 'DeleteOtherFiles']);
    server.use(http.get(api('/uploads'), () => HttpResponse.json({ records: [], total_records: 0 })));
    const { user, location } = renderApp('/en/upload');
    const list = await screen.findByRole('list', { name: 'Upload types' }, SLOW);
    expect(
      within(list)
        .getAllByRole('heading', { level: 2 })
        .map((h) => h.textContent),
    ).toEqual(['Drawings to Base Map', 'Other Files']);
    await user.click(within(list).getByRole('link', { name: /Other Files/ }));
    await waitFor(() => expect(location()).toBe('/en/upload/document'));
  });
});
