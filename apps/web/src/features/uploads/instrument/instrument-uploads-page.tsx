import UploadFile from '@mui/icons-material/UploadFile';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { UPLOAD_STATUSES, type TUpload, type TUploadStatus } from '@strata/shared';
import { formatDateTime } from '../../../lib/display-time';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AppLink } from '../../../components/app-link';
import { DataTable, queryTableProps, useClampPage, useTableParams, useUrlFilters, type DataTableColumn } from '../../../components/data-table';
import { AppAlert } from '../../../components/feedback';
import { useContractList } from '../../../lib/active-contracts';
import { idOrUndefined, useGo } from '../../../lib/page-nav';
import { useRouteAction } from '../../../lib/route-actions';
import { useCan } from '../../../lib/use-can';
import { useInstrumentUploads, useUploadsLive } from '../api';
import { UploadStatusChip } from './status-chip';
import { UploadReadingsDialog } from './upload-dialog';

const FILTER_KEYS = ['status', 'contract'] as const;
type FilterValues = Record<(typeof FILTER_KEYS)[number], string>;

function filterQuery(values: FilterValues): { status?: TUploadStatus; contract?: number } {
  const status = (UPLOAD_STATUSES as readonly string[]).includes(values.status) ? (values.status as TUploadStatus) : undefined;
  return { status, contract: idOrUndefined(values.contract) };
}

/** The history's filters (in the URL): status and contract, each applied at once. */
function UploadFilters({ values, set }: { values: FilterValues; set: (changes: Partial<FilterValues>) => void }) {
  const { t } = useTranslation();
  const { contracts } = useContractList();
  const active = values.status !== '' || values.contract !== '';
  return (
    <Box
      role="search"
      aria-label={t('uploadPages.history.filters')}
      sx={{ display: 'grid', gap: 1.5, alignItems: 'center', gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, minmax(0, 1fr)) auto', md: '240px 240px auto' } }}
    >
      <TextField
        select
        size="small"
        slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
        label={t('uploadPages.history.status')}
        value={values.status}
        onChange={(event) => set({ status: event.target.value })}
      >
        <MenuItem value="">{t('uploadPages.history.anyStatus')}</MenuItem>
        {UPLOAD_STATUSES.map((status) => (
          <MenuItem key={status} value={status}>
            {t(`uploadPages.status.${status}`)}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        select
        size="small"
        slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
        label={t('uploadPages.history.contract')}
        value={values.contract}
        onChange={(event) => set({ contract: event.target.value })}
      >
        <MenuItem value="">{t('uploadPages.history.anyContract')}</MenuItem>
        {contracts.map((contract) => (
          <MenuItem key={contract.contract_id} value={String(contract.contract_id)}>
            {contract.no}
          </MenuItem>
        ))}
      </TextField>
      <Box>
        <Button onClick={() => set({ status: '', contract: '' })} disabled={!active}>
          {t('uploadPages.history.clear')}
        </Button>
      </Box>
    </Box>
  );
}

/**
 * `/upload/instrument`: instrument readings uploads (spec §2.12). The Upload action opens the upload dialog; Filter
 * shows or hides the history's filters; the history (View Instrumentation Upload History) lists the uploads, newest
 * first, each linking to its page.
 */
export function InstrumentUploadsPage() {
  const { t } = useTranslation();
  const go = useGo();
  const canView = useCan('ViewInstrumentationUploadHistory');
  const canUpload = useCan('UploadInstrumentationFiles');
  const [filters, setFilters] = useUrlFilters(FILTER_KEYS);
  const filtered = filters.status !== '' || filters.contract !== '';
  const [showFilters, setShowFilters] = useState(filtered);
  const [uploading, setUploading] = useState(false);
  const table = useTableParams();
  const query = useInstrumentUploads({ limit: table.limit, skip: table.skip, ...filterQuery(filters) }, canView);
  useClampPage(query.data?.total_records, table.page, table.pageSize);
  useUploadsLive();

  useRouteAction('upload', () => setUploading(true));
  useRouteAction('filter', () => setShowFilters((shown) => !shown));

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
    { id: 'contract', label: t('uploadPages.history.contract'), render: (upload) => (upload.contract_nos.length > 0 ? upload.contract_nos.join(', ') : '—') },
    { id: 'uploaded_by', label: t('uploadPages.history.uploadedBy'), render: (upload) => upload.uploaded_by_name ?? '—' },
    { id: 'created', label: t('uploadPages.history.when'), noWrap: true, render: (upload) => formatDateTime(upload.created) },
    { id: 'rows', label: t('uploadPages.history.rows'), align: 'right', render: (upload) => upload.rows_total.toLocaleString() },
    { id: 'status', label: t('uploadPages.history.status'), render: (upload) => <UploadStatusChip status={upload.status} /> },
  ];

  return (
    <Stack spacing={2}>
      {(showFilters || filtered) && canView && <UploadFilters values={filters} set={setFilters} />}
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
          emptyText={
            filtered ? (
              t('uploadPages.history.noMatch')
            ) : (
              <Stack spacing={1.5} sx={{ alignItems: 'center' }}>
                <span>{t('uploadPages.history.empty')}</span>
                {/* The words say "Use Upload": the button is here, not only in the page's actions. */}
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
        <AppAlert type="info" message={t('uploadPages.history.noHistory')} />
      )}
      <UploadReadingsDialog open={uploading} onClose={() => setUploading(false)} onUploaded={(created) => go(`/upload/instrument/${created.upload_id}`)} />
    </Stack>
  );
}
