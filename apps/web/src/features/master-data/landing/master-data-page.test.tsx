import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { AppRoute } from '../../../lib/route-meta';
import { storeTestCredential, syncResponse } from '../../../test/fixtures';
import { renderApp } from '../../../test/render-app';
import { api, server } from '../../../test/server';
import { setViewport, WIDTHS } from '../../../test/viewport';
import { visibleTiles } from '../../../components/landing-tiles';
import { MASTER_DATA_TILES } from './tiles';
import { masterDataRoutes } from '../routes';

// This feature's pages, plus two pages other features own (zones, schedules); instruments and the rest are absent.
const Page = () => null;
const ROUTES: AppRoute[] = [
  ...masterDataRoutes,
  { path: '/master-data/zones', meta: { title: 'masterData.tile.zones', tasks: ['ManageZones'] }, Component: Page },
  { path: '/master-data/schedules', meta: { title: 'masterData.tile.schedules', tasks: ['ManageSchedules'] }, Component: Page },
];

const SLOW = { timeout: 5000 };

function signedIn(permissions: string[]) {
  storeTestCredential();
  server.use(http.get(api('/sync'), () => HttpResponse.json(syncResponse({ permissions }))));
}

describe('Master Data landing', { timeout: 20_000 }, () => {
  it('shows a tile for each registered page the user may open, in the spec order, and opens it', async () => {
    signedIn(['ManageSystemSettings', 'ManageZones', 'ManageInstruments', 'ManageRiskRatingSettings']);
    const { user, location } = renderApp('/en/master-data', { routes: ROUTES });
    const list = await screen.findByRole('list', { name: 'Master data pages' }, SLOW);
    const titles = within(list)
      .getAllByRole('heading', { level: 2 })
      .map((h) => h.textContent);
    // Instrument Management is not registered yet; Map Layers needs ManageMapLayers.
    expect(titles).toEqual(['System Settings', 'Risk Rating Settings', 'Zone Management']);
    expect(within(list).getByText('Report range, upload limits, sessions, map and TBM')).toBeInTheDocument();

    await user.click(within(list).getByRole('link', { name: /Zone Management/ }));
    await waitFor(() => expect(location()).toBe('/en/master-data/zones'));
  });

  it('is in the SETTINGS menu for holders of a master data task', async () => {
    setViewport(WIDTHS.desktop);
    signedIn(['ManageMapLayers']);
    renderApp('/en/master-data', { routes: ROUTES });
    const menu = await screen.findByRole('navigation', { name: 'Main menu' }, SLOW);
    expect(await within(menu).findByRole('link', { name: 'Master Data' }, SLOW)).toBeInTheDocument();
    const list = await screen.findByRole('list', { name: 'Master data pages' }, SLOW);
    expect(
      within(list)
        .getAllByRole('link')
        .map((a) => a.textContent),
    ).toEqual([expect.stringContaining('Map Layers')]);
  });
});

describe('visibleTiles', () => {
  const Page = () => null;
  const routes: AppRoute[] = [
    { path: '/master-data/system-setting', meta: { title: 'masterData.route.systemSettings', tasks: ['ManageSystemSettings'] }, Component: Page },
    { path: '/master-data/construction/site', redirectTo: '/master-data/sites' },
    { path: '/master-data/sites', meta: { title: 'masterData.tile.sites', tasks: ['ManageConstructionSites'] }, Component: Page },
    { path: '/master-data/pipelines', meta: { title: 'masterData.tile.pipelines', tasks: ['ManageSchedules', 'ViewAuditLogs'] }, Component: Page },
  ];

  it("reads each tile's tasks from its registered route, following a redirect row", () => {
    const paths = (permissions: string[]) => visibleTiles(MASTER_DATA_TILES, routes, permissions).map((tile) => tile.path);
    expect(paths(['ManageConstructionSites', 'ViewAuditLogs'])).toEqual(['/master-data/construction/site', '/master-data/pipelines']);
    expect(paths(['ManageSystemSettings'])).toEqual(['/master-data/system-setting']);
    expect(paths(['ManageMapLayers', 'ManageInstruments'])).toEqual([]);
  });
});
