import type { TInstrument } from '@strata/shared';
import { describe, expect, it } from 'vitest';
import { EMPTY_FILTER } from '../state/url-state';
import { extentOf, listInstruments, matchesFilter, NORMAL_LEVEL } from './filter-instruments';

const base = {
  type_name: '',
  contract_id: 1,
  zone_name: null,
  latitude: 0,
  longitude: 0,
  level: null,
  install_date: null,
  remarks: null,
  baseline_date: null,
  baseline_remarks: null,
  created: '',
  updated: '',
};
const make = (id: number, name: string, extra: Partial<TInstrument>): TInstrument => ({
  ...base,
  instrument_id: id,
  name,
  type_code: 'SM',
  contract_no: 'C1',
  zone_id: null,
  easting: 0,
  northing: 0,
  status: 'active',
  frequency: 'daily',
  lta_code: null,
  ...extra,
});

const ALL = [
  make(1, 'SM-10', { easting: 100, northing: 100, zone_id: 7 }),
  make(2, 'SM-2', { easting: 200, northing: 200, frequency: 'weekly', lta_code: 'LTA-X' }),
  make(3, 'INC-1', { type_code: 'INC', easting: 900, northing: 900, status: 'damaged', contract_no: 'A0' }),
];

describe('instrument list rules', () => {
  it('keeps what every non-empty part of the filter allows', () => {
    const ids = (f: Partial<typeof EMPTY_FILTER>, levels?: (id: number) => string | undefined) =>
      ALL.filter((i) => matchesFilter(i, { ...EMPTY_FILTER, ...f }, levels)).map((i) => i.instrument_id);
    expect(ids({})).toEqual([1, 2, 3]);
    expect(ids({ type: ['SM'], frequency: ['weekly'] })).toEqual([2]);
    expect(ids({ zone: [7] })).toEqual([1]);
    expect(ids({ status: ['damaged'] })).toEqual([3]);
    expect(ids({ level: ['AL'] }, (id) => (id === 2 ? 'AL' : undefined))).toEqual([2]);
    expect(ids({ level: [NORMAL_LEVEL] }, (id) => (id === 2 ? 'AL' : undefined))).toEqual([1, 3]);
  });

  it('searches the name and the LTA code, limits to the area, and sorts by contract then name (numbers in order)', () => {
    expect(listInstruments(ALL, { keyword: '', filter: EMPTY_FILTER, extent: null }).map((i) => i.name)).toEqual(['INC-1', 'SM-2', 'SM-10']);
    expect(listInstruments(ALL, { keyword: 'lta-x', filter: EMPTY_FILTER, extent: null }).map((i) => i.name)).toEqual(['SM-2']);
    expect(listInstruments(ALL, { keyword: '', filter: EMPTY_FILTER, extent: [0, 0, 250, 250] }).map((i) => i.name)).toEqual(['SM-2', 'SM-10']);
  });

  it('measures the extent of some instruments', () => {
    expect(extentOf(ALL)).toEqual([100, 100, 900, 900]);
    expect(extentOf([])).toBeNull();
  });
});
