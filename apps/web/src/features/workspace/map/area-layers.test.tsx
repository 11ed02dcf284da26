import { render } from '@testing-library/react';
import type { TInstrument } from '@strata/shared';
import Feature from 'ol/Feature';
import OlMap from 'ol/Map';
import type Point from 'ol/geom/Point';
import type Polygon from 'ol/geom/Polygon';
import type VectorLayer from 'ol/layer/Vector';
import type Style from 'ol/style/Style';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { OlMapProvider, svy21ToView } from '../../../components/map';
import { instrumentFixture } from '../../../test/fixtures';
import { BoundaryLayer } from './area-layers';
import { createInstrumentLayerParts, instrumentFeatures, MAP_DECLUTTER } from './instrument-layer-parts';
import { createInstrumentStyle, instrumentLook } from './instrument-style';

/** A corridor rising to the north-east, as the demo contracts' boundaries are. */
const RING = [
  [29000, 30000],
  [29400, 29800],
  [31400, 31800],
  [31000, 32000],
  [29000, 30000],
];

describe("the contract boundaries' labels on the work-space map", () => {
  beforeAll(() => {
    vi.stubGlobal(
      'ResizeObserver',
      class {
        observe() {}
        unobserve() {}
        disconnect() {}
      },
    );
  });
  afterAll(() => {
    vi.unstubAllGlobals();
  });

  it('stand whole above the northernmost corner, and give way to the instruments, which are always drawn (the stray "3" of issue 16)', () => {
    const map = new OlMap({});
    render(
      <OlMapProvider value={map}>
        <BoundaryLayer boundaries={[{ contractId: 11, no: 'C303', polygon: { type: 'Polygon', coordinates: [RING] } }]} />
      </OlMapProvider>,
    );
    const layer = map
      .getLayers()
      .getArray()
      .find((l) => l.get('id') === 'boundaries') as VectorLayer;
    const feature = layer.getSource()!.getFeatures()[0]!;
    const styles = (layer.getStyleFunction()!(feature, 1) as Style[]).filter((s) => s.getText());
    expect(styles).toHaveLength(1);
    const label = styles[0]!;
    expect(label.getText()!.getText()).toBe('C303');
    // Outside the area (the instruments are inside), above its northernmost corner.
    const at = (label.getGeometryFunction()(feature) as Point).getCoordinates();
    expect(at).toEqual(svy21ToView([31000, 32000]));
    expect((feature.getGeometry() as Polygon).intersectsCoordinate(at)).toBe(false);
    expect(label.getText()!.getTextBaseline()).toBe('bottom');

    // Placed with the instruments, which come first (a higher layer) and are obstacles: drawn always, and a label that
    // would fall under one is left out whole instead of showing its ends beside it.
    const parts = createInstrumentLayerParts();
    expect(layer.getDeclutter()).toBe(MAP_DECLUTTER);
    expect(parts.layer.getDeclutter()).toBe(MAP_DECLUTTER);
    expect(parts.layer.getZIndex()).toBeGreaterThan(layer.getZIndex()!);
    expect(label.getText()!.getDeclutterMode()).toBeUndefined(); // decluttered
    const instruments: TInstrument[] = [1, 2, 3].map((id) => instrumentFixture({ instrument_id: id, name: `SM-${id}`, type_code: 'SM' }));
    const style = createInstrumentStyle({
      look: instrumentLook(undefined),
      levelOf: () => undefined,
      showLabels: true,
      zoom: () => 18,
      textColor: '#263238',
      haloColor: '#ffffff',
    });
    const cluster = new Feature({ features: instrumentFeatures(instruments) });
    const single = instrumentFeatures(instruments.slice(0, 1))[0]!;
    for (const drawn of [style(cluster), style(single)].flat()) {
      if (drawn.getImage()) expect(drawn.getImage()!.getDeclutterMode()).toBe('obstacle');
      if (drawn.getText()) expect(drawn.getText()!.getDeclutterMode()).toBe('obstacle');
    }
  });
});
