import { act, render } from '@testing-library/react';
import OlMap from 'ol/Map';
import View from 'ol/View';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { OlMapProvider, SINGAPORE_EXTENT, VIEW_PROJECTION } from '../../../components/map';
import type { MapPosition, Svy21Extent } from '../state/url-state';
import type { HomeFit } from './home-view';
import { FitToExtent, ViewSync, viewExtent, viewPosition, type FitRequest } from './view-sync';

/** A site 300 m square, about 5 km south of the centre of Singapore (the e2e site-search's). */
const SITE = [28916, 27876, 29216, 28176];

let map: OlMap | null = null;
let now = 1_000_000;
let frames: FrameRequestCallback[] = [];

/** A map with a size (jsdom lays nothing out), drawn on demand: each `draw` is the next animation frame, `ms` later. */
function sizedMap(): OlMap {
  const target = document.createElement('div');
  document.body.appendChild(target);
  map = new OlMap({ target, controls: [], interactions: [], view: new View({ projection: VIEW_PROJECTION, center: [0, 0], zoom: 2, maxZoom: 22 }) });
  // What the map's updateSize does with a laid-out target.
  map.setSize([480, 640]);
  map.getView().setViewportSize([480, 640]);
  return map;
}
function draw(ms = 16) {
  now += ms;
  act(() => {
    const due = frames;
    frames = [];
    due.forEach((callback) => callback(now));
    map!.renderSync();
  });
}
/** Lets ViewSync's microtask run. */
async function settle() {
  await act(async () => {});
}

