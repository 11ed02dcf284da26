import type { TPhoto } from '@strata/shared';
import { QueryClientProvider } from '@tanstack/react-query';
import { act, configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { liveEvents } from '../../lib/live-connection';
import { queryClient } from '../../lib/query-client';
import { storeTestCredential } from '../../test/fixtures';
import { renderWidget } from '../../test/render-widget';
import { api, server } from '../../test/server';
import { RecordPhotos } from './record-photos';
import { photoRecord, TINY_PNG } from './test-data';

configure({ asyncUtilTimeout: 5000 });

const URL_AT = '/en/dashboard/search/instrument/5/photo';

function renderPhotos(url = URL_AT) {
  storeTestCredential();
  return renderWidget(
    <QueryClientProvider client={queryClient}>
      <RecordPhotos category="instrument" refId={5} />
    </QueryClientProvider>,
    { url },
  );
}

/** `GET /photos/instrument/5`: keyword on the file name, paged by skip/limit; every query is kept. */
function servePhotos(initial: TPhoto[]) {
  let all = initial;
  const queries: URLSearchParams[] = [];
  server.use(
    http.get(api('/photos/instrument/5'), ({ request }) => {
      const q = new URL(request.url).searchParams;
      queries.push(q);
      const found = all.filter((p) => p.file_name.includes(q.get('keyword') ?? ''));
      const skip = Number(q.get('skip'));
      const limit = Number(q.get('limit'));
      return HttpResponse.json({ records: found.slice(skip, skip + limit), total_records: found.length, total_pages: Math.ceil(found.length / limit) });
    }),
  );
  return { queries, set: (next: TPhoto[]) => (all = next) };
}

const twelve = () => Array.from({ length: 12 }, (_, i) => photoRecord({ file_id: i + 1, file_name: i === 2 ? 'crack-north-wall.jpg' : `photo-${i + 1}.jpg` }));

describe('RecordPhotos', { timeout: 30_000 }, () => {
  it('shows 128 px thumbnails through the resource token, 10 per page, and searches by photo-keyword in the query string', async () => {
    const { queries } = servePhotos(twelve());
    const { user, location } = renderPhotos();
    const grid = await screen.findByRole('list', { name: 'Photos' });
    expect(within(grid).getAllByRole('listitem')).toHaveLength(10);
    expect(queries[0]?.get('limit')).toBe('10');
    expect(queries[0]?.get('skip')).toBe('0');
    const thumb = within(grid).getByRole('button', { name: 'Open photo photo-1.jpg' }).querySelector('img');
    expect(thumb?.getAttribute('src')).toBe('/api/v1/photos/1?size=128&_token=resource-1');

    await user.click(screen.getByRole('button', { name: 'Go to page 2' }));
    await waitFor(() => expect(within(screen.getByRole('list', { name: 'Photos' })).getAllByRole('listitem')).toHaveLength(2));
    expect(queries.at(-1)?.get('skip')).toBe('10');

    await user.type(screen.getByRole('searchbox', { name: 'Search photos' }), 'crack{Enter}');
    await waitFor(() => expect(queries.at(-1)?.get('keyword')).toBe('crack'));
    // A new search starts again at the first page.
    expect(queries.at(-1)?.get('skip')).toBe('0');
    await waitFor(() => expect(within(screen.getByRole('list', { name: 'Photos' })).getAllByRole('listitem')).toHaveLength(1));
    expect(location()).toBe(`${URL_AT}?photo-keyword=crack`);
  });

  it('reads photo-keyword from the URL and says when nothing matches', async () => {
    const { queries } = servePhotos(twelve());
    renderPhotos(`${URL_AT}?photo-keyword=nothing`);
    expect(await screen.findByText('No photo matches the search.')).toBeInTheDocument();
    expect(queries[0]?.get('keyword')).toBe('nothing');
    expect((screen.getByRole('searchbox', { name: 'Search photos' }) as HTMLInputElement).value).toBe('nothing');
  });

  it('opens the original in the viewer and steps to the next and previous photo', async () => {
    servePhotos(twelve().slice(0, 3));
    const { user } = renderPhotos();
    await user.click(await screen.findByRole('button', { name: 'Open photo photo-2.jpg' }));
    const viewer = await screen.findByRole('dialog', { name: 'photo-2.jpg' });
    expect(within(viewer).getByRole('img', { name: 'photo-2.jpg' }).getAttribute('src')).toBe('/api/v1/photos/2?_token=resource-1');
    expect(within(viewer).getByText('2 of 3')).toBeInTheDocument();

    await user.click(within(viewer).getByRole('button', { name: 'Next photo' }));
    expect(await screen.findByRole('dialog', { name: 'crack-north-wall.jpg' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Next photo' })).toBeDisabled();
    fireEvent.keyDown(screen.getByRole('dialog'), { key: 'ArrowLeft' });
    fireEvent.keyDown(screen.getByRole('dialog'), { key: 'ArrowLeft' });
    expect(await screen.findByRole('dialog', { name: 'photo-1.jpg' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Previous photo' })).toBeDisabled();
  });

  it('uploads a photo through the dialog tagged with the record and refreshes the grid', async () => {
    const photos = servePhotos([]);
    const sent: { path: string; size: number }[] = [];
    server.use(
      http.post(api('/photos/:category/:id'), async ({ request, params }) => {
        const form = await request.formData();
        const file = form.get('files') as Blob;
        sent.push({ path: `${String(params.category)}/${String(params.id)}`, size: file.size });
        // (jsdom's XMLHttpRequest does not carry the part's file name to the mock server.)
        const stored = photoRecord({ file_id: 40 + sent.length, file_name: 'north-face.png' });
        photos.set([stored]);
        return HttpResponse.json(stored);
      }),
    );
    const { user } = renderPhotos();
    expect(await screen.findByText('No photo yet.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Upload photo' }));
    const dialog = await screen.findByRole('dialog', { name: 'Upload photo' });
    expect(within(dialog).getByText(/Accepted: \.png, \.jpg, \.jpeg, \.gif; at most 10 MB each\./)).toBeInTheDocument();
    await user.upload(screen.getByTestId('attachment-file-input'), [new File([TINY_PNG], 'north-face.png', { type: 'image/png' })]);
    expect(within(dialog).getByText(/north-face\.png/)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Upload' }));

    expect(await screen.findByText('1 photo uploaded')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Upload photo' })).toBeNull());
    expect(sent).toEqual([{ path: 'instrument/5', size: TINY_PNG.length }]);
    expect(await screen.findByRole('button', { name: 'Open photo north-face.png' })).toBeInTheDocument();
  });

  it('refuses a file that is not a photo or is too large before sending, and keeps a server refusal in the dialog', async () => {
    servePhotos([]);
    let posts = 0;
    server.use(
      http.post(api('/photos/instrument/5'), () => {
        posts += 1;
        return HttpResponse.json({ files: 'The file is not a PNG, JPEG or GIF picture' }, { status: 400 });
      }),
    );
    const { user } = renderPhotos();
    await user.click(await screen.findByRole('button', { name: 'Upload photo' }));
    const dialog = await screen.findByRole('dialog', { name: 'Upload photo' });
    const huge = new File(['x'], 'huge.jpg', { type: 'image/jpeg' });
    Object.defineProperty(huge, 'size', { value: 10_000_001 });
    fireEvent.change(screen.getByTestId('attachment-file-input'), {
      target: { files: [new File(['%PDF'], 'notes.pdf', { type: 'application/pdf' }), huge] },
    });
    expect(within(dialog).getByText('notes.pdf is not an accepted file type (.png, .jpg, .jpeg, .gif)')).toBeInTheDocument();
    expect(within(dialog).getByText('huge.jpg size is greater than allowed size (10 MB)')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Upload' })).toBeDisabled();

    await user.upload(screen.getByTestId('attachment-file-input'), [new File(['%PDF'], 'fake.png', { type: 'image/png' })]);
    await user.click(within(dialog).getByRole('button', { name: 'Upload' }));
    expect(await within(dialog).findByText('The file is not a PNG, JPEG or GIF picture')).toBeInTheDocument();
    expect(posts).toBe(1);
    expect(screen.getByRole('dialog', { name: 'Upload photo' })).toBeInTheDocument();
  });

  it('refreshes on the live fileCompleted notification with payload document for this record only', async () => {
    const { queries } = servePhotos([photoRecord()]);
    renderPhotos();
    await screen.findByRole('button', { name: 'Open photo photo-1.jpg' });
    const before = queries.length;
    act(() =>
      liveEvents.emit('notification', {
        type: 'fileCompleted',
        message: 'x',
        severity: 1,
        link_uri: null,
        payload: 'document',
        category: 'instrument',
        ref_id: 6,
      }),
    );
    act(() => liveEvents.emit('notification', { type: 'fileCompleted', message: 'report ready', severity: 1, link_uri: '/x' }));
    expect(queries.length).toBe(before);
    act(() =>
      liveEvents.emit('notification', {
        type: 'fileCompleted',
        message: 'x',
        severity: 1,
        link_uri: null,
        payload: 'document',
        category: 'instrument',
        ref_id: 5,
      }),
    );
    await waitFor(() => expect(queries.length).toBe(before + 1));
  });

  it('deletes a photo after the Remove file confirmation, and shows a refusal as an alert', async () => {
    const photos = servePhotos([photoRecord({ file_id: 1 }), photoRecord({ file_id: 2, can_delete: false })]);
    let refuse = true;
    server.use(
      http.delete(api('/photos/1'), () => {
        if (refuse) return HttpResponse.json('You may only delete files you uploaded', { status: 403 });
        photos.set([photoRecord({ file_id: 2, can_delete: false })]);
        return HttpResponse.json({ ok: true });
      }),
    );
    const { user } = renderPhotos();
    await screen.findByRole('button', { name: 'Open photo photo-1.jpg' });
    // Only what the user may delete has a Delete button.
    expect(screen.queryByRole('button', { name: 'Delete photo-2.jpg' })).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Delete photo-1.jpg' }));
    let confirm = await screen.findByRole('dialog', { name: 'Remove file' });
    expect(within(confirm).getByText('Are you sure you want to delete this file?')).toBeInTheDocument();
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
    expect((await screen.findByRole('alert')).textContent).toContain('You may only delete files you uploaded');

    refuse = false;
    await user.click(screen.getByRole('button', { name: 'Delete photo-1.jpg' }));
    confirm = await screen.findByRole('dialog', { name: 'Remove file' });
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('File successfully deleted')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Open photo photo-1.jpg' })).toBeNull());
  });

  it('shows Failed to fetch data with a retry when the list cannot load', async () => {
    storeTestCredential();
    let fail = true;
    server.use(
      http.get(api('/photos/instrument/5'), () =>
        fail ? new HttpResponse(null, { status: 500 }) : HttpResponse.json({ records: [photoRecord()], total_records: 1, total_pages: 1 }),
      ),
    );
    const { user } = renderPhotos();
    expect(await screen.findByText('Failed to fetch data')).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('button', { name: 'Open photo photo-1.jpg' })).toBeInTheDocument();
  });
});
