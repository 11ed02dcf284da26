import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useClampPage, useTableParams } from '../../../components/data-table';
import { useGeneratedFiles } from './api';
import { GeneratedFilesTable } from './generated-files-table';

function GeneratedFilesPage({ kind }: { kind: 'report' | 'export' }) {
  const { t } = useTranslation();
  const table = useTableParams();
  const query = useGeneratedFiles({ kind, limit: table.limit, skip: table.skip });
  useClampPage(query.data?.total_records, table.page, table.pageSize);
  return (
    <Stack spacing={2}>
      <Typography color="text.secondary">{t(kind === 'report' ? 'admin.files.reportsIntro' : 'admin.files.exportsIntro')}</Typography>
      <GeneratedFilesTable query={query} page={table.page} pageSize={table.pageSize} onChange={table.onChange} />
    </Stack>
  );
}

/** `/admin/generate-report`: the generated reports (user report, role report). */
export function GeneratedReportsPage() {
  return <GeneratedFilesPage kind="report" />;
}

/** `/admin/generate-uploaded-files`: the generated exports (audit logs). */
export function GeneratedExportsPage() {
  return <GeneratedFilesPage kind="export" />;
}
