import { render } from '@testing-library/react';
import type { TMapLayer, TStation } from '@strata/shared';
import type OlMap from 'ol/Map';
import type VectorLayer from 'ol/layer/Vector';
import type VectorSource from 'ol/source/Vector';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { OlMapProvider } from '../../../components/map';
import { StationLayer, stationsShown } from './station-layer';

let current: OlMap | null = null;

const STATIONS: TStation[] = [
  { name: 'Marina South', easting: 30100, northing: 28700, layer_id: 5 },
  { name: 'Bayshore', easting: 35300, northing: 31500, layer_id: 5 },
];
const base: Omit<TMapLayer, 'layer_id' | 'name' | 'kind' | 'source' | 'url' | 'file_url'> = {
  layer_name: null,
  file_name: null,
  sort_order: 0,
  visible: true,
  opacity: 1,
  attribution: '',
  min_zoom: null,
  max_zoom: null,
};
const FILE_LAYER: TMapLayer = { ...base, layer_id: 5, name: 'MRT', kind: 'stations', source: 'geojson', url: null, file_url: '/api/v1/map-layers/5/file' };
const ADDRESS_LAYER: TMapLayer = { ...base, layer_id: 6, name: 'LRT', kind: 'stations', source: 'kml', url: 'https://example.org/lrt.kml', file_url: null };
const OVERLAY: TMapLayer = {
  ...base,
  layer_id: 7,
  name: 'Lines',
  kind: 'overlay',
  source: 'geojson',
  url: 'https://example.org/lines.geojson',
  file_url: null,
};

describe('the stations on the work-space map', () => {
  beforeAll(() => {
    // OpenLayers watches its target's size; jsdom has no ResizeObserver (the map here has no target anyway).
    vi.stubGlobal(
      'ResizeObserver',
      class {
        observe() {}
        unobserve() {}
        disconnect() {}
      },
    );
  });
  afterEach(() => {
    current = null;
  });
  afterAll(() => {
    vi.unstubAllGlobals();
  });

  it('are none unless the show_stations preference is on', () => {
    const config = { stations: STATIONS, map_layers: [FILE_LAYER, ADDRESS_LAYER, OVERLAY] };
    expect(stationsShown(config, false)).toBeNull();
    expect(stationsShown(undefined, true)).toBeNull();
    // The server read the uploaded file's points; a layer given only by its address is loaded by the browser.
    expect(stationsShown(config, true)).toEqual({ points: STATIONS, remote: [ADDRESS_LAYER] });
  });

  it('are drawn as one named feature per station above the boundaries and below the instruments, and go with the component', async () => {
    const { default: Map } = await import('ol/Map');
    current = new Map({});
    const view = render(
      <OlMapProvider value={current}>
        <StationLayer stations={{ points: STATIONS, remote: [ADDRESS_LAYER] }} />
      </OlMapProvider>,
    );
    const layers = current.getLayers().getArray() as VectorLayer<VectorSource>[];
    const points = layers.find((l) => l.get('id') === 'stations')!;
    expect(points.getZIndex()).toBe(7);
    expect(
      points
        .getSource()!
        .getFeatures()
        .map((f) => f.get('name') as string),
    ).toEqual(['Marina South', 'Bayshore']);
    const remote = layers.find((l) => l.get('id') === 'stations-6')!;
    expect(remote.getSource()!.getUrl()).toBe('https://example.org/lrt.kml');
    view.unmount();
    expect(current.getLayers().getLength()).toBe(0);
  });
});
