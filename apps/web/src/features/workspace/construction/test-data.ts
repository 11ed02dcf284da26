import type { TConstructionProgressItem, TExcavationProgress, TSite, TSiteDrawing, TTunnelProgress, TTunnelShiftRow } from '@strata/shared';

/** The excavation site 41, Orchard Box of C101: an L-shaped outline 100 m × 60 m (SVY21). */
export function excavationSite(overrides: Partial<TSite> = {}): TSite {
  return {
    site_id: 41,
    site_name: 'Orchard Box',
    contract_id: 11,
    contract_no: 'C101',
    type: 'E',
    description: 'Cut-and-cover station box',
    geometry: {
      type: 'Polygon',
      coordinates: [
        [
          [30000, 28000],
          [30100, 28000],
          [30100, 28060],
          [30000, 28060],
          [30000, 28000],
        ],
      ],
    },
    stages: [
      { stage_no: 1, name: 'Excavate to S1', description: '', target: 98, planned_start: '2026-06-01', planned_end: '2026-06-20' },
      { stage_no: 2, name: 'Excavate to FEL', description: '', target: 90, planned_start: '2026-06-21', planned_end: '2026-07-31' },
    ],
    design_values: { max_wall_deflection_mm: 45 },
    chainage_start: null,
    drawing_count: 0,
    created: '2026-05-01T00:00:00Z',
    updated: '2026-05-01T00:00:00Z',
    ...overrides,
  };
}

export function excavationProgress(overrides: Partial<TExcavationProgress> = {}): TExcavationProgress {
  return {
    site: excavationSite(),
    summary: { date: '2026-07-02', value: 95.5, target: 90, stage_no: 2, stage_name: 'Excavate to FEL' },
    stages: [
      {
        stage_no: 1,
        name: 'Excavate to S1',
        target: 98,
        planned_start: '2026-06-01',
        planned_end: '2026-06-20',
        actual_start: '2026-06-03',
        actual_end: '2026-06-25',
      },
      {
        stage_no: 2,
        name: 'Excavate to FEL',
        target: 90,
        planned_start: '2026-06-21',
        planned_end: '2026-07-31',
        actual_start: '2026-06-26',
        actual_end: null,
      },
    ],
    levels: [
      { progress_id: 501, date: '2026-06-03', zone: '', stage_no: 1, level: 101.2, remarks: '', upload_id: 9 },
      { progress_id: 502, date: '2026-06-25', zone: '', stage_no: 1, level: 98, remarks: 'S1 level', upload_id: 9 },
      { progress_id: 503, date: '2026-07-02', zone: '', stage_no: 2, level: 95.5, remarks: '', upload_id: 10 },
    ],
    zones: [{ zone: '', date: '2026-07-02', level: 95.5 }],
    supports: [
      {
        support_id: 601,
        kind: 'strut',
        label: 'S1',
        zone: '',
        stage_no: 1,
        level: 99.5,
        installed_at: '2026-06-26T02:30:00Z',
        remarks: '',
        upload_id: 9,
      },
    ],
    design: [{ design_id: 701, stage_no: 1, wall_deflection: 12.5, strut_force: 850, settlement: 8, remarks: '', upload_id: 9 }],
    ...overrides,
  };
}

/** The mined tunnel 52, Adit A of C101: 100 m east then 50 m north from chainage 1000. */
export function tunnelSite(overrides: Partial<TSite> = {}): TSite {
  return {
    ...excavationSite(),
    site_id: 52,
    site_name: 'Adit A',
    type: 'MT',
    description: 'NATM adit',
    geometry: {
      type: 'LineString',
      coordinates: [
        [20000, 30000],
        [20100, 30000],
        [20100, 30050],
      ],
    },
    stages: [{ stage_no: 1, name: 'Drive to Ch 1150', description: '', target: 1150, planned_start: '2026-10-01', planned_end: '2026-11-30' }],
    design_values: {},
    chainage_start: 1000,
    ...overrides,
  };
}

