import type { TBoreholeSection } from '@strata/shared';

type SectionBorehole = TBoreholeSection['boreholes'][number];

/** A borehole of a section as `GET /boreholes/section` answers, for the tests. */
export function sectionBorehole(overrides: Partial<SectionBorehole> = {}): SectionBorehole {
  return {
    id: 31,
    no: 'BH-01',
    groundLevel: 102.5,
    finalDepth: 30,
    distance: 0,
    offset: 0,
    geol: [
      { geol_top: 0, geol_base: 1.5, geol_geol: 'MG', geol_leg: '102', geol_desc: 'MADE GROUND' },
      { geol_top: 1.5, geol_base: 12, geol_geol: 'KF', geol_leg: '201', geol_desc: 'Soft CLAY' },
      { geol_top: 12, geol_base: 30, geol_geol: 'JF', geol_leg: '803', geol_desc: 'SANDSTONE' },
    ],
    ispt: [{ ispt_top: 3, ispt_nval: 4 }],
    ...overrides,
  };
}

/** Three boreholes along a 240 m line: BH-01 at 0, BH-02 at 120 (no ground level), BH-03 at 240. */
export function sectionOf(overrides: Partial<TBoreholeSection> = {}): TBoreholeSection {
  return {
    boreholes: [
      sectionBorehole(),
      sectionBorehole({
        id: 32,
        no: 'BH-02',
        groundLevel: null,
        finalDepth: 20,
        distance: 120,
        offset: 12.5,
        geol: [{ geol_top: 0, geol_base: 20, geol_geol: 'OA', geol_leg: '401', geol_desc: 'Dense SAND' }],
        ispt: [],
      }),
      sectionBorehole({ id: 33, no: 'BH-03', groundLevel: 104, finalDepth: 25, distance: 240, offset: 3.25, ispt: [{ ispt_top: 10, ispt_nval: 30 }] }),
    ],
    length: 240,
    ...overrides,
  };
}
