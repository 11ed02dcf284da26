import { describe, expect, it } from 'vitest';
import { lineLength, readSectionPick, readSectionRequest, sectionPath, togglePick, writeSectionPick } from './section-state';

describe('borehole section state', () => {
  it('keeps the picks in the order picked; a second pick takes one out', () => {
    let ids: number[] = [];
    for (const id of [32, 31, 40, 31]) ids = togglePick(ids, id);
    expect(ids).toEqual([32, 40]);
  });

  it('reads and writes the list’s section mode in the query string, the default buffer left out', () => {
    const params = writeSectionPick(new URLSearchParams('keyword=BH'), { mode: 'pick', ids: [32, 31] });
    expect(params.toString()).toBe('keyword=BH&section=pick&section-ids=32%2C31');
    expect(readSectionPick(params)).toEqual({ mode: 'pick', ids: [32, 31], line: null, buffer: 50 });
    const line = writeSectionPick(params, {
      mode: 'line',
      line: [
        [103.8, 1.3],
        [103.801, 1.301],
      ],
      buffer: 50,
    });
    expect(line.get('section-line')).toBe('103.800000,1.300000,103.801000,1.301000');
    expect(line.has('section-buffer')).toBe(false);
    expect(readSectionPick(writeSectionPick(line, { buffer: 80 })).buffer).toBe(80);
    const closed = writeSectionPick(line, { mode: null, ids: [], line: null });
    expect(closed.toString()).toBe('keyword=BH');
  });

  it('ignores picks, lines and buffers that are not well formed', () => {
    const pick = readSectionPick(new URLSearchParams('section=other&section-ids=3,x,3,0,4&section-line=1,2,3&section-buffer=5000'));
    expect(pick).toEqual({ mode: null, ids: [3, 4], line: null, buffer: 50 });
    expect(readSectionRequest(new URLSearchParams('line=200,1,103,1'))).toBeNull();
  });

  it('addresses the section page by ids in order, or by line and buffer', () => {
    expect(sectionPath({ ids: [33, 31, 32] })).toBe('/dashboard/search/borehole/section?ids=33,31,32');
    const path = sectionPath({
      line: [
        [103.8, 1.3],
        [103.81, 1.31],
      ],
      buffer: 75,
    });
    expect(path).toBe('/dashboard/search/borehole/section?line=103.800000,1.300000,103.810000,1.310000&buffer=75');
    expect(readSectionRequest(new URL(path, 'http://x').searchParams)).toEqual({
      line: [
        [103.8, 1.3],
        [103.81, 1.31],
      ],
      buffer: 75,
    });
    expect(readSectionRequest(new URLSearchParams('ids=33,31'))).toEqual({ ids: [33, 31] });
  });

  it('measures a drawn line in metres', () => {
    // 0.001° of latitude is about 111 m.
    expect(
      lineLength([
        [103.8, 1.3],
        [103.8, 1.301],
      ]),
    ).toBeCloseTo(111.2, 0);
  });
});
