import type { TContractDocument, TFileSearchResult, TInstrument, TMapUpload } from '@strata/shared';
import { instrumentFixture } from '../../test/fixtures';

export function searchResult(overrides: Partial<TFileSearchResult> = {}): TFileSearchResult {
  const id = overrides.file_id ?? 1;
  return {
    kind: 'document',
    file_id: id,
    file_name: `file-${id}.pdf`,
    file_type: 'pdf',
    size: 120_000,
    created: '2026-03-02T01:30:00.000Z',
    uploader_email: 'alice.tan@example.com',
    url: `/api/v1/documents/${id}`,
    thumbnail_url: null,
    can_delete: false,
    contract_id: 11,
    contract_no: 'C101',
    record: { category: 'instrument', ref_id: 3, title: 'SM-1001', path: '/dashboard/search/instrument/3' },
    location: { easting: 29_000, northing: 31_000, latitude: 1.3, longitude: 103.85 },
    ...overrides,
  };
}

export function contractDocument(overrides: Partial<TContractDocument> = {}): TContractDocument {
  const id = overrides.file_id ?? 1;
  return {
    file_id: id,
    file_name: `other-${id}.pdf`,
    size: 52_000,
    created: '2026-03-02T01:30:00.000Z',
    uploader_email: 'alice.tan@example.com',
    file_type: 'pdf',
    category: 'contract',
    ref_id: 11,
    url: `/api/v1/documents/${id}`,
    can_delete: true,
    contract_id: 11,
    contract_no: 'C101',
    ...overrides,
  };
}

export function mapUpload(overrides: Partial<TMapUpload> = {}): TMapUpload {
  const id = overrides.upload_id ?? 1;
  return {
    upload_id: id,
    layer_id: 20 + id,
    layer_name: `Alignment ${id}`,
    file_name: `alignment-${id}.geojson`,
    file_type: 'geojson',
    size: 4_200,
    created: '2026-03-02T01:30:00.000Z',
    uploader_email: 'alice.tan@example.com',
    ...overrides,
  };
}

export function instrument(overrides: Partial<TInstrument> = {}): TInstrument {
  const id = overrides.instrument_id ?? 3;
  return instrumentFixture({
    instrument_id: id,
    name: `SM-100${id}`,
    zone_id: null,
    zone_name: null,
    easting: 29_000,
    northing: 31_000,
    latitude: 1.3,
    level: null,
    install_date: null,
    frequency: null,
    created: '2026-01-01T00:00:00.000Z',
    updated: '2026-01-01T00:00:00.000Z',
    ...overrides,
  });
}
