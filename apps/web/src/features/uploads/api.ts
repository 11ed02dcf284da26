import { UPLOADS_TOPIC, ZUpload, ZUploadCreated, ZUploadList, ZUploadReport, type TListUploadsQuery, type TUpload, type TUploadStatus } from '@strata/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { apiRequest } from '../../lib/api-client';
import { downloadFile } from '../../lib/download';
import { liveEvents } from '../../lib/live-connection';
import { sendFiles } from '../../components/upload-button';

/** Statuses after which nothing more happens to an upload unless someone acts (approve, reject). */
export const SETTLED_STATUSES: ReadonlySet<TUploadStatus> = new Set(['validated', 'invalid', 'done', 'failed', 'rejected']);
/** How often an upload that is being validated or loaded is asked for again. */
export const UPLOAD_POLL_MS = 1500;

export type UploadListParams = Pick<TListUploadsQuery, 'limit' | 'skip'> & Partial<Pick<TListUploadsQuery, 'contract' | 'status'>>;

/** Query keys of the uploads: an approval, a rejection or a live `uploads` event invalidates `all`. */
export const uploadKeys = {
  all: ['uploads'] as const,
  lists: () => [...uploadKeys.all, 'list'] as const,
  list: (params: UploadListParams) => [...uploadKeys.lists(), params] as const,
  /** The history of another upload type (`borehole`: the AGS uploads). */
  typeList: (type: string, params: UploadListParams) => [...uploadKeys.lists(), type, params] as const,
  one: (id: number | undefined) => [...uploadKeys.all, 'one', id] as const,
  report: (id: number, status: TUploadStatus | undefined, params: { limit: number; skip: number }) =>
    [...uploadKeys.all, 'report', id, status, params] as const,
  /** The AGS checker report of a borehole upload (`status` in the key refreshes it as the upload moves on). */
  agsReport: (id: number, status: TUploadStatus | undefined) => [...uploadKeys.all, 'ags-report', id, status] as const,
};

/**
 * While an uploads page is open, an upload that moves on (validating, validated, loading, done …: the server's live
 * `dataUpdated` of topic `uploads`, sent to the users of its contracts) refetches the history and the upload shown.
 */
export function useUploadsLive(): void {
  const client = useQueryClient();
  useEffect(
    () =>
      liveEvents.on('notification', (event) => {
        if (event.type === 'dataUpdated' && event.topic === UPLOADS_TOPIC) void client.invalidateQueries({ queryKey: uploadKeys.all });
      }),
    [client],
  );
}

/** `GET /uploads?type=instrument`: the instrument upload history, newest first. */
export function useInstrumentUploads(params: UploadListParams, enabled = true) {
  return useQuery({
    queryKey: uploadKeys.list(params),
    queryFn: ({ signal }) => apiRequest('/uploads', { query: { type: 'instrument', ...params }, schema: ZUploadList, signal }),
    enabled,
    placeholderData: (previous) => previous,
  });
}

/** `GET /uploads/{id}`, asked again every 1.5 s until the upload settles (validated, invalid, done …). */
export function useUpload(id: number | undefined) {
  return useQuery({
    queryKey: uploadKeys.one(id),
    queryFn: ({ signal }) => apiRequest(`/uploads/${id}`, { schema: ZUpload, signal }),
    enabled: id !== undefined,
    refetchInterval: (query) => {
      const status = query.state.data?.status;
      return status !== undefined && SETTLED_STATUSES.has(status) ? false : UPLOAD_POLL_MS;
    },
    // A load of readings is short: keep following it while the tab is in the background too.
    refetchIntervalInBackground: true,
  });
}

/** `GET /uploads/{id}/report`: one page of the per-row errors (`status` in the key refreshes it as the upload moves on). */
export function useUploadReport(id: number, params: { limit: number; skip: number }, status: TUploadStatus | undefined) {
  return useQuery({
    queryKey: uploadKeys.report(id, status, params),
    queryFn: ({ signal }) => apiRequest(`/uploads/${id}/report`, { query: { ...params }, schema: ZUploadReport, signal }),
    enabled: status !== undefined && status !== 'received' && status !== 'validating',
    placeholderData: (previous) => previous,
  });
}

function useUploadAction(action: 'approve' | 'reject') {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number): Promise<TUpload> => apiRequest(`/uploads/${id}/${action}`, { method: 'POST', schema: ZUpload, emitHttpError: false }),
    onSuccess: (upload) => {
      client.setQueryData(uploadKeys.one(upload.upload_id), upload);
      return client.invalidateQueries({ queryKey: uploadKeys.all });
    },
  });
}

/** `POST /uploads/{id}/approve`: the valid readings are loaded by a job. */
export function useApproveUpload() {
  return useUploadAction('approve');
}

/** `POST /uploads/{id}/reject`: nothing is loaded. */
export function useRejectUpload() {
  return useUploadAction('reject');
}

export interface SendReadingsOptions {
  file: File;
  contractId?: number;
  force?: boolean;
  onProgress?: (percent: number) => void;
  signal?: AbortSignal;
}

/** `POST /uploads/instrument` (multipart; contract_id optional; force=true processes a file already uploaded). */
export async function sendReadingsFile({ file, contractId, force, onProgress, signal }: SendReadingsOptions) {
  const answer = await sendFiles({
    path: force ? '/uploads/instrument?force=true' : '/uploads/instrument',
    files: [file],
    fields: { contract_id: contractId },
    onProgress,
    signal,
    emitHttpError: false,
  });
  return ZUploadCreated.parse(answer);
}

export type TemplateLayout = 'long' | 'wide';
export type TemplateFormat = 'csv' | 'xlsx';

/** Saves the readings template (`GET /uploads/templates/instrument.{format}?layout=`). */
export function downloadTemplate(format: TemplateFormat, layout: TemplateLayout): Promise<string> {
  return downloadFile(`/uploads/templates/instrument.${format}?layout=${layout}`, { fileName: `instrument-readings-${layout}.${format}` });
}
