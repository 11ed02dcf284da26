import { STORAGE_KEYS, ZCreateExportResponse, ZExportCheck, type TExportCheck } from '@strata/shared';
import { apiRequest } from './api-client';
import { useJobPolling, type JobPolling, type JobPollingOptions } from './job-polling';

/** `POST /exports/{type}` with the format and the filters of the type; answers the job id. */
export async function startExport(type: string, body: Record<string, unknown>): Promise<number> {
  const { job_id } = await apiRequest(`/exports/${encodeURIComponent(type)}`, {
    method: 'POST',
    json: body,
    schema: ZCreateExportResponse,
    // The job's owner shows the failure where the export was asked for.
    emitHttpError: false,
  });
  return job_id;
}

/** `GET /exports/{id}/check`: status 1 in progress, 2 completed (with `url` when the caller may download), 3, 4. */
export function checkExport(jobId: string, signal?: AbortSignal): Promise<TExportCheck> {
  return apiRequest(`/exports/${encodeURIComponent(jobId)}/check`, { schema: ZExportCheck, signal, emitHttpError: false });
}

export interface ExportJob extends JobPolling {
  /** Starts an export of `type` (`audit-logs`, `users`, `roles`) with its format and filters, then polls it. */
  run: (type: string, body: Record<string, unknown>) => Promise<void>;
}

/** The export pattern of spec §4 with `export_job_id` in local storage: start, poll, download. */
export function useExportJob(options: Partial<Omit<JobPollingOptions, 'storageKey' | 'check'>> = {}): ExportJob {
  const job = useJobPolling({ storageKey: STORAGE_KEYS.exportJobId, check: checkExport, ...options });
  const { start } = job;
  return { ...job, run: (type, body) => start(() => startExport(type, body)) };
}
