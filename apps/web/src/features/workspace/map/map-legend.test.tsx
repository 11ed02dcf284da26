import { render, screen } from '@testing-library/react';
import OlMap from 'ol/Map';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { OlMapProvider } from '../../../components/map';
import { boreholeLegend, legendBox, MapLegend, roomForLegend } from './map-legend';

const DATA = { types: [{ code: 'SM', name: 'Settlement Marker', icon: 'circle', color: '#018e27', count: 180 }], levels: [] };

/** A legend box `width`×`height` at (left, top) in a map box `mapWidth`×`mapHeight` (jsdom lays nothing out). */
function laidOut(left: number, top: number, width: number, height: number, mapWidth: number, mapHeight: number): HTMLElement {
  return {
    offsetLeft: left,
    offsetTop: top,
    offsetWidth: width,
    offsetHeight: height,
    offsetParent: { clientWidth: mapWidth, clientHeight: mapHeight },
  } as unknown as HTMLElement;
}

describe('the map legend (issue 16)', () => {
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

  it('never reaches the map centre, and opens at first only on large maps', () => {
    for (const [width, height] of [
      [358, 320], // a phone
      [480, 645], // the desktop's equal layout
      [1010, 645], // the desktop's full map, Capture Map
    ] as const) {
      const box = legendBox([width, height]);
      const clearOfCentre = 48 + box.maxWidth <= width / 2 - 24 || 8 + box.maxHeight <= height / 2 - 24;
      expect(clearOfCentre).toBe(true);
      expect(box.maxWidth).toBeGreaterThan(90); // room for its folded title
    }
    expect(legendBox([358, 320]).openAtFirst).toBe(false);
    expect(legendBox([480, 645]).openAtFirst).toBe(false);
    expect(legendBox([1010, 645]).openAtFirst).toBe(true);
  });

  it('is folded at first on a small map and open on a large one', () => {
    for (const [size, open] of [
      [[480, 645], 'false'],
      [[1010, 645], 'true'],
    ] as const) {
      const map = new OlMap({});
      map.setSize([...size]);
      const { unmount } = render(
        <OlMapProvider value={map}>
          <MapLegend data={DATA} />
        </OlMapProvider>,
      );
      expect(screen.getByRole('button', { name: 'Legend' }).getAttribute('aria-expanded')).toBe(open);
      unmount();
    }
  });

  it('has fits leave room for it, on the side that costs the view less', () => {
    // Folded (its title only): room at the top.
    expect(roomForLegend(laidOut(48, 8, 150, 32, 480, 645))).toEqual([48, 40, 40, 40]);
    // Open as a column on a wide map: room at the left.
    expect(roomForLegend(laidOut(48, 8, 220, 360, 1010, 645))).toEqual([40, 40, 40, 276]);
    // No legend: the plain padding.
    expect(roomForLegend(null)).toEqual([40, 40, 40, 40]);
  });
});

describe('the legend of the SI boreholes drawn', () => {
  it('lists each borehole type once with its colour and count, untyped ones as "-"', () => {
    const colorOf = (type: string | null) => (type === 'CP' ? '#111111' : '#222222');
    expect(boreholeLegend([{ borehole_type: 'RC' }, { borehole_type: 'CP' }, { borehole_type: 'RC' }, { borehole_type: null }], colorOf)).toEqual([
      { type: '-', color: '#222222', count: 1 },
      { type: 'CP', color: '#111111', count: 1 },
      { type: 'RC', color: '#222222', count: 2 },
    ]);
  });
});
