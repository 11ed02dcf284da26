import { describe, expect, it } from 'vitest';
import { soilFamily } from './geology.js';

describe('strata families of GEOL records', () => {
  it('reads the legend code by its hundreds, 101 being topsoil', () => {
    expect(['101', '102', '201', '305', '430', '501', '601', '720', '805', '999'].map((c) => soilFamily({ geol_leg: c }))).toEqual([
      'topsoil',
      'fill',
      'clay',
      'silt',
      'sand',
      'gravel',
      'peat',
      'cobbles',
      'rock',
      'void',
    ]);
  });

  it('reads text codes and words when the code is not a number', () => {
    expect(soilFamily({ geol_leg: 'M GROUND' })).toBe('fill');
    expect(soilFamily({ geol_leg: 'MUDTN' })).toBe('rock');
    expect(soilFamily({ geol_leg: 'CL_STGR' })).toBe('clay');
    expect(soilFamily({ geol_leg: 'SD_CST' })).toBe('sand');
    expect(soilFamily({ geol_leg: '', geol_geol: 'PEAT' })).toBe('peat');
    expect(soilFamily({ geol_desc: 'Medium dense silty SAND' })).toBe('sand');
    expect(soilFamily({ geol_desc: 'Stiff sandy CLAY' })).toBe('clay');
    expect(soilFamily({})).toBe('other');
  });
});
