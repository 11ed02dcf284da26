import {
  API_BASE,
  DEFAULT_THUMBNAIL_SIZE,
  svy21ToWgs84Rounded,
  type TContractDocument,
  type TDocument,
  type TDocumentType,
  type TFileSearchResult,
  type TFileType,
  type TMapUpload,
  type TPhoto,
  type TPhotoType,
  type TRecordFile,
} from '@strata/shared';
import type { AttachmentRow, RecordFileRow } from './attachments.repository.js';
import type { listMapUploads, SearchRow } from './file-search.repository.js';

const iso = (d: Date | string) => (typeof d === 'string' ? new Date(d) : d).toISOString();

export const photoUrl = (fileId: number) => `${API_BASE}/photos/${fileId}`;
export const thumbnailUrl = (fileId: number, size: number = DEFAULT_THUMBNAIL_SIZE) => `${API_BASE}/photos/${fileId}?size=${size}`;
export const documentUrl = (fileId: number) => `${API_BASE}/documents/${fileId}`;
export const drawingUrl = (drawingId: number) => `${API_BASE}/site-drawings/${drawingId}/download`;

export function presentPhoto(a: AttachmentRow, uploaderEmail: string | null, canDelete: boolean): TPhoto {
  return {
    file_id: a.fileId,
    file_name: a.fileName,
    created: iso(a.createdAt),
    uploader_email: uploaderEmail ?? '',
    size: Number(a.size),
    file_type: a.fileType as TPhotoType,
    width: a.width ?? 0,
    height: a.height ?? 0,
    category: a.category,
    ref_id: a.refId,
    url: photoUrl(a.fileId),
    thumbnail_url: thumbnailUrl(a.fileId),
    can_delete: canDelete,
  };
}

export function presentDocument(a: AttachmentRow, uploaderEmail: string | null, canDelete: boolean): TDocument {
  return {
    file_id: a.fileId,
    file_name: a.fileName,
    size: Number(a.size),
    created: iso(a.createdAt),
    uploader_email: uploaderEmail ?? '',
    file_type: a.fileType as TDocumentType,
    category: a.category,
    ref_id: a.refId,
    url: documentUrl(a.fileId),
    can_delete: canDelete,
  };
}

export function presentContractDocument(a: AttachmentRow, uploaderEmail: string | null, contractNo: string, canDelete: boolean): TContractDocument {
  return { ...presentDocument(a, uploaderEmail, canDelete), contract_id: a.refId, contract_no: contractNo };
}

const urlOf = (kind: string, id: number) => (kind === 'photo' ? photoUrl(id) : kind === 'document' ? documentUrl(id) : drawingUrl(id));

export function presentRecordFile(r: RecordFileRow, canDelete: boolean): TRecordFile {
  return {
    kind: r.kind,
    file_id: Number(r.file_id),
    file_name: r.file_name,
    file_type: r.file_type,
    size: Number(r.size),
    created: iso(r.created),
    uploader_email: r.uploader_email ?? '',
    url: urlOf(r.kind, Number(r.file_id)),
    thumbnail_url: r.kind === 'photo' ? thumbnailUrl(Number(r.file_id)) : null,
    can_delete: canDelete,
  };
}

export function presentSearchResult(r: SearchRow, canDelete: boolean): TFileSearchResult {
  const easting = r.easting === null ? null : Number(r.easting);
  const northing = r.northing === null ? null : Number(r.northing);
  const location =
    easting !== null && northing !== null && Number.isFinite(easting) && Number.isFinite(northing)
      ? (() => {
          const { lat, lon } = svy21ToWgs84Rounded(easting, northing);
          return { easting, northing, latitude: lat, longitude: lon };
        })()
      : null;
  return {
    kind: r.kind,
    file_id: Number(r.file_id),
    file_name: r.file_name,
    file_type: r.file_type as TFileType,
    size: Number(r.size),
    created: iso(r.created),
    uploader_email: r.uploader_email ?? '',
    url: urlOf(r.kind, Number(r.file_id)),
    thumbnail_url: r.kind === 'photo' ? thumbnailUrl(Number(r.file_id)) : null,
    can_delete: canDelete,
    contract_id: Number(r.contract_id),
    contract_no: r.contract_no,
    record: { category: r.category, ref_id: Number(r.ref_id), title: r.title, path: r.path },
    location,
  };
}

type MapUploadView = Awaited<ReturnType<typeof listMapUploads>>['records'][number];

export function presentMapUpload(v: MapUploadView): TMapUpload {
  return {
    upload_id: v.u.uploadId,
    layer_id: v.u.layerId,
    layer_name: v.currentName ?? v.u.layerName,
    file_name: v.u.fileName,
    file_type: v.u.fileType,
    size: Number(v.u.size),
    created: iso(v.u.createdAt),
    uploader_email: v.uploaderEmail ?? '',
  };
}
