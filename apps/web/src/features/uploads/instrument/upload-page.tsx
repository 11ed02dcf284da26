import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import type { TUpload, TUploadRowError } from '@strata/shared';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { AppLink } from '../../../components/app-link';
import { DetailList } from '../../../components/detail-list';
import { AppAlert } from '../../../components/feedback';
import { LoadError, Loading } from '../../../components/query-states';
import { Section } from '../../../components/section';
import { formatDateTime } from '../../../lib/display-time';
import { idOrUndefined } from '../../../lib/page-nav';
import { useUpload, useUploadsLive } from '../api';
import { RowReport } from '../shared/row-report';
import { decisionDetails, uploadDetails, UploadCounts, UploadProgress, UploadStateAlerts, useUploadDecision } from '../shared/upload-state';

/** The readings report links the instrument a row names, when it is one of the uploader's. */
function InstrumentLink({ error }: { error: TUploadRowError }) {
  const { t } = useTranslation();
  if (error.instrument_id === null) return '';
  return (
    <AppLink to={`/dashboard/search/instrument/${error.instrument_id}`} aria-label={t('uploadPages.report.openInstrumentOfRow', { row: error.row })}>
      {t('uploadPages.report.openInstrument')}
    </AppLink>
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

  if (id === undefined) return <AppAlert type="error" message={t('uploadPages.upload.notFound')} />;
  if (query.isPending) return <Loading />;
  if (query.isError) return <LoadError error={query.error} onRetry={() => void query.refetch()} notFound={t('uploadPages.upload.notFound')} />;
  return <ReadingsUpload upload={query.data} />;
}

function ReadingsUpload({ upload }: { upload: TUpload }) {
  const { t } = useTranslation();
  const decision = useUploadDecision(upload, {
    approveTitle: t('uploadPages.upload.approveTitle'),
    approvePrompt: t('uploadPages.upload.approvePrompt', { count: upload.rows_valid, file: upload.file_name }),
    approved: t('uploadPages.upload.approved'),
  });
  const [file, status, contract, uploadedBy] = uploadDetails(upload, t);
  const details = [
    file!,
    status!,
    contract!,
    uploadedBy!,
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
    ...decisionDetails(upload, t),
  ];

  return (
    <Stack spacing={2}>
      <Section title={t('uploadPages.upload.title')} action={decision && <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>{decision}</Box>}>
        <Stack spacing={2}>
          <UploadProgress
            upload={upload}
            validatingText={t('uploadPages.upload.validating', { progress: upload.progress })}
            loadingText={t('uploadPages.upload.loading', { progress: upload.progress })}
          />
          <UploadStateAlerts
            upload={upload}
            texts={{
              done: t('uploadPages.upload.done', { count: upload.rows_loaded }),
              doneLink: { to: '/dashboard', text: t('uploadPages.upload.openWorkspace') },
              validatedApprover: t('uploadPages.upload.validatedApprover'),
              invalid: t('uploadPages.upload.invalid'),
            }}
          />
          <DetailList items={details} />
          <UploadCounts upload={upload} label={t('uploadPages.upload.counts')} totalLabel={t('uploadPages.upload.rowsTotal')} />
        </Stack>
      </Section>
      <RowReport
        upload={upload}
        texts={{
          title: t('uploadPages.report.title'),
          subtitle: t('uploadPages.report.subtitle', { count: upload.errors_total }),
          empty: t('uploadPages.report.empty'),
        }}
        extraColumns={[{ id: 'instrument_id', label: t('uploadPages.report.instrument'), noWrap: true, render: (error) => <InstrumentLink error={error} /> }]}
      />
    </Stack>
  );
}
