import { describe, expect, it } from 'vitest';
import {
  compressBounds,
  decodeBounds,
  decodeDateRange,
  decodeFilter,
  decodePos,
  decompressBounds,
  DEFAULT_STATE,
  DEFAULT_ZOOM,
  encodeBounds,
  parseWorkspaceParams,
  PARAM,
  writeWorkspaceParams,
  type WorkspaceUrlState,
} from './url-state';

const NOW = new Date('2026-03-15T04:00:00Z');

describe('work-space query-string state (spec §2.5)', () => {
  it('restores every part of a view from the query string it wrote', () => {
    const view: Partial<WorkspaceUrlState> = {
      keyword: 'SM-10',
      mapBounds: [20000.4, 30000.6, 25000.2, 35000.9],
      selectedBounds: [21000, 31000, 22000, 32500],
      pos: { x: 28001.6, y: 38744.4, zoom: 15.5 },
      filter: { type: ['SM', 'INC'], level: ['AL'], zone: [3], frequency: ['daily'], status: ['active'] },
      dateRange: { option: 'custom', start: '2026-01-01T00:00:00.000Z', end: '2026-01-31T15:59:59.999Z' },
    };
    const written = writeWorkspaceParams(new URLSearchParams(), { ...view, page: 3 });
    const back = parseWorkspaceParams(new URLSearchParams(written.toString()), NOW);

    expect(back.page).toBe(3);
    expect(back.keyword).toBe('SM-10');
    // Bounds are kept in whole metres, rounded outwards.
    expect(back.mapBounds).toEqual([20000, 30000, 25001, 35001]);
    expect(back.selectedBounds).toEqual([21000, 31000, 22000, 32500]);
    expect(back.pos).toEqual({ x: 28002, y: 38744, zoom: 15.5 });
    expect(back.filter).toEqual(view.filter);
    expect(back.dateRange.option).toBe('custom');
    expect(back.dateRange.start).toBe('2025-12-31T16:00:00.000Z');
  });

  it('writes pos and the filter as JSON and the selected area compressed', () => {
    const written = writeWorkspaceParams(new URLSearchParams(), {
      pos: { x: 30000, y: 32000, zoom: 12 },
      filter: { type: ['SM'], level: [], zone: [], frequency: [], status: [] },
      selectedBounds: [21000, 31000, 22000, 32500],
    });
    expect(JSON.parse(written.get(PARAM.pos)!)).toEqual({ x: 30000, y: 32000, zoom: 12 });
    expect(JSON.parse(written.get(PARAM.filter)!)).toEqual({ type: ['SM'] });
    const compressed = written.get(PARAM.selectedBounds)!;
    expect(compressed).toBe('g7c.nx4.gz4.p2s');
    expect(compressed.length).toBeLessThan(encodeBounds([21000, 31000, 22000, 32500]).length);
  });

  it('keeps a preset date range relative: "last 30 days" is recomputed from today', () => {
    const written = writeWorkspaceParams(new URLSearchParams(), { dateRange: { option: '30day', start: 'x', end: 'y' } });
    expect(JSON.parse(written.get(PARAM.dateRange)!)).toEqual({ option: '30day' });
    const range = decodeDateRange(written.get(PARAM.dateRange), NOW);
    expect(range.option).toBe('30day');
    expect(range.start).toBe('2026-02-12T16:00:00.000Z');
    expect(range.end).toBe('2026-03-15T15:59:59.999Z');
  });

  it('falls back to the defaults for missing or unreadable parameters', () => {
    const params = new URLSearchParams({
      'page-num': '-2',
      'map-bounds': '1,2,3',
      'map-bounds-selected': 'not!base36',
      pos: '{"x":"a"}',
      instrument_filter: '{"type":"SM","zone":["x",0,4],"level":["<script>"]}',
      'date-range': '{"option":"forever"}',
      'site-status': 'finished',
    });
    const state = parseWorkspaceParams(params, NOW);
    expect(state).toEqual({ ...DEFAULT_STATE, filter: { type: [], level: [], zone: [4], frequency: [], status: [] } });
    expect(parseWorkspaceParams(new URLSearchParams(), NOW)).toEqual(DEFAULT_STATE);
  });

  it('keeps the construction lists\u2019 state filter as site-status, and a new state goes back to page 1', () => {
    const written = writeWorkspaceParams(new URLSearchParams('page-num=3'), { siteStatus: 'in-progress' });
    expect(written.get(PARAM.siteStatus)).toBe('in-progress');
    expect(written.has(PARAM.page)).toBe(false);
    expect(parseWorkspaceParams(written, NOW).siteStatus).toBe('in-progress');
    expect(writeWorkspaceParams(written, { siteStatus: null }).has(PARAM.siteStatus)).toBe(false);
  });

  it('refuses extents whose minimum exceeds their maximum', () => {
    expect(decodeBounds('5,5,1,1')).toBeNull();
    expect(decompressBounds(compressBounds([5, 5, 1, 9]))).toBeNull();
    expect(decodeBounds('1,2,3,4')).toEqual([1, 2, 3, 4]);
  });

  it('gives a pos without a zoom the default zoom 11 and clamps silly zooms', () => {
    expect(decodePos('{"x":1,"y":2}')).toEqual({ x: 1, y: 2, zoom: DEFAULT_ZOOM });
    expect(decodePos('{"x":1,"y":2,"zoom":99}')?.zoom).toBe(22);
  });

  it('takes a pos far from Singapore (a British grid borehole in London) and refuses numbers that are not a place', () => {
    expect(decodePos('{"x":-4447118,"y":11084281,"zoom":19}')).toEqual({ x: -4447118, y: 11084281, zoom: 19 });
    expect(decodePos('{"x":1,"y":1e9,"zoom":19}')).toBeNull();
  });

  it('goes back to page 1 when what the list shows changes, and keeps other parameters', () => {
    const current = new URLSearchParams({ 'page-num': '4', 'page-size': '20', other: 'kept' });
    const next = writeWorkspaceParams(current, { keyword: 'INC' });
    expect(next.get('page-num')).toBeNull();
    expect(next.get('other')).toBe('kept');
    const moved = writeWorkspaceParams(current, { pos: { x: 1, y: 2, zoom: 3 } });
    expect(moved.get('page-num')).toBe('4');
  });

  it('removes a parameter set back to its default', () => {
    const current = writeWorkspaceParams(new URLSearchParams(), {
      keyword: 'x',
      pos: { x: 1, y: 2, zoom: 3 },
      filter: { type: ['A'], level: [], zone: [], frequency: [], status: [] },
    });
    const cleared = writeWorkspaceParams(current, { keyword: '', pos: null, filter: { type: [], level: [], zone: [], frequency: [], status: [] } });
    expect(cleared.toString()).toBe('');
  });

  it('drops duplicate and unsafe filter values', () => {
    expect(decodeFilter('{"type":["SM","SM","a b"],"zone":[2,2,3.5]}')).toEqual({ type: ['SM'], level: [], zone: [2], frequency: [], status: [] });
  });
});
