import { describe, expect, it } from 'vitest';
import { geometryToSvy21, geometryToWgs84 } from '../coordinates.js';
import { ringProblem, segmentsIntersect, ZPolygon, ZSiteGeometry } from './geometry.js';

const square = [
  [0, 0],
  [10, 0],
  [10, 10],
  [0, 10],
  [0, 0],
];

describe('GeoJSON polygons', () => {
  it('accepts a closed simple ring of at least 4 positions', () => {
    expect(ringProblem(square)).toBeUndefined();
    expect(ZPolygon.safeParse({ type: 'Polygon', coordinates: [square] }).success).toBe(true);
    // An L shape (concave) is fine.
    expect(
      ringProblem([
        [0, 0],
        [10, 0],
        [10, 2],
        [2, 2],
        [2, 10],
        [0, 10],
        [0, 0],
      ]),
    ).toBeUndefined();
  });

  it('refuses open, short, self-crossing and flat rings', () => {
    expect(
      ringProblem([
        [0, 0],
        [10, 0],
        [10, 10],
        [0, 10],
      ]),
    ).toMatch(/must be closed/);
    expect(
      ringProblem([
        [0, 0],
        [10, 0],
        [0, 0],
      ]),
    ).toMatch(/at least 4/);
    expect(
      ringProblem([
        [0, 0],
        [10, 10],
        [10, 0],
        [0, 10],
        [0, 0],
      ]),
    ).toBe('The polygon crosses itself');
    expect(
      ringProblem([
        [0, 0],
        [5, 0],
        [10, 0],
        [0, 0],
      ]),
    ).toBeDefined();
    const r = ZPolygon.safeParse({
      type: 'Polygon',
      coordinates: [
        square,
        [
          [1, 1],
          [2, 2],
          [2, 1],
        ],
      ],
    });
    expect(r.success).toBe(false);
    expect(r.error?.issues[0]?.path).toEqual(['coordinates', 1]);
  });

  it('tells touching and crossing segments apart from separate ones', () => {
    expect(segmentsIntersect([0, 0], [10, 10], [0, 10], [10, 0])).toBe(true);
    expect(segmentsIntersect([0, 0], [10, 0], [5, 0], [15, 0])).toBe(true);
    expect(segmentsIntersect([0, 0], [10, 0], [0, 1], [10, 1])).toBe(false);
  });

  it('takes points, lines and polygons as site geometry', () => {
    expect(ZSiteGeometry.safeParse({ type: 'Point', coordinates: [30000, 30000] }).success).toBe(true);
    expect(
      ZSiteGeometry.safeParse({
        type: 'LineString',
        coordinates: [
          [0, 0],
          [1, 1],
        ],
      }).success,
    ).toBe(true);
    expect(ZSiteGeometry.safeParse({ type: 'LineString', coordinates: [[0, 0]] }).success).toBe(false);
    expect(ZSiteGeometry.safeParse({ type: 'MultiPoint', coordinates: [] }).success).toBe(false);
  });

  it('converts whole geometries between SVY21 and WGS84 and back to the millimetre', () => {
    const svy = {
      type: 'Polygon' as const,
      coordinates: [
        [
          [30000, 28000],
          [30500, 28000],
          [30500, 28500],
          [30000, 28000],
        ],
      ],
    };
    const wgs = geometryToWgs84(svy);
    expect(wgs.coordinates[0]![0]![0]).toBeGreaterThan(103.8);
    expect(wgs.coordinates[0]![0]).toEqual(wgs.coordinates[0]![3]);
    const back = geometryToSvy21(wgs);
    back.coordinates[0]!.forEach((p, i) => {
      expect(Math.abs(p[0]! - svy.coordinates[0]![i]![0]!)).toBeLessThan(0.001);
      expect(Math.abs(p[1]! - svy.coordinates[0]![i]![1]!)).toBeLessThan(0.001);
    });
  });
});