export function shiftRow(overrides: Partial<TTunnelShiftRow> = {}): TTunnelShiftRow {
  return {
    shift_id: 801,
    date: '2026-10-01',
    shift: 'day',
    face_part: 'top_heading',
    chainage: 1010,
    advance: null,
    rock_bolts: 8,
    shotcrete: 150,
    lattice_girders: 2,
    geology_class: 'II',
    remarks: '',
    upload_id: 12,
    ...overrides,
  };
}

export function tunnelProgress(overrides: Partial<TTunnelProgress> = {}): TTunnelProgress {
  return {
    site: tunnelSite(),
    summary: { date: '2026-10-03', value: 1120, target: 1150, stage_no: 1, stage_name: 'Drive to Ch 1150' },
    stages: [
      {
        stage_no: 1,
        name: 'Drive to Ch 1150',
        target: 1150,
        planned_start: '2026-10-01',
        planned_end: '2026-11-30',
        actual_start: '2026-10-01',
        actual_end: null,
      },
    ],
    chainage_start: 1000,
    chainage_end: 1150,
    faces: [
      { face_part: 'top_heading', chainage: 1120, date: '2026-10-03', shift: 'day', x: 20100, y: 30020 },
      { face_part: 'bench', chainage: 1020, date: '2026-10-02', shift: 'night', x: 20020, y: 30000 },
    ],
    shifts: [
      shiftRow(),
      shiftRow({ shift_id: 802, date: '2026-10-02', shift: 'night', chainage: 1060, advance: 50 }),
      shiftRow({ shift_id: 803, date: '2026-10-02', shift: 'night', face_part: 'bench', chainage: 1020, rock_bolts: null, geology_class: 'III' }),
      shiftRow({ shift_id: 804, date: '2026-10-03', shift: 'day', chainage: 1120, advance: 60, remarks: 'Round the bend' }),
    ],
    advance_per_day: [
      { date: '2026-10-02', advance: 50 },
      { date: '2026-10-03', advance: 60 },
    ],
    ...overrides,
  };
}

/** A row of `GET /civil/progress`. */
export function progressItem(overrides: Partial<TConstructionProgressItem> = {}): TConstructionProgressItem {
  const site = excavationSite();
  return {
    site_id: site.site_id,
    site_name: site.site_name,
    contract_id: site.contract_id,
    contract_no: site.contract_no,
    type: 'E',
    description: site.description,
    geometry: site.geometry,
    progress: excavationProgress().summary,
    ...overrides,
  };
}

/** A drawing of the adit (52): by default a PDF of 03/10/2026, not placed. */
export function tunnelDrawing(overrides: Partial<TSiteDrawing> = {}): TSiteDrawing {
  const id = overrides.drawing_id ?? 9;
  return {
    drawing_id: id,
    site_id: 52,
    site_name: 'Adit A',
    contract_id: 11,
    contract_no: 'C101',
    file_name: 'adit-progress-1003.pdf',
    content_type: 'application/pdf',
    size: 2048,
    uploaded_by: 'Alice Tan',
    uploaded_at: '2026-10-03T04:00:00Z',
    url: `/api/v1/site-drawings/${id}/download`,
    drawing_date: '2026-10-03',
    extent: null,
    ...overrides,
  };
}

/** A PNG of the adit placed over its alignment's extent (with the 10 % margin), of `date`. */
export function placedTunnelDrawing(id: number, date: string, overrides: Partial<TSiteDrawing> = {}): TSiteDrawing {
  return tunnelDrawing({
    drawing_id: id,
    file_name: `adit-${date}.png`,
    content_type: 'image/png',
    drawing_date: date,
    extent: [19990, 29990, 20110, 30060],
    uploaded_at: `${date}T09:00:00Z`,
    ...overrides,
  });
}
