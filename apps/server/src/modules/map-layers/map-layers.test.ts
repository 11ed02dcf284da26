import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { TConfig, TMapLayer, TMapLayerList } from '@strata/shared';
import { createRole, createUser } from '../../testing/fixtures.js';
import { as, createTestApp, signIn, type Session, type TestApp } from '../../testing/harness.js';
import { lastAudit, multipart, tempDataDir } from '../../testing/master-data.js';

const STATIONS = JSON.stringify({
  type: 'FeatureCollection',
  features: [
    { type: 'Feature', properties: { name: 'Raffles Place' }, geometry: { type: 'Point', coordinates: [103.85153, 1.28393] } },
    { type: 'Feature', properties: { name: 'Marina Bay' }, geometry: { type: 'Point', coordinates: [103.8546, 1.2765] } },
    { type: 'Feature', properties: {}, geometry: { type: 'Point', coordinates: [103.85, 1.28] } },
    {
      type: 'Feature',
      properties: { name: 'A line is no station' },
      geometry: {
        type: 'LineString',
        coordinates: [
          [103.85, 1.28],
          [103.86, 1.29],
        ],
      },
    },
  ],
});
const STATIONS_KML =
  '<?xml version="1.0"?><kml xmlns="http://www.opengis.net/kml/2.2"><Document><Placemark><name>Bayfront &amp; Sands</name><Point><coordinates>103.8591,1.2819,0</coordinates></Point></Placemark></Document></kml>';

const GEOJSON = JSON.stringify({
  type: 'FeatureCollection',
  features: [
    {
      type: 'Feature',
      properties: { name: 'Alignment' },
      geometry: {
        type: 'LineString',
        coordinates: [
          [103.85, 1.28],
          [103.86, 1.29],
        ],
      },
    },
  ],
});

