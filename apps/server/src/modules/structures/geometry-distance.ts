/**
 * Planar distances between GeoJSON geometries in SVY21 metres (Point, LineString, Polygon): the zone of influence of a
 * structure is the set of places within its distance of the outline. No PostGIS: the geometries are small (a site's
 * outline, a tunnel's alignment) and few per contract, so the check runs here.
 */
type Pos = readonly number[];
export interface Geometry {
  type: string;
  coordinates: unknown;
}

function pointSegment(p: Pos, a: Pos, b: Pos): number {
  const dx = b[0]! - a[0]!;
  const dy = b[1]! - a[1]!;
  const len2 = dx * dx + dy * dy;
  const t = len2 === 0 ? 0 : Math.max(0, Math.min(1, ((p[0]! - a[0]!) * dx + (p[1]! - a[1]!) * dy) / len2));
  return Math.hypot(p[0]! - (a[0]! + t * dx), p[1]! - (a[1]! + t * dy));
}

function cross(o: Pos, a: Pos, b: Pos): number {
  return (a[0]! - o[0]!) * (b[1]! - o[1]!) - (a[1]! - o[1]!) * (b[0]! - o[0]!);
}

function segmentsCross(a: Pos, b: Pos, c: Pos, d: Pos): boolean {
  const d1 = cross(c, d, a);
  const d2 = cross(c, d, b);
  const d3 = cross(a, b, c);
  const d4 = cross(a, b, d);
  return ((d1 > 0 && d2 < 0) || (d1 < 0 && d2 > 0)) && ((d3 > 0 && d4 < 0) || (d3 < 0 && d4 > 0));
}

function segmentSegment(a: Pos, b: Pos, c: Pos, d: Pos): number {
  if (segmentsCross(a, b, c, d)) return 0;
  return Math.min(pointSegment(a, c, d), pointSegment(b, c, d), pointSegment(c, a, b), pointSegment(d, a, b));
}

/** Even-odd rule: inside the outer ring and outside every hole. */
function insidePolygon(p: Pos, rings: readonly (readonly Pos[])[]): boolean {
  let inside = false;
  for (const ring of rings) {
    for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
      const a = ring[i]!;
      const b = ring[j]!;
      if (a[1]! > p[1]! !== b[1]! > p[1]! && p[0]! < ((b[0]! - a[0]!) * (p[1]! - a[1]!)) / (b[1]! - a[1]!) + a[0]!) inside = !inside;
    }
  }
  return inside;
}

/** The segments of a geometry (a point is one degenerate segment) and its polygon rings, if any. */
function partsOf(g: Geometry): { segments: [Pos, Pos][]; rings: Pos[][] | null; points: Pos[] } {
  if (g.type === 'Point') {
    const p = g.coordinates as Pos;
    return { segments: [[p, p]], rings: null, points: [p] };
  }
  if (g.type === 'LineString') {
    const line = g.coordinates as Pos[];
    return { segments: line.slice(1).map((b, i) => [line[i]!, b] as [Pos, Pos]), rings: null, points: line };
  }
  if (g.type === 'Polygon') {
    const rings = g.coordinates as Pos[][];
    return { segments: rings.flatMap((r) => r.slice(1).map((b, i) => [r[i]!, b] as [Pos, Pos])), rings, points: rings.flat() };
  }
  throw new Error(`Unsupported geometry ${g.type}`);
}

/** The shortest planar distance between two geometries; 0 when they touch, cross or one lies inside the other. */
export function geometryDistance(a: Geometry, b: Geometry): number {
  const pa = partsOf(a);
  const pb = partsOf(b);
  if (pa.rings && pb.points.some((p) => insidePolygon(p, pa.rings!))) return 0;
  if (pb.rings && pa.points.some((p) => insidePolygon(p, pb.rings!))) return 0;
  let best = Infinity;
  for (const [s1, e1] of pa.segments) {
    for (const [s2, e2] of pb.segments) {
      best = Math.min(best, segmentSegment(s1, e1, s2, e2));
      if (best === 0) return 0;
    }
  }
  return best;
}
