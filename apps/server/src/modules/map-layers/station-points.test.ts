import { describe, expect, it } from 'vitest';
import { wgs84ToSvy21 } from '@strata/shared';
import { stationPoints } from './station-points.js';

describe('station points of a GeoJSON or KML file', () => {
  it('reads named points and multipoints of GeoJSON in degrees, in SVY21 metres', () => {
    const file = JSON.stringify({
      type: 'FeatureCollection',
      features: [
        { type: 'Feature', properties: { name: '  Raffles   Place ' }, geometry: { type: 'Point', coordinates: [103.85153, 1.28393] } },
        {
          type: 'Feature',
          properties: { name: 'Exits' },
          geometry: {
            type: 'MultiPoint',
            coordinates: [
              [103.85, 1.28],
              [103.851, 1.281],
            ],
          },
        },
        { type: 'Feature', properties: { title: 'no name' }, geometry: { type: 'Point', coordinates: [103.85, 1.28] } },
        { type: 'Feature', properties: { name: 'broken' }, geometry: { type: 'Point', coordinates: ['a', 1] } },
      ],
    });
    const points = stationPoints(Buffer.from(file), 'geojson', 100);
    expect(points.map((p) => p.name)).toEqual(['Raffles Place', 'Exits', 'Exits']);
    const expected = wgs84ToSvy21(1.28393, 103.85153);
    expect(points[0]!.easting).toBeCloseTo(expected.easting, 2);
    expect(points[0]!.northing).toBeCloseTo(expected.northing, 2);
    // Raffles Place lies about 30 km east and 29.5 km north of the SVY21 false origin.
    expect(Math.round(points[0]!.easting / 1000)).toBe(30);
  });

  it('takes metres as SVY21 (a crs naming EPSG:3414, or numbers beyond degrees)', () => {
    const file = {
      type: 'FeatureCollection',
      crs: { type: 'name', properties: { name: 'urn:ogc:def:crs:EPSG::3414' } },
      features: [{ type: 'Feature', properties: { name: 'S' }, geometry: { type: 'Point', coordinates: [30100.1234, 28700.5] } }],
    };
    expect(stationPoints(JSON.stringify(file), 'geojson', 10)).toEqual([{ name: 'S', easting: 30100.123, northing: 28700.5 }]);
  });

  it('reads KML placemarks with a name and a point, and stops at the limit', () => {
    const kml = `<kml><Document>
      <Placemark><name><![CDATA[Marina South]]></name><Point><coordinates>103.8631,1.2713,0</coordinates></Point></Placemark>
      <Placemark><name>Line</name><LineString><coordinates>103.86,1.27 103.87,1.28</coordinates></LineString></Placemark>
      <Placemark><name>Bayshore</name><Point><coordinates>103.9423,1.3134</coordinates></Point></Placemark>
    </Document></kml>`;
    expect(stationPoints(kml, 'kml', 10).map((p) => p.name)).toEqual(['Marina South', 'Bayshore']);
    expect(stationPoints(kml, 'kml', 1).map((p) => p.name)).toEqual(['Marina South']);
  });

  it('reads KML written with a namespace prefix, and each point of a MultiGeometry', () => {
    const kml = `<?xml version="1.0"?><kml:kml xmlns:kml="http://www.opengis.net/kml/2.2"><kml:Document>
      <kml:Placemark><kml:name>Marina South</kml:name><kml:Point><kml:coordinates>103.8631,1.2713,0</kml:coordinates></kml:Point></kml:Placemark>
      <kml:Placemark><kml:name>Exits</kml:name><kml:MultiGeometry>
        <kml:Point><kml:coordinates>103.86,1.27</kml:coordinates></kml:Point><kml:Point><kml:coordinates>103.87,1.28</kml:coordinates></kml:Point>
      </kml:MultiGeometry></kml:Placemark>
    </kml:Document></kml:kml>`;
    expect(stationPoints(kml, 'kml', 10).map((p) => p.name)).toEqual(['Marina South', 'Exits', 'Exits']);
  });

  it('finds none in an unreadable file', () => {
    expect(stationPoints('<kml><Placemark>', 'kml', 10)).toEqual([]);
    expect(stationPoints('{not json', 'geojson', 10)).toEqual([]);
    expect(stationPoints('<kml></kml>', 'kml', 10)).toEqual([]);
  });
});
