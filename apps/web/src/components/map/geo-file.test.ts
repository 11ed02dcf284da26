import { wgs84ToSvy21 } from '@strata/shared';
import { describe, expect, it } from 'vitest';
import { parsePolygonFile, PolygonFileError, polygonProblem } from './geo-file';

const SQUARE_SVY21 = [
  [30000, 30000],
  [30100, 30000],
  [30100, 30100],
  [30000, 30100],
  [30000, 30000],
];
const LONLAT = [
  [103.85, 1.29],
  [103.851, 1.29],
  [103.851, 1.291],
  [103.85, 1.291],
];

function problemOf(text: string, name = 'x.geojson'): string {
  try {
    parsePolygonFile(text, name);
  } catch (error) {
    if (error instanceof PolygonFileError) return error.key;
    throw error;
  }
  throw new Error('no error');
}

describe('reading a boundary file (GeoJSON or KML)', () => {
  it('reads a WGS84 GeoJSON feature collection, closes the ring and converts it to SVY21', () => {
    const text = JSON.stringify({
      type: 'FeatureCollection',
      features: [
        { type: 'Feature', properties: {}, geometry: { type: 'Point', coordinates: [103.8, 1.3] } },
        { type: 'Feature', properties: {}, geometry: { type: 'Polygon', coordinates: [LONLAT] } },
      ],
    });
    const { polygon, sourceCrs } = parsePolygonFile(text, 'site.geojson');
    expect(sourceCrs).toBe('wgs84');
    const ring = polygon.coordinates[0]!;
    expect(ring).toHaveLength(5);
    expect(ring[0]).toEqual(ring[4]);
    const first = wgs84ToSvy21(1.29, 103.85);
    expect(ring[0]![0]).toBeCloseTo(first.easting, 2);
    expect(ring[0]![1]).toBeCloseTo(first.northing, 2);
  });

  it('keeps SVY21 GeoJSON (metres, or a crs naming EPSG:3414) as it is', () => {
    const plain = parsePolygonFile(JSON.stringify({ type: 'Polygon', coordinates: [SQUARE_SVY21] }), 'a.json');
    expect(plain.sourceCrs).toBe('svy21');
    expect(plain.polygon.coordinates[0]).toEqual(SQUARE_SVY21);

    const named = parsePolygonFile(
      JSON.stringify({
        type: 'Feature',
        crs: { type: 'name', properties: { name: 'EPSG:3414' } },
        properties: {},
        geometry: { type: 'MultiPolygon', coordinates: [[SQUARE_SVY21], [SQUARE_SVY21]] },
      }),
      'b.geojson',
    );
    expect(named.sourceCrs).toBe('svy21');
    expect(named.polygon.coordinates).toEqual([SQUARE_SVY21]);
  });

  it('reads the first polygon of a KML file (always WGS84), dropping altitudes', () => {
    const coordinates = [...LONLAT, LONLAT[0]!].map(([lon, lat]) => `${lon},${lat},0`).join(' ');
    const kml = `<?xml version="1.0" encoding="UTF-8"?>
<kml xmlns="http://www.opengis.net/kml/2.2"><Document><Placemark><name>Boundary</name>
<Polygon><outerBoundaryIs><LinearRing><coordinates>${coordinates}</coordinates></LinearRing></outerBoundaryIs></Polygon>
</Placemark></Document></kml>`;
    const { polygon, sourceCrs } = parsePolygonFile(kml, 'boundary.kml');
    expect(sourceCrs).toBe('wgs84');
    expect(polygon.coordinates[0]).toHaveLength(5);
    expect(polygon.coordinates[0]!.every((p) => p.length === 2)).toBe(true);
    const corner = wgs84ToSvy21(1.291, 103.851);
    expect(polygon.coordinates[0]![2]![0]).toBeCloseTo(corner.easting, 2);
  });

  it('says what is wrong with a file that gives no usable polygon', () => {
    expect(problemOf('not json at all')).toBe('contractsAdmin.map.errors.unreadable');
    expect(problemOf(JSON.stringify({ type: 'Point', coordinates: [1, 2] }))).toBe('contractsAdmin.map.errors.noPolygon');
    expect(problemOf('<kml xmlns="http://www.opengis.net/kml/2.2"><Document/></kml>', 'empty.kml')).toBe('contractsAdmin.map.errors.noPolygon');
    const bowTie = [
      [30000, 30000],
      [30100, 30100],
      [30100, 30000],
      [30000, 30100],
    ];
    expect(problemOf(JSON.stringify({ type: 'Polygon', coordinates: [bowTie] }))).toBe('contractsAdmin.map.errors.crosses');
    expect(
      problemOf(
        JSON.stringify({
          type: 'Polygon',
          coordinates: [
            [
              [30000, 30000],
              [30100, 30000],
            ],
          ],
        }),
      ),
    ).toBe('contractsAdmin.map.errors.tooFew');
  });

  it('checks a polygon with the rules the server applies', () => {
    expect(polygonProblem({ type: 'Polygon', coordinates: [SQUARE_SVY21] })).toBeUndefined();
    const flat = [
      [30000, 30000],
      [30100, 30000],
      [30200, 30000],
      [30000, 30000],
    ];
    expect(polygonProblem({ type: 'Polygon', coordinates: [flat] })).toMatch(/errors\.(noArea|crosses)/);
  });
});
