import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import type { TUpload } from '@strata/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable, queryTableProps, useClampPage, useTableParams, useUrlFilters, type DataTableColumn } from '../../../components/data-table';
import { AppAlert } from '../../../components/feedback';
import { idOrUndefined } from '../../../lib/page-nav';
import { useRouteAction } from '../../../lib/route-actions';
import { useCan } from '../../../lib/use-can';
import { useUploadsLive } from '../api';
import { HistoryEmpty, historyColumns } from '../shared/upload-history';
import { UPLOAD_FILTER_KEYS, UploadFilters, uploadFiltered, uploadFilterQuery } from '../shared/upload-filters';
import { useBoreholeUploads } from './api';
import { AgsUploadDetail } from './ags-upload-detail';
import { AgsUploadDialog } from './ags-upload-dialog';

const FILTER_KEYS = [...UPLOAD_FILTER_KEYS, 'upload'] as const;

/**
 * `/upload/borehole` (spec §2.12): SI borehole (AGS) uploads. Upload (Upload SI Borehole Files) opens the dialog;
 * Filter shows the history's filters; the history (View SI Borehole Upload History) lists the uploads, newest first;
 * `?upload=<id>` shows that upload: its checking, the checker's report, Approve / Reject.
 */
export function BoreholeUploadsPage() {
  const { t } = useTranslation();
  const canView = useCan('ViewSIBoreholeUploadHistory');
  const canUpload = useCan('UploadSIBoreholeFiles');
  const [filters, setFilters] = useUrlFilters(FILTER_KEYS);
  const filtered = uploadFiltered(filters);
  const [showFilters, setShowFilters] = useState(filtered);
  const [uploading, setUploading] = useState(false);
  const table = useTableParams();
  const query = useBoreholeUploads({ limit: table.limit, skip: table.skip, ...uploadFilterQuery(filters) }, canView);
  useClampPage(query.data?.total_records, table.page, table.pageSize);
  useUploadsLive();
  useRouteAction('upload', () => setUploading(true));
  useRouteAction('filter', () => setShowFilters((shown) => !shown));
  const openId = idOrUndefined(filters.upload);
  const open = (id: number | null) => setFilters({ upload: id === null ? '' : String(id) });

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
      {(showFilters || filtered) && canView && <UploadFilters values={filters} set={setFilters} />}
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
