import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import type { AppRoute } from '../../../lib/route-meta';
import { storeTestCredential, syncResponse } from '../../../test/fixtures';
import { renderApp } from '../../../test/render-app';
import { api, server } from '../../../test/server';
import { setViewport, WIDTHS } from '../../../test/viewport';
import { visibleTiles } from '../../../components/landing-tiles';
import { UPLOAD_TILES } from './tiles';

// This feature's pages plus the bulk user upload page another feature owns; the instrument import page is absent.
vi.mock('../../../app/route-table', async () => {
  const { uploadsRoutes } = await import('../routes');
  const Page = () => null;
  return {
    routeTable: [
      ...uploadsRoutes,
      { path: '/admin/users/approve', meta: { title: 'uploadPages.tile.userImport', tasks: ['ApproveUserUpload', 'BulkUserUpload'] }, Component: Page },
    ],
  };
});

const SLOW = { timeout: 5000 };

function signedIn(permissions: string[]) {
  storeTestCredential();
  server.use(
    http.get(api('/sync'), () => HttpResponse.json(syncResponse({ permissions }))),
    http.get(api('/uploads'), () => HttpResponse.json({ records: [], total_records: 0 })),
  );
}

describe('Upload landing', { timeout: 20_000 }, () => {
  it('shows a tile for each registered upload page the user may open, and opens it', async () => {
    signedIn(['UploadInstrumentationFiles', 'BulkUserUpload', 'ManageInstruments']);
    const { user, location } = renderApp('/en/upload');
    const list = await screen.findByRole('list', { name: 'Upload types' }, SLOW);
    const titles = within(list)
      .getAllByRole('heading', { level: 2 })
      .map((h) => h.textContent);
    // Instrument Plan's page is not registered here, so no tile even with Manage Instruments.
    expect(titles).toEqual(['Instrumentation', 'User Import']);

    await user.click(within(list).getByRole('link', { name: /User Import/ }));
    await waitFor(() => expect(location()).toBe('/en/admin/users/approve?tab=upload'));
  });

  it('is in the Data Upload menu and hides tiles whose page the user may not open', async () => {
    setViewport(WIDTHS.desktop);
    signedIn(['ViewInstrumentationUploadHistory']);
    const { user, location } = renderApp('/en/upload');
    const menu = await screen.findByRole('navigation', { name: 'Main menu' }, SLOW);
    expect(await within(menu).findByRole('link', { name: 'Upload' }, SLOW)).toBeInTheDocument();
    const list = await screen.findByRole('list', { name: 'Upload types' }, SLOW);
    expect(
      within(list)
        .getAllByRole('link')
        .map((a) => a.textContent),
    ).toEqual([expect.stringContaining('Instrumentation')]);
    await user.click(within(list).getByRole('link'));
    await waitFor(() => expect(location()).toBe('/en/upload/instrument'), SLOW);
  });
});

describe('upload tiles shown', () => {
  const Page = () => null;
  const routes: AppRoute[] = [
    {
      path: '/upload/instrument',
      meta: { title: 'uploadPages.route.instrument', tasks: ['UploadInstrumentationFiles', 'ViewInstrumentationUploadHistory'] },
      Component: Page,
    },
    { path: '/master-data/instrument/import', meta: { title: 'uploadPages.tile.instrumentPlan', tasks: ['ManageInstruments'] }, Component: Page },
  ];

  it("reads each tile's tasks from its registered route", () => {
    const paths = (permissions: string[]) => visibleTiles(UPLOAD_TILES, routes, permissions).map((tile) => tile.path);
    expect(paths(['ManageInstruments', 'BulkUserUpload'])).toEqual(['/master-data/instrument/import']);
    expect(paths(['ViewInstrumentationUploadHistory', 'ManageInstruments'])).toEqual(['/upload/instrument', '/master-data/instrument/import']);
    expect(paths(['ApproveUpload'])).toEqual([]);
  });
});
