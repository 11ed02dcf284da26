import type { TDocument, TPhoto, TRecordFile } from '@strata/shared';

/** A photo of instrument 5 as the API answers it. */
export function photoRecord(overrides: Partial<TPhoto> = {}): TPhoto {
  const id = overrides.file_id ?? 1;
  return {
    file_id: id,
    file_name: `photo-${id}.jpg`,
    created: '2026-03-02T01:30:00.000Z',
    uploader_email: 'alice.tan@example.com',
    size: 245_000,
    file_type: 'jpg',
    width: 800,
    height: 600,
    category: 'instrument',
    ref_id: 5,
    url: `/api/v1/photos/${id}`,
    thumbnail_url: `/api/v1/photos/${id}?size=128`,
    can_delete: true,
    ...overrides,
  };
}

/** A document of instrument 5 as the API answers it. */
export function documentRecord(overrides: Partial<TDocument> = {}): TDocument {
  const id = overrides.file_id ?? 1;
  return {
    file_id: id,
    file_name: `report-${id}.pdf`,
    size: 1_500_000,
    created: '2026-03-02T01:30:00.000Z',
    uploader_email: 'alice.tan@example.com',
    file_type: 'pdf',
    category: 'instrument',
    ref_id: 5,
    url: `/api/v1/documents/${id}`,
    can_delete: true,
    ...overrides,
  };
}

export function recordFile(overrides: Partial<TRecordFile> = {}): TRecordFile {
  const id = overrides.file_id ?? 1;
  return {
    kind: 'document',
    file_id: id,
    file_name: `file-${id}.pdf`,
    file_type: 'pdf',
    size: 2000,
    created: '2026-03-02T01:30:00.000Z',
    uploader_email: 'alice.tan@example.com',
    url: `/api/v1/documents/${id}`,
    thumbnail_url: null,
    can_delete: false,
    ...overrides,
  };
}

/** A small real PNG (1 × 1 pixel). */
export const TINY_PNG = Uint8Array.from(atob('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg=='), (c) =>
  c.charCodeAt(0),
);
