import FileDownload from '@mui/icons-material/FileDownload';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { AppAlert } from '../../../components/feedback';
import type { ExportJob } from '../../../lib/export-job';

export interface ExportButtonsProps {
  /** The export type (`audit-logs`, `users`, `roles`). */
  type: string;
  formats: readonly string[];
  /** The filters sent with the format. */
  body?: Record<string, unknown>;
  disabled?: boolean;
  /** A job ended (done or failed): e.g. refresh a list of generated files. */
  onSettled?: () => void;
  /** The page's export job (`useExportJob()`): one per page, so a job left running is picked up once. */
  job: ExportJob;
}

/** One button per format; while the file is made, a progress bar; then the outcome (spec §4 export pattern). */
export function ExportButtons({ type, formats, body = {}, disabled, onSettled, job }: ExportButtonsProps) {
  return (
    <Stack spacing={2}>
      <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
        {formats.map((format) => (
          <Button
            key={format}
            variant="contained"
            startIcon={<FileDownload />}
            disabled={disabled || job.busy}
            onClick={() => void job.run(type, { ...body, format })}
          >
            {format.toUpperCase()}
          </Button>
        ))}
      </Stack>
      <ExportJobStatus job={job} onSettled={onSettled} />
    </Stack>
  );
}

/** Where an export job stands: a progress bar while it runs, then the file it gave or why it failed. */
export function ExportJobStatus({ job, onSettled }: { job: ExportJob; onSettled?: () => void }) {
  const { t } = useTranslation();
  const { state } = job;
  const settled = state.phase === 'done' || state.phase === 'failed';
  const notified = useRef<unknown>(null);
  useEffect(() => {
    if (settled && notified.current !== state) {
      notified.current = state;
      onSettled?.();
    }
  }, [settled, state, onSettled]);

  if (state.phase === 'idle') return null;
  if (state.phase === 'failed') return <AppAlert type="error" message={state.message} onClose={job.reset} />;
  if (state.phase === 'done') {
    const file = state.fileName ?? '';
    return state.downloaded ? (
      <AppAlert type="success" message={t('exportJob.downloaded', { file })} onClose={job.reset} />
    ) : (
      <AppAlert type="info" message={state.message ?? t('exportJob.noDownload', { file })} onClose={job.reset} />
    );
  }
  const text =
    state.phase === 'starting'
      ? t('exportJob.starting')
      : state.phase === 'downloading'
        ? t('exportJob.downloading', { file: state.fileName ?? '' })
        : t('exportJob.generating');
  return (
    <Stack spacing={1} role="status" aria-live="polite">
      <LinearProgress aria-label={text} />
      <Typography variant="body2" color="text.secondary">
        {text}
      </Typography>
    </Stack>
  );
}
