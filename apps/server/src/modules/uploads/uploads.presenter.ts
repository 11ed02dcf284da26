import type { TUpload } from '@strata/shared';
import { iso, isoOrNull } from '../../lib/filters.js';
import type { UploadView } from './uploads.repository.js';

export function presentUpload(v: UploadView): TUpload {
  const u = v.upload;
  return {
    upload_id: u.uploadId,
    type: u.type,
    contract_id: u.contractId,
    contract_ids: u.contractIds,
    contract_nos: v.contractNos,
    file_name: u.fileName,
    size: u.size,
    sha256: u.sha256,
    force: u.force,
    status: u.status,
    progress: u.progress,
    format: u.format,
    layout: u.layout,
    rows_total: u.rowsTotal,
    rows_valid: u.rowsValid,
    rows_invalid: u.rowsInvalid,
    rows_loaded: u.rowsLoaded,
    errors_total: u.errorsTotal,
    first_taken_at: isoOrNull(u.firstTakenAt),
    last_taken_at: isoOrNull(u.lastTakenAt),
    error: u.error,
    uploaded_by: u.uploadedBy,
    uploaded_by_name: v.uploadedByName,
    created: iso(u.createdAt),
    validated: isoOrNull(u.validatedAt),
    approved_by_name: v.approvedByName,
    approved: isoOrNull(u.approvedAt),
    rejected_by_name: v.rejectedByName,
    rejected: isoOrNull(u.rejectedAt),
    finished: isoOrNull(u.finishedAt),
  };
}
