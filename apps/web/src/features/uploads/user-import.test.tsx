import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { storeTestCredential, syncResponse } from '../../test/fixtures';
import { renderApp } from '../../test/render-app';
import { api, server } from '../../test/server';

const SLOW = { timeout: 8000 };

beforeEach(() => {
  Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:template'), revokeObjectURL: vi.fn() });
});

describe('User Import (/upload/user-import)', { timeout: 30_000 }, () => {
  it('is the administration’s bulk user upload, reached from the Data Upload area', async () => {
    storeTestCredential();
    const templates: string[] = [];
    server.use(
      http.get(api('/sync'), () => HttpResponse.json(syncResponse({ permissions: ['BulkUserUpload'] }))),
      http.get(api('/admin/users/import/template'), ({ request }) => {
        templates.push(new URL(request.url).searchParams.toString());
        return new HttpResponse('login_name,fullname\n', { headers: { 'content-type': 'text/csv' } });
      }),
    );
    const { user } = renderApp('/en/upload/user-import');
    expect(await screen.findByRole('tab', { name: 'Bulk User Upload', selected: true }, SLOW)).toBeInTheDocument();
    const template = screen.getByRole('region', { name: '1. Download the template' });
    await user.click(within(template).getByRole('button', { name: 'CSV template' }));
    await waitFor(() => expect(templates).toEqual(['format=csv']));
    expect(screen.getByRole('region', { name: '2. Upload the filled file' })).toBeInTheDocument();
  });

  it('has the upload and filter actions of the other upload pages: Upload opens the bulk upload, Filter searches the pending users', async () => {
    storeTestCredential();
    const searched: (string | null)[] = [];
    server.use(
      http.get(api('/sync'), () => HttpResponse.json(syncResponse({ permissions: ['BulkUserUpload', 'ApproveUserUpload'] }))),
      http.get(api('/admin/users/pending'), ({ request }) => {
        const keyword = new URL(request.url).searchParams.get('keyword');
        searched.push(keyword);
        return HttpResponse.json({ records: [], total_records: 0 });
      }),
      http.get(api('/roles'), () => HttpResponse.json({ records: [], total_records: 0 })),
    );
    const { user, location } = renderApp('/en/upload/user-import');
    expect(await screen.findByRole('tab', { name: 'Pending Users', selected: true }, SLOW)).toBeInTheDocument();
    expect(screen.queryByRole('searchbox', { name: 'Search by login name, name or e-mail' })).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Actions' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Filter' }));
    const search = await screen.findByRole('searchbox', { name: 'Search by login name, name or e-mail' });
    await user.type(search, 'tan{Enter}');
    await waitFor(() => expect(searched.at(-1)).toBe('tan'));

    await user.click(screen.getByRole('button', { name: 'Actions' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Upload' }));
    expect(await screen.findByRole('tab', { name: 'Bulk User Upload', selected: true }, SLOW)).toBeInTheDocument();
    expect(location()).toContain('tab=upload');
  });

  it('checks an uploaded file first and counts its rows in words that fit the numbers (1 row, 2 rows)', async () => {
    storeTestCredential();
    const asked: string[] = [];
    server.use(
      http.get(api('/sync'), () => HttpResponse.json(syncResponse({ permissions: ['BulkUserUpload'] }))),
      http.post(api('/admin/users/import'), ({ request }) => {
        asked.push(new URL(request.url).searchParams.toString());
        return HttpResponse.json({
          rows: [
            { row: 2, login_name: 'anna', status: 'valid', errors: [] },
            { row: 3, login_name: 'ben', status: 'valid', errors: [] },
            { row: 4, login_name: 'cai', status: 'error', errors: [{ field: 'role', message: 'Unknown role "Boss"' }] },
          ],
          valid: 2,
          invalid: 1,
          staged: 0,
          dry_run: true,
          import_id: null,
        });
      }),
    );
    const { user } = renderApp('/en/upload/user-import');
    await screen.findByRole('tab', { name: 'Bulk User Upload', selected: true }, SLOW);
    await user.upload(screen.getByTestId('upload-input'), new File(['login_name\n'], 'users.csv', { type: 'text/csv' }));
    const report = await screen.findByRole('region', { name: '3. Check and confirm' }, SLOW);
    expect(within(report).getByText('users.csv: 2 valid rows, 1 row with errors.')).toBeInTheDocument();
    expect(within(report).getByRole('button', { name: 'Confirm upload (2 users)' })).toBeEnabled();
    expect(asked).toEqual(['dry_run=true']);
  });

  it('sends users without Bulk User Upload or Approve User Upload to the default page', async () => {
    storeTestCredential();
    server.use(http.get(api('/sync'), () => HttpResponse.json(syncResponse({ permissions: ['UploadInstrumentationFiles'] }))));
    const { location } = renderApp('/en/upload/user-import');
    await waitFor(() => expect(location()).toBe('/en/dashboard/search/instrument/list'), SLOW);
    expect(screen.queryByRole('tab', { name: 'Bulk User Upload' })).toBeNull();
  });
});
