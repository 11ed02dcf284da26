import type { TSiteGeometry } from '@strata/shared';
import { describe, expect, it } from 'vitest';
import { distanceToGeometry, distanceToSegment, geometryExtent, insideRing, itemsNearSite, siteInExtent } from './geometry';

/** A 100 m × 60 m pit with a notch: an L-shaped outline (SVY21 m). */
const PIT: TSiteGeometry = {
  type: 'Polygon',
  coordinates: [
    [
      [30000, 28000],
      [30100, 28000],
      [30100, 28030],
      [30050, 28030],
      [30050, 28060],
      [30000, 28060],
      [30000, 28000],
    ],
  ],
};

describe('construction site geometry (planar SVY21)', () => {
  it('measures the distance to a segment from beside it and beyond its ends', () => {
    expect(distanceToSegment(5, 3, [0, 0], [10, 0])).toBe(3);
    expect(distanceToSegment(13, 4, [0, 0], [10, 0])).toBe(5);
    expect(distanceToSegment(-3, -4, [0, 0], [10, 0])).toBe(5);
    expect(distanceToSegment(1, 1, [0, 0], [0, 0])).toBeCloseTo(Math.SQRT2, 9);
  });

  it('tells inside from outside an L-shaped outline, the notch being outside and an edge inside', () => {
    const ring = (PIT as { coordinates: number[][][] }).coordinates[0]!;
    expect(insideRing(30010, 28050, ring)).toBe(true);
    expect(insideRing(30090, 28010, ring)).toBe(true);
    expect(insideRing(30080, 28050, ring)).toBe(false); // the notch
    expect(insideRing(30100, 28015, ring)).toBe(true); // on the east edge
  });

  it('is 0 inside the polygon and the distance to the nearest edge outside it', () => {
    expect(distanceToGeometry(30020, 28020, PIT)).toBe(0);
    expect(distanceToGeometry(30080, 28050, PIT)).toBe(20); // in the notch: 20 m above the 28030 edge, 30 m east of the 30050 edge
    expect(distanceToGeometry(30130, 28070, PIT)).toBeCloseTo(Math.hypot(30, 40), 9); // beyond the corner (30100, 28030)
    expect(distanceToGeometry(29950, 28030, PIT)).toBe(50);
  });

  it('measures to a polygon hole as outside the site', () => {
    const ring = [
      [0, 0],
      [100, 0],
      [100, 100],
      [0, 100],
      [0, 0],
    ];
    const hole = [
      [40, 40],
      [60, 40],
      [60, 60],
      [40, 60],
      [40, 40],
    ];
    expect(distanceToGeometry(50, 50, { type: 'Polygon', coordinates: [ring, hole] })).toBe(10);
    expect(distanceToGeometry(20, 50, { type: 'Polygon', coordinates: [ring, hole] })).toBe(0);
  });

  it('measures to a tunnel alignment and to a point', () => {
    const line: TSiteGeometry = {
      type: 'LineString',
      coordinates: [
        [0, 0],
        [100, 0],
        [100, 100],
      ],
    };
    expect(distanceToGeometry(50, 7, line)).toBe(7);
    expect(distanceToGeometry(106, 50, line)).toBe(6);
    expect(distanceToGeometry(3, 4, { type: 'Point', coordinates: [0, 0] })).toBe(5);
  });

  it('keeps the instruments inside or within the distance, nearest first, and marks those inside', () => {
    const items = [
      { name: 'far', easting: 29900, northing: 28030 },
      { name: 'in', easting: 30020, northing: 28020 },
      { name: 'notch', easting: 30080, northing: 28050 },
      { name: 'near', easting: 29990, northing: 28030 },
      { name: 'nowhere', easting: Number.NaN, northing: 28030 },
    ];
    const near = itemsNearSite(items, PIT, 50);
    expect(near.map((n) => [n.item.name, n.distance, n.inside])).toEqual([
      ['in', 0, true],
      ['near', 10, false],
      ['notch', 20, false],
    ]);
    expect(itemsNearSite(items, PIT, 15).map((n) => n.item.name)).toEqual(['in', 'near']);
    expect(itemsNearSite(items, PIT, 0).map((n) => n.item.name)).toEqual(['in']);
  });

  it('gives the bounding box and whether a site meets a map extent', () => {
    expect(geometryExtent(PIT)).toEqual([30000, 28000, 30100, 28060]);
    expect(siteInExtent(PIT, null)).toBe(true);
    expect(siteInExtent(PIT, [30090, 28050, 31000, 29000])).toBe(true);
    expect(siteInExtent(PIT, [30101, 28000, 31000, 29000])).toBe(false);
    expect(siteInExtent(null, [0, 0, 1, 1])).toBe(false);
    expect(siteInExtent(null, null)).toBe(true);
  });
});
