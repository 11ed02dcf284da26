import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import type { TUpload } from '@strata/shared';
import { useTranslation } from 'react-i18next';
import { DataTable, queryTableProps, useClampPage, type DataTableColumn } from '../../../components/data-table';
import { AppAlert } from '../../../components/feedback';
import { useCan } from '../../../lib/use-can';
import { UploadFilters } from '../shared/upload-filters';
import { HistoryEmpty, historyColumns, useUploadHistoryPage } from '../shared/upload-history';
import { useBoreholeUploads } from './api';
import { AgsUploadDetail } from './ags-upload-detail';
import { AgsUploadDialog } from './ags-upload-dialog';

/**
 * `/upload/borehole` (spec §2.12): SI borehole (AGS) uploads. Upload (Upload SI Borehole Files) opens the dialog;
 * Filter shows the history's filters; the history (View SI Borehole Upload History) lists the uploads, newest first;
 * `?upload=<id>` shows that upload: its checking, the checker's report, Approve / Reject.
 */
export function BoreholeUploadsPage() {
  const { t } = useTranslation();
  const canView = useCan('ViewSIBoreholeUploadHistory');
  const canUpload = useCan('UploadSIBoreholeFiles');
  const { filters, setFilters, filtered, filtersShown, uploading, setUploading, table, params, openId, open } = useUploadHistoryPage();
  const query = useBoreholeUploads(params, canView);
  useClampPage(query.data?.total_records, table.page, table.pageSize);

  const base = historyColumns(t);
  const columns: DataTableColumn<TUpload>[] = [
    { id: 'file_name', label: t('uploadPages.history.file'), minWidth: 180, render: (u) => <Box sx={{ overflowWrap: 'anywhere' }}>{u.file_name}</Box> },
    base.contract,
    base.uploaded_by,
    base.created,
    base.status,
    { id: 'boreholes', label: t('boreholes.upload.boreholesFound'), align: 'right', render: (u) => u.rows_total.toLocaleString() },
    { id: 'findings', label: t('boreholes.upload.findings'), align: 'right', render: (u) => u.errors_total.toLocaleString() },
  ];

  return (
    <Stack spacing={2}>
      {openId !== undefined && <AgsUploadDetail uploadId={openId} onClose={() => open(null)} />}
      {filtersShown && canView && <UploadFilters values={filters} set={setFilters} />}
      {canView ? (
        <DataTable
          label={t('boreholes.upload.history')}
          columns={columns}
          {...queryTableProps(query)}
          page={table.page}
          pageSize={table.pageSize}
          onChange={table.onChange}
          getRowId={(u) => u.upload_id}
          onRowClick={(u) => open(u.upload_id)}
          emptyText={<HistoryEmpty filtered={filtered} text={t('boreholes.upload.empty')} canUpload={canUpload} onUpload={() => setUploading(true)} />}
        />
      ) : (
        <AppAlert type="info" message={t('boreholes.upload.noHistory')} />
      )}
      <AgsUploadDialog
        open={uploading}
        onClose={() => setUploading(false)}
        onUploaded={(created) => {
          setUploading(false);
          open(created.upload_id);
        }}
      />
    </Stack>
  );
}
