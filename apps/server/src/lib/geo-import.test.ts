import { describe, expect, it } from 'vitest';
import { GeoImportError, importPolygon } from './geo-import.js';

const ring = (points: string) => `<LinearRing><coordinates>${points}</coordinates></LinearRing>`;
const OUTER = '103.85,1.28,0 103.86,1.28,0 103.86,1.29,0 103.85,1.29,0 103.85,1.28,0';
const HOLE = '103.852,1.282 103.854,1.282 103.854,1.284 103.852,1.282';
const doc = (body: string) => `<?xml version="1.0" encoding="UTF-8"?>
<kml xmlns="http://www.opengis.net/kml/2.2"><Document><Placemark><name>Site</name>${body}</Placemark></Document></kml>`;

const failure = (text: string) => {
  try {
    importPolygon(text, 'kml');
  } catch (err) {
    expect(err).toBeInstanceOf(GeoImportError);
    return (err as Error).message;
  }
  throw new Error('imported');
};

describe('polygon import from KML', () => {
  it('reads the first polygon with its holes, drops altitude and converts WGS84 to SVY21 metres', () => {
    const result = importPolygon(doc(`<Polygon><outerBoundaryIs>${ring(OUTER)}</outerBoundaryIs><innerBoundaryIs>${ring(HOLE)}</innerBoundaryIs></Polygon>`));
    expect(result.sourceCrs).toBe('wgs84');
    expect(result.wgs84.coordinates).toHaveLength(2);
    expect(result.wgs84.coordinates[0]![0]).toEqual([103.85, 1.28]);
    expect(result.wgs84.coordinates[1]).toHaveLength(4);
    expect(result.svy21.coordinates[0]![0]![0]).toBeGreaterThan(20000);
  });

  it('reads a polygon written with a namespace prefix (<kml:Polygon>), as some GIS exports write it', () => {
    const prefixed = `<?xml version="1.0"?><kml:kml xmlns:kml="http://www.opengis.net/kml/2.2"><kml:Document><kml:Placemark>
      <kml:Polygon><kml:outerBoundaryIs><kml:LinearRing><kml:coordinates>${OUTER}</kml:coordinates></kml:LinearRing></kml:outerBoundaryIs></kml:Polygon>
    </kml:Placemark></kml:Document></kml:kml>`;
    const plain = importPolygon(doc(`<Polygon><outerBoundaryIs>${ring(OUTER)}</outerBoundaryIs></Polygon>`));
    expect(importPolygon(prefixed)).toEqual(plain);
  });

  it('closes an unclosed ring and finds a polygon inside a MultiGeometry', () => {
    const result = importPolygon(
      doc(
        `<MultiGeometry><Point><coordinates>103.85,1.28</coordinates></Point><Polygon><outerBoundaryIs>${ring('103.85,1.28 103.86,1.28 103.86,1.29')}</outerBoundaryIs></Polygon></MultiGeometry>`,
      ),
    );
    expect(result.wgs84.coordinates[0]).toEqual([
      [103.85, 1.28],
      [103.86, 1.28],
      [103.86, 1.29],
      [103.85, 1.28],
    ]);
  });

  it('refuses malformed XML, a file without a polygon, a polygon without an outer boundary and a ring too short', () => {
    expect(failure(`${doc(`<Polygon><outerBoundaryIs>${ring(OUTER)}</outerBoundaryIs></Polygon>`)}<`)).toBe('The file is not valid KML');
    expect(failure('<kml><Document><Placemark><name>x</Placemark></Document></kml>')).toBe('The file is not valid KML');
    expect(failure(doc('<Point><coordinates>103.85,1.28</coordinates></Point>'))).toBe('The KML file has no polygon');
    expect(failure(doc(`<Polygon>${ring(OUTER)}</Polygon>`))).toBe('The KML polygon has no outer boundary');
    // A hole of two positions is not dropped quietly: that would change the shape.
    expect(
      failure(
        doc(`<Polygon><outerBoundaryIs>${ring(OUTER)}</outerBoundaryIs><innerBoundaryIs>${ring('103.852,1.282 103.854,1.282')}</innerBoundaryIs></Polygon>`),
      ),
    ).toBe('A KML ring has fewer than three positions');
    expect(failure(doc(`<Polygon><outerBoundaryIs><LinearRing></LinearRing></outerBoundaryIs></Polygon>`))).toBe('A KML ring has fewer than three positions');
  });

  it('does not read entities from outside the file', () => {
    const xxe = `<?xml version="1.0"?><!DOCTYPE kml [<!ENTITY x SYSTEM "file:///etc/passwd">]>${doc(`<Polygon><outerBoundaryIs><LinearRing><coordinates>&x;</coordinates></LinearRing></outerBoundaryIs></Polygon>`).replace(/^<\?xml[^>]*>\n/, '')}`;
    expect(() => importPolygon(xxe, 'kml')).toThrow(GeoImportError);
  });
});
