import type { TMapLayer } from '@strata/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { mapLayerFixture, storeTestCredential, syncResponse } from '../../../test/fixtures';
import { renderApp } from '../../../test/render-app';
import { api, server } from '../../../test/server';
import { masterDataRoutes } from '../routes';

// Each render gets this feature's pages alone (`routes: masterDataRoutes`): the test does not depend on other features' pages.

const SLOW = { timeout: 5000 };

function layer(overrides: Partial<TMapLayer> & Pick<TMapLayer, 'layer_id' | 'name' | 'kind' | 'sort_order'>): TMapLayer {
  return mapLayerFixture(overrides);
}

function serve() {
  storeTestCredential();
  const state = {
    layers: [
      layer({ layer_id: 1, name: 'OpenStreetMap', kind: 'base', sort_order: 0, attribution: '© OpenStreetMap contributors' }),
      layer({ layer_id: 2, name: 'OneMap', kind: 'base', sort_order: 1, visible: false }),
      layer({ layer_id: 3, name: 'Railways', kind: 'overlay', sort_order: 2, opacity: 0.6 }),
      layer({ layer_id: 4, name: 'Boundaries', kind: 'overlay', sort_order: 3, source: 'geojson', url: null, file_name: 'boundaries.geojson' }),
    ],
    posted: [] as Record<string, unknown>[],
    orders: [] as number[][],
    deleted: [] as string[],
    files: [] as { id: string; text: string }[],
  };
  const list = () => HttpResponse.json({ records: state.layers, total_records: state.layers.length });
  server.use(
    http.get(api('/sync'), () => HttpResponse.json(syncResponse({ permissions: ['ManageMapLayers'] }))),
    http.get(api('/master-data/map-layers'), list),
    http.post(api('/master-data/map-layers'), async ({ request }) => {
      const body = (await request.json()) as Record<string, unknown>;
      state.posted.push(body);
      if (body.name === 'Taken') return HttpResponse.json({ url: 'The tile server did not answer' }, { status: 400 });
      const created = layer({
        ...(body as Partial<TMapLayer>),
        layer_id: 10 + state.posted.length,
        name: String(body.name),
        kind: body.kind as TMapLayer['kind'],
        sort_order: 99,
      });
      state.layers = [...state.layers, created];
      return HttpResponse.json(created);
    }),
    http.post(api('/master-data/map-layers/:id/file'), async ({ request, params }) => {
      const data = await request.formData();
      const file = data.get('files') as File;
      // (jsdom's XMLHttpRequest does not carry the part's file name through to the handler; the content it does.)
      state.files.push({ id: String(params.id), text: await file.text() });
      const found = state.layers.find((l) => String(l.layer_id) === params.id)!;
      return HttpResponse.json({ ...found, file_name: 'sites.geojson' });
    }),
    http.put(api('/master-data/map-layers/order'), async ({ request }) => {
      const { layer_ids } = (await request.json()) as { layer_ids: number[] };
      state.orders.push(layer_ids);
      state.layers = layer_ids.map((id, i) => ({ ...state.layers.find((l) => l.layer_id === id)!, sort_order: i }));
      return list();
    }),
    http.delete(api('/master-data/map-layers/:id'), ({ params }) => {
      state.deleted.push(String(params.id));
      state.layers = state.layers.filter((l) => String(l.layer_id) !== params.id);
      return HttpResponse.json({ ok: true });
    }),
  );
  return state;
}

function names(section: string): string[] {
  const list = screen.getByRole('list', { name: section });
  return within(list)
    .getAllByRole('listitem')
    .map((item) => item.getAttribute('aria-label') ?? '');
}

