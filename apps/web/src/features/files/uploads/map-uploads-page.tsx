import MapOutlined from '@mui/icons-material/MapOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import type { TMapUpload } from '@strata/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ByteSize } from '../../../components/byte-size';
import { DataTable, queryTableProps, useClampPage, useTableParams, useUrlFilters, type DataTableColumn } from '../../../components/data-table';
import { useRouteAction } from '../../../lib/route-actions';
import { useMapHistory } from '../api';
import { HistoryFilter, HISTORY_KEYS } from './history-filter';
import { UploadMapDialog } from './upload-map-dialog';

/**
 * `/upload/map` (spec §2.12, type `map`: drawings to base map): the GeoJSON and KML drawings uploaded, newest first,
 * each with the map overlay it became (or "Layer deleted"), with the filter (keyword, upload date) kept in the URL and
 * toggled by the Filter action — the route's only action, as the spec says; "Upload drawing" is on the page.
 */
export function MapUploadsPage() {
  const { t } = useTranslation();
  const [values, set] = useUrlFilters(HISTORY_KEYS);
  const [showFilter, setShowFilter] = useState(true);
  const [uploading, setUploading] = useState(false);
  const table = useTableParams(10);
  useRouteAction('filter', () => setShowFilter((shown) => !shown));

  const query = useMapHistory({
    keyword: values.keyword || undefined,
    from: values.from || undefined,
    to: values.to || undefined,
    limit: table.limit,
    skip: table.skip,
  });
  useClampPage(query.data?.total_records, table.page, table.pageSize);

  const columns: DataTableColumn<TMapUpload>[] = [
    {
      id: 'layer_name',
      label: t('files.columns.layer'),
      minWidth: 160,
      render: (m) => (
        <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
          <span style={{ overflowWrap: 'anywhere' }}>{m.layer_name}</span>
          {m.layer_id === null && <Chip size="small" label={t('files.map.layerDeleted')} />}
        </Stack>
      ),
    },
    { id: 'file_name', label: t('files.columns.fileName'), minWidth: 160, render: (m) => <span style={{ overflowWrap: 'anywhere' }}>{m.file_name}</span> },
    { id: 'file_type', label: t('files.columns.type'), noWrap: true, render: (m) => (m.file_type === 'kml' ? 'KML' : 'GeoJSON') },
    { id: 'size', label: t('files.columns.size'), align: 'right', noWrap: true, render: (m) => <ByteSize value={m.size} /> },
    { id: 'created', label: t('files.columns.created'), format: 'datetime', noWrap: true },
    {
      id: 'uploader_email',
      label: t('files.columns.uploader'),
      render: (m) => <span style={{ overflowWrap: 'anywhere' }}>{m.uploader_email || t('files.common.deletedUser')}</span>,
    },
  ];
  const filtered = HISTORY_KEYS.some((key) => values[key] !== '');

  return (
    <Stack spacing={2}>
      {showFilter && (
        <HistoryFilter title={t('files.history.filterTitle')} values={values} set={set} keys={HISTORY_KEYS} keywordLabel={t('files.history.mapKeyword')} />
      )}
      <Box>
        <Button variant="contained" startIcon={<MapOutlined />} onClick={() => setUploading(true)}>
          {t('files.map.upload')}
        </Button>
      </Box>
      <DataTable
        label={t('files.history.mapLabel')}
        columns={columns}
        {...queryTableProps(query)}
        page={table.page}
        pageSize={table.pageSize}
        onChange={table.onChange}
        getRowId={(m) => m.upload_id}
        emptyText={filtered ? t('files.history.noMatch') : t('files.history.mapEmpty')}
      />
      <UploadMapDialog open={uploading} onClose={() => setUploading(false)} />
    </Stack>
  );
}
