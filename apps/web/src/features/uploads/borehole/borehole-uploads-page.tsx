import UploadFile from '@mui/icons-material/UploadFile';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { UPLOAD_STATUSES, type TUpload, type TUploadStatus } from '@strata/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable, queryTableProps, useClampPage, useTableParams, useUrlFilters, type DataTableColumn } from '../../../components/data-table';
import { AppAlert } from '../../../components/feedback';
import { useContractList } from '../../../lib/active-contracts';
import { formatDateTime } from '../../../lib/display-time';
import { idOrUndefined } from '../../../lib/page-nav';
import { useRouteAction } from '../../../lib/route-actions';
import { useCan } from '../../../lib/use-can';
import { useUploadsLive } from '../api';
import { UploadStatusChip } from '../instrument/status-chip';
import { useBoreholeUploads } from './api';
import { AgsUploadDetail } from './ags-upload-detail';
import { AgsUploadDialog } from './ags-upload-dialog';

const FILTER_KEYS = ['status', 'contract', 'upload'] as const;

/**
 * `/upload/borehole` (spec §2.12): SI borehole (AGS) uploads. Upload (Upload SI Borehole Files) opens the dialog;
 * Filter shows the history's filters; the history (View SI Borehole Upload History) lists the uploads, newest first;
 * `?upload=<id>` shows that upload: its checking, the checker's report, Approve / Reject.
 */
export function BoreholeUploadsPage() {
  const { t } = useTranslation();
  const canView = useCan('ViewSIBoreholeUploadHistory');
  const canUpload = useCan('UploadSIBoreholeFiles');
  const { contracts } = useContractList();
  const [filters, setFilters] = useUrlFilters(FILTER_KEYS);
  const filtered = filters.status !== '' || filters.contract !== '';
  const [showFilters, setShowFilters] = useState(filtered);
  const [uploading, setUploading] = useState(false);
  const table = useTableParams();
  const status = (UPLOAD_STATUSES as readonly string[]).includes(filters.status) ? (filters.status as TUploadStatus) : undefined;
  const query = useBoreholeUploads({ limit: table.limit, skip: table.skip, status, contract: idOrUndefined(filters.contract) }, canView);
  useClampPage(query.data?.total_records, table.page, table.pageSize);
  useUploadsLive();
  useRouteAction('upload', () => setUploading(true));
  useRouteAction('filter', () => setShowFilters((shown) => !shown));
  const openId = idOrUndefined(filters.upload);
  const open = (id: number | null) => setFilters({ upload: id === null ? '' : String(id) });

  const columns: DataTableColumn<TUpload>[] = [
    { id: 'file_name', label: t('uploadPages.history.file'), minWidth: 180, render: (u) => <Box sx={{ overflowWrap: 'anywhere' }}>{u.file_name}</Box> },
    { id: 'contract', label: t('uploadPages.history.contract'), render: (u) => (u.contract_nos.length > 0 ? u.contract_nos.join(', ') : '-') },
    { id: 'uploaded_by', label: t('uploadPages.history.uploadedBy'), render: (u) => u.uploaded_by_name ?? '-' },
    { id: 'created', label: t('uploadPages.history.when'), noWrap: true, render: (u) => formatDateTime(u.created) },
    { id: 'status', label: t('uploadPages.history.status'), render: (u) => <UploadStatusChip status={u.status} /> },
    { id: 'boreholes', label: t('boreholes.upload.boreholesFound'), align: 'right', render: (u) => u.rows_total.toLocaleString() },
    { id: 'findings', label: t('boreholes.upload.findings'), align: 'right', render: (u) => u.errors_total.toLocaleString() },
  ];

  return (
    <Stack spacing={2}>
      {openId !== undefined && <AgsUploadDetail uploadId={openId} onClose={() => open(null)} />}
      {(showFilters || filtered) && canView && (
        <Box
          role="search"
          aria-label={t('uploadPages.history.filters')}
          sx={{
            display: 'grid',
            gap: 1.5,
            alignItems: 'center',
            gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, minmax(0, 1fr)) auto', md: '240px 240px auto' },
          }}
        >
          <TextField
            select
            size="small"
            slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
            label={t('uploadPages.history.status')}
            value={filters.status}
            onChange={(event) => setFilters({ status: event.target.value })}
          >
            <MenuItem value="">{t('uploadPages.history.anyStatus')}</MenuItem>
            {UPLOAD_STATUSES.map((s) => (
              <MenuItem key={s} value={s}>
                {t(`uploadPages.status.${s}`)}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            select
            size="small"
            slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
            label={t('uploadPages.history.contract')}
            value={filters.contract}
            onChange={(event) => setFilters({ contract: event.target.value })}
          >
            <MenuItem value="">{t('uploadPages.history.anyContract')}</MenuItem>
            {contracts.map((c) => (
              <MenuItem key={c.contract_id} value={String(c.contract_id)}>
                {c.no}
              </MenuItem>
            ))}
          </TextField>
          <Box>
            <Button onClick={() => setFilters({ status: '', contract: '' })} disabled={!filtered}>
              {t('uploadPages.history.clear')}
            </Button>
          </Box>
        </Box>
      )}
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
          emptyText={
            filtered ? (
              t('uploadPages.history.noMatch')
            ) : (
              <Stack spacing={1.5} sx={{ alignItems: 'center' }}>
                <span>{t('boreholes.upload.empty')}</span>
                {canUpload && (
                  <Button variant="outlined" startIcon={<UploadFile />} onClick={() => setUploading(true)}>
                    {t('uploadPages.action.upload')}
                  </Button>
                )}
              </Stack>
            )
          }
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
