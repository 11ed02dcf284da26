import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { EXPORT_TYPES } from '@strata/shared';
import { useTranslation } from 'react-i18next';
import { useExportJob } from '../../../lib/export-job';
import { useRefreshGeneratedFiles } from '../files/api';
import { RecentFiles } from '../files/recent-files';
import { ExportButtons } from '../shared/export-buttons';
import { Section } from '../../../components/section';

/** `/admin/roles/report`: roles × permissions as XLSX or PDF, made by the export mechanism. */
export function RoleReportPage() {
  const { t } = useTranslation();
  const refreshFiles = useRefreshGeneratedFiles();
  const job = useExportJob();
  return (
    <Stack spacing={2} sx={{ maxWidth: 1200 }}>
      <Section>
        <Stack spacing={2}>
          <Typography>{t('admin.roles.reportIntro')}</Typography>
          <ExportButtons job={job} type="roles" formats={EXPORT_TYPES.roles.formats} onSettled={() => void refreshFiles()} />
        </Stack>
      </Section>
      <Section title={t('admin.roles.recentReports')}>
        <RecentFiles type="roles" />
      </Section>
    </Stack>
  );
}
