import type { TDocument } from '@strata/shared';
import { QueryClientProvider } from '@tanstack/react-query';
import { act, configure, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { queryClient } from '../../lib/query-client';
import { storeTestCredential } from '../../test/fixtures';
import { renderWidget } from '../../test/render-widget';
import { api, server } from '../../test/server';
import { RecordDocuments } from './record-documents';
import { documentRecord } from './test-data';

configure({ asyncUtilTimeout: 5000 });

const URL_AT = '/en/dashboard/search/instrument/5/documents';

function renderDocuments(url = URL_AT) {
  storeTestCredential();
  return renderWidget(
    <QueryClientProvider client={queryClient}>
      <RecordDocuments category="instrument" refId={5} />
    </QueryClientProvider>,
    { url },
  );
}

function serveDocuments(all: TDocument[]) {
  const queries: URLSearchParams[] = [];
  server.use(
    http.get(api('/documents/instrument/5'), ({ request }) => {
      const q = new URL(request.url).searchParams;
      queries.push(q);
      const types = (q.get('types') ?? '').split(',').filter(Boolean);
      const found = all.filter((d) => d.file_name.includes(q.get('keyword') ?? '') && (types.length === 0 || types.includes(d.file_type)));
      const skip = Number(q.get('skip'));
      const limit = Number(q.get('limit'));
      return HttpResponse.json({ records: found.slice(skip, skip + limit), total_records: found.length, total_pages: Math.ceil(found.length / limit) });
    }),
  );
  return queries;
}

describe('RecordDocuments', { timeout: 30_000 }, () => {
  let clicked: { href: string; download: string }[];

  beforeEach(() => {
    clicked = [];
    // jsdom has no object URLs, and a click on a link would navigate.
    URL.createObjectURL = vi.fn(() => 'blob:test/1');
    URL.revokeObjectURL = vi.fn();
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push({ href: this.getAttribute('href') ?? '', download: this.download });
    });
  });
  afterEach(() => {
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
  });

  it('lists file name, size in base-1000 units, created and uploader, 10 per page, searched by doc-keyword and filtered by type', async () => {
    const queries = serveDocuments([
      documentRecord({ file_id: 1, file_name: 'method-statement.pdf', size: 1_500_000 }),
      documentRecord({ file_id: 2, file_name: 'readings-march.xlsx', file_type: 'xlsx', size: 999, uploader_email: '' }),
    ]);
    const { user, location } = renderDocuments();
    const table = await screen.findByRole('table', { name: 'Documents' });
    const row = (await within(table).findByText('method-statement.pdf')).closest('tr')!;
    expect(within(row).getByText('1.5 MB')).toBeInTheDocument();
    expect(within(row).getByText('02/03/2026 09:30:00')).toBeInTheDocument();
    expect(within(row).getByText('alice.tan@example.com')).toBeInTheDocument();
    const other = within(table).getByText('readings-march.xlsx').closest('tr')!;
    expect(within(other).getByText('999 B')).toBeInTheDocument();
    expect(within(other).getByText('Deleted User')).toBeInTheDocument();
    expect(queries[0]?.get('limit')).toBe('10');
    expect(queries[0]?.has('types')).toBe(false);

    await user.click(screen.getByRole('combobox', { name: 'Type' }));
    await user.click(screen.getByRole('option', { name: 'XLSX' }));
    await user.click(screen.getByRole('option', { name: 'PDF' }));
    await user.keyboard('{Escape}');
    await waitFor(() => expect(queries.at(-1)?.get('types')).toBe('pdf,xlsx'));

    await user.type(screen.getByRole('searchbox', { name: 'Search documents' }), 'march{Enter}');
    await waitFor(() => expect(queries.at(-1)?.get('keyword')).toBe('march'));
    await waitFor(() => expect(within(table).queryByText('method-statement.pdf')).toBeNull());
    expect(location()).toBe(`${URL_AT}?doc-keyword=march`);
  });

  it('downloads a document under the name the server gives', async () => {
    serveDocuments([documentRecord({ file_id: 7, file_name: 'as-built.pdf' })]);
    let auth: string | null = null;
    server.use(
      http.get(api('/documents/7'), ({ request }) => {
        auth = request.headers.get('authorization');
        return new HttpResponse('%PDF-1.4', {
          headers: {
            'content-type': 'application/pdf',
            'content-disposition': `attachment; filename="as-built.pdf"; filename*=UTF-8''as-built%20%E2%80%94%20rev%202.pdf`,
          },
        });
      }),
    );
    const { user } = renderDocuments();
    await user.click(await screen.findByRole('button', { name: 'Download as-built.pdf' }));
    await waitFor(() => expect(clicked).toEqual([{ href: 'blob:test/1', download: 'as-built — rev 2.pdf' }]));
    expect(auth).toBe('Bearer access-1');
  });

  it('says download failed when the answer is not 200, and gives the status text of a 429', async () => {
    serveDocuments([documentRecord({ file_id: 7, file_name: 'as-built.pdf' }), documentRecord({ file_id: 8, file_name: 'busy.pdf' })]);
    server.use(
      http.get(api('/documents/7'), () => new HttpResponse(null, { status: 404 })),
      http.get(api('/documents/8'), () => new HttpResponse(null, { status: 429, statusText: 'Too Many Requests' })),
    );
    const { user } = renderDocuments();
    await user.click(await screen.findByRole('button', { name: 'Download as-built.pdf' }));
    expect(await screen.findByText('download failed')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Download busy.pdf' }));
    expect(await screen.findByText('Too Many Requests', {}, { timeout: 8000 })).toBeInTheDocument();
    expect(clicked).toEqual([]);
  });

  it('uploads a document to the record with its progress shown', async () => {
    serveDocuments([]);
    /** XMLHttpRequest stand-in: records the request and lets the test report progress and answer. */
    class FakeXhr {
      static last: FakeXhr | null = null;
      url = '';
      status = 0;
      responseText = '';
      upload: { onprogress: ((e: { lengthComputable: boolean; loaded: number; total: number }) => void) | null } = { onprogress: null };
      onload: (() => void) | null = null;
      onerror: (() => void) | null = null;
      onabort: (() => void) | null = null;
      constructor() {
        FakeXhr.last = this;
      }
      open(_method: string, url: string) {
        this.url = url;
      }
      setRequestHeader() {}
      getResponseHeader(name: string) {
        return name.toLowerCase() === 'content-type' ? 'application/json' : null;
      }
      send() {}
      abort() {
        this.onabort?.();
      }
    }
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    const { user } = renderDocuments();
    await user.click(await screen.findByRole('button', { name: 'Upload document' }));
    const dialog = await screen.findByRole('dialog', { name: 'Upload document' });
    await user.upload(screen.getByTestId('attachment-file-input'), [new File(['%PDF-1.4'], 'survey.pdf', { type: 'application/pdf' })]);
    await user.click(within(dialog).getByRole('button', { name: 'Upload' }));
    await waitFor(() => expect(FakeXhr.last?.url).toMatch(/\/api\/v1\/documents\/instrument\/5$/));
    const xhr = FakeXhr.last!;
    act(() => xhr.upload.onprogress?.({ lengthComputable: true, loaded: 40, total: 100 }));
    expect(within(dialog).getByRole('progressbar', { name: 'Upload progress' }).getAttribute('aria-valuenow')).toBe('40');
    expect(within(dialog).getByText('40%')).toBeInTheDocument();
    xhr.status = 200;
    xhr.responseText = JSON.stringify(documentRecord({ file_id: 9, file_name: 'survey.pdf' }));
    act(() => xhr.onload?.());
    expect(await screen.findByText('1 document uploaded')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Upload document' })).toBeNull());
  });

  it('shows Failed to fetch data when the list cannot load', async () => {
    storeTestCredential();
    server.use(http.get(api('/documents/instrument/5'), () => new HttpResponse(null, { status: 500 })));
    renderDocuments();
    expect(await screen.findByText('Failed to fetch data')).toBeInTheDocument();
  });
});
