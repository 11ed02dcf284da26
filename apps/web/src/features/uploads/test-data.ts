import type { TUpload } from '@strata/shared';

/** An upload as `GET /uploads/{id}` answers, for the tests. */
export function uploadRow(overrides: Partial<TUpload> = {}): TUpload {
  return {
    upload_id: 5,
    type: 'instrument',
    contract_id: null,
    contract_ids: [11],
    contract_nos: ['C101'],
    file_name: 'readings.csv',
    size: 2048,
    sha256: 'a'.repeat(64),
    force: false,
    status: 'validated',
    progress: 100,
    format: 'csv',
    layout: 'long',
    rows_total: 4,
    rows_valid: 3,
    rows_invalid: 1,
    rows_loaded: 0,
    errors_total: 1,
    first_taken_at: '2026-11-20T01:00:00Z',
    last_taken_at: '2026-11-20T03:00:00Z',
    error: null,
    uploaded_by: 7,
    uploaded_by_name: 'Alice Tan',
    created: '2026-11-21T02:00:00Z',
    validated: '2026-11-21T02:00:05Z',
    approved_by_name: null,
    approved: null,
    rejected_by_name: null,
    rejected: null,
    finished: null,
    ...overrides,
  };
}
