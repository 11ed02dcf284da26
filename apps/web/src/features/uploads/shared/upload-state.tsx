import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { formatBytes, type TUpload } from '@strata/shared';
import type { TFunction } from 'i18next';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { AppLink } from '../../../components/app-link';
import type { DetailItem } from '../../../components/detail-list';
import { AppAlert, useDialog, useToast } from '../../../components/feedback';
import { ApiError } from '../../../lib/api-client';
import { formatDateTime } from '../../../lib/display-time';
import { translateMessage } from '../../../lib/i18n';
import { useCan } from '../../../lib/use-can';
import { SETTLED_STATUSES, useApproveUpload, useRejectUpload } from '../api';
import { UploadStatusChip } from './status-chip';

/**
 * The pieces every upload type's page shows of one upload (readings, AGS, construction activity): its progress while
 * the pipeline works, the state's message, the details, the counts, and Approve / Reject for holders of Approve Upload.
 */

/** What to tell the user about a refused approve or reject: the server's words (translated when known). */
export function uploadErrorText(error: unknown, fallback: string): string {
  if (error instanceof ApiError) return typeof error.body === 'string' && error.body.trim() !== '' ? translateMessage(error.body) : error.message;
  return fallback;
}

/** True while the pipeline works on the upload (received, validating, approved, loading). */
export const isWorking = (upload: TUpload) => !SETTLED_STATUSES.has(upload.status);

export interface UploadDecisionTexts {
  approveTitle: string;
  /** The approve confirmation's question (what approving loads). */
  approvePrompt: string;
  /** The toast once approved: what is being loaded now (readings, boreholes, rows). */
  approved: string;
}

/**
 * Approve (a validated upload with valid rows, or a failed load to retry) and Reject (validated, invalid or failed),
 * each after a confirmation, for holders of Approve Upload; null when neither applies.
 */
export function useUploadDecision(upload: TUpload, texts: UploadDecisionTexts): ReactNode {
  const { t } = useTranslation();
  const canApprove = useCan('ApproveUpload');
  const approve = useApproveUpload();
  const reject = useRejectUpload();
  const confirm = useDialog();
  const toast = useToast();
  const busy = approve.isPending || reject.isPending;
  const mayApprove = canApprove && (upload.status === 'validated' || upload.status === 'failed') && upload.rows_valid > 0;
  const mayReject = canApprove && ['validated', 'invalid', 'failed'].includes(upload.status);
  if (!mayApprove && !mayReject) return null;

  const act = async (action: 'approve' | 'reject') => {
    const ok = await confirm({
      title: action === 'approve' ? texts.approveTitle : t('uploadPages.upload.rejectTitle'),
      prompt: action === 'approve' ? texts.approvePrompt : t('uploadPages.upload.rejectPrompt', { file: upload.file_name }),
      positive: t(action === 'approve' ? 'uploadPages.upload.approve' : 'uploadPages.upload.reject'),
      negative: t('uploadPages.common.cancel'),
    });
    if (!ok) return;
    (action === 'approve' ? approve : reject).mutate(upload.upload_id, {
      onSuccess: () => toast({ color: 'success', message: action === 'approve' ? texts.approved : t('uploadPages.upload.rejected') }),
      onError: (error) => toast({ color: 'error', message: uploadErrorText(error, t('uploadPages.upload.actionFailed')) }),
    });
  };
  return (
    <>
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
    </>
  );
}

/** The pipeline's progress while it validates or loads the file (a live region: it is read out as it moves). */
export function UploadProgress({ upload, validatingText, loadingText }: { upload: TUpload; validatingText: string; loadingText: string }) {
  const { t } = useTranslation();
  if (!isWorking(upload)) return null;
  return (
    <Box role="status" aria-live="polite">
      <Typography variant="body2" gutterBottom>
        {upload.status === 'approved' || upload.status === 'loading' ? loadingText : validatingText}
      </Typography>
      <LinearProgress variant="determinate" value={upload.progress} aria-label={t('uploadPages.upload.progress')} />
    </Box>
  );
}

