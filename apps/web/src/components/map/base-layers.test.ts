import type { TMapLayer } from '@strata/shared';
import TileLayer from 'ol/layer/Tile';
import VectorLayer from 'ol/layer/Vector';
import type XYZ from 'ol/source/XYZ';
import { describe, expect, it } from 'vitest';
import { initialBaseId, mapLayerDefs, overlayVisible } from './base-layers';
import { mapLayerFixture } from '../../test/fixtures';

function layer(overrides: Partial<TMapLayer>): TMapLayer {
  return mapLayerFixture({ name: 'OpenStreetMap', sort_order: 0, attribution: '© OSM', max_zoom: 19, ...overrides });
}

describe('map layers from the configuration', () => {
  it('puts base maps first in their order, then overlays, and starts on the first visible base map', () => {
    const defs = mapLayerDefs({
      tile_server: null,
      map_layers: [
        layer({ layer_id: 3, name: 'Rail', kind: 'overlay', sort_order: 2, visible: false }),
        layer({ layer_id: 2, name: 'OneMap', sort_order: 1, visible: true }),
        layer({ layer_id: 1, name: 'OSM', sort_order: 0, visible: false }),
      ],
    });
    expect(defs.map((d) => d.name)).toEqual(['OSM', 'OneMap', 'Rail']);
    expect(initialBaseId(defs)).toBe('layer-2');
  });

  it('makes tile layers of XYZ addresses, vector layers of uploaded files (with the resource token), and skips what it cannot show', () => {
    const defs = mapLayerDefs({
      tile_server: null,
      map_layers: [
        layer({ layer_id: 1 }),
        layer({ layer_id: 2, kind: 'overlay', source: 'geojson', url: null, file_name: 'a.geojson', file_url: '/api/v1/map-layers/2/file' }),
        layer({ layer_id: 3, source: 'wmts', url: 'https://wmts.example.org/capabilities.xml' }),
      ],
    });
    expect(defs.map((d) => d.id)).toEqual(['layer-1', 'layer-2']);
    const tiles = defs[0]!.create(null);
    expect(tiles).toBeInstanceOf(TileLayer);
    expect((tiles as TileLayer<XYZ>).getSource()?.getUrls()).toEqual(['https://tile.example.org/{z}/{x}/{y}.png']);
    const overlay = defs[1]!.create('res-1') as VectorLayer;
    expect(overlay).toBeInstanceOf(VectorLayer);
    expect(overlay.getSource()?.getUrl()).toBe('/api/v1/map-layers/2/file?_token=res-1');
  });

  it('adds the tile server setting as a base map, shown when no configured base map is', () => {
    const defs = mapLayerDefs({ tile_server: 'https://tiles.example.org/base', map_layers: [] });
    expect(defs).toHaveLength(1);
    expect(initialBaseId(defs)).toBe('tile-server');
    expect((defs[0]!.create(null) as TileLayer<XYZ>).getSource()?.getUrls()).toEqual(['https://tiles.example.org/base/{z}/{x}/{y}.png']);
  });

  it("leaves station layers to the work-space map, and shows overlays by the user's choice over the admin's default", () => {
    const defs = mapLayerDefs({
      tile_server: null,
      map_layers: [
        layer({ layer_id: 1 }),
        layer({ layer_id: 2, name: 'Rail', kind: 'overlay', visible: false }),
        layer({ layer_id: 3, name: 'Utilities', kind: 'overlay', visible: true }),
        layer({ layer_id: 4, name: 'MRT', kind: 'stations', source: 'geojson', url: null, file_url: '/api/v1/map-layers/4/file' }),
      ],
    });
    expect(defs.map((d) => [d.name, d.layerId])).toEqual([
      ['OpenStreetMap', 1],
      ['Rail', 2],
      ['Utilities', 3],
    ]);
    const [, rail, utilities] = defs;
    expect([overlayVisible(rail!, undefined), overlayVisible(utilities!, undefined)]).toEqual([false, true]);
    expect([overlayVisible(rail!, ['2:on', '3:off']), overlayVisible(utilities!, ['2:on', '3:off'])]).toEqual([true, false]);
    expect([overlayVisible(rail!, ['9:on', 'x']), overlayVisible(utilities!, ['9:off'])]).toEqual([false, true]);
  });

  it('has nothing to show without configuration (the map keeps its plain background)', () => {
    expect(mapLayerDefs(undefined)).toEqual([]);
    expect(initialBaseId([])).toBeUndefined();
  });
});
