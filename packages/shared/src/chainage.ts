/**
 * Chainage along a drive's alignment (issue 19, decision 038): the alignment is a LineString in SVY21 metres, its first
 * vertex at chainage `start` (a site's `chainage_start`, 0 when unset); chainage grows along the line by planar length.
 * "The face at chainage X" is the point at that distance along the line. Used by the server (checks, the progress
 * answer) and the web (the face on the map, the part excavated, the date slider) alike.
 */

export type XY = readonly [number, number];

export interface ChainagePoint {
  x: number;
  y: number;
  /** Direction of travel at the point, degrees clockwise from grid north (0–360). */
  bearing: number;
}

const segLength = (a: readonly number[], b: readonly number[]) => Math.hypot(b[0]! - a[0]!, b[1]! - a[1]!);

/** The alignment's planar length, m (0 for fewer than two vertices). */
export function alignmentLength(line: readonly (readonly number[])[]): number {
  let total = 0;
  for (let i = 1; i < line.length; i++) total += segLength(line[i - 1]!, line[i]!);
  return total;
}

/** The chainages the alignment covers: [start, start + length]. */
export function chainageRange(line: readonly (readonly number[])[], start = 0): [number, number] {
  return [start, start + alignmentLength(line)];
}

function bearingOf(a: readonly number[], b: readonly number[]): number {
  const deg = (Math.atan2(b[0]! - a[0]!, b[1]! - a[1]!) * 180) / Math.PI;
  return (deg + 360) % 360;
}

/**
 * The point at `chainage` on the alignment, or null when the chainage is outside it (a tolerance of 1 mm at the
 * ends). A vertex belongs to the segment it starts, except the last.
 */
export function pointAtChainage(line: readonly (readonly number[])[], start: number, chainage: number): ChainagePoint | null {
  if (line.length < 2 || !Number.isFinite(chainage)) return null;
  const total = alignmentLength(line);
  let d = chainage - start;
  if (d < -0.001 || d > total + 0.001) return null;
  d = Math.min(Math.max(d, 0), total);
  for (let i = 1; i < line.length; i++) {
    const a = line[i - 1]!;
    const b = line[i]!;
    const len = segLength(a, b);
    if (len === 0) continue;
    if (d <= len || i === line.length - 1) {
      const t = Math.min(d / len, 1);
      return { x: a[0]! + (b[0]! - a[0]!) * t, y: a[1]! + (b[1]! - a[1]!) * t, bearing: bearingOf(a, b) };
    }
    d -= len;
  }
  return null;
}

/**
 * The part of the alignment between two chainages (clamped to the alignment), as a LineString's positions: the
 * part excavated from the portal to the face. Empty when the range misses the alignment or is shorter than 1 mm.
 */
export function alignmentBetween(line: readonly (readonly number[])[], start: number, from: number, to: number): [number, number][] {
  const [lo, hi] = chainageRange(line, start);
  const a = Math.max(Math.min(from, to), lo);
  const b = Math.min(Math.max(from, to), hi);
  if (line.length < 2 || b - a < 0.001) return [];
  const first = pointAtChainage(line, start, a)!;
  const last = pointAtChainage(line, start, b)!;
  const out: [number, number][] = [[first.x, first.y]];
  let along = start;
  for (let i = 1; i < line.length; i++) {
    along += segLength(line[i - 1]!, line[i]!);
    if (along > a + 0.001 && along < b - 0.001) out.push([line[i]![0]!, line[i]![1]!]);
  }
  out.push([last.x, last.y]);
  return out;
}

/** The chainage of the point on the alignment nearest to (x, y), and its offset from the line, m. */
export function chainageOf(line: readonly (readonly number[])[], start: number, x: number, y: number): { chainage: number; offset: number } | null {
  if (line.length < 2) return null;
  let best: { chainage: number; offset: number } | null = null;
  let along = start;
  for (let i = 1; i < line.length; i++) {
    const a = line[i - 1]!;
    const b = line[i]!;
    const len = segLength(a, b);
    if (len === 0) continue;
    const t = Math.min(Math.max(((x - a[0]!) * (b[0]! - a[0]!) + (y - a[1]!) * (b[1]! - a[1]!)) / (len * len), 0), 1);
    const px = a[0]! + (b[0]! - a[0]!) * t;
    const py = a[1]! + (b[1]! - a[1]!) * t;
    const offset = Math.hypot(x - px, y - py);
    if (!best || offset < best.offset) best = { chainage: along + t * len, offset };
    along += len;
  }
  return best;
}
