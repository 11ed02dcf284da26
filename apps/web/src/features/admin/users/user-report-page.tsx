import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { EXPORT_TYPES } from '@strata/shared';
import { useTranslation } from 'react-i18next';
import { useExportJob } from '../../../lib/export-job';
import { AppAlert } from '../../../components/feedback';
import { useCan } from '../../../lib/use-can';
import { useRefreshGeneratedFiles } from '../files/api';
import { RecentFiles } from '../files/recent-files';
import { ExportButtons } from '../shared/export-buttons';
import { Section } from '../../../components/section';
import { UserFilters, userFilterQuery, useUserFilters } from './user-filters';

/** `/admin/users/report`: the user report (XLSX, PDF) of the users matching the filters; downloading needs DownloadUserReport. */
export function UserReportPage() {
  const { t } = useTranslation();
  const refreshFiles = useRefreshGeneratedFiles();
  const job = useExportJob();
  const [filters, setFilters] = useUserFilters();
  const canGenerate = useCan('GenerateUserReport');
  const canDownload = useCan('DownloadUserReport');
  const body = Object.fromEntries(Object.entries(userFilterQuery(filters)).filter(([, value]) => value !== undefined));
  return (
    <Stack spacing={2} sx={{ maxWidth: 1400 }}>
      <Section>
        <Stack spacing={2}>
          <Typography>{t('admin.report.intro')}</Typography>
          <UserFilters values={filters} set={setFilters} />
          {!canDownload && <AppAlert type="info" message={t('admin.report.needsDownload')} />}
          <ExportButtons
            job={job}
            type="users"
            formats={EXPORT_TYPES.users.formats}
            body={body}
            disabled={!canGenerate}
            onSettled={() => void refreshFiles()}
          />
        </Stack>
      </Section>
      <Section title={t('admin.report.recent')}>
        <RecentFiles type="users" />
      </Section>
    </Stack>
  );
}