describe('map layers', () => {
  let t: TestApp;
  let manager: Session;
  let user: Session;
  const req = (who: Session, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) =>
    as(t, who, { method, url: `/api/v1${url}`, ...(payload === undefined ? {} : { payload: payload as object }) });

  beforeAll(async () => {
    t = await createTestApp({ dataDir: tempDataDir('layers') });
    await createUser(t.db, { loginName: 'mapper', roleId: (await createRole(t.db, ['ManageMapLayers'])).roleId });
    await createUser(t.db, { loginName: 'viewer', roleId: (await createRole(t.db, [])).roleId });
    manager = await signIn(t, 'mapper');
    user = await signIn(t, 'viewer');
  });
  afterAll(() => t.close());
  // Map layers are one ordered list for everyone, and the tests below read it whole: each starts with none, removed
  // through the API so that the configuration's cache is dropped as in use.
  beforeEach(async () => {
    for (const l of (await req(manager, 'GET', '/master-data/map-layers')).json<TMapLayerList>().records) {
      expect((await req(manager, 'DELETE', `/master-data/map-layers/${l.layer_id}`)).statusCode).toBe(200);
    }
  });
  const OSM = {
    name: 'OpenStreetMap',
    kind: 'base',
    source: 'xyz',
    url: 'https://tile.openstreetmap.org/{z}/{x}/{y}.png',
    attribution: '© OpenStreetMap contributors',
  };
  const UTILITIES = {
    name: 'Utilities',
    kind: 'overlay',
    source: 'wms',
    url: 'https://maps.example.com/wms',
    layer_name: 'utilities',
    opacity: 0.6,
    visible: false,
  };
  const addLayer = async (body: object) => {
    const res = await req(manager, 'POST', '/master-data/map-layers', body);
    expect(res.statusCode, res.body).toBe(200);
    return res.json<TMapLayer>();
  };
  const uploadFile = (layerId: number, name: string, data: string) =>
    as(t, manager, { method: 'POST', url: `/api/v1/master-data/map-layers/${layerId}/file`, ...multipart(name, data) });

  it('adds base maps and overlays in order, and the configuration carries them', async () => {
    const osm = await req(manager, 'POST', '/master-data/map-layers', OSM);
    expect(osm.statusCode, osm.body).toBe(200);
    expect(osm.json<TMapLayer>()).toMatchObject({ sort_order: 0, visible: true, opacity: 1, file_url: null });
    const wms = await req(manager, 'POST', '/master-data/map-layers', UTILITIES);
    expect(wms.json<TMapLayer>()).toMatchObject({ sort_order: 1, opacity: 0.6, visible: false, layer_name: 'utilities' });
    expect((await lastAudit(t.db, 'map-layer.create'))?.after).toMatchObject({ name: 'Utilities', source: 'wms' });
    const config = (await req(user, 'GET', '/config')).json<TConfig>();
    expect(config.map_layers.map((l) => l.name)).toEqual(['OpenStreetMap', 'Utilities']);
  });

  it('answers validation errors as field objects', async () => {
    const bad = await req(manager, 'POST', '/master-data/map-layers', { name: '', kind: 'middle', source: 'xyz', url: 'javascript:alert(1)', opacity: 2 });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json()).sort()).toEqual(['kind', 'name', 'opacity', 'url']);
    expect((await req(manager, 'POST', '/master-data/map-layers', { name: 'No url', kind: 'base', source: 'xyz' })).json()).toEqual({
      url: 'Enter the address of the tile or map service',
    });
    expect(
      (await req(manager, 'POST', '/master-data/map-layers', { name: 'No z', kind: 'base', source: 'xyz', url: 'https://a.example.com/tiles.png' })).json(),
    ).toEqual({ url: 'An XYZ address holds {z}, {x} and {y}' });
  });

  it('refuses callers without ManageMapLayers (403)', async () => {
    expect((await req(user, 'GET', '/master-data/map-layers')).statusCode).toBe(403);
    expect((await req(user, 'POST', '/master-data/map-layers', { name: 'x', kind: 'base', source: 'xyz', url: 'https://x/{z}/{x}/{y}' })).statusCode).toBe(403);
    expect((await req(user, 'PUT', '/master-data/map-layers/order', { layer_ids: [1] })).statusCode).toBe(403);
  });

  it('edits, reorders and deletes layers', async () => {
    const osm = await addLayer(OSM);
    const wms = await addLayer(UTILITIES);
    const edited = await req(manager, 'PUT', `/master-data/map-layers/${wms.layer_id}`, { visible: true, attribution: 'Utilities © City' });
    expect(edited.json<TMapLayer>()).toMatchObject({ visible: true, attribution: 'Utilities © City' });
    expect((await req(manager, 'PUT', '/master-data/map-layers/order', { layer_ids: [wms.layer_id] })).json()).toEqual({
      layer_ids: 'List every map layer once',
    });
    const reordered = await req(manager, 'PUT', '/master-data/map-layers/order', { layer_ids: [wms.layer_id, osm.layer_id] });
    expect(reordered.json<TMapLayerList>().records.map((l) => l.name)).toEqual(['Utilities', 'OpenStreetMap']);
    expect((await req(user, 'GET', '/config')).json<TConfig>().map_layers.map((l) => l.name)).toEqual(['Utilities', 'OpenStreetMap']);
    expect((await req(manager, 'DELETE', `/master-data/map-layers/${wms.layer_id}`)).statusCode).toBe(200);
    expect((await req(manager, 'GET', `/master-data/map-layers/${wms.layer_id}`)).statusCode).toBe(404);
  });

  it('stores a GeoJSON overlay file and serves it to signed-in users with the resource token', async () => {
    const layer = (await req(manager, 'POST', '/master-data/map-layers', { name: 'Alignment', kind: 'overlay', source: 'geojson' })).json<TMapLayer>();
    const up = await as(t, manager, {
      method: 'POST',
      url: `/api/v1/master-data/map-layers/${layer.layer_id}/file`,
      ...multipart('alignment.geojson', GEOJSON),
    });
    expect(up.statusCode, up.body).toBe(200);
    const withFile = up.json<TMapLayer>();
    expect(withFile).toMatchObject({ file_name: 'alignment.geojson', file_url: `/api/v1/map-layers/${layer.layer_id}/file` });
    const got = await t.app.inject({ method: 'GET', url: `${withFile.file_url}?_token=${user.resourceToken}` });
    expect(got.statusCode).toBe(200);
    expect(got.headers['content-type']).toMatch(/application\/geo\+json/);
    expect(got.body).toBe(GEOJSON);
    const notKml = await as(t, manager, {
      method: 'POST',
      url: `/api/v1/master-data/map-layers/${layer.layer_id}/file`,
      ...multipart('a.geojson', '<kml></kml>'),
    });
    expect(notKml.json()).toEqual({ files: 'The file is not GeoJSON' });
    const osm = await addLayer(OSM);
    expect(
      (await as(t, manager, { method: 'POST', url: `/api/v1/master-data/map-layers/${osm.layer_id}/file`, ...multipart('a.geojson', GEOJSON) })).json(),
    ).toEqual({ files: 'Only GeoJSON and KML layers take a file' });
  });

  it("puts the named points of a station layer's file into the configuration's stations", async () => {
    const layer = (await req(manager, 'POST', '/master-data/map-layers', { name: 'MRT stations', kind: 'stations', source: 'geojson' })).json<TMapLayer>();
    expect(layer.kind).toBe('stations');
    expect((await req(user, 'GET', '/config')).json<TConfig>().stations).toEqual([]);
    const up = await as(t, manager, {
      method: 'POST',
      url: `/api/v1/master-data/map-layers/${layer.layer_id}/file`,
      ...multipart('stations.geojson', STATIONS),
    });
    expect(up.statusCode, up.body).toBe(200);
    const stations = (await req(user, 'GET', '/config')).json<TConfig>().stations;
    expect(stations.map((s) => [s.name, s.layer_id])).toEqual([
      ['Raffles Place', layer.layer_id],
      ['Marina Bay', layer.layer_id],
    ]);
    // Raffles Place MRT is about (29 950 E, 29 500 N) in SVY21.
    expect(stations[0]!.easting).toBeGreaterThan(29_500);
    expect(stations[0]!.easting).toBeLessThan(30_500);
    expect(stations[0]!.northing).toBeGreaterThan(29_000);
    expect(stations[0]!.northing).toBeLessThan(30_000);

    const kml = (await req(manager, 'POST', '/master-data/map-layers', { name: 'More stations', kind: 'stations', source: 'kml' })).json<TMapLayer>();
    expect(
      (await as(t, manager, { method: 'POST', url: `/api/v1/master-data/map-layers/${kml.layer_id}/file`, ...multipart('more.kml', STATIONS_KML) })).statusCode,
    ).toBe(200);
    expect((await req(user, 'GET', '/config')).json<TConfig>().stations.map((s) => s.name)).toEqual(['Raffles Place', 'Marina Bay', 'Bayfront & Sands']);

    // An ordinary overlay is no station layer; turning the layer into one brings its stations back.
    expect((await req(manager, 'PUT', `/master-data/map-layers/${layer.layer_id}`, { kind: 'overlay' })).statusCode).toBe(200);
    expect((await req(user, 'GET', '/config')).json<TConfig>().stations.map((s) => s.name)).toEqual(['Bayfront & Sands']);
    expect((await req(manager, 'PUT', `/master-data/map-layers/${layer.layer_id}`, { kind: 'stations' })).statusCode).toBe(200);
    expect((await req(user, 'GET', '/config')).json<TConfig>().stations).toHaveLength(3);
    expect((await req(manager, 'DELETE', `/master-data/map-layers/${kml.layer_id}`)).statusCode).toBe(200);
    expect((await req(user, 'GET', '/config')).json<TConfig>().stations.map((s) => s.name)).toEqual(['Raffles Place', 'Marina Bay']);
  });

  it('keeps station layers to GeoJSON and KML files holding named points, changing nothing otherwise', async () => {
    const osm = await addLayer(OSM);
    const alignment = await addLayer({ name: 'Alignment', kind: 'overlay', source: 'geojson' });
    expect((await uploadFile(alignment.layer_id, 'alignment.geojson', GEOJSON)).statusCode).toBe(200);
    const tiles = await req(manager, 'POST', '/master-data/map-layers', {
      name: 'Tile stations',
      kind: 'stations',
      source: 'xyz',
      url: 'https://x.example.com/{z}/{x}/{y}.png',
    });
    expect(tiles.statusCode).toBe(400);
    expect(tiles.json()).toEqual({ source: 'A station layer is a GeoJSON or KML file or address' });
    const before = (await req(manager, 'GET', '/master-data/map-layers')).json<TMapLayerList>().records;
    expect(before.some((l) => l.name === 'Tile stations')).toBe(false);
    expect((await req(manager, 'PUT', `/master-data/map-layers/${osm.layer_id}`, { kind: 'stations' })).json()).toEqual({
      source: 'A station layer is a GeoJSON or KML file or address',
    });

    const empty = (await req(manager, 'POST', '/master-data/map-layers', { name: 'Empty stations', kind: 'stations', source: 'geojson' })).json<TMapLayer>();
    const noPoints = await as(t, manager, {
      method: 'POST',
      url: `/api/v1/master-data/map-layers/${empty.layer_id}/file`,
      ...multipart('lines.geojson', GEOJSON),
    });
    expect(noPoints.statusCode).toBe(400);
    expect(noPoints.json()).toEqual({ files: 'The file has no stations: each station is a point with a name' });
    expect((await req(manager, 'GET', `/master-data/map-layers/${empty.layer_id}`)).json<TMapLayer>().file_name).toBeNull();

    // The alignment overlay's file holds a line only: it cannot become a station layer.
    expect((await req(manager, 'PUT', `/master-data/map-layers/${alignment.layer_id}`, { kind: 'stations' })).json()).toEqual({
      kind: 'The file has no stations: each station is a point with a name',
    });
    expect((await req(manager, 'GET', `/master-data/map-layers/${alignment.layer_id}`)).json<TMapLayer>().kind).toBe('overlay');
  });
});
