import { QueryClientProvider } from '@tanstack/react-query';
import { configure, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { queryClient } from '../../lib/query-client';
import { storeTestCredential } from '../../test/fixtures';
import { renderWidget } from '../../test/render-widget';
import { api, server } from '../../test/server';
import { RecordFiles } from './record-files';
import { recordFile } from './test-data';

configure({ asyncUtilTimeout: 5000 });

const FILES = [
  recordFile({
    kind: 'photo',
    file_id: 3,
    file_name: 'pit-north.jpg',
    file_type: 'jpg',
    url: '/api/v1/photos/3',
    thumbnail_url: '/api/v1/photos/3?size=128',
    can_delete: true,
  }),
  recordFile({ kind: 'document', file_id: 4, file_name: 'method.pdf', can_delete: false }),
  recordFile({ kind: 'drawing', file_id: 9, file_name: 'shaft.dxf', file_type: 'dxf', url: '/api/v1/master-data/sites/drawings/9', can_delete: true }),
];

function serveFiles() {
  const queries: URLSearchParams[] = [];
  server.use(
    http.get(api('/files/site/2'), ({ request }) => {
      const q = new URL(request.url).searchParams;
      queries.push(q);
      const kinds = (q.get('type') ?? '').split(',').filter(Boolean);
      const found = FILES.filter((f) => kinds.length === 0 || kinds.includes(f.kind));
      return HttpResponse.json({ records: found, total_records: found.length, total_pages: 1 });
    }),
  );
  return queries;
}

function renderFiles() {
  storeTestCredential();
  return renderWidget(
    <QueryClientProvider client={queryClient}>
      <RecordFiles category="site" refId={2} />
    </QueryClientProvider>,
    { url: '/en/master-data/construction/site/2' },
  );
}

describe('RecordFiles', { timeout: 30_000 }, () => {
  let clicked: string[];
  beforeEach(() => {
    clicked = [];
    URL.createObjectURL = vi.fn(() => 'blob:test/1');
    URL.revokeObjectURL = vi.fn();
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this.download);
    });
  });
  afterEach(() => vi.restoreAllMocks());

  it('lists every file of the record with its kind, filters by kind, and downloads any of them', async () => {
    const queries = serveFiles();
    server.use(
      http.get(
        api('/master-data/sites/drawings/9'),
        () => new HttpResponse('0\nSECTION', { headers: { 'content-disposition': 'attachment; filename="shaft.dxf"' } }),
      ),
    );
    const { user } = renderFiles();
    const table = await screen.findByRole('table', { name: 'Files' });
    await within(table).findByText('method.pdf');
    const kinds = within(table)
      .getAllByRole('row')
      .slice(1)
      .map((row) => within(row).getAllByRole('cell')[2]?.textContent);
    expect(kinds).toEqual(['Photo', 'Document', 'Drawing']);
    // Photos show their thumbnail through the resource token; only photos and documents can be deleted here.
    expect(within(table).getByRole('button', { name: 'Open photo pit-north.jpg' })).toBeInTheDocument();
    expect(table.querySelector('img')?.getAttribute('src')).toBe('/api/v1/photos/3?size=128&_token=resource-1');
    expect(within(table).getByRole('button', { name: 'Delete pit-north.jpg' })).toBeInTheDocument();
    expect(within(table).queryByRole('button', { name: 'Delete method.pdf' })).toBeNull();
    expect(within(table).queryByRole('button', { name: 'Delete shaft.dxf' })).toBeNull();

    await user.click(within(table).getByRole('button', { name: 'Download shaft.dxf' }));
    await waitFor(() => expect(clicked).toEqual(['shaft.dxf']));

    await user.click(screen.getByRole('combobox', { name: 'Kind' }));
    await user.click(screen.getByRole('option', { name: 'Drawing' }));
    await user.click(screen.getByRole('option', { name: 'Photo' }));
    await user.keyboard('{Escape}');
    await waitFor(() => expect(queries.at(-1)?.get('type')).toBe('photo,drawing'));
    await waitFor(() => expect(within(table).queryByText('method.pdf')).toBeNull());
  });

  it('opens a photo of the list in the viewer', async () => {
    serveFiles();
    const { user } = renderFiles();
    await user.click(await screen.findByRole('button', { name: 'Open photo pit-north.jpg' }));
    const viewer = await screen.findByRole('dialog', { name: 'pit-north.jpg' });
    expect(within(viewer).getByRole('img', { name: 'pit-north.jpg' }).getAttribute('src')).toBe('/api/v1/photos/3?_token=resource-1');
  });
});
