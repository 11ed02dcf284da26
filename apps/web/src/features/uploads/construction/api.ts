import { ZUploadCreated, ZUploadList } from '@strata/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { sendFiles } from '../../../components/upload-button';
import { apiRequest } from '../../../lib/api-client';
import { downloadFile } from '../../../lib/download';
import { uploadKeys, type UploadListParams } from '../api';
import { templatePath, type ConstructionUploadType } from './records';

/** `GET /uploads?type=excavation|tunnel`: a construction upload history, newest first. */
export function useConstructionUploads(type: ConstructionUploadType, params: UploadListParams, enabled = true) {
  return useQuery({
    queryKey: uploadKeys.typeList(type, params),
    queryFn: ({ signal }) => apiRequest('/uploads', { query: { type, ...params }, schema: ZUploadList, signal }),
    enabled,
    placeholderData: keepPreviousData,
  });
}

export interface SendConstructionOptions {
  type: ConstructionUploadType;
  file: File;
  contractId: number;
  /** Process a file already uploaded (the server refuses it with 409 otherwise). */
  force?: boolean;
  onProgress?: (percent: number) => void;
  signal?: AbortSignal;
}

/** `POST /uploads/excavation|tunnel` (multipart: the file and contract_id; force=true processes a file already uploaded). */
export async function sendConstructionFile({ type, file, contractId, force, onProgress, signal }: SendConstructionOptions) {
  const answer = await sendFiles({
    path: force ? `/uploads/${type}?force=true` : `/uploads/${type}`,
    files: [file],
    fields: { contract_id: contractId },
    onProgress,
    signal,
    emitHttpError: false,
  });
  return ZUploadCreated.parse(answer);
}

/** Saves the template of a type (`GET /uploads/templates/{type}?format=csv|xlsx`). */
export function downloadConstructionTemplate(type: ConstructionUploadType, format: 'csv' | 'xlsx'): Promise<string> {
  return downloadFile(templatePath(type, format), { fileName: `${type}-template.${format}` });
}
