import { svy21ToWgs84, SVY21_ORIGIN } from '@strata/shared';
import { fromLonLat, get as getProjection } from 'ol/proj';
import { describe, expect, it } from 'vitest';
import { formatDegrees, formatMetres, positionsOf, svy21ExtentToView, svy21ToView, SVY21, viewToSvy21 } from './projection';

describe('map projection (SVY21 <-> the map)', () => {
  it('registers EPSG:3414 with OpenLayers from the shared definition', () => {
    const projection = getProjection(SVY21);
    expect(projection).not.toBeNull();
    expect(projection?.getUnits()).toBe('m');
  });

  it('puts the SVY21 origin where its latitude and longitude are on the web-mercator map', () => {
    const onMap = svy21ToView([SVY21_ORIGIN.easting, SVY21_ORIGIN.northing]);
    const expected = fromLonLat([SVY21_ORIGIN.lon, SVY21_ORIGIN.lat]);
    expect(Math.abs(onMap[0]! - expected[0]!)).toBeLessThan(0.001);
    expect(Math.abs(onMap[1]! - expected[1]!)).toBeLessThan(0.001);
  });

  it('reads a map coordinate back as SVY21 to the millimetre', () => {
    const position = [30123.456, 31234.567];
    expect(viewToSvy21(svy21ToView(position))).toEqual(position);
  });

  it('turns an SVY21 extent into a map extent that holds its corners', () => {
    const extent = svy21ExtentToView([20000, 30000, 21000, 31000]);
    const corner = svy21ToView([20000, 30000]);
    expect(extent[0]).toBeLessThanOrEqual(corner[0]! + 1e-6);
    expect(extent[1]).toBeLessThanOrEqual(corner[1]! + 1e-6);
    expect(extent[2]! - extent[0]!).toBeGreaterThan(990);
  });

  it('gives a position in both systems and formats them (mm, 7 decimals)', () => {
    const both = positionsOf([28001.642, 38744.572]);
    const ll = svy21ToWgs84(28001.642, 38744.572);
    expect(both).toEqual({ easting: 28001.642, northing: 38744.572, lat: ll.lat, lon: ll.lon });
    expect(formatMetres(both.easting)).toBe('28001.642');
    expect(formatMetres(30000)).toBe('30000.000');
    expect(formatDegrees(both.lat)).toBe('1.3666667');
    expect(formatDegrees(both.lon)).toBe('103.8333333');
  });
});
