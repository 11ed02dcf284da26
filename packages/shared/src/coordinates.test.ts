import proj4 from 'proj4';
import { describe, expect, it } from 'vitest';
import { gridToWgs84, looksLikeWgs84, SVY21_ORIGIN, svy21ToWgs84, svy21ToWgs84Rounded, wgs84ToSvy21 } from './coordinates.js';

/** Metres per degree near Singapore (for expressing angular errors as distances). */
const M_PER_DEG_LAT = 110_574;
const M_PER_DEG_LON = 111_320 * Math.cos((1.35 * Math.PI) / 180);

/**
 * Published conversions. Both publishers compute SVY21 with the origin rounded to 1.366666 N 103.833333 E (their
 * code says so), which is 0.0000006667° off the official 1°22'00" N 103°50'00" E of EPSG:3414. Each point is checked
 * twice: against the same projection with their rounded origin (the transverse Mercator formulas must then agree to
 * within 1 cm), and against ours, where the published value is shifted by the origin rounding (≈ +3.7 cm E, +7.4 cm N).
 */
const PUBLISHED = [
  {
    // cgcai/SVY21 (github.com/cgcai/SVY21), README "Usage": computeSVY21(1.2949192688485278, 103.77367436885834).
    source: 'cgcai/SVY21 README',
    lat: 1.2949192688485278,
    lon: 103.77367436885834,
    easting: 21362.157043860374,
    northing: 30811.26429645264,
  },
  {
    // SLA OneMap API documentation, coordinate converter example: /api/common/convert/4326to3414?latitude=1.319728905&longitude=103.8421581.
    source: 'OneMap 4326to3414 example',
    lat: 1.319728905,
    lon: 103.8421581,
    easting: 28983.788791079794,
    northing: 33554.5098132845,
  },
];
const ROUNDED_ORIGIN = proj4('EPSG:4326', '+proj=tmerc +lat_0=1.366666 +lon_0=103.833333 +k=1 +x_0=28001.642 +y_0=38744.572 +ellps=WGS84 +units=m +no_defs');

describe('SVY21 <-> WGS84', () => {
  it('maps the SVY21 origin exactly, both ways', () => {
    const exact = wgs84ToSvy21(SVY21_ORIGIN.lat, SVY21_ORIGIN.lon);
    expect(Math.abs(exact.easting - 28001.642)).toBeLessThan(1e-6);
    expect(Math.abs(exact.northing - 38744.572)).toBeLessThan(1e-6);
    const ll = svy21ToWgs84(28001.642, 38744.572);
    expect(Math.abs(ll.lat - 1.366666667)).toBeLessThan(1e-9);
    expect(Math.abs(ll.lon - 103.833333333)).toBeLessThan(1e-9);
  });

  it('maps the origin given to 9 decimals (1.366666667, 103.833333333) to E 28001.642 N 38744.572 within 1 mm', () => {
    const en = wgs84ToSvy21(1.366666667, 103.833333333);
    expect(Math.abs(en.easting - 28001.642)).toBeLessThan(0.001);
    expect(Math.abs(en.northing - 38744.572)).toBeLessThan(0.001);
  });

  it.each(PUBLISHED)('agrees with the published conversion of $source within 1 cm (same origin)', (p) => {
    const [e, n] = ROUNDED_ORIGIN.forward([p.lon, p.lat]) as [number, number];
    expect(Math.abs(e - p.easting)).toBeLessThan(0.01);
    expect(Math.abs(n - p.northing)).toBeLessThan(0.01);
  });

  it.each(PUBLISHED)('differs from $source only by the rounding of its origin (EPSG:3414 exact)', (p) => {
    const ours = wgs84ToSvy21(p.lat, p.lon);
    // The rounding moves the origin 0.0000006667° south and west: published = ours + that shift.
    const shiftE = 0.000000333 * M_PER_DEG_LON; // 103.8333333 - 103.833333
    const shiftN = 0.000000667 * M_PER_DEG_LAT; // 1.3666667 - 1.366666
    expect(Math.abs(p.easting - ours.easting - shiftE)).toBeLessThan(0.01);
    expect(Math.abs(p.northing - ours.northing - shiftN)).toBeLessThan(0.01);
    // And back: our inverse of our forward is the published point to well under a millimetre.
    const back = svy21ToWgs84(ours.easting, ours.northing);
    expect(Math.abs(back.lat - p.lat) * M_PER_DEG_LAT).toBeLessThan(0.001);
    expect(Math.abs(back.lon - p.lon) * M_PER_DEG_LON).toBeLessThan(0.001);
  });

  it('round-trips a grid across Singapore to under 1 mm', () => {
    let worst = 0;
    for (let e = 2000; e <= 50_000; e += 2000) {
      for (let n = 15_000; n <= 50_000; n += 2500) {
        const { lat, lon } = svy21ToWgs84(e, n);
        expect(lat).toBeGreaterThan(1.1);
        expect(lat).toBeLessThan(1.5);
        expect(lon).toBeGreaterThan(103.5);
        expect(lon).toBeLessThan(104.1);
        const back = wgs84ToSvy21(lat, lon);
        worst = Math.max(worst, Math.hypot(back.easting - e, back.northing - n));
      }
    }
    expect(worst).toBeLessThan(0.001);
  });

  it('keeps distances: 1 km north of the origin is about 0.00904° of latitude', () => {
    const a = svy21ToWgs84(SVY21_ORIGIN.easting, SVY21_ORIGIN.northing);
    const b = svy21ToWgs84(SVY21_ORIGIN.easting, SVY21_ORIGIN.northing + 1000);
    expect((b.lat - a.lat) * M_PER_DEG_LAT).toBeGreaterThan(999);
    expect((b.lat - a.lat) * M_PER_DEG_LAT).toBeLessThan(1001);
    expect(Math.abs(b.lon - a.lon)).toBeLessThan(1e-9);
  });

  it('tells WGS84 degrees from SVY21 metres', () => {
    expect(looksLikeWgs84(103.8, 1.35)).toBe(true);
    expect(looksLikeWgs84(28001, 38744)).toBe(false);
  });
});

describe('British National Grid to WGS84', () => {
  it('places the Royal Observatory at Greenwich on the prime meridian within a few metres', () => {
    // The Airy transit circle: OS grid 538874 E, 177344 N (Ordnance Survey); WGS84 51.47787 N, 0.00147 W.
    const p = gridToWgs84(27700, 538874, 177344);
    expect(p?.lat).toBeCloseTo(51.47787, 3);
    expect(p?.lon).toBeCloseTo(-0.00147, 3);
  });
  it('answers SVY21 as svy21ToWgs84Rounded does, and nothing for a grid it does not know', () => {
    expect(gridToWgs84(3414, 30000, 35000)).toEqual(svy21ToWgs84Rounded(30000, 35000));
    expect(gridToWgs84(4326, 1, 1)).toBeNull();
  });
});