export interface UploadStateTexts {
  /** Done: what was loaded, and where to see it. */
  done: string;
  doneLink: { to: string; text: string };
  /** Validated, to a holder of Approve Upload. */
  validatedApprover: string;
  invalid: string;
}

/** The message of the upload's state: done (with a link to the data), validated, invalid, rejected, its error. */
export function UploadStateAlerts({ upload, texts }: { upload: TUpload; texts: UploadStateTexts }) {
  const { t } = useTranslation();
  const canApprove = useCan('ApproveUpload');
  return (
    <>
      {upload.status === 'done' && (
        <AppAlert
          type="success"
          message={texts.done}
          action={
            <AppLink to={texts.doneLink.to} color="inherit" sx={{ fontWeight: 600, alignSelf: 'center', px: 1 }}>
              {texts.doneLink.text}
            </AppLink>
          }
        />
      )}
      {upload.status === 'validated' && <AppAlert type="info" message={canApprove ? texts.validatedApprover : t('uploadPages.upload.validatedWaiting')} />}
      {upload.status === 'invalid' && <AppAlert type="warning" message={texts.invalid} />}
      {upload.status === 'rejected' && <AppAlert type="info" message={t('uploadPages.upload.rejectedText')} />}
      {upload.error && <AppAlert type={upload.status === 'failed' ? 'error' : 'warning'} message={translateMessage(upload.error)} />}
    </>
  );
}

/** The details of any upload: file and size, status, contracts, who uploaded it and when. */
export function uploadDetails(upload: TUpload, t: TFunction): DetailItem[] {
  return [
    { label: t('uploadPages.upload.file'), value: `${upload.file_name} (${formatBytes(upload.size)})` },
    { label: t('uploadPages.upload.status'), value: <UploadStatusChip status={upload.status} /> },
    { label: t('uploadPages.history.contract'), value: upload.contract_nos.length > 0 ? upload.contract_nos.join(', ') : '—' },
    { label: t('uploadPages.history.uploadedBy'), value: `${upload.uploaded_by_name ?? '—'} · ${formatDateTime(upload.created)}` },
  ];
}

/** Who approved or rejected the upload, and when (nothing before either). */
export function decisionDetails(upload: TUpload, t: TFunction): DetailItem[] {
  return [
    ...(upload.approved_by_name && upload.approved
      ? [{ label: t('uploadPages.upload.approvedBy'), value: `${upload.approved_by_name} · ${formatDateTime(upload.approved)}` }]
      : []),
    ...(upload.rejected_by_name && upload.rejected
      ? [{ label: t('uploadPages.upload.rejectedBy'), value: `${upload.rejected_by_name} · ${formatDateTime(upload.rejected)}` }]
      : []),
  ];
}

function Count({ label, value, color }: { label: string; value: number; color?: string }) {
  return (
    <Paper variant="outlined" sx={{ p: 1.5, minWidth: 0 }}>
      <Typography variant="body2" color="text.secondary">
        {label}
      </Typography>
      <Typography variant="h5" component="p" sx={{ color }}>
        {value.toLocaleString()}
      </Typography>
    </Paper>
  );
}

/** The row counts of an upload: found, valid, invalid, loaded (the labels name what a row is for the type). */
export function UploadCounts({ upload, label, totalLabel }: { upload: TUpload; label: string; totalLabel: string }) {
  const { t } = useTranslation();
  return (
    <Box
      aria-label={label}
      role="group"
      sx={{ display: 'grid', gap: 1.5, gridTemplateColumns: { xs: 'repeat(2, minmax(0, 1fr))', md: 'repeat(4, minmax(0, 1fr))' } }}
    >
      <Count label={totalLabel} value={upload.rows_total} />
      <Count label={t('uploadPages.upload.rowsValid')} value={upload.rows_valid} color="success.main" />
      <Count label={t('uploadPages.upload.rowsInvalid')} value={upload.rows_invalid} color={upload.rows_invalid > 0 ? 'error.main' : undefined} />
      <Count label={t('uploadPages.upload.rowsLoaded')} value={upload.rows_loaded} />
    </Box>
  );
}
