import ListAlt from '@mui/icons-material/ListAlt';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { usePagePath } from '../../../lib/page-nav';
import { REPORTING_PATHS } from '../paths';
import { ReportForm } from './report-form';

/** `/reporting/geotechnical`: geosum, geostatus, geoblank. */
export function GeotechnicalReportPage() {
  return <ReportForm category="GEO" />;
}

/** `/reporting/imr`: reading, breach. */
export function ImrReportPage() {
  return <ReportForm category="IMR" />;
}

/** `/reporting/imc`: the three IMC reports. */
export function ImcReportPage() {
  return <ReportForm category="IMC" />;
}

/** `/reporting/summaryworkdone`: the summary of monitoring work done. */
export function SummaryWorkDonePage() {
  return <ReportForm category="SWD" />;
}

/** `/reporting/installation-status`: generate the report (shown in the dialog) or download its PDF; the generated ones. */
export function InstallationStatusPage() {
  const { t } = useTranslation();
  const href = usePagePath();
  return (
    <Stack spacing={2}>
      <ReportForm category="INS" downloadPdf />
      <div>
        <Button component={RouterLink} to={href(REPORTING_PATHS.installationStatusGenerated)} startIcon={<ListAlt />}>
          {t('reporting.installation.generated')}
        </Button>
      </div>
    </Stack>
  );
}
