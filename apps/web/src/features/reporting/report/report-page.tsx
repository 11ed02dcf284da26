import ArrowBack from '@mui/icons-material/ArrowBack';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useParams } from 'react-router';
import { ReportDialog } from '../../../components/report-dialog';
import { Section } from '../../../components/section';
import { usePagePath } from '../../../lib/page-nav';
import { ReportJobStatus } from '../generate/report-form';
import { REPORTING_PATHS } from '../paths';
import { useReportJob, type ReportJobOptions } from '../report-job';

/**
 * `/reporting/report/:id`: one report, as its notification's link opens it. Its check is polled (a 504 asked again)
 * until it ends: a PDF opens in the report dialog, another file downloads, status 3 and 4 give the spec's messages.
 */
export function ReportPage({ jobOptions }: { jobOptions?: ReportJobOptions }) {
  const { t } = useTranslation();
  const href = usePagePath();
  const { id = '' } = useParams();
  const job = useReportJob({ ...jobOptions, resume: false });
  const { follow } = job;
  useEffect(() => {
    if (/^\d+$/.test(id)) follow(id);
  }, [id, follow]);

  return (
    <Stack spacing={2} sx={{ maxWidth: 900 }}>
      <Section title={t('reporting.report.title', { id })}>
        <Stack spacing={2}>
          {/^\d+$/.test(id) ? <ReportJobStatus job={job} /> : null}
          <div>
            <Button component={RouterLink} to={href(REPORTING_PATHS.landing)} startIcon={<ArrowBack />}>
              {t('reporting.report.back')}
            </Button>
          </div>
        </Stack>
      </Section>
      <ReportDialog report={job.viewer} onClose={job.closeViewer} />
    </Stack>
  );
}
