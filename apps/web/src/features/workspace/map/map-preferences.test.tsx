import { screen, waitFor, within } from '@testing-library/react';
import type { TMapLayer, TPreferences, TSite, TStation } from '@strata/shared';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { configResponse, mapLayerFixture, preferences, storeTestCredential, syncResponse } from '../../../test/fixtures';
import { renderApp } from '../../../test/render-app';
import { api, server } from '../../../test/server';

function layer(overrides: Partial<TMapLayer> & Pick<TMapLayer, 'layer_id' | 'name' | 'kind'>): TMapLayer {
  return mapLayerFixture(overrides);
}

const LAYERS = [
  layer({ layer_id: 1, name: 'OpenStreetMap', kind: 'base' }),
  layer({ layer_id: 2, name: 'OneMap', kind: 'base', visible: false }),
  layer({ layer_id: 3, name: 'Railways', kind: 'overlay', visible: false }),
  layer({ layer_id: 4, name: 'Utilities', kind: 'overlay', visible: true }),
  layer({ layer_id: 5, name: 'MRT stations', kind: 'stations', source: 'geojson', url: null, file_name: 's.geojson', file_url: '/api/v1/map-layers/5/file' }),
];
const STATIONS: TStation[] = [
  { name: 'Marina South', easting: 30100, northing: 28700, layer_id: 5 },
  { name: 'Bayshore', easting: 35300, northing: 31500, layer_id: 5 },
];

const SITE: TSite = {
  site_id: 7,
  site_name: 'Bayshore Station Box',
  contract_id: 11,
  contract_no: 'C101',
  type: 'E',
  description: '',
  geometry: { type: 'Point', coordinates: [35310, 31490] },
  stages: [],
  design_values: {},
  chainage_start: null,
  drawing_count: 0,
  created: '2026-01-01T00:00:00Z',
  updated: '2026-01-01T00:00:00Z',
};

function serve(prefs: Partial<TPreferences>) {
  storeTestCredential();
  const saved: TPreferences[] = [];
  const reads: number[] = [];
  let stored = preferences(prefs);
  server.use(
    http.get(api('/sync'), () => HttpResponse.json(syncResponse({ permissions: ['ViewInstrumentData'] }))),
    http.get(api('/config'), () => HttpResponse.json(configResponse({ map_layers: LAYERS, stations: STATIONS }))),
    http.get(api('/preferences'), () => {
      reads.push(Date.now());
      return HttpResponse.json(stored);
    }),
    http.post(api('/preferences'), async ({ request }) => {
      stored = (await request.json()) as TPreferences;
      saved.push(stored);
      return HttpResponse.json({ ok: true });
    }),
    http.get(api('/instruments/status'), () => HttpResponse.json({ records: [] })),
    http.get(api('/bookmarks'), () => HttpResponse.json({ records: [] })),
    http.get(api('/civil/sites'), () =>
      HttpResponse.json({ records: [{ site_id: 7, site_name: SITE.site_name, contract_id: 11, contract_no: 'C101', type: 'E' }], total_records: 1 }),
    ),
    http.get(api('/civil/sites/7'), () => HttpResponse.json(SITE)),
  );
  return { saved, reads };
}

/** The first render loads the lazy page and syncs: more than the default second. */
const LOAD = { timeout: 15_000 };
const SLOW = { timeout: 8000 };

describe('work-space map preferences', { timeout: 60_000 }, () => {
  it('draws no stations while the show_stations preference is off', async () => {
    const { reads } = serve({ show_stations: false });
    renderApp('/en/dashboard');
    await screen.findByRole('button', { name: 'Map layers' }, LOAD);
    await waitFor(() => expect(reads.length).toBeGreaterThan(0), SLOW);
    // Nothing else to list either: no legend at all, so no station entry.
    await waitFor(() => expect(screen.queryByTestId('map-legend')).toBeNull(), SLOW);
    expect(screen.queryByTestId('legend-stations')).toBeNull();
  });

  it('draws the stations, with a legend entry, when the show_stations preference is on', async () => {
    serve({ show_stations: true });
    renderApp('/en/dashboard');
    const legend = await screen.findByTestId('map-legend', {}, LOAD);
    expect(within(legend).getByTestId('legend-stations').textContent).toBe('Stations2');
  });

  it("lists the overlays in the map's Layers menu and saves a change in the preferences' layers", async () => {
    const { saved } = serve({ show_stations: true, show_label: false, layers: ['4:off', '99:on'] });
    const { user } = renderApp('/en/dashboard');
    await user.click(await screen.findByRole('button', { name: 'Map layers' }, LOAD));
    const menu = await screen.findByRole('menu', { name: 'Map layers' }, SLOW);
    // The base maps to choose from, and the overlays: the admin's default unless the user chose (Utilities: off).
    expect(
      within(menu)
        .getAllByRole('menuitemradio')
        .map((i) => [i.textContent, i.getAttribute('aria-checked')]),
    ).toEqual([
      ['OpenStreetMap', 'true'],
      ['OneMap', 'false'],
    ]);
    const overlays = () =>
      within(menu)
        .getAllByRole('menuitemcheckbox')
        .map((i) => [i.textContent, i.getAttribute('aria-checked')]);
    // Station layers are no overlays: the show_stations preference shows them.
    expect(overlays()).toEqual([
      ['Railways', 'false'],
      ['Utilities', 'false'],
    ]);

    await user.click(within(menu).getByRole('menuitemcheckbox', { name: 'Railways' }));
    await waitFor(() => expect(saved).toHaveLength(1), SLOW);
    // The whole preferences, the other choices kept; the choice of a layer that no longer exists dropped.
    expect(saved[0]).toEqual(preferences({ show_stations: true, show_label: false, layers: ['4:off', '3:on'] }));
    await waitFor(
      () =>
        expect(overlays()).toEqual([
          ['Railways', 'true'],
          ['Utilities', 'false'],
        ]),
      SLOW,
    );

    await user.click(within(menu).getByRole('menuitemcheckbox', { name: 'Utilities' }));
    await waitFor(() => expect(saved).toHaveLength(2), SLOW);
    expect(saved[1]!.layers).toEqual(['3:on', '4:on']);
    await waitFor(
      () =>
        expect(overlays()).toEqual([
          ['Railways', 'true'],
          ['Utilities', 'true'],
        ]),
      SLOW,
    );
  });

  it('finds a construction site in the offline gazetteer and centres the map on it', async () => {
    serve({});
    const { user, location } = renderApp('/en/dashboard/search/location');
    await user.type(await screen.findByRole('searchbox', { name: 'Location' }, LOAD), 'bayshore{Enter}');
    const results = await screen.findByRole('list', { name: 'Places found' }, SLOW);
    expect(within(results).getByRole('button').textContent).toBe('Bayshore Station BoxConstruction site · C101');
    await waitFor(() => expect(new URLSearchParams(location().split('?')[1]).get('pos')).toBe('{"x":35310,"y":31490,"zoom":19}'), SLOW);
  });
});
