import CategoryOutlined from '@mui/icons-material/CategoryOutlined';
import Delete from '@mui/icons-material/Delete';
import Edit from '@mui/icons-material/Edit';
import PlaceOutlined from '@mui/icons-material/PlaceOutlined';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import type { TInstrumentType } from '@strata/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { clientPage, DataTable, type DataTableColumn, type TableQuery } from '../../../components/data-table';
import { InstrumentIcon } from '../../../components/instrument-icon';
import { useRouteAction } from '../../../lib/route-actions';
import { useInstrumentTypes } from '../api/types';
import { AppLink } from '../../../components/app-link';
import { useGo } from '../../../lib/page-nav';
import { useDeleteType } from './use-delete-type';

/** Tab Instrument Types: every type with its category, code, name, icon and counts; add, edit, delete. */
export function InstrumentTypesTab() {
  const { t } = useTranslation();
  const go = useGo();
  const types = useInstrumentTypes();
  const remove = useDeleteType();
  const [query, setQuery] = useState<TableQuery>({ page: 1, pageSize: 25, sort: null });
  useRouteAction('add-instrument-type', () => go('/master-data/instrument/type/new'));

  const edit = (type: TInstrumentType) => go(`/master-data/instrument/type/${type.type_id}`);
  const columns: DataTableColumn<TInstrumentType>[] = [
    {
      id: 'icon',
      label: t('instruments.types.icon'),
      align: 'center',
      render: (type) => <InstrumentIcon icon={type.icon} color={type.icon_color} title={type.icon} />,
    },
    { id: 'code', label: t('instruments.types.code'), sortable: true, noWrap: true },
    {
      id: 'name',
      label: t('instruments.types.name'),
      sortable: true,
      minWidth: 180,
      render: (type) => (
        <AppLink to={`/master-data/instrument/type/${type.type_id}`} onClick={(event) => event.stopPropagation()}>
          {type.name}
        </AppLink>
      ),
    },
    { id: 'category_name', label: t('instruments.types.category'), sortable: true, render: (type) => type.category_name ?? '—' },
    {
      id: 'reading_codes',
      label: t('instruments.types.readingCodes'),
      align: 'right',
      render: (type) => (
        <Tooltip title={type.reading_codes.map((c) => c.code).join(', ') || t('instruments.types.noReadingCodes')}>
          <span>{type.reading_codes.length}</span>
        </Tooltip>
      ),
    },
    { id: 'instrument_count', label: t('instruments.types.instruments'), align: 'right', sortable: true },
    {
      id: 'actions',
      label: t('instruments.common.actions'),
      align: 'right',
      noWrap: true,
      render: (type) => (
        <>
          <IconButton
            size="small"
            aria-label={t('instruments.types.editNamed', { name: type.name })}
            onClick={(event) => {
              event.stopPropagation();
              edit(type);
            }}
          >
            <Edit fontSize="small" />
          </IconButton>
          <IconButton
            size="small"
            color="error"
            disabled={remove.pending}
            aria-label={t('instruments.types.deleteNamed', { name: type.name })}
            onClick={(event) => {
              event.stopPropagation();
              void remove.run(type);
            }}
          >
            <Delete fontSize="small" />
          </IconButton>
        </>
      ),
    },
  ];

  const page = clientPage(types.data ?? [], query);
  return (
    <Stack spacing={2}>
      <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
        <Button variant="outlined" startIcon={<CategoryOutlined />} onClick={() => go('/master-data/category')}>
          {t('instruments.route.categories')}
        </Button>
        <Button variant="outlined" startIcon={<PlaceOutlined />} onClick={() => go('/master-data/icon')}>
          {t('instruments.route.icons')}
        </Button>
      </Stack>
      <DataTable
        label={t('instruments.types.tableLabel')}
        columns={columns}
        rows={page.rows}
        total={page.total}
        page={query.page}
        pageSize={query.pageSize}
        sort={query.sort}
        onChange={setQuery}
        loading={types.isFetching}
        error={types.error ?? undefined}
        onRetry={() => void types.refetch()}
        getRowId={(type) => type.type_id}
        emptyText={t('instruments.types.empty')}
        onRowClick={edit}
      />
    </Stack>
  );
}
