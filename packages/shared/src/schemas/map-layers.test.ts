import { describe, expect, it } from 'vitest';
import { overlayShown, withOverlayChoice, ZCreateMapLayerRequest } from './map-layers.js';

describe('overlay choices in the preferences', () => {
  const shown = { layer_id: 3, visible: true };
  const hidden = { layer_id: 4, visible: false };

  it("follows the admin's visible flag for overlays the user has not touched", () => {
    expect(overlayShown(shown, [])).toBe(true);
    expect(overlayShown(hidden, [])).toBe(false);
    expect(overlayShown(hidden, ['99:on', 'junk', '4:maybe'])).toBe(false);
  });

  it("lets the user's explicit choice win, the last one counting", () => {
    expect(overlayShown(shown, ['3:off'])).toBe(false);
    expect(overlayShown(hidden, ['4:on'])).toBe(true);
    expect(overlayShown(hidden, ['4:on', '4:off'])).toBe(false);
  });

  it('replaces the choice of the toggled layer and drops choices of layers that are gone', () => {
    expect(withOverlayChoice(['3:off', '77:on', 'other'], 3, true, [3, 4])).toEqual(['other', '3:on']);
    expect(withOverlayChoice([], 4, false, [3, 4])).toEqual(['4:off']);
  });

  it('never grows past the 100 entries the preferences hold', () => {
    const many = Array.from({ length: 100 }, (_v, i) => `note-${i}`);
    const next = withOverlayChoice(many, 3, true, [3]);
    expect(next).toHaveLength(100);
    expect(next.at(-1)).toBe('3:on');
  });
});

describe('map layer kinds', () => {
  it('accepts a stations layer and refuses an unknown kind', () => {
    expect(ZCreateMapLayerRequest.safeParse({ name: 'Stations', kind: 'stations', source: 'geojson' }).success).toBe(true);
    const bad = ZCreateMapLayerRequest.safeParse({ name: 'x', kind: 'middle', source: 'geojson' });
    expect(bad.success).toBe(false);
    expect(bad.error?.issues[0]?.message).toBe('Kind is base, overlay or stations');
  });
});
