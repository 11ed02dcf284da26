import type { TTunnelShiftRow } from '@strata/shared';
import { describe, expect, it } from 'vitest';
import { dayIndex, dayText, excavatedAt, facesAt, portalChainage, sliderDays } from './tunnel-history';

/** A bent drive: 100 m east, then 50 m north; chainage 1000 at the portal (its first vertex). */
const LINE = [
  [20000, 30000],
  [20100, 30000],
  [20100, 30050],
];
const START = 1000;
const RANGE: [number, number] = [1000, 1150];

type Row = Pick<TTunnelShiftRow, 'date' | 'shift' | 'face_part' | 'chainage'>;
const row = (date: string, shift: 'day' | 'night', face_part: Row['face_part'], chainage: number): Row => ({ date, shift, face_part, chainage });

const SHIFTS: Row[] = [
  row('2026-10-01', 'day', 'top_heading', 1010),
  row('2026-10-01', 'night', 'top_heading', 1030),
  row('2026-10-02', 'day', 'top_heading', 1060),
  row('2026-10-02', 'day', 'bench', 1020),
  row('2026-10-02', 'night', 'top_heading', 1120),
  row('2026-10-04', 'day', 'bench', 1050),
  row('2026-10-04', 'day', 'invert', 1005),
];

describe('a mined tunnel at a date', () => {
  it('places each face part at its last shift on or before the date, night after day', () => {
    expect(facesAt(SHIFTS, '2026-10-01', LINE, START)).toEqual([
      { face_part: 'top_heading', chainage: 1030, date: '2026-10-01', shift: 'night', x: 20030, y: 30000 },
    ]);
    expect(facesAt(SHIFTS, '2026-10-02', LINE, START)).toEqual([
      // 120 m along: 100 m east, then 20 m up the bend
      { face_part: 'top_heading', chainage: 1120, date: '2026-10-02', shift: 'night', x: 20100, y: 30020 },
      { face_part: 'bench', chainage: 1020, date: '2026-10-02', shift: 'day', x: 20020, y: 30000 },
    ]);
    const later = facesAt(SHIFTS, '2026-10-20', LINE, START);
    expect(later.map((f) => [f.face_part, f.chainage])).toEqual([
      ['top_heading', 1120],
      ['bench', 1050],
      ['invert', 1005],
    ]);
    expect(facesAt(SHIFTS, '2026-09-30', LINE, START)).toEqual([]);
  });

  it('keeps the chainage but no point for a face off the alignment or without one', () => {
    expect(facesAt([row('2026-10-01', 'day', 'top_heading', 1200)], '2026-10-01', LINE, START)[0]).toMatchObject({ chainage: 1200, x: null, y: null });
    expect(facesAt(SHIFTS, '2026-10-01', null, 0)[0]).toMatchObject({ chainage: 1030, x: null, y: null });
  });

  it('draws the part excavated from the portal to the top heading, round the bend once past it', () => {
    expect(excavatedAt(SHIFTS, '2026-10-01', LINE, START, RANGE)).toEqual([
      [20000, 30000],
      [20030, 30000],
    ]);
    expect(excavatedAt(SHIFTS, '2026-10-03', LINE, START, RANGE)).toEqual([
      [20000, 30000],
      [20100, 30000],
      [20100, 30020],
    ]);
    expect(excavatedAt(SHIFTS, '2026-09-01', LINE, START, RANGE)).toEqual([]);
    expect(excavatedAt(SHIFTS, '2026-10-03', null, START, null)).toEqual([]);
  });

  it('takes the portal at the alignment end nearer the first top heading (a drive towards decreasing chainage)', () => {
    const back = [row('2026-10-01', 'day', 'top_heading', 1140), row('2026-10-02', 'day', 'top_heading', 1090)];
    expect(portalChainage(back, RANGE)).toBe(1150);
    expect(portalChainage(SHIFTS, RANGE)).toBe(1000);
    // Portal at 1150 (the far end), face at 1090: 90 m along the first leg, round the bend to the end.
    expect(excavatedAt(back, '2026-10-02', LINE, START, RANGE)).toEqual([
      [20090, 30000],
      [20100, 30000],
      [20100, 30050],
    ]);
  });

  it('runs the slider from the first shift to today', () => {
    expect(dayText(dayIndex('2026-10-02'))).toBe('2026-10-02');
    expect(dayIndex('02/10/2026')).toBeNaN();
    const days = sliderDays(SHIFTS, '2026-11-29')!;
    expect(dayText(days.min)).toBe('2026-10-01');
    expect(dayText(days.max)).toBe('2026-11-29');
    expect(sliderDays([], '2026-11-29')).toBeNull();
  });
});
