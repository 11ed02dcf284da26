import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import type { TUpload } from '@strata/shared';
import { useTranslation } from 'react-i18next';
import { DetailList } from '../../../components/detail-list';
import { LoadError, Loading } from '../../../components/query-states';
import { Section } from '../../../components/section';
import { useUpload } from '../api';
import { RowReport } from '../shared/row-report';
import { decisionDetails, uploadDetails, UploadCounts, UploadProgress, UploadStateAlerts, useUploadDecision } from '../shared/upload-state';
import { CONSTRUCTION_UPLOADS, type ConstructionUploadType } from './records';

/**
 * One sheet upload (`/upload/{excavation|tunnel|qpd|instrument-plan}?upload=<id>`, the link of its notifications): its progress
 * while the rows are checked or written (asked again every 1.5 s, and at once on the live `uploads` event), the
 * counts, the per-row findings, and Approve / Reject for holders of Approve Upload (approving writes the valid rows).
 */
export function ConstructionUploadDetail({ type, uploadId, onClose }: { type: ConstructionUploadType; uploadId: number; onClose: () => void }) {
  const { t } = useTranslation();
  const query = useUpload(uploadId);
  if (query.isPending) return <Loading />;
  if (query.isError) return <LoadError error={query.error} onRetry={() => void query.refetch()} notFound={t('uploadPages.upload.notFound')} />;
  return <ConstructionUpload type={type} upload={query.data} onClose={onClose} />;
}

function ConstructionUpload({ type, upload, onClose }: { type: ConstructionUploadType; upload: TUpload; onClose: () => void }) {
  const { t } = useTranslation();
  const decision = useUploadDecision(upload, {
    approveTitle: t('uploadPages.upload.approveTitle'),
    approvePrompt: t('constructionUploads.upload.approvePrompt', { count: upload.rows_valid, file: upload.file_name }),
    approved: t('constructionUploads.upload.approved'),
  });
  return (
    <Stack spacing={2}>
      <Section
        title={upload.file_name}
        action={
          <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
            {decision}
            <Button onClick={onClose}>{t('constructionUploads.upload.close')}</Button>
          </Box>
        }
      >
        <Stack spacing={2}>
          <UploadProgress
            upload={upload}
            validatingText={t('constructionUploads.upload.validating', { progress: upload.progress })}
            loadingText={t('constructionUploads.upload.loading', { progress: upload.progress })}
          />
          <UploadStateAlerts
            upload={upload}
            texts={{
              done: t('constructionUploads.upload.done', { count: upload.rows_loaded }),
              doneLink: { to: CONSTRUCTION_UPLOADS[type].listPath, text: t(`constructionUploads.upload.open.${CONSTRUCTION_UPLOADS[type].key}`) },
              validatedApprover: t('constructionUploads.upload.validatedApprover'),
              invalid: t('constructionUploads.upload.invalid'),
            }}
          />
          <DetailList items={[...uploadDetails(upload, t), ...decisionDetails(upload, t)]} />
          <UploadCounts upload={upload} label={t('constructionUploads.upload.counts')} totalLabel={t('constructionUploads.upload.rowsTotal')} />
        </Stack>
      </Section>
      <RowReport
        upload={upload}
        texts={{
          title: t('constructionUploads.report.title'),
          subtitle: t('constructionUploads.report.subtitle', { count: upload.errors_total }),
          empty: t('constructionUploads.report.empty'),
          message: t('constructionUploads.report.message'),
        }}
      />
    </Stack>
  );
}