describe('Map Layers', { timeout: 30_000 }, () => {
  it('lists base maps and overlays in order, and moves a layer among those of its kind', async () => {
    const state = serve();
    const { user } = renderApp('/en/master-data/map-layers', { routes: masterDataRoutes });
    await screen.findByRole('list', { name: 'Overlays' }, SLOW);
    expect(names('Base maps')).toEqual(['OpenStreetMap', 'OneMap']);
    expect(names('Overlays')).toEqual(['Railways', 'Boundaries']);
    expect(screen.getByText('XYZ tiles · Hidden by default · Opacity 100%')).toBeInTheDocument();
    expect(screen.getByText('GeoJSON · Shown by default · Opacity 100% · boundaries.geojson')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Move OpenStreetMap up' })).toBeDisabled();

    await user.click(screen.getByRole('button', { name: 'Move Railways down' }));
    await waitFor(() => expect(state.orders).toEqual([[1, 2, 4, 3]]), SLOW);
    await waitFor(() => expect(names('Overlays')).toEqual(['Boundaries', 'Railways']), SLOW);
    expect(await screen.findByText('Layer order saved', {}, SLOW)).toBeInTheDocument();
  });

  it('reorders by dragging a layer onto another of its kind', async () => {
    const state = serve();
    renderApp('/en/master-data/map-layers', { routes: masterDataRoutes });
    const overlays = await screen.findByRole('list', { name: 'Overlays' }, SLOW);
    const boundaries = within(overlays).getByRole('listitem', { name: 'Boundaries' });
    const railways = within(overlays).getByRole('listitem', { name: 'Railways' });
    const data = new Map<string, string>();
    const dataTransfer = {
      setData: (type: string, value: string) => data.set(type, value),
      getData: (type: string) => data.get(type) ?? '',
      get types() {
        return [...data.keys()];
      },
      effectAllowed: 'all',
      dropEffect: 'move',
    };
    fireEvent.dragStart(boundaries.querySelector('[draggable="true"]')!, { dataTransfer });
    // A base map is no place for an overlay.
    fireEvent.drop(screen.getByRole('listitem', { name: 'OneMap' }), { dataTransfer });
    fireEvent.dragOver(railways, { dataTransfer });
    fireEvent.drop(railways, { dataTransfer });
    await waitFor(() => expect(state.orders).toEqual([[1, 2, 4, 3]]), SLOW);
  });

  it('adds an XYZ layer from the Add Map Layer action, showing the server field error first', async () => {
    const state = serve();
    const { user } = renderApp('/en/master-data/map-layers', { routes: masterDataRoutes });
    await screen.findByRole('list', { name: 'Overlays' }, SLOW);
    await user.click(await screen.findByRole('button', { name: 'Add Map Layer' }, SLOW));
    const dialog = await screen.findByRole('dialog', { name: 'Add Map Layer' }, SLOW);

    // Checked before sending: an XYZ address needs its placeholders.
    fireEvent.change(within(dialog).getByLabelText(/^Name/), { target: { value: 'Taken' } });
    fireEvent.change(within(dialog).getByLabelText(/^Address/), { target: { value: 'https://tiles.example.org/map.png' } });
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('An XYZ address holds {z}, {x} and {y}', {}, SLOW)).toBeInTheDocument();
    expect(state.posted).toHaveLength(0);

    fireEvent.change(within(dialog).getByLabelText(/^Address/), { target: { value: 'https://tiles.example.org/{z}/{x}/{y}.png' } });
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('The tile server did not answer', {}, SLOW)).toBeInTheDocument();

    fireEvent.change(within(dialog).getByLabelText(/^Name/), { target: { value: 'Survey grid' } });
    await user.click(within(dialog).getByRole('switch', { name: 'Shown by default' }));
    fireEvent.change(within(dialog).getByLabelText('Attribution'), { target: { value: 'Land Survey' } });
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(state.posted).toHaveLength(2), SLOW);
    expect(state.posted[1]).toEqual({
      name: 'Survey grid',
      kind: 'overlay',
      source: 'xyz',
      url: 'https://tiles.example.org/{z}/{x}/{y}.png',
      layer_name: null,
      visible: false,
      opacity: 1,
      attribution: 'Land Survey',
      min_zoom: null,
      max_zoom: null,
    });
    expect(await screen.findByText('Map layer Survey grid added', {}, SLOW)).toBeInTheDocument();
    await waitFor(() => expect(names('Overlays')).toEqual(['Railways', 'Boundaries', 'Survey grid']), SLOW);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('adds a GeoJSON overlay with its file: the layer first, then the file', async () => {
    const state = serve();
    const { user } = renderApp('/en/master-data/map-layers', { routes: masterDataRoutes });
    await screen.findByRole('list', { name: 'Overlays' }, SLOW);
    await user.click(await screen.findByRole('button', { name: 'Add Map Layer' }, SLOW));
    const dialog = await screen.findByRole('dialog', { name: 'Add Map Layer' }, SLOW);
    fireEvent.change(within(dialog).getByLabelText(/^Name/), { target: { value: 'Work sites' } });
    await user.click(within(dialog).getByRole('combobox', { name: 'Source' }));
    await user.click(screen.getByRole('option', { name: 'GeoJSON' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Give an address or choose a file', {}, SLOW)).toBeInTheDocument();

    const geojson = '{"type":"FeatureCollection","features":[]}';
    const file = new File([geojson], 'sites.geojson', { type: 'application/geo+json' });
    await user.upload(within(dialog).getByTestId('layer-file-input'), file);
    expect(within(dialog).getByText('sites.geojson')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(state.files).toEqual([{ id: '11', text: geojson }]), SLOW);
    expect(state.posted[0]).toMatchObject({ name: 'Work sites', source: 'geojson', url: null });
    expect(await screen.findByText('Map layer Work sites added', {}, SLOW)).toBeInTheDocument();
  });

  it('adds a station layer: points from a GeoJSON or KML file, listed under Stations', async () => {
    const state = serve();
    const { user } = renderApp('/en/master-data/map-layers', { routes: masterDataRoutes });
    expect(await screen.findByText('No station layer yet.', {}, SLOW)).toBeInTheDocument();
    await user.click(await screen.findByRole('button', { name: 'Add Map Layer' }, SLOW));
    const dialog = await screen.findByRole('dialog', { name: 'Add Map Layer' }, SLOW);
    fireEvent.change(within(dialog).getByLabelText(/^Name/), { target: { value: 'MRT stations' } });
    await user.click(within(dialog).getByRole('combobox', { name: 'Kind' }));
    await user.click(screen.getByRole('option', { name: 'Stations' }));
    // An XYZ source makes no stations: the source becomes GeoJSON, and only GeoJSON and KML are offered.
    expect(within(dialog).getByRole('combobox', { name: 'Source' }).textContent).toBe('GeoJSON');
    expect(within(dialog).getByText(/Railway stations near the works/)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('combobox', { name: 'Source' }));
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(['GeoJSON', 'KML']);
    await user.click(screen.getByRole('option', { name: 'GeoJSON' }));

    const geojson =
      '{"type":"FeatureCollection","features":[{"type":"Feature","properties":{"name":"Bayshore"},"geometry":{"type":"Point","coordinates":[103.94,1.31]}}]}';
    await user.upload(within(dialog).getByTestId('layer-file-input'), new File([geojson], 'stations.geojson', { type: 'application/geo+json' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(state.files).toEqual([{ id: '11', text: geojson }]), SLOW);
    expect(state.posted[0]).toMatchObject({ name: 'MRT stations', kind: 'stations', source: 'geojson', url: null });
    await waitFor(() => expect(names('Stations')).toEqual(['MRT stations']), SLOW);
  });

  it('deletes a layer only after confirmation', async () => {
    const state = serve();
    const { user } = renderApp('/en/master-data/map-layers', { routes: masterDataRoutes });
    await screen.findByRole('list', { name: 'Overlays' }, SLOW);
    await user.click(screen.getByRole('button', { name: 'Delete Railways' }));
    let dialog = await screen.findByRole('dialog', {}, SLOW);
    expect(within(dialog).getByText('Are you sure you want to delete the map layer Railways?')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(state.deleted).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Delete Railways' }));
    dialog = await screen.findByRole('dialog', {}, SLOW);
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(state.deleted).toEqual(['3']), SLOW);
    expect(await screen.findByText('Map layer Railways deleted', {}, SLOW)).toBeInTheDocument();
    await waitFor(() => expect(names('Overlays')).toEqual(['Boundaries']), SLOW);
  });

  it('says when there is no layer yet, and offers a retry when the list fails', async () => {
    serve();
    let fail = true;
    server.use(
      http.get(api('/master-data/map-layers'), () =>
        fail ? HttpResponse.json('Internal server error', { status: 500 }) : HttpResponse.json({ records: [], total_records: 0 }),
      ),
    );
    const { user } = renderApp('/en/master-data/map-layers', { routes: masterDataRoutes });
    expect(await screen.findByText('Failed to fetch data', {}, SLOW)).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('No base map yet.', {}, SLOW)).toBeInTheDocument();
    expect(screen.getByText('No overlay yet.')).toBeInTheDocument();
    expect(screen.getByText('No station layer yet.')).toBeInTheDocument();
  });
});
