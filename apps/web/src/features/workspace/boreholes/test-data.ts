import type { TBorehole, TBoreholeListItem, TBoreholeLog } from '@strata/shared';

/** A borehole as `GET /boreholes/{id}` answers, for the tests. */
export function boreholeRow(overrides: Partial<TBorehole> = {}): TBorehole {
  return {
    borehole_id: 31,
    contract_id: 11,
    contract_no: 'C101',
    borehole_no: 'BH-01',
    borehole_type: 'RC',
    crs: 3414,
    easting: 28001.642,
    northing: 38744.572,
    latitude: 1.3,
    longitude: 103.8,
    ground_level: 102.5,
    final_depth: 30,
    end_date: '2026-03-04',
    crew: null,
    remark: '',
    reference: 'SI-2026',
    version: 2,
    latest_version: 2,
    upload_id: 8,
    upload_file_name: 'c101-si.ags',
    loaded: '2026-11-20T02:00:00Z',
    counts: { geol: 12, core: 0, ispt: 3, stcn: 0, samp: 0, rock: 0 },
    ...overrides,
  };
}

export function boreholeListItem(overrides: Partial<TBoreholeListItem> = {}): TBoreholeListItem {
  const {
    borehole_id,
    contract_id,
    contract_no,
    borehole_no,
    borehole_type,
    crs,
    easting,
    northing,
    latitude,
    longitude,
    ground_level,
    final_depth,
    end_date,
    version,
  } = boreholeRow();
  return {
    borehole_id,
    contract_id,
    contract_no,
    borehole_no,
    borehole_type,
    crs,
    easting,
    northing,
    latitude,
    longitude,
    ground_level,
    final_depth,
    end_date,
    version,
    ...overrides,
  };
}

export function boreholeLog(overrides: Partial<TBoreholeLog> = {}): TBoreholeLog {
  return {
    id: 31,
    contract_no: 'C101',
    borehole_no: 'BH-01',
    reference: 'SI-2026',
    northing: 38744.572,
    easting: 28001.642,
    ground_level: 102.5,
    final_depth: 30,
    end_date: '2026-03-04',
    borehole_type: 'RC',
    geol: [
      { geol_top: 0, geol_base: 1.5, geol_geol: 'MG', geol_leg: '102', geol_desc: 'MADE GROUND' },
      { geol_top: 1.5, geol_base: 12, geol_geol: 'KF', geol_leg: '201', geol_desc: 'Soft CLAY' },
      { geol_top: 12, geol_base: 30, geol_geol: 'JF', geol_leg: '803', geol_desc: 'SANDSTONE' },
    ],
    ispt: [
      { ispt_top: 3, ispt_nval: 4 },
      { ispt_top: 6, ispt_nval: -2147483648, ispt_inc3: 2, ispt_inc4: 3, ispt_inc5: 3, ispt_inc6: 4 },
    ],
    core: [{ core_top: 12, core_bot: 15, core_rqd: 60, core_prec: 90 }],
    stcn: [{ stcn_dpth: 2, stcn_res: 0.8 }],
    ...overrides,
  };
}
