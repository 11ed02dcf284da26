import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { formatBytes } from '@strata/shared';
import { useTranslation } from 'react-i18next';
import { AppLink } from '../../../components/app-link';
import { DetailList } from '../../../components/detail-list';
import { AppAlert, useDialog, useToast } from '../../../components/feedback';
import { LoadError, Loading } from '../../../components/query-states';
import { Section } from '../../../components/section';
import { ApiError } from '../../../lib/api-client';
import { formatDateTime } from '../../../lib/display-time';
import { translateMessage } from '../../../lib/i18n';
import { useCan } from '../../../lib/use-can';
import { SETTLED_STATUSES, useApproveUpload, useRejectUpload, useUpload } from '../api';
import { UploadStatusChip } from '../instrument/status-chip';
import { BOREHOLE_LIST_PATH, useAgsReport } from './api';

import { AgsReportView } from './ags-report-view';

function errorText(error: unknown, fallback: string): string {
  if (error instanceof ApiError) return typeof error.body === 'string' && error.body.trim() !== '' ? translateMessage(error.body) : error.message;
  return fallback;
}

/**
 * One AGS upload (`/upload/borehole?upload=<id>`): its progress while the file is checked (asked again every 1.5 s),
 * then the checker's report, and Approve / Reject for holders of Approve Upload (approving loads the boreholes).
 */
export function AgsUploadDetail({ uploadId, onClose }: { uploadId: number; onClose: () => void }) {
  const { t } = useTranslation();
  const query = useUpload(uploadId);
  const report = useAgsReport(uploadId, query.data?.status);
  const canApprove = useCan('ApproveUpload');
  const approve = useApproveUpload();
  const reject = useRejectUpload();
  const confirm = useDialog();
  const toast = useToast();

  if (query.isPending) return <Loading />;
  if (query.isError) return <LoadError error={query.error} onRetry={() => void query.refetch()} notFound={t('uploadPages.upload.notFound')} />;
  const upload = query.data;
  const working = !SETTLED_STATUSES.has(upload.status);
  const busy = approve.isPending || reject.isPending;
  const boreholes = report.data?.boreholes.length ?? upload.rows_valid;

  const act = async (action: 'approve' | 'reject') => {
    const ok = await confirm({
      title: t(action === 'approve' ? 'boreholes.upload.approveTitle' : 'uploadPages.upload.rejectTitle'),
      prompt:
        action === 'approve'
          ? t('boreholes.upload.approvePrompt', { count: boreholes, file: upload.file_name })
          : t('uploadPages.upload.rejectPrompt', { file: upload.file_name }),
      positive: t(action === 'approve' ? 'uploadPages.upload.approve' : 'uploadPages.upload.reject'),
      negative: t('uploadPages.common.cancel'),
    });
    if (!ok) return;
    (action === 'approve' ? approve : reject).mutate(upload.upload_id, {
      onSuccess: () => toast({ color: 'success', message: t(action === 'approve' ? 'uploadPages.upload.approved' : 'uploadPages.upload.rejected') }),
      onError: (error) => toast({ color: 'error', message: errorText(error, t('uploadPages.upload.actionFailed')) }),
    });
  };
  const mayApprove = canApprove && (upload.status === 'validated' || upload.status === 'failed') && upload.rows_valid > 0;
  const mayReject = canApprove && ['validated', 'invalid', 'failed'].includes(upload.status);

  return (
    <Section
      title={upload.file_name}
      action={
        <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
          {mayReject && (
            <Button color="error" variant="outlined" onClick={() => void act('reject')} disabled={busy}>
              {t('uploadPages.upload.reject')}
            </Button>
          )}
          {mayApprove && (
            <Button variant="contained" onClick={() => void act('approve')} disabled={busy}>
              {t('uploadPages.upload.approve')}
            </Button>
          )}
          <Button onClick={onClose}>{t('boreholes.upload.close')}</Button>
        </Box>
      }
    >
      <Stack spacing={2}>
        {working && (
          <Box role="status" aria-live="polite">
            <Typography variant="body2" gutterBottom>
              {t(upload.status === 'approved' || upload.status === 'loading' ? 'uploadPages.upload.loading' : 'boreholes.upload.validating', {
                progress: upload.progress,
              })}
            </Typography>
            <LinearProgress variant="determinate" value={upload.progress} aria-label={t('uploadPages.upload.progress')} />
          </Box>
        )}
        {upload.status === 'done' && (
          <AppAlert
            type="success"
            message={t('boreholes.upload.done', { count: upload.rows_loaded })}
            action={
              <AppLink to={BOREHOLE_LIST_PATH} color="inherit" sx={{ fontWeight: 600, alignSelf: 'center', px: 1 }}>
                {t('boreholes.upload.openList')}
              </AppLink>
            }
          />
        )}
        {upload.status === 'validated' && (
          <AppAlert type="info" message={canApprove ? t('boreholes.upload.validatedApprover') : t('uploadPages.upload.validatedWaiting')} />
        )}
        {upload.status === 'invalid' && <AppAlert type="warning" message={t('boreholes.upload.invalid')} />}
        {upload.status === 'rejected' && <AppAlert type="info" message={t('uploadPages.upload.rejectedText')} />}
        {upload.error && <AppAlert type={upload.status === 'failed' ? 'error' : 'warning'} message={translateMessage(upload.error)} />}
        <DetailList
          items={[
            { label: t('uploadPages.upload.file'), value: `${upload.file_name} (${formatBytes(upload.size)})` },
            { label: t('uploadPages.upload.status'), value: <UploadStatusChip status={upload.status} /> },
            { label: t('uploadPages.history.contract'), value: upload.contract_nos.length > 0 ? upload.contract_nos.join(', ') : '-' },
            { label: t('uploadPages.history.uploadedBy'), value: `${upload.uploaded_by_name ?? '-'} · ${formatDateTime(upload.created)}` },
          ]}
        />
        {report.isPending && !working && report.fetchStatus !== 'idle' && <Loading />}
        {report.isError && <LoadError error={report.error} onRetry={() => void report.refetch()} />}
        {report.data && <AgsReportView report={report.data} />}
      </Stack>
    </Section>
  );
}
