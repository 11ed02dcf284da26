import Close from '@mui/icons-material/Close';
import PictureAsPdf from '@mui/icons-material/PictureAsPdf';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import {
  MONITORING_REPORT_ACTION_LABELS,
  MONITORING_REPORT_STATUS,
  type MonitoringReportAction,
  type MonitoringReportStatus,
  type TMonitoringReport,
} from '@strata/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DetailList } from '../../../../components/detail-list';
import { useToast } from '../../../../components/feedback';
import { LoadError, Loading } from '../../../../components/query-states';
import { ReportDialog, type ReportDialogFile } from '../../../../components/report-dialog';
import { ApiError } from '../../../../lib/api-client';
import { formatDateTime } from '../../../../lib/display-time';
import { errorText } from '../../../../lib/error-text';
import { draftAddress, fullMonitoringKeys, publishedAddress, runMonitoringReportAction, useMonitoringReport } from '../api';
import { periodText, reportLabel, StatusChip } from '../shared';
import { ActionDialog } from './action-dialog';

const statusLabel = (status: string) => MONITORING_REPORT_STATUS[status as MonitoringReportStatus] ?? status;

/** The approval steps: who did what, when, with their comment. */
function Steps({ report }: { report: TMonitoringReport }) {
  const { t } = useTranslation();
  if (report.steps.length === 0) return <Typography variant="body2">{t('fullMonitoring.detail.noSteps')}</Typography>;
  return (
    <Box component="ol" aria-label={t('fullMonitoring.detail.steps')} sx={{ m: 0, pl: 2.5, display: 'grid', gap: 1 }}>
      {report.steps.map((step, i) => (
        <li key={i}>
          <Typography variant="body2" sx={{ fontWeight: 600 }}>
            {MONITORING_REPORT_ACTION_LABELS[step.action]} · {step.user_name ?? t('fullMonitoring.detail.deletedUser')} · {formatDateTime(step.created)}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {statusLabel(step.from_status)} → {statusLabel(step.to_status)}
          </Typography>
          {step.comment && (
            <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap' }}>
              {step.comment}
            </Typography>
          )}
        </li>
      ))}
    </Box>
  );
}

/** The detail of one report: facts, steps, View draft, and the buttons of the steps the caller may take (`actions`). */
export function ReportDetail({ report }: { report: TMonitoringReport }) {
  const { t } = useTranslation();
  const toast = useToast();
  const client = useQueryClient();
  const [action, setAction] = useState<MonitoringReportAction | null>(null);
  const [busy, setBusy] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [viewer, setViewer] = useState<ReportDialogFile | null>(null);
  const hasDraft = report.status !== 'generating' && report.status !== 'failed';
  const published = report.status === 'published';

  const run = async (comment: string) => {
    if (!action) return;
    setBusy(true);
    setRefusal(null);
    try {
      const next = await runMonitoringReportAction(report.monitoring_report_id, action, comment);
      client.setQueryData(fullMonitoringKeys.report(next.monitoring_report_id), next);
      toast({ color: 'success', message: t('fullMonitoring.action.done', { report: reportLabel(next), status: statusLabel(next.status) }) });
      setAction(null);
    } catch (error) {
      if (error instanceof ApiError && error.status === 409) {
        // The status changed meanwhile: say so and show the report as it is now.
        toast({ color: 'warning', message: t('fullMonitoring.action.changed') });
        setAction(null);
      } else {
        setRefusal(errorText(error));
      }
    } finally {
      setBusy(false);
      void client.invalidateQueries({ queryKey: fullMonitoringKeys.reports });
    }
  };

  return (
    <Stack spacing={2}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }} useFlexGap>
        <StatusChip status={report.status} />
        <Typography variant="body2" color="text.secondary">
          {report.title}
        </Typography>
      </Stack>
      <DetailList
        items={[
          { label: t('fullMonitoring.common.contract'), value: report.contract_no },
          { label: t('fullMonitoring.generate.template'), value: report.template_name },
          { label: t('fullMonitoring.common.period'), value: periodText(report) },
          { label: t('fullMonitoring.common.preparedBy'), value: `${report.prepared_by_name ?? '—'} · ${formatDateTime(report.prepared)}` },
          ...(report.checked
            ? [{ label: t('fullMonitoring.common.checkedBy'), value: `${report.checked_by_name ?? '—'} · ${formatDateTime(report.checked)}` }]
            : []),
          ...(report.approved
            ? [{ label: t('fullMonitoring.common.approvedBy'), value: `${report.approved_by_name ?? '—'} · ${formatDateTime(report.approved)}` }]
            : []),
        ]}
      />
      <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
        {hasDraft && (
          <Button
            variant="outlined"
            startIcon={<PictureAsPdf />}
            onClick={() =>
              setViewer({
                url: published ? publishedAddress(report.monitoring_report_id) : draftAddress(report.monitoring_report_id),
                title: reportLabel(report),
                fileName: `${report.report_no}-rev${report.revision}.pdf`,
              })
            }
          >
            {t(published ? 'fullMonitoring.detail.viewPublished' : 'fullMonitoring.detail.viewDraft')}
          </Button>
        )}
        {report.actions.map((a) => (
          <Button
            key={a}
            variant={a === 'return' ? 'outlined' : 'contained'}
            color={a === 'return' ? 'warning' : 'primary'}
            onClick={() => {
              setRefusal(null);
              setAction(a);
            }}
          >
            {MONITORING_REPORT_ACTION_LABELS[a]}
          </Button>
        ))}
      </Stack>
      <Typography component="h3" variant="subtitle1" sx={{ fontWeight: 600 }}>
        {t('fullMonitoring.detail.steps')}
      </Typography>
      <Steps report={report} />
      <ActionDialog action={action} busy={busy} error={refusal} onClose={() => setAction(null)} onConfirm={(comment) => void run(comment)} />
      <ReportDialog report={viewer} onClose={() => setViewer(null)} />
    </Stack>
  );
}

/** The detail panel at the side (full width on phones): the report loaded by id. */
export function ReportDetailPanel({ id, onClose }: { id: number | undefined; onClose: () => void }) {
  const { t } = useTranslation();
  const report = useMonitoringReport(id);
  return (
    <Drawer anchor="right" open={id !== undefined} onClose={onClose} slotProps={{ paper: { sx: { width: { xs: '100%', sm: 520 }, p: 2 } } }}>
      <Stack direction="row" sx={{ alignItems: 'center', mb: 1 }}>
        <Typography component="h2" variant="h6" sx={{ flex: 1, minWidth: 0 }} noWrap>
          {report.data ? reportLabel(report.data) : t('fullMonitoring.detail.title')}
        </Typography>
        <IconButton aria-label={t('fullMonitoring.detail.close')} onClick={onClose}>
          <Close />
        </IconButton>
      </Stack>
      {report.isPending ? (
        <Loading />
      ) : report.isError ? (
        <LoadError error={report.error} onRetry={() => void report.refetch()} notFound={t('fullMonitoring.detail.notFound')} />
      ) : (
        <ReportDetail report={report.data} />
      )}
    </Drawer>
  );
}
