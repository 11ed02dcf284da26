import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { formatBytes, type TUpload, type TUploadRowError } from '@strata/shared';
import { formatDateTime } from '../../../lib/display-time';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { AppLink } from '../../../components/app-link';
import { DataTable, queryTableProps, type DataTableColumn, type TableQuery } from '../../../components/data-table';
import { DetailList } from '../../../components/detail-list';
import { AppAlert, useDialog, useToast } from '../../../components/feedback';
import { LoadError, Loading } from '../../../components/query-states';
import { Section } from '../../../components/section';
import { ApiError } from '../../../lib/api-client';
import { translateMessage } from '../../../lib/i18n';
import { idOrUndefined } from '../../../lib/page-nav';
import { useCan } from '../../../lib/use-can';
import { SETTLED_STATUSES, useApproveUpload, useRejectUpload, useUpload, useUploadReport, useUploadsLive } from '../api';
import { UploadStatusChip } from './status-chip';

const REPORT_PAGE_SIZE = 25;

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

function errorText(error: unknown, fallback: string): string {
  if (error instanceof ApiError) {
    if (typeof error.body === 'string' && error.body.trim() !== '') return translateMessage(error.body);
    return error.message;
  }
  return fallback;
}

/** The per-row validation report, a page at a time. */
function ReportTable({ upload }: { upload: TUpload }) {
  const { t } = useTranslation();
  const [page, setPage] = useState<TableQuery>({ page: 1, pageSize: REPORT_PAGE_SIZE, sort: null });
  const query = useUploadReport(upload.upload_id, { limit: page.pageSize, skip: (page.page - 1) * page.pageSize }, upload.status);
  const columns: DataTableColumn<TUploadRowError>[] = [
    { id: 'row', label: t('uploadPages.report.row'), align: 'right', render: (error) => (error.row === 0 ? t('uploadPages.report.wholeFile') : error.row) },
    { id: 'field', label: t('uploadPages.report.column'), noWrap: true },
    { id: 'message', label: t('uploadPages.report.message'), minWidth: 220, render: (error) => translateMessage(error.message) },
    {
      id: 'instrument_id',
      label: t('uploadPages.report.instrument'),
      noWrap: true,
      // The instrument the row names, when it is one of the uploader's: its detail in the work space.
      render: (error) =>
        error.instrument_id === null ? (
          ''
        ) : (
          <AppLink to={`/dashboard/search/instrument/${error.instrument_id}`} aria-label={t('uploadPages.report.openInstrumentOfRow', { row: error.row })}>
            {t('uploadPages.report.openInstrument')}
          </AppLink>
        ),
    },
  ];
  const capped = query.data?.capped === true;
  return (
    <Section title={t('uploadPages.report.title')} subheader={t('uploadPages.report.subtitle', { count: upload.errors_total })}>
      {capped && <AppAlert type="warning" message={t('uploadPages.report.capped', { kept: query.data?.total_records ?? 0 })} sx={{ mb: 2 }} />}
      <DataTable
        label={t('uploadPages.report.label')}
        columns={columns}
        {...queryTableProps(query)}
        page={page.page}
        pageSize={page.pageSize}
        onChange={setPage}
        getRowId={(error) => `${error.row}-${error.field}-${error.message}`}
        emptyText={t('uploadPages.report.empty')}
      />
    </Section>
  );
}

/**
 * `/upload/instrument/:id`: one readings upload — its progress while it is validated or loaded (asked again every
 * 1.5 s), the counts, the per-row report, and Approve / Reject for holders of Approve Upload.
 */
