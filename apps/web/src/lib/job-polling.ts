import { EXPORT_STATUS } from '@strata/shared';
import { useCallback, useEffect, useRef, useState } from 'react';
import { ZodError } from 'zod';
import { ApiError } from './api-client';
import { downloadFile } from './download';
import { i18n } from './i18n';
import { readStorage } from './system-store';

/** How often a running job is checked. */
export const JOB_POLL_INTERVAL_MS = 2000;
/** Answers of a check that mean "ask again" (spec §4: retrying on 455 and 504). */
export const JOB_RETRY_STATUSES: ReadonlySet<number> = new Set([455, 504]);

/** What `GET /exports/{id}/check` (and `/reports/{id}/check`) answer: 1 in progress, 2 completed, 3 failed, 4 too large. */
export interface JobCheck {
  status: 1 | 2 | 3 | 4;
  /** The download address, once completed and when the caller may download. */
  url?: string;
  file_name?: string;
  size?: number;
  message?: string;
  /** Reports: how far a job in progress is (section n of m). */
  progress?: JobProgress | null;
}

/** How far a running job is: `done` of `total` sections, the current one named `label`. */
export interface JobProgress {
  done: number;
  total: number;
  label: string;
}

export type JobState =
  | { phase: 'idle' }
  | { phase: 'starting' }
  /** `progress`: the last check's (reports: section n of m), when it gave one. */
  | { phase: 'polling'; jobId: string; progress?: JobProgress }
  | { phase: 'downloading'; jobId: string; fileName?: string }
  /** `downloaded` false: the file was made but the answer had no address (no download permission). */
  | { phase: 'done'; jobId: string; fileName?: string; downloaded: boolean; message?: string }
  | { phase: 'failed'; jobId?: string; message: string };

export interface JobPollingOptions<C extends JobCheck = JobCheck> {
  /** The local-storage key that keeps the running job's id (`export_job_id`, `report_id`). */
  storageKey: string;
  check: (jobId: string, signal: AbortSignal) => Promise<C>;
  intervalMs?: number;
  /** Saves the finished file (default: the download helper); resolves with the saved file's name. */
  download?: (url: string, check: C) => Promise<string | void>;
  /** Pick up a job id left in storage (a reload, another page) when mounted. Default true. */
  resume?: boolean;
}

export interface JobPolling {
  state: JobState;
  /** Starting, polling or downloading. */
  busy: boolean;
  /** Starts a job (`start` answers its id), keeps its id in storage and polls it until done. */
  start: (start: () => Promise<string | number>) => Promise<void>;
  /** Polls a job started elsewhere (a report opened from its notification), checking it at once; nothing is stored. */
  follow: (jobId: string | number) => void;
  /** Back to idle (the stored id, if any, stays). */
  reset: () => void;
}

function removeStored(key: string, jobId: string): void {
  try {
    if (window.localStorage.getItem(key) === jobId) window.localStorage.removeItem(key);
  } catch {
    // nothing stored that we could remove
  }
}

function store(key: string, jobId: string): void {
  try {
    window.localStorage.setItem(key, jobId);
  } catch {
    // storage unavailable: the job is still polled while the page is open
  }
}

/** Spec §8: "Error with the response data or unknown error, or invalid response". */
export function jobErrorMessage(error: unknown): string {
  if (error instanceof ZodError) return i18n.t('exportJob.invalidResponse');
  if (error instanceof ApiError) {
    if (typeof error.body === 'string' && error.body.trim() !== '') return error.body;
    if (error.fieldErrors || error.status === 429 || error.status === 0) return error.message;
  }
  if (error instanceof Error && error.name === 'DownloadError') return error.message;
  return i18n.t('exportJob.unknownError');
}

/**
 * Report generation and export jobs (spec §4): the job id is kept in local storage, checked every
 * `intervalMs` until done (455 and 504 are asked again), removed when a result or an error arrives; a finished
 * file is downloaded. Status 3 and 4 give the spec's two messages. Leaving the page stops the polling but keeps
 * the id, so the next page that polls (or a reload) picks it up.
 */
