import { ZAgsReport, ZUploadCreated, ZUploadList, type TBoreholeCrs, type TUploadStatus } from '@strata/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { downloadFile } from '../../../lib/download';
import { sendFiles } from '../../../components/upload-button';
import { uploadKeys, type UploadListParams } from '../api';

/** The SI Borehole List, where a loaded upload leads (the work space's page). */
export const BOREHOLE_LIST_PATH = '/dashboard/search/borehole/list';

/** `GET /uploads?type=borehole`: the SI borehole upload history, newest first. */
export function useBoreholeUploads(params: UploadListParams, enabled = true) {
  return useQuery({
    queryKey: uploadKeys.typeList('borehole', params),
    queryFn: ({ signal }) => apiRequest('/uploads', { query: { type: 'borehole', ...params }, schema: ZUploadList, signal }),
    enabled,
    placeholderData: keepPreviousData,
  });
}

/** `GET /uploads/{id}/ags-report`: the checker's report of an AGS upload (once validated). */
export function useAgsReport(uploadId: number, status: TUploadStatus | undefined) {
  return useQuery({
    queryKey: uploadKeys.agsReport(uploadId, status),
    queryFn: ({ signal }) => apiRequest(`/uploads/${uploadId}/ags-report`, { schema: ZAgsReport, signal }),
    enabled: status !== undefined && status !== 'received' && status !== 'validating',
  });
}

/** Saves the checker report as text or XLSX (`/uploads/{id}/ags-report.txt|.xlsx`). */
export function downloadAgsReport(uploadId: number, format: 'txt' | 'xlsx'): Promise<string> {
  return downloadFile(`/uploads/${uploadId}/ags-report.${format}`, { fileName: `ags-report-${uploadId}.${format}` });
}

export interface SendAgsOptions {
  file: File;
  contractId: number;
  crs: TBoreholeCrs;
  /** Process a file already uploaded (the server refuses it with 409 otherwise). */
  force?: boolean;
  onProgress?: (percent: number) => void;
  signal?: AbortSignal;
}

/** `POST /uploads/borehole` (multipart: the file, contract_id, crs; force=true processes a file already uploaded). */
export async function sendAgsFile({ file, contractId, crs, force, onProgress, signal }: SendAgsOptions) {
  const answer = await sendFiles({
    path: force ? '/uploads/borehole?force=true' : '/uploads/borehole',
    files: [file],
    fields: { contract_id: contractId, crs },
    onProgress,
    signal,
    emitHttpError: false,
  });
  return ZUploadCreated.parse(answer);
}
