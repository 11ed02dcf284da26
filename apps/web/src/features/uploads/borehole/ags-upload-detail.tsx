import type { TUpload } from '@strata/shared';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useTranslation } from 'react-i18next';
import { DetailList } from '../../../components/detail-list';
import { LoadError, Loading } from '../../../components/query-states';
import { Section } from '../../../components/section';
import { useUpload } from '../api';
import { isWorking, uploadDetails, UploadProgress, UploadStateAlerts, useUploadDecision } from '../shared/upload-state';
import { AgsReportView } from './ags-report-view';
import { BOREHOLE_LIST_PATH, useAgsReport } from './api';

/**
 * One AGS upload (`/upload/borehole?upload=<id>`): its progress while the file is checked (asked again every 1.5 s),
 * then the checker's report, and Approve / Reject for holders of Approve Upload (approving loads the boreholes).
 */
export function AgsUploadDetail({ uploadId, onClose }: { uploadId: number; onClose: () => void }) {
  const { t } = useTranslation();
  const query = useUpload(uploadId);
  if (query.isPending) return <Loading />;
  if (query.isError) return <LoadError error={query.error} onRetry={() => void query.refetch()} notFound={t('uploadPages.upload.notFound')} />;
  return <AgsUpload upload={query.data} onClose={onClose} />;
}

function AgsUpload({ upload, onClose }: { upload: TUpload; onClose: () => void }) {
  const { t } = useTranslation();
  const report = useAgsReport(upload.upload_id, upload.status);
  const boreholes = report.data?.boreholes.length ?? upload.rows_valid;
  const decision = useUploadDecision(upload, {
    approveTitle: t('boreholes.upload.approveTitle'),
    approvePrompt: t('boreholes.upload.approvePrompt', { count: boreholes, file: upload.file_name }),
    approved: t('boreholes.upload.approved'),
  });

  return (
    <Section
      title={upload.file_name}
      action={
        <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
          {decision}
          <Button onClick={onClose}>{t('boreholes.upload.close')}</Button>
        </Box>
      }
    >
      <Stack spacing={2}>
        <UploadProgress
          upload={upload}
          validatingText={t('boreholes.upload.validating', { progress: upload.progress })}
          loadingText={t('uploadPages.upload.loading', { progress: upload.progress })}
        />
        <UploadStateAlerts
          upload={upload}
          texts={{
            done: t('boreholes.upload.done', { count: upload.rows_loaded }),
            doneLink: { to: BOREHOLE_LIST_PATH, text: t('boreholes.upload.openList') },
            validatedApprover: t('boreholes.upload.validatedApprover'),
            invalid: t('boreholes.upload.invalid'),
          }}
        />
        <DetailList items={uploadDetails(upload, t)} />
        {report.isPending && !isWorking(upload) && report.fetchStatus !== 'idle' && <Loading />}
        {report.isError && <LoadError error={report.error} onRetry={() => void report.refetch()} />}
        {report.data && <AgsReportView report={report.data} />}
      </Stack>
    </Section>
  );
}