export function useJobPolling<C extends JobCheck = JobCheck>({
  storageKey,
  check,
  intervalMs = JOB_POLL_INTERVAL_MS,
  download = (url) => downloadFile(url),
  resume = true,
}: JobPollingOptions<C>): JobPolling {
  const [state, setState] = useState<JobState>({ phase: 'idle' });
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const controller = useRef<AbortController | null>(null);
  const alive = useRef(true);
  // The latest functions, so a poll that was scheduled earlier uses them.
  const latest = useRef({ check, download, intervalMs, storageKey });
  latest.current = { check, download, intervalMs, storageKey };

  const set = useCallback((next: JobState) => {
    if (alive.current) setState(next);
  }, []);

  const stop = useCallback(() => {
    clearTimeout(timer.current);
    timer.current = undefined;
    controller.current?.abort();
    controller.current = null;
  }, []);

  const settle = useCallback(
    async (jobId: string, result: C, again: () => void) => {
      const { storageKey: key } = latest.current;
      if (result.status === EXPORT_STATUS.inProgress) {
        if (result.progress) set({ phase: 'polling', jobId, progress: result.progress });
        again();
        return;
      }
      removeStored(key, jobId);
      if (result.status === EXPORT_STATUS.failed) {
        set({ phase: 'failed', jobId, message: i18n.t('exportJob.failed') });
        return;
      }
      if (result.status === EXPORT_STATUS.tooLarge) {
        set({ phase: 'failed', jobId, message: i18n.t('exportJob.tooLarge') });
        return;
      }
      if (!result.url) {
        set({ phase: 'done', jobId, fileName: result.file_name, downloaded: false, message: result.message });
        return;
      }
      set({ phase: 'downloading', jobId, fileName: result.file_name });
      try {
        const saved = await latest.current.download(result.url, result);
        set({ phase: 'done', jobId, fileName: saved || result.file_name, downloaded: true });
      } catch (error) {
        set({ phase: 'failed', jobId, message: jobErrorMessage(error) });
      }
    },
    [set],
  );

  const poll = useCallback(
    (jobId: string, delay: number) => {
      stop();
      timer.current = setTimeout(() => {
        timer.current = undefined;
        const current = new AbortController();
        controller.current = current;
        const again = () => {
          if (alive.current && controller.current === current) poll(jobId, latest.current.intervalMs);
        };
        latest.current.check(jobId, current.signal).then(
          (result) => {
            if (current.signal.aborted) return;
            void settle(jobId, result, again);
          },
          (error: unknown) => {
            if (current.signal.aborted) return;
            if (error instanceof ApiError && JOB_RETRY_STATUSES.has(error.status)) {
              again();
              return;
            }
            removeStored(latest.current.storageKey, jobId);
            set({ phase: 'failed', jobId, message: jobErrorMessage(error) });
          },
        );
      }, delay);
    },
    [set, settle, stop],
  );

  const start = useCallback(
    async (run: () => Promise<string | number>) => {
      stop();
      set({ phase: 'starting' });
      let jobId: string;
      try {
        jobId = String(await run());
      } catch (error) {
        set({ phase: 'failed', message: jobErrorMessage(error) });
        return;
      }
      store(latest.current.storageKey, jobId);
      set({ phase: 'polling', jobId });
      poll(jobId, latest.current.intervalMs);
    },
    [poll, set, stop],
  );

  const follow = useCallback(
    (jobId: string | number) => {
      set({ phase: 'polling', jobId: String(jobId) });
      poll(String(jobId), 0);
    },
    [poll, set],
  );

  const reset = useCallback(() => {
    stop();
    set({ phase: 'idle' });
  }, [set, stop]);

  useEffect(() => {
    alive.current = true;
    if (resume) {
      const stored = readStorage(latest.current.storageKey);
      if (stored) {
        setState({ phase: 'polling', jobId: stored });
        poll(stored, 0);
      }
    }
    return () => {
      alive.current = false;
      stop();
    };
    // Once per mount: a stored job is picked up when the page opens.
  }, []);

  const busy = state.phase === 'starting' || state.phase === 'polling' || state.phase === 'downloading';
  return { state, busy, start, follow, reset };
}
