import { describe, expect, it } from 'vitest';
import { alignmentBetween, alignmentLength, chainageOf, chainageRange, pointAtChainage } from './chainage.js';

// A bent alignment: 30 m east, then 40 m north (a 3-4-5 corner), then 50 m on the diagonal (30 E, 40 N).
const bent = [
  [1000, 2000],
  [1030, 2000],
  [1030, 2040],
  [1060, 2080],
];

describe('chainage along an alignment', () => {
  it('measures the planar length of each leg', () => {
    expect(alignmentLength(bent)).toBe(120);
    expect(chainageRange(bent, 500)).toEqual([500, 620]);
  });

  it('places chainages on the bent line as computed by hand', () => {
    expect(pointAtChainage(bent, 500, 500)).toEqual({ x: 1000, y: 2000, bearing: 90 });
    expect(pointAtChainage(bent, 500, 515)).toEqual({ x: 1015, y: 2000, bearing: 90 });
    // Exactly at the first bend: the end of the first leg.
    expect(pointAtChainage(bent, 500, 530)).toMatchObject({ x: 1030, y: 2000 });
    // 10 m into the second leg (north).
    expect(pointAtChainage(bent, 500, 540)).toEqual({ x: 1030, y: 2010, bearing: 0 });
    // 25 m into the diagonal leg: (30·0.5, 40·0.5) from its start, bearing atan2(3, 4) = 36.87°.
    const p = pointAtChainage(bent, 500, 595)!;
    expect(p.x).toBeCloseTo(1045, 9);
    expect(p.y).toBeCloseTo(2060, 9);
    expect(p.bearing).toBeCloseTo(36.8699, 3);
    expect(pointAtChainage(bent, 500, 620)).toMatchObject({ x: 1060, y: 2080 });
  });

  it('has no point before the portal or beyond the end of the drive', () => {
    expect(pointAtChainage(bent, 500, 499.9)).toBeNull();
    expect(pointAtChainage(bent, 500, 620.1)).toBeNull();
    expect(pointAtChainage([[0, 0]], 0, 0)).toBeNull();
    expect(pointAtChainage(bent, 500, Number.NaN)).toBeNull();
  });

  it('cuts the part excavated between two chainages, bends included', () => {
    // 515 is 15 m along the first leg; 560 is 30 m into the second (the bend at 530 kept, the one at 570 not reached).
    expect(alignmentBetween(bent, 500, 515, 560)).toEqual([
      [1015, 2000],
      [1030, 2000],
      [1030, 2030],
    ]);
    // Across both bends: 520 → 600 (30 m into the diagonal: 18 E, 24 N from its start).
    const across = alignmentBetween(bent, 500, 520, 600);
    expect(across.slice(0, 3)).toEqual([
      [1020, 2000],
      [1030, 2000],
      [1030, 2040],
    ]);
    expect(across[3]![0]).toBeCloseTo(1048, 9);
    expect(across[3]![1]).toBeCloseTo(2064, 9);
    expect(across).toHaveLength(4);
    expect(alignmentBetween(bent, 500, 500, 510)).toEqual([
      [1000, 2000],
      [1010, 2000],
    ]);
    // Clamped to the alignment; an empty range gives nothing.
    expect(alignmentBetween(bent, 500, 400, 505)).toEqual([
      [1000, 2000],
      [1005, 2000],
    ]);
    expect(alignmentBetween(bent, 500, 700, 800)).toEqual([]);
  });

  it('finds the chainage and offset of a point beside the line', () => {
    expect(chainageOf(bent, 500, 1015, 1995)).toEqual({ chainage: 515, offset: 5 });
    const r = chainageOf(bent, 500, 1036, 2010)!;
    expect(r.chainage).toBeCloseTo(540, 9);
    expect(r.offset).toBeCloseTo(6, 9);
  });
});
