import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { REPORT_MESSAGES } from '@strata/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { AppLink } from '../../../../components/app-link';
import { AppAlert } from '../../../../components/feedback';
import { LoadError, Loading } from '../../../../components/query-states';
import { Section } from '../../../../components/section';
import { idOrUndefined } from '../../../../lib/page-nav';
import { reportStatusMessage } from '../../api';
import { REPORTING_PATHS } from '../../paths';
import { BUILD_POLL_MS, useMonitoringReport, useMonitoringReports, useReportCheck } from '../api';
import { periodText, reportLabel, StatusChip } from '../shared';

/** The list page with one report's detail open. */
export const listReportPath = (id: number) => `${REPORTING_PATHS.fullMonitoringList}?report=${id}`;

/** One report on the build page: its progress while generated (section n of m), then what came of it. */
export function BuildItem({ id, intervalMs = BUILD_POLL_MS }: { id: number; intervalMs?: number }) {
  const { t } = useTranslation();
  const report = useMonitoringReport(id, { pollGeneratingMs: intervalMs });
  const generating = report.data?.status === 'generating';
  const check = useReportCheck(generating ? (report.data?.report_id ?? null) : null, intervalMs);
  if (report.isPending) return <Loading />;
  if (report.isError) return <LoadError error={report.error} onRetry={() => void report.refetch()} />;
  const r = report.data;
  const progress = check.data?.status === 1 ? check.data.progress : null;
  const text = progress
    ? t('reporting.job.progress', { done: progress.done, total: progress.total, label: progress.label })
    : t('fullMonitoring.build.waiting');
  const checkProblem = check.data ? reportStatusMessage(check.data.status) : null;
  return (
    <Stack component="li" spacing={1} aria-label={reportLabel(r)} sx={{ py: 1.5, borderBottom: 1, borderColor: 'divider' }}>
      <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
        <Typography component="h3" variant="subtitle1" sx={{ fontWeight: 600 }}>
          {reportLabel(r)}
        </Typography>
        <StatusChip status={r.status} />
        <Typography variant="body2" color="text.secondary">
          {r.contract_no} · {r.template_name} · {periodText(r)}
        </Typography>
      </Stack>
      {generating && !checkProblem && (
        <Stack spacing={1} role="status" aria-live="polite">
          <LinearProgress
            aria-label={text}
            variant={progress && progress.total > 0 ? 'determinate' : 'indeterminate'}
            value={progress && progress.total > 0 ? Math.round((100 * progress.done) / progress.total) : undefined}
          />
          <Typography variant="body2" color="text.secondary">
            {text}
          </Typography>
        </Stack>
      )}
      {(r.status === 'failed' || (generating && checkProblem)) && <AppAlert type="error" message={checkProblem ?? REPORT_MESSAGES.failed} />}
      {!generating && r.status !== 'failed' && (
        <AppAlert
          type="success"
          message={t('fullMonitoring.build.ready', { report: reportLabel(r) })}
          action={<AppLink to={listReportPath(r.monitoring_report_id)}>{t('fullMonitoring.build.open')}</AppLink>}
        />
      )}
    </Stack>
  );
}

/**
 * `/reporting/full-monitoring/build?id=`: the reports being generated (status generating) with their progress, and
 * those that finished while the page was open (the one just asked for first), each with a link to the list. Polling
 * stops when a report is done or the page is left.
 */
export function BuildPage({ intervalMs = BUILD_POLL_MS }: { intervalMs?: number }) {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const asked = idOrUndefined(params.get('id'));
  const generating = useMonitoringReports({ status: ['generating'], limit: 50, skip: 0 }, { refetchMs: intervalMs * 5 });
  // Reports seen generating stay on the page when they finish.
  const [seen, setSeen] = useState<number[]>([]);
  const current = (generating.data?.records ?? []).map((r) => r.monitoring_report_id);
  const unseen = current.filter((id) => !seen.includes(id));
  if (unseen.length > 0) setSeen([...seen, ...unseen]);
  const ids = [...(asked ? [asked] : []), ...seen.filter((id) => id !== asked)];

  return (
    <Stack spacing={2} sx={{ maxWidth: 1000 }}>
      <Section title={t('fullMonitoring.build.title')} action={<AppLink to={REPORTING_PATHS.fullMonitoringList}>{t('fullMonitoring.build.toList')}</AppLink>}>
        {generating.isError && <LoadError error={generating.error} onRetry={() => void generating.refetch()} />}
        {ids.length === 0 && generating.isSuccess ? (
          <Typography color="text.secondary">{t('fullMonitoring.build.none')}</Typography>
        ) : (
          <Stack component="ul" aria-label={t('fullMonitoring.build.title')} sx={{ listStyle: 'none', m: 0, p: 0 }}>
            {ids.map((id) => (
              <BuildItem key={id} id={id} intervalMs={intervalMs} />
            ))}
          </Stack>
        )}
      </Section>
    </Stack>
  );
}
