import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { ReportJob } from '../../lib/report-job';
import { AppAlert } from '../feedback';

/** Where a report stands: a progress bar while it is made (section n of m), then its outcome. */
export function ReportJobStatus({ job }: { job: ReportJob }) {
  const { t } = useTranslation();
  const { state } = job;
  if (job.startError) return <AppAlert type="error" message={job.startError} />;
  if (job.backgroundAccepted || (job.busy && state.phase === 'idle')) {
    return (
      <Stack spacing={1} role="status" aria-live="polite">
        <LinearProgress aria-label={t('reporting.job.sending')} />
        <Typography variant="body2" color="text.secondary">
          {t(job.backgroundAccepted ? 'reporting.job.background' : 'reporting.job.sending')}
        </Typography>
      </Stack>
    );
  }
  if (state.phase === 'idle') return null;
  if (state.phase === 'failed') return <AppAlert type="error" message={state.message} onClose={job.reset} />;
  if (state.phase === 'done') {
    return (
      <AppAlert
        type="success"
        message={job.lastViewed ? t('reporting.job.opened', { file: state.fileName ?? '' }) : t('exportJob.downloaded', { file: state.fileName ?? '' })}
        onClose={job.reset}
        action={
          job.lastViewed && (
            <Button color="inherit" size="small" onClick={job.reopenViewer}>
              {t('reporting.job.openAgain')}
            </Button>
          )
        }
      />
    );
  }
  const progress = state.phase === 'polling' ? state.progress : undefined;
  const text =
    state.phase === 'starting'
      ? t('exportJob.starting')
      : state.phase === 'downloading'
        ? t('exportJob.downloading', { file: state.fileName ?? '' })
        : progress
          ? t('reporting.job.progress', { done: progress.done, total: progress.total, label: progress.label })
          : t('reporting.job.generating');
  const value = progress && progress.total > 0 ? Math.round((100 * progress.done) / progress.total) : undefined;
  return (
    <Stack spacing={1} role="status" aria-live="polite">
      <LinearProgress aria-label={text} variant={value === undefined ? 'indeterminate' : 'determinate'} value={value} />
      <Typography variant="body2" color="text.secondary">
        {text}
      </Typography>
    </Stack>
  );
}
