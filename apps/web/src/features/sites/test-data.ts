import type { TSite, TSiteDrawing, TZone } from '@strata/shared';

/** Records as the server answers them, for this feature's component tests. */
export function siteRecord(overrides: Partial<TSite> = {}): TSite {
  return {
    site_id: 1,
    site_name: 'Orchard Station Box',
    contract_id: 11,
    contract_no: 'C101',
    type: 'E',
    description: 'Cut and cover',
    geometry: null,
    stages: [],
    design_values: {},
    chainage_start: null,
    drawing_count: 0,
    created: '2026-01-05T02:00:00Z',
    updated: '2026-01-06T02:00:00Z',
    ...overrides,
  };
}

export function drawingRecord(overrides: Partial<TSiteDrawing> = {}): TSiteDrawing {
  const id = overrides.drawing_id ?? 31;
  return {
    drawing_id: id,
    site_id: 1,
    site_name: 'Orchard Station Box',
    contract_id: 11,
    contract_no: 'C101',
    file_name: 'plan.pdf',
    content_type: 'application/pdf',
    size: 12_500,
    uploaded_by: 'Alice Tan',
    uploaded_at: '2026-01-07T03:00:00Z',
    url: `/api/v1/site-drawings/${id}/download`,
    drawing_date: null,
    extent: null,
    ...overrides,
  };
}

export function zoneRecord(overrides: Partial<TZone> = {}): TZone {
  return {
    zone_id: 5,
    name: 'Zone A',
    contract_id: 11,
    contract_no: 'C101',
    is_report: true,
    description: '',
    polygon: null,
    polygon_wgs84: null,
    instrument_count: 0,
    created: '2026-01-05T02:00:00Z',
    updated: '2026-01-06T02:00:00Z',
    ...overrides,
  };
}
