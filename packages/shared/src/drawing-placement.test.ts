import { describe, expect, it } from 'vitest';
import { defaultDrawingExtent } from './drawing-placement.js';
import { MESSAGES } from './messages.js';
import { isPlaceableDrawing, ZDrawingExtent, ZUpdateSiteDrawingRequest } from './schemas/sites.js';

describe('a progress drawing’s place', () => {
  it('defaults to the site’s bounding box padded by 10 % of its larger side, to whole metres outward', () => {
    // An alignment 200 m east and 50 m north: 20 m each side.
    const line = {
      type: 'LineString' as const,
      coordinates: [
        [20000.4, 30000.6],
        [20100, 30000],
        [20200.2, 30050],
      ],
    };
    expect(defaultDrawingExtent(line)).toEqual([19980, 29980, 20221, 30070]);
    // A straight east-west alignment still gets an area; a point 10 m each side.
    expect(
      defaultDrawingExtent({
        type: 'LineString',
        coordinates: [
          [1000, 2000],
          [1050, 2000],
        ],
      }),
    ).toEqual([990, 1990, 1060, 2010]);
    expect(defaultDrawingExtent({ type: 'Point', coordinates: [500, 600] })).toEqual([490, 590, 510, 610]);
    const outline = {
      type: 'Polygon' as const,
      coordinates: [
        [
          [0, 0],
          [300, 0],
          [300, 100],
          [0, 100],
          [0, 0],
        ],
      ],
    };
    expect(defaultDrawingExtent(outline)).toEqual([-30, -30, 330, 130]);
    expect(defaultDrawingExtent(null)).toBeNull();
  });

  it('accepts four finite SVY21 numbers in order and names what is wrong otherwise', () => {
    expect(ZDrawingExtent.parse([20000, 30000, 20200, 30100])).toEqual([20000, 30000, 20200, 30100]);
    const problem = (value: unknown) => ZDrawingExtent.safeParse(value).error?.issues[0]?.message;
    expect(problem([20200, 30000, 20000, 30100])).toBe(MESSAGES.drawingExtentOrder);
    expect(problem([20000, 30100, 20200, 30100])).toBe(MESSAGES.drawingExtentOrder);
    expect(problem([20000, 30000, 20200, 300_000])).toBe(MESSAGES.drawingExtentRange);
    expect(problem([20000, 30000, 20200, Number.POSITIVE_INFINITY])).toBeDefined();
    expect(problem([20000, 30000, 20200, Number.NaN])).toBeDefined();
    expect(problem([20000, 30000, 20200])).toBeDefined();
    expect(problem(['a', 30000, 20200, 30100])).toBe(MESSAGES.drawingExtentInvalid);
    expect(ZUpdateSiteDrawingRequest.safeParse({ drawing_date: '2026-02-30' }).success).toBe(false);
    expect(ZUpdateSiteDrawingRequest.parse({ drawing_date: null })).toEqual({ drawing_date: null });
  });

  it('is for PNG and JPEG drawings only', () => {
    expect(['image/png', 'image/jpeg', 'application/pdf', 'image/vnd.dxf'].map(isPlaceableDrawing)).toEqual([true, true, false, false]);
  });
});
