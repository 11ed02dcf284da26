import { z } from 'zod';

/**
 * GeoJSON geometries as Strata stores them: in SVY21 metres (`[easting, northing]`), in jsonb. Polygons are checked:
 * every ring closed, at least 4 positions, not crossing itself, with an area; at most 2000 positions per ring.
 */

export const MAX_RING_POSITIONS = 2000;

const ZPosition = z
  .array(z.number().refine(Number.isFinite, 'Coordinates must be numbers'))
  .min(2, 'A position needs an x and a y')
  .max(3, 'A position has at most 3 values');

type Pos = number[];

function orientation(a: Pos, b: Pos, c: Pos): number {
  const v = (b[1]! - a[1]!) * (c[0]! - b[0]!) - (b[0]! - a[0]!) * (c[1]! - b[1]!);
  return Math.abs(v) < 1e-12 ? 0 : v > 0 ? 1 : 2;
}

function onSegment(a: Pos, b: Pos, c: Pos): boolean {
  return b[0]! <= Math.max(a[0]!, c[0]!) && b[0]! >= Math.min(a[0]!, c[0]!) && b[1]! <= Math.max(a[1]!, c[1]!) && b[1]! >= Math.min(a[1]!, c[1]!);
}

/** True when segments p1q1 and p2q2 share any point (touching counts). */
export function segmentsIntersect(p1: Pos, q1: Pos, p2: Pos, q2: Pos): boolean {
  const o1 = orientation(p1, q1, p2);
  const o2 = orientation(p1, q1, q2);
  const o3 = orientation(p2, q2, p1);
  const o4 = orientation(p2, q2, q1);
  if (o1 !== o2 && o3 !== o4) return true;
  if (o1 === 0 && onSegment(p1, p2, q1)) return true;
  if (o2 === 0 && onSegment(p1, q2, q1)) return true;
  if (o3 === 0 && onSegment(p2, p1, q2)) return true;
  if (o4 === 0 && onSegment(p2, q1, q2)) return true;
  return false;
}

/** Shoelace area (absolute) of a closed ring. */
export function ringArea(ring: readonly Pos[]): number {
  let s = 0;
  for (let i = 0; i < ring.length - 1; i++) s += ring[i]![0]! * ring[i + 1]![1]! - ring[i + 1]![0]! * ring[i]![1]!;
  return Math.abs(s / 2);
}

/** What is wrong with a ring, or undefined when it is a valid closed simple ring. */
export function ringProblem(ring: readonly Pos[]): string | undefined {
  if (ring.length < 4) return 'A ring needs at least 4 positions (the first repeated as the last)';
  if (ring.length > MAX_RING_POSITIONS) return `A ring has at most ${MAX_RING_POSITIONS} positions`;
  const first = ring[0]!;
  const last = ring[ring.length - 1]!;
  if (first[0] !== last[0] || first[1] !== last[1]) return 'The ring must be closed: the last position must equal the first';
  const n = ring.length - 1; // segments
  for (let i = 0; i < n; i++) {
    for (let j = i + 1; j < n; j++) {
      if (j === i + 1 || (i === 0 && j === n - 1)) continue; // neighbours share a vertex
      if (segmentsIntersect(ring[i]!, ring[i + 1]!, ring[j]!, ring[j + 1]!)) return 'The polygon crosses itself';
    }
  }
  if (ringArea(ring) <= 0) return 'The polygon has no area';
  return undefined;
}

export const ZPolygon = z
  .object({
    type: z.literal('Polygon'),
    coordinates: z.array(z.array(ZPosition)).min(1, 'A polygon needs an outer ring').max(100, 'A polygon has at most 100 rings'),
  })
  .superRefine((p, ctx) => {
    p.coordinates.forEach((ring, i) => {
      const problem = ringProblem(ring);
      if (problem) ctx.addIssue({ code: 'custom', message: problem, path: ['coordinates', i] });
    });
  });
export type TPolygon = z.infer<typeof ZPolygon>;

export const ZLineString = z.object({
  type: z.literal('LineString'),
  coordinates: z.array(ZPosition).min(2, 'A line needs at least 2 positions').max(MAX_RING_POSITIONS),
});
export const ZPoint = z.object({ type: z.literal('Point'), coordinates: ZPosition });

/** A construction site's shape: an excavation outline (Polygon), a tunnel alignment (LineString) or a point. */
export const ZSiteGeometry = z.discriminatedUnion('type', [ZPolygon, ZLineString, ZPoint]);
export type TSiteGeometry = z.infer<typeof ZSiteGeometry>;

/** The same polygon with WGS84 positions `[lon, lat]` (GeoJSON order), for maps that work in degrees. */
export type TPolygonWgs84 = TPolygon;
