import { describe, expect, it } from 'vitest';
import { parseCoordinates, parseLocationQuery, searchGazetteer, type GazetteerEntry } from './parse-location';

// The projection's origin (DOMAIN.md): 28001.642 E, 38744.572 N is 1.366666667 N, 103.833333333 E.
const ORIGIN = { easting: 28001.642, northing: 38744.572, lat: 1.366666666666667, lon: 103.8333333333333 };

describe('location search: coordinates', () => {
  it('reads two large numbers as an SVY21 easting and northing, with their latitude and longitude', () => {
    const q = parseCoordinates('28001.642, 38744.572');
    expect(q).toMatchObject({ kind: 'svy21', easting: 28001.642, northing: 38744.572 });
    expect(q && 'lat' in q && q.lat).toBeCloseTo(ORIGIN.lat, 7);
    expect(q && 'lon' in q && q.lon).toBeCloseTo(ORIGIN.lon, 7);
  });

  it('reads labelled SVY21 in either order', () => {
    expect(parseCoordinates('E 28001 N 38744')).toMatchObject({ kind: 'svy21', easting: 28001, northing: 38744 });
    expect(parseCoordinates('N 38744 E 28001')).toMatchObject({ kind: 'svy21', easting: 28001, northing: 38744 });
    expect(parseCoordinates('x=28001; y=38744')).toMatchObject({ kind: 'svy21', easting: 28001, northing: 38744 });
  });

  it('reads a latitude and longitude, in the usual order or the only possible one', () => {
    const q = parseCoordinates('1.366666666666667, 103.8333333333333');
    expect(q?.kind).toBe('wgs84');
    expect(q && 'easting' in q && q.easting).toBeCloseTo(ORIGIN.easting, 2);
    expect(q && 'northing' in q && q.northing).toBeCloseTo(ORIGIN.northing, 2);
    expect(parseCoordinates('103.8333333, 1.3666667')).toMatchObject({ kind: 'wgs84', lat: 1.3666667, lon: 103.8333333 });
  });

  it('reads hemispheres, degree signs and lat/lon labels', () => {
    expect(parseCoordinates('1.35°N 103.82°E')).toMatchObject({ kind: 'wgs84', lat: 1.35, lon: 103.82 });
    expect(parseCoordinates('103.82E, 1.35N')).toMatchObject({ kind: 'wgs84', lat: 1.35, lon: 103.82 });
    expect(parseCoordinates('lat 1.35 lon 103.82')).toMatchObject({ kind: 'wgs84', lat: 1.35, lon: 103.82 });
    expect(parseCoordinates('N 1.35 E 103.82')).toMatchObject({ kind: 'wgs84', lat: 1.35, lon: 103.82 });
  });

  it('treats anything else as a name', () => {
    expect(parseCoordinates('SM-1023')).toBeNull();
    expect(parseCoordinates('95, 200')).toBeNull(); // neither degrees nor a grid position
    expect(parseLocationQuery('Orchard Station')).toEqual({ kind: 'name', text: 'Orchard Station' });
    expect(parseLocationQuery('   ')).toBeNull();
  });
});

describe('location search: the offline gazetteer', () => {
  const entries: GazetteerEntry[] = [
    { kind: 'instrument', id: 1, name: 'SM-1023', detail: 'Settlement marker · C101', aliases: ['LTA-77'], easting: 1, northing: 2 },
    { kind: 'instrument', id: 2, name: 'SM-102', detail: 'Settlement marker · C101', easting: 1, northing: 2 },
    { kind: 'instrument', id: 3, name: 'INC-5', detail: 'Inclinometer · C101' },
    { kind: 'zone', id: 4, name: 'SM Zone', detail: 'C101' },
    { kind: 'contract', id: 11, name: 'C101', detail: 'Orchard Station', aliases: ['Orchard Station'] },
  ];

  it('finds by part of a name or alias, any case, exact names first', () => {
    expect(searchGazetteer(entries, 'sm-102').map((e) => e.id)).toEqual([2, 1]);
    expect(searchGazetteer(entries, 'lta-77').map((e) => e.id)).toEqual([1]);
    expect(searchGazetteer(entries, 'orchard').map((e) => e.id)).toEqual([11]);
  });

  it('puts contracts before zones before instruments among equally good matches', () => {
    expect(searchGazetteer(entries, 'sm').map((e) => e.kind)).toEqual(['zone', 'instrument', 'instrument']);
  });

  it('finds nothing for empty text and stops at the limit', () => {
    expect(searchGazetteer(entries, ' ')).toEqual([]);
    expect(searchGazetteer(entries, 's', 2)).toHaveLength(2);
  });
});
