import { describe, expect, it } from 'vitest';
import { gridName, svy21Position } from './position';

describe('borehole positions', () => {
  it('uses SVY21 easting and northing as they are, and places a British grid borehole by its WGS84 position', () => {
    expect(svy21Position({ crs: 3414, easting: 28001.6, northing: 38744.5, latitude: null, longitude: null })).toEqual([28001.6, 38744.5]);
    const [e, n] = svy21Position({ crs: 27700, easting: 530000, northing: 180000, latitude: 1.366666, longitude: 103.833333 })!;
    expect(Math.abs(e - 28001.6)).toBeLessThan(2);
    expect(Math.abs(n - 38744.5)).toBeLessThan(2);
    expect(svy21Position({ crs: 27700, easting: 530000, northing: 180000, latitude: null, longitude: null })).toBeNull();
  });

  it('names the grid of the labels', () => {
    expect(gridName(3414)).toBe('SVY21');
    expect(gridName(27700)).toBe('British National Grid (EPSG:27700)');
  });
});
