import { reportTypeInfo, STORAGE_KEYS, type TReportCheck, type TReportParamsInput } from '@strata/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { ReportDialogFile } from '../components/report-dialog';
import { useToast } from '../components/feedback';
import { downloadFile } from './download';
import { i18n } from './i18n';
import { JOB_POLL_INTERVAL_MS, jobErrorMessage, useJobPolling, type JobPolling } from './job-polling';
import { checkReport, createReport, REPORTS_QUERY_KEY } from './report-requests';

/** A background report's busy indicator is cleared this long after the answer (spec §4). */
export const BACKGROUND_CLEAR_MS = 1000;

export interface ReportJobOptions {
  /** How often a running report is checked (default every 2 s). */
  intervalMs?: number;
  /** Pick up a report left running (a reload) when mounted. Default true. */
  resume?: boolean;
  /** PDF: open it in the dialog rather than save it (default true; false saves every format). */
  openPdf?: boolean;
}

export interface ReportJob extends JobPolling {
  /** Generating: waiting for the server, polling, saving, or a background report's first second. */
  busy: boolean;
  /** A background report was accepted (its toast shown); cleared with the busy indicator. */
  backgroundAccepted: boolean;
  /** The PDF shown in the report dialog (null when closed) and the last one opened (to open it again). */
  viewer: ReportDialogFile | null;
  lastViewed: ReportDialogFile | null;
  closeViewer: () => void;
  reopenViewer: () => void;
  /**
   * POST /reports/{type}?tzo=… then (not in background) poll its check until the file opens or downloads;
   * `save` true saves a PDF rather than opening it.
   */
  generate: (type: string, params: TReportParamsInput, options?: { save?: boolean }) => Promise<void>;
  /** A failed background request (the POST refused): the message. */
  startError: string | null;
}

/** The dialog's title: the report type's name (the file name when the type is not known here). */
function titleOf(check: TReportCheck): string {
  return reportTypeInfo(check.type)?.name ?? check.file_name ?? check.type;
}

/**
 * Report generation (spec §4, §8) on `useJobPolling`: the report's id is kept under `report_id`, its check polled
 * (a 504 is asked again) with its progress; status 2 opens a PDF in the report dialog and downloads any other file,
 * status 3 and 4 give the spec's messages. A background report does not wait: the answer's toast, then the busy
 * indicator is cleared after 1 s, and the server's notification (its link `/reporting/report/{id}`) follows.
 */
export function useReportJob({ intervalMs = JOB_POLL_INTERVAL_MS, resume = true, openPdf = true }: ReportJobOptions = {}): ReportJob {
  const toast = useToast();
  const client = useQueryClient();
  const [viewed, setViewed] = useState<ReportDialogFile | null>(null);
  const [viewerOpen, setViewerOpen] = useState(false);
  const save = useRef(!openPdf);
  const [background, setBackground] = useState<'idle' | 'sending' | 'accepted'>('idle');
  const [startError, setStartError] = useState<string | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const job = useJobPolling<TReportCheck>({
    storageKey: STORAGE_KEYS.reportId,
    check: checkReport,
    intervalMs,
    resume,
    download: async (url, check) => {
      if (!save.current && check.output === 'pdf') {
        setViewed({ url, title: titleOf(check), fileName: check.file_name });
        setViewerOpen(true);
        return check.file_name;
      }
      return downloadFile(url, { fileName: check.file_name });
    },
  });

  // A report that ended changes the lists of generated reports.
  const settled = job.state.phase === 'done' || job.state.phase === 'failed';
  useEffect(() => {
    if (settled) void client.invalidateQueries({ queryKey: REPORTS_QUERY_KEY });
  }, [settled, client]);

  const { start, reset } = job;
  const generate = useCallback(
    async (type: string, params: TReportParamsInput, options: { save?: boolean } = {}) => {
      save.current = options.save ?? !openPdf;
      setStartError(null);
      clearTimeout(timer.current);
      if (!params.background) {
        setBackground('idle');
        await start(async () => (await createReport(type, params)).report_id);
        return;
      }
      reset();
      setBackground('sending');
      try {
        await createReport(type, params);
        // The spec's text (§8), in the reader's language.
        toast({ color: 'success', message: i18n.t('reporting.background') });
        setBackground('accepted');
        void client.invalidateQueries({ queryKey: REPORTS_QUERY_KEY });
        timer.current = setTimeout(() => setBackground('idle'), BACKGROUND_CLEAR_MS);
      } catch (error) {
        setBackground('idle');
        setStartError(jobErrorMessage(error));
      }
    },
    [start, reset, toast, client, openPdf],
  );

  return {
    ...job,
    busy: job.busy || background !== 'idle',
    backgroundAccepted: background === 'accepted',
    viewer: viewerOpen ? viewed : null,
    lastViewed: viewed,
    closeViewer: () => setViewerOpen(false),
    reopenViewer: () => setViewerOpen(viewed !== null),
    generate,
    startError,
  };
}
