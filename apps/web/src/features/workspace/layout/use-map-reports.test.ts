import { renderHook } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { MapPosition } from '../state/url-state';
import { useMapReports } from './use-map-reports';

const HOME: MapPosition = { x: 29532, y: 33003, zoom: 14.2 };
const SHOWN: MapPosition = { x: 34058, y: 30771, zoom: 19 };
const posParam = (p: MapPosition | null) => (p ? `pos=${encodeURIComponent(JSON.stringify(p))}` : '');

describe("the work-space map's reports in the URL", () => {
  it('do not replace a position asked for (Show on map) that has not reached the map yet', () => {
    const update = vi.fn();
    let written = posParam(SHOWN); // written by Show on map, not rendered yet: the state still has no pos
    const { result } = renderHook(() =>
      useMapReports({ state: { pos: null, mapBounds: null }, update, currentSearch: () => written, lastExtent: { current: null } }),
    );
    // The home view, placed once the contracts loaded, comes to rest meanwhile.
    result.current(HOME, [0, 0, 1, 1]);
    expect(update).not.toHaveBeenCalled();

    // Nothing on its way: the report is written.
    written = '';
    result.current(HOME, [0, 0, 1, 1]);
    expect(update).toHaveBeenCalledWith({ pos: HOME }, { replace: true });
  });

  it('replace their own earlier report still on its way', () => {
    const update = vi.fn();
    let written = '';
    const { result } = renderHook(() =>
      useMapReports({
        state: { pos: null, mapBounds: null },
        update: (c: { pos?: MapPosition | null }) => {
          update(c);
          written = posParam(c.pos ?? null);
        },
        currentSearch: () => written,
        lastExtent: { current: null },
      }),
    );
    result.current(HOME, null);
    result.current(SHOWN, null);
    expect(update).toHaveBeenLastCalledWith({ pos: SHOWN });
  });
});
