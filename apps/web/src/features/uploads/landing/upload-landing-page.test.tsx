import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { AppRoute } from '../../../lib/route-meta';
import { storeTestCredential, syncResponse } from '../../../test/fixtures';
import { uploadsRoutes } from '../routes';
import { renderApp } from '../../../test/render-app';
import { api, server } from '../../../test/server';
import { setViewport, WIDTHS } from '../../../test/viewport';
import { visibleTiles } from '../../../components/landing-tiles';
import { UPLOAD_LANDING_TASKS, UPLOAD_TILES } from './tiles';

// This feature's pages plus the User Import page the administration registers; the instrument import, map and document
// pages are absent.
const Page = () => null;
const ROUTES: AppRoute[] = [
  ...uploadsRoutes,
  { path: '/upload/user-import', meta: { title: 'uploadPages.tile.userImport', tasks: ['ApproveUserUpload', 'BulkUserUpload'] }, Component: Page },
];

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
    const { user, location } = renderApp('/en/upload', { routes: ROUTES });
    const list = await screen.findByRole('list', { name: 'Upload types' }, SLOW);
    const titles = within(list)
      .getAllByRole('heading', { level: 2 })
      .map((h) => h.textContent);
    // Manage Instruments uploads the instrument plan; the map and document pages are not registered here.
    expect(titles).toEqual(['Instrumentation', 'User Import', 'Instrument Plan']);

    await user.click(within(list).getByRole('link', { name: /User Import/ }));
    await waitFor(() => expect(location()).toBe('/en/upload/user-import?tab=upload'));
  });

  it('lists the construction activity tiles after SI Borehole, in the spec’s order, and opens them', async () => {
    signedIn(['UploadInstrumentationFiles', 'UploadSIBoreholeFiles', 'UploadMCExcavationActivity', 'UploadTunnelShiftReport', 'BulkUserUpload']);
    const { user, location } = renderApp('/en/upload', { routes: ROUTES });
    const list = await screen.findByRole('list', { name: 'Upload types' }, SLOW);
    expect(
      within(list)
        .getAllByRole('heading', { level: 2 })
        .map((h) => h.textContent),
    ).toEqual(['Instrumentation', 'SI Borehole', 'MC Excavation Activity', 'Mined Tunnel', 'User Import']);
    await user.click(within(list).getByRole('link', { name: /Mined Tunnel/ }));
    await waitFor(() => expect(location()).toBe('/en/upload/tunnel'), SLOW);
  });

  it('lists Design Values (QP(D)) after Mined Tunnel and Instrument Plan last (Upload Designed Value opens excavation design rows too), and opens them', async () => {
    signedIn(['UploadTunnelShiftReport', 'UploadDesignedValue', 'ViewInstrumentationUploadHistory']);
    const { user, location } = renderApp('/en/upload', { routes: ROUTES });
    const list = await screen.findByRole('list', { name: 'Upload types' }, SLOW);
    expect(
      within(list)
        .getAllByRole('heading', { level: 2 })
        .map((h) => h.textContent),
    ).toEqual(['Instrumentation', 'MC Excavation Activity', 'Mined Tunnel', 'Design Values (QP(D))', 'Instrument Plan']);
    expect(
      within(list)
        .getByRole('link', { name: /Instrument Plan/ })
        .getAttribute('href'),
    ).toBe('/en/upload/instrument-plan');
    await user.click(within(list).getByRole('link', { name: /Design Values/ }));
    await waitFor(() => expect(location()).toBe('/en/upload/qpd'), SLOW);
  });

  it('is in the Data Upload menu and hides tiles whose page the user may not open', async () => {
    setViewport(WIDTHS.desktop);
    signedIn(['ViewInstrumentationUploadHistory']);
    const { user, location } = renderApp('/en/upload', { routes: ROUTES });
    const menu = await screen.findByRole('navigation', { name: 'Main menu' }, SLOW);
    expect(await within(menu).findByRole('link', { name: 'Upload' }, SLOW)).toBeInTheDocument();
    const list = await screen.findByRole('list', { name: 'Upload types' }, SLOW);
    expect(
      within(list)
        .getAllByRole('link')
        .map((a) => a.textContent),
    ).toEqual([expect.stringContaining('Instrumentation'), expect.stringContaining('Instrument Plan')]);
    await user.click(within(list).getByRole('link', { name: /Instrumentation/ }));
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
    { path: '/upload/instrument-plan', meta: { title: 'uploadPages.tile.instrumentPlan', tasks: ['ManageInstruments'] }, Component: Page },
  ];

  it("reads each tile's tasks from its registered route", () => {
    const paths = (permissions: string[]) => visibleTiles(UPLOAD_TILES, routes, permissions).map((tile) => tile.path);
    expect(paths(['ManageInstruments', 'BulkUserUpload'])).toEqual(['/upload/instrument-plan']);
    expect(paths(['ViewInstrumentationUploadHistory', 'ManageInstruments'])).toEqual(['/upload/instrument', '/upload/instrument-plan']);
    expect(paths(['ApproveUpload'])).toEqual([]);
  });

  it('keeps the spec’s order: instrument, borehole, excavation, tunnel, qpd, map, document, user import, instrument plan', () => {
    expect(UPLOAD_TILES.map((tile) => tile.path)).toEqual([
      '/upload/instrument',
      '/upload/borehole',
      '/upload/excavation',
      '/upload/tunnel',
      '/upload/qpd',
      '/upload/map',
      '/upload/document',
      '/upload/user-import',
      '/upload/instrument-plan',
    ]);
  });

  it('shows Design Values to its uploaders, its history’s readers and approvers, and Instrument Plan to Manage Instruments and the instrumentation history', () => {
    const paths = (permissions: string[]) => visibleTiles(UPLOAD_TILES, uploadsRoutes, permissions).map((tile) => tile.path);
    expect(paths(['UploadDesignedValue'])).toEqual(['/upload/excavation', '/upload/qpd']);
    expect(paths(['ViewDesignValueUploadHistory'])).toEqual(['/upload/qpd']);
    expect(paths(['ManageInstruments'])).toEqual(['/upload/instrument-plan']);
    expect(paths(['ViewInstrumentationUploadHistory'])).toEqual(['/upload/instrument', '/upload/instrument-plan']);
    for (const code of ['UploadDesignedValue', 'ViewDesignValueUploadHistory', 'ManageInstruments', 'ViewInstrumentationUploadHistory']) {
      expect(UPLOAD_LANDING_TASKS).toContain(code);
    }
    expect(new Set(UPLOAD_LANDING_TASKS).size).toBe(UPLOAD_LANDING_TASKS.length);
  });

  it('shows the construction tiles to whoever may open their pages: any of their upload tasks, the history, or Approve Upload', () => {
    const paths = (permissions: string[]) => visibleTiles(UPLOAD_TILES, uploadsRoutes, permissions).map((tile) => tile.path);
    expect(paths(['UploadDesignedValue'])).toEqual(['/upload/excavation', '/upload/qpd']);
    expect(paths(['UploadMinedTunnelSequence'])).toEqual(['/upload/tunnel']);
    expect(paths(['ViewConstructionActivityUploadHistory'])).toEqual(['/upload/excavation', '/upload/tunnel']);
    expect(paths(['ApproveUpload'])).toEqual(['/upload/excavation', '/upload/tunnel', '/upload/qpd', '/upload/instrument-plan']);
    for (const code of [
      'UploadMCExcavationActivity',
      'UploadDesignedValue',
      'UploadTunnelShiftReport',
      'UploadMinedTunnelSequence',
      'ViewConstructionActivityUploadHistory',
    ]) {
      expect(UPLOAD_LANDING_TASKS).toContain(code);
    }
  });
});
