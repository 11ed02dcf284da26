import { describe, expect, it } from 'vitest';
import { geometryDistance } from './geometry-distance.js';

const square = (x: number, y: number, size: number) => ({
  type: 'Polygon',
  coordinates: [
    [
      [x, y],
      [x + size, y],
      [x + size, y + size],
      [x, y + size],
      [x, y],
    ],
  ],
});

describe('geometryDistance', () => {
  it('measures a point to a polygon edge and a point inside as 0', () => {
    expect(geometryDistance(square(0, 0, 10), { type: 'Point', coordinates: [13, 14] })).toBeCloseTo(5);
    expect(geometryDistance(square(0, 0, 10), { type: 'Point', coordinates: [5, 5] })).toBe(0);
  });

  it('measures two polygons apart, and a polygon inside another as 0', () => {
    expect(geometryDistance(square(0, 0, 10), square(40, 0, 10))).toBeCloseTo(30);
    expect(geometryDistance(square(0, 0, 100), square(40, 40, 10))).toBe(0);
  });

  it('measures a line to a polygon and two crossing lines as 0', () => {
    const line = {
      type: 'LineString',
      coordinates: [
        [-20, 50],
        [-5, 50],
        [-5, 60],
      ],
    };
    expect(geometryDistance(line, square(0, 0, 100))).toBeCloseTo(5);
    expect(
      geometryDistance(
        {
          type: 'LineString',
          coordinates: [
            [0, 0],
            [10, 10],
          ],
        },
        {
          type: 'LineString',
          coordinates: [
            [0, 10],
            [10, 0],
          ],
        },
      ),
    ).toBe(0);
  });

  it('counts a line crossing a polygon as 0 although no vertex lies inside', () => {
    expect(
      geometryDistance(
        {
          type: 'LineString',
          coordinates: [
            [-50, 5],
            [50, 5],
          ],
        },
        square(0, 0, 10),
      ),
    ).toBe(0);
  });
});