describe('ViewSync: the map and the URL `pos`', () => {
  beforeAll(() => {
    vi.stubGlobal(
      'ResizeObserver',
      class {
        observe() {}
        unobserve() {}
        disconnect() {}
      },
    );
    // OpenLayers times its animations with Date.now and steps them in animation frames: both move with `draw` only.
    vi.spyOn(Date, 'now').mockImplementation(() => now);
    vi.stubGlobal('requestAnimationFrame', (callback: FrameRequestCallback) => frames.push(callback));
    vi.stubGlobal('cancelAnimationFrame', (id: number) => {
      if (frames[id - 1]) frames[id - 1] = () => {};
    });
  });
  afterEach(() => {
    map?.setTarget(undefined);
    map?.dispose();
    map = null;
    frames = [];
  });
  afterAll(() => {
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
  });

  it("does not pull the map back to a position of its own that reaches the URL late, while a fit is under way (issue 15's flake)", async () => {
    const olMap = sizedMap();
    const onMoved = vi.fn<(pos: MapPosition) => void>();
    const ui = (pos: MapPosition | null, fit: FitRequest | null) => (
      <OlMapProvider value={olMap}>
        <ViewSync pos={pos} home={SINGAPORE_EXTENT} homeFit={null} extentKey="home" onMoved={onMoved} />
        <FitToExtent request={fit} />
      </OlMapProvider>
    );
    // No `pos`: the home view, reported.
    const { rerender } = render(ui(null, null));
    draw();
    await settle();
    draw();
    const home = onMoved.mock.lastCall![0];
    expect(home.zoom).toBe(10);

    // The location search fits a site before the navigation that writes `home` into the URL has rendered.
    const fit = { extent: SITE, nonce: 1 };
    rerender(ui(null, fit));
    draw(100);
    expect(olMap.getView().getAnimating()).toBe(true);
    // Now it renders: the URL's `pos` is the map's own report, not a request to go back home.
    rerender(ui(home, fit));
    await settle();
    expect(olMap.getView().getAnimating()).toBe(true);
    draw(300);

    const at = viewPosition(olMap)!;
    expect(Math.hypot(at.x - (SITE[0]! + SITE[2]!) / 2, at.y - (SITE[1]! + SITE[3]!) / 2)).toBeLessThanOrEqual(2);
    expect(at.zoom).toBeGreaterThan(15);
    expect(onMoved).toHaveBeenLastCalledWith(at, expect.anything());
  });

  it('moves the map to any other `pos` (a link, the back button), also during a fit, and home again without one', async () => {
    const olMap = sizedMap();
    const onMoved = vi.fn<(pos: MapPosition) => void>();
    const ui = (pos: MapPosition | null, fit: FitRequest | null = null) => (
      <OlMapProvider value={olMap}>
        <ViewSync pos={pos} home={SINGAPORE_EXTENT} homeFit={null} extentKey="home" onMoved={onMoved} />
        <FitToExtent request={fit} />
      </OlMapProvider>
    );
    const { rerender } = render(ui(null));
    draw();
    await settle();
    draw();
    const home = onMoved.mock.lastCall![0];
    expect(home.zoom).toBe(10);

    const linked = { x: 30100, y: 28700, zoom: 16 };
    rerender(ui(linked));
    await settle();
    draw();
    expect(viewPosition(olMap)).toEqual(linked);
    expect(onMoved).toHaveBeenLastCalledWith(linked, expect.anything());

    // A fit under way, then the back button brings the home position back: the map goes there.
    const fit = { extent: SITE, nonce: 2 };
    rerender(ui(linked, fit));
    draw(100);
    rerender(ui(home, fit));
    await settle();
    draw(300);
    expect(viewPosition(olMap)).toEqual(home);

    // A position the map reported and that came back, asked for again after the map moved on: the map goes there.
    rerender(ui(linked, fit));
    await settle();
    draw();
    rerender(ui(home, fit));
    await settle();
    draw();
    expect(viewPosition(olMap)).toEqual(home);

    // No `pos` (Reset map location): home.
    rerender(ui(linked, fit));
    await settle();
    draw();
    rerender(ui(null, fit));
    await settle();
    draw();
    expect(viewPosition(olMap)).toEqual(home);
  });

  it('opens on the home extent (the chosen contracts) once it is known, padded, reporting nothing before; Reset goes back there; a `pos` wins (issue 16)', async () => {
    const olMap = sizedMap();
    const onMoved = vi.fn<(pos: MapPosition) => void>();
    const ui = (pos: MapPosition | null, homeFit: HomeFit) => (
      <OlMapProvider value={olMap}>
        <ViewSync pos={pos} home={SINGAPORE_EXTENT} homeFit={homeFit} padding={() => [40, 40, 40, 200]} extentKey="home" onMoved={onMoved} />
      </OlMapProvider>
    );
    // The contracts are loading: the map is not placed, and what it shows meanwhile is not reported.
    const { rerender } = render(ui(null, 'pending'));
    draw();
    await settle();
    olMap.getView().setZoom(4);
    draw();
    draw();
    expect(onMoved).not.toHaveBeenCalled();

    rerender(ui(null, SITE as Svy21Extent));
    await settle();
    draw();
    const home = onMoved.mock.lastCall![0];
    expect(home.zoom).toBeGreaterThan(14);
    // Fitted with room at the left (the legend): the site's centre is right of the view's centre, and inside the view.
    expect(home.x).toBeLessThan((SITE[0]! + SITE[2]!) / 2);
    const extent = viewExtent(olMap)!;
    expect(extent[0]).toBeLessThan(SITE[0]!);
    expect(extent[2]).toBeGreaterThan(SITE[2]!);

    const linked = { x: 30100, y: 28700, zoom: 16 };
    rerender(ui(linked, SITE as Svy21Extent));
    await settle();
    draw();
    expect(viewPosition(olMap)).toEqual(linked);
    // Reset map location: pos null again.
    rerender(ui(null, SITE as Svy21Extent));
    await settle();
    draw();
    expect(viewPosition(olMap)).toEqual(home);
  });

  it('opens on the configured home at zoom 10 when the contracts have neither boundary nor instrument', async () => {
    const olMap = sizedMap();
    const onMoved = vi.fn<(pos: MapPosition) => void>();
    render(
      <OlMapProvider value={olMap}>
        <ViewSync pos={null} home={SINGAPORE_EXTENT} homeFit={null} extentKey="home" onMoved={onMoved} />
      </OlMapProvider>,
    );
    draw();
    await settle();
    draw();
    const at = viewPosition(olMap)!;
    expect(at.zoom).toBe(10);
    expect(Math.abs(at.x - (SINGAPORE_EXTENT[0] + SINGAPORE_EXTENT[2]) / 2)).toBeLessThanOrEqual(1);
  });
});