export function UploadPage() {
  const { t } = useTranslation();
  const id = idOrUndefined(useParams().id);
  const query = useUpload(id);
  useUploadsLive();
  const canApprove = useCan('ApproveUpload');
  const approve = useApproveUpload();
  const reject = useRejectUpload();
  const confirm = useDialog();
  const toast = useToast();

  if (id === undefined) return <AppAlert type="error" message={t('uploadPages.upload.notFound')} />;
  if (query.isPending) return <Loading />;
  if (query.isError) return <LoadError error={query.error} onRetry={() => void query.refetch()} notFound={t('uploadPages.upload.notFound')} />;
  const upload = query.data;
  const working = !SETTLED_STATUSES.has(upload.status);
  const busy = approve.isPending || reject.isPending;

  const onApprove = async () => {
    const ok = await confirm({
      title: t('uploadPages.upload.approveTitle'),
      prompt: t('uploadPages.upload.approvePrompt', { count: upload.rows_valid, file: upload.file_name }),
      positive: t('uploadPages.upload.approve'),
      negative: t('uploadPages.common.cancel'),
    });
    if (!ok) return;
    approve.mutate(upload.upload_id, {
      onSuccess: () => toast({ color: 'success', message: t('uploadPages.upload.approved') }),
      onError: (error) => toast({ color: 'error', message: errorText(error, t('uploadPages.upload.actionFailed')) }),
    });
  };
  const onReject = async () => {
    const ok = await confirm({
      title: t('uploadPages.upload.rejectTitle'),
      prompt: t('uploadPages.upload.rejectPrompt', { file: upload.file_name }),
      positive: t('uploadPages.upload.reject'),
      negative: t('uploadPages.common.cancel'),
    });
    if (!ok) return;
    reject.mutate(upload.upload_id, {
      onSuccess: () => toast({ color: 'success', message: t('uploadPages.upload.rejected') }),
      onError: (error) => toast({ color: 'error', message: errorText(error, t('uploadPages.upload.actionFailed')) }),
    });
  };

  const mayApprove = canApprove && (upload.status === 'validated' || upload.status === 'failed') && upload.rows_valid > 0;
  const mayReject = canApprove && ['validated', 'invalid', 'failed'].includes(upload.status);
  const contracts = upload.contract_nos.length > 0 ? upload.contract_nos.join(', ') : '—';
  const details = [
    { label: t('uploadPages.upload.file'), value: `${upload.file_name} (${formatBytes(upload.size)})` },
    { label: t('uploadPages.upload.status'), value: <UploadStatusChip status={upload.status} /> },
    { label: t('uploadPages.history.contract'), value: contracts },
    { label: t('uploadPages.history.uploadedBy'), value: `${upload.uploaded_by_name ?? '—'} · ${formatDateTime(upload.created)}` },
    ...(upload.format
      ? [
          {
            label: t('uploadPages.upload.format'),
            value: `${upload.format.toUpperCase()}${upload.layout ? ` · ${t(`uploadPages.dialog.layout.${upload.layout === 'wide' ? 'wide' : 'long'}`)}` : ''}`,
          },
        ]
      : []),
    ...(upload.first_taken_at && upload.last_taken_at
      ? [{ label: t('uploadPages.upload.period'), value: `${formatDateTime(upload.first_taken_at)} – ${formatDateTime(upload.last_taken_at)}` }]
      : []),
    ...(upload.approved_by_name && upload.approved
      ? [{ label: t('uploadPages.upload.approvedBy'), value: `${upload.approved_by_name} · ${formatDateTime(upload.approved)}` }]
      : []),
    ...(upload.rejected_by_name && upload.rejected
      ? [{ label: t('uploadPages.upload.rejectedBy'), value: `${upload.rejected_by_name} · ${formatDateTime(upload.rejected)}` }]
      : []),
  ];

  return (
    <Stack spacing={2}>
      <Section
        title={t('uploadPages.upload.title')}
        action={
          (mayApprove || mayReject) && (
            <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
              {mayReject && (
                <Button color="error" variant="outlined" onClick={() => void onReject()} disabled={busy}>
                  {t('uploadPages.upload.reject')}
                </Button>
              )}
              {mayApprove && (
                <Button variant="contained" onClick={() => void onApprove()} disabled={busy}>
                  {t('uploadPages.upload.approve')}
                </Button>
              )}
            </Box>
          )
        }
      >
        <Stack spacing={2}>
          {working && (
            <Box role="status" aria-live="polite">
              <Typography variant="body2" gutterBottom>
                {t(upload.status === 'approved' || upload.status === 'loading' ? 'uploadPages.upload.loading' : 'uploadPages.upload.validating', {
                  progress: upload.progress,
                })}
              </Typography>
              <LinearProgress variant="determinate" value={upload.progress} aria-label={t('uploadPages.upload.progress')} />
            </Box>
          )}
          {upload.status === 'done' && (
            <AppAlert
              type="success"
              message={t('uploadPages.upload.done', { count: upload.rows_loaded })}
              action={
                <AppLink to="/dashboard" color="inherit" sx={{ fontWeight: 600, alignSelf: 'center', px: 1 }}>
                  {t('uploadPages.upload.openWorkspace')}
                </AppLink>
              }
            />
          )}
          {upload.status === 'validated' && (
            <AppAlert type="info" message={canApprove ? t('uploadPages.upload.validatedApprover') : t('uploadPages.upload.validatedWaiting')} />
          )}
          {upload.status === 'invalid' && <AppAlert type="warning" message={t('uploadPages.upload.invalid')} />}
          {upload.status === 'rejected' && <AppAlert type="info" message={t('uploadPages.upload.rejectedText')} />}
          {upload.error && <AppAlert type={upload.status === 'failed' ? 'error' : 'warning'} message={translateMessage(upload.error)} />}
          <DetailList items={details} />
          <Box
            aria-label={t('uploadPages.upload.counts')}
            role="group"
            sx={{ display: 'grid', gap: 1.5, gridTemplateColumns: { xs: 'repeat(2, minmax(0, 1fr))', md: 'repeat(4, minmax(0, 1fr))' } }}
          >
            <Count label={t('uploadPages.upload.rowsTotal')} value={upload.rows_total} />
            <Count label={t('uploadPages.upload.rowsValid')} value={upload.rows_valid} color="success.main" />
            <Count label={t('uploadPages.upload.rowsInvalid')} value={upload.rows_invalid} color={upload.rows_invalid > 0 ? 'error.main' : undefined} />
            <Count label={t('uploadPages.upload.rowsLoaded')} value={upload.rows_loaded} />
          </Box>
        </Stack>
      </Section>
      {upload.status !== 'received' && upload.status !== 'validating' && <ReportTable upload={upload} />}
    </Stack>
  );
}
