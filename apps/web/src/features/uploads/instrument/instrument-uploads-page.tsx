import Stack from '@mui/material/Stack';
import type { TUpload } from '@strata/shared';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { AppLink } from '../../../components/app-link';
import { DataTable, queryTableProps, useClampPage, type DataTableColumn } from '../../../components/data-table';
import { AppAlert } from '../../../components/feedback';
import { useGo } from '../../../lib/page-nav';
import { useCan } from '../../../lib/use-can';
import { useInstrumentUploads } from '../api';
import { UploadFilters } from '../shared/upload-filters';
import { HistoryEmpty, historyColumns, useUploadHistoryPage } from '../shared/upload-history';
import { UploadReadingsDialog } from './upload-dialog';

/**
 * `/upload/instrument`: instrument readings uploads (spec §2.12). The Upload action opens the upload dialog; Filter
 * shows or hides the history's filters; the history (View Instrumentation Upload History) lists the uploads, newest
 * first, each linking to its page. `?upload=<id>` (the link of an upload's notification) opens that upload's page.
 */
export function InstrumentUploadsPage() {
  const { t } = useTranslation();
  const go = useGo();
  const canView = useCan('ViewInstrumentationUploadHistory');
  const canUpload = useCan('UploadInstrumentationFiles');
  const { filters, setFilters, filtered, filtersShown, uploading, setUploading, table, params, openId } = useUploadHistoryPage();
  const query = useInstrumentUploads(params, canView);
  useClampPage(query.data?.total_records, table.page, table.pageSize);
  // A readings upload has a page of its own: `?upload=<id>` leads there.
  useEffect(() => {
    if (openId !== undefined) go(`/upload/instrument/${openId}`, { replace: true });
  }, [openId, go]);

  const base = historyColumns(t);
  const columns: DataTableColumn<TUpload>[] = [
    {
      id: 'file_name',
      label: t('uploadPages.history.file'),
      minWidth: 180,
      render: (upload) => (
        <AppLink to={`/upload/instrument/${upload.upload_id}`} onClick={(event) => event.stopPropagation()} sx={{ overflowWrap: 'anywhere' }}>
          {upload.file_name}
        </AppLink>
      ),
    },
    base.contract,
    base.uploaded_by,
    base.created,
    { id: 'rows', label: t('uploadPages.history.rows'), align: 'right', render: (upload) => upload.rows_total.toLocaleString() },
    base.status,
  ];

  return (
    <Stack spacing={2}>
      {filtersShown && canView && <UploadFilters values={filters} set={setFilters} />}
      {canView ? (
        <DataTable
          label={t('uploadPages.history.label')}
          columns={columns}
          {...queryTableProps(query)}
          page={table.page}
          pageSize={table.pageSize}
          onChange={table.onChange}
          getRowId={(upload) => upload.upload_id}
          onRowClick={(upload) => go(`/upload/instrument/${upload.upload_id}`)}
          emptyText={<HistoryEmpty filtered={filtered} text={t('uploadPages.history.empty')} canUpload={canUpload} onUpload={() => setUploading(true)} />}
        />
      ) : (
        <AppAlert type="info" message={t('uploadPages.history.noHistory')} />
      )}
      <UploadReadingsDialog open={uploading} onClose={() => setUploading(false)} onUploaded={(created) => go(`/upload/instrument/${created.upload_id}`)} />
    </Stack>
  );
}
