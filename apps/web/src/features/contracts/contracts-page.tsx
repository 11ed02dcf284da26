import FormControl from '@mui/material/FormControl';
import FormLabel from '@mui/material/FormLabel';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Chip from '@mui/material/Chip';
import type { TContractSummary } from '@strata/shared';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable, type DataTableColumn } from '../../components/data-table';
import { useRouteAction } from '../../lib/route-actions';
import { useManagedContracts } from './api';
import { formatPeriod, TYPE_BITS, TYPE_KEYS, TypeChips } from './shared/contract-labels';
import { AppLink } from '../../components/app-link';
import { useGo } from '../../lib/page-nav';
import { ListFilters } from '../../components/list-filters';
import { SearchField } from '../../components/search-field';
import { useClampPage, useTableParams, useUrlFilters } from '../../components/data-table';

const FILTERS = ['q', 'type', 'active'] as const;

/** The type filter kept in the URL as the sum of its bits (`type=6` = IM or Civil). */
function typeBits(value: string): number {
  const n = Number(value);
  return Number.isInteger(n) && n > 0 ? n & 14 : 0;
}

function activeOf(value: string): boolean | undefined {
  return value === 'true' ? true : value === 'false' ? false : undefined;
}

/** `/contracts/management` (SearchContracts): search by keyword, type bits and state, paged; Add Contract. */
export function ContractsPage() {
  const { t } = useTranslation();
  const go = useGo();
  const typeLabel = useId();
  const [filters, setFilters] = useUrlFilters(FILTERS);
  const table = useTableParams();
  const type = typeBits(filters.type);
  const active = activeOf(filters.active);
  const query = useManagedContracts({ limit: table.limit, skip: table.skip, keyword: filters.q, type: type || undefined, active });
  useClampPage(query.data?.total_records, table.page, table.pageSize);
  useRouteAction('add-contract', () => go('/contracts/management/new'));

  const columns: DataTableColumn<TContractSummary>[] = [
    {
      id: 'no',
      label: t('contractsAdmin.field.no'),
      noWrap: true,
      render: (c) => (
        <AppLink to={`/contracts/management/${c.contract_id}`} onClick={(event) => event.stopPropagation()}>
          {c.no}
        </AppLink>
      ),
    },
    { id: 'title', label: t('contractsAdmin.field.title'), minWidth: 180 },
    { id: 'type', label: t('contractsAdmin.field.type'), render: (c) => <TypeChips type={c.type} /> },
    { id: 'contractor', label: t('contractsAdmin.field.contractor'), render: (c) => c.contractor_name ?? '—' },
    { id: 'period', label: t('contractsAdmin.list.period'), noWrap: true, render: (c) => formatPeriod(c.start_date, c.end_date) },
    { id: 'user_count', label: t('contractsAdmin.list.users'), align: 'right' },
    { id: 'boundary', label: t('contractsAdmin.list.boundary'), render: (c) => (c.has_boundary ? t('contractsAdmin.list.yes') : t('contractsAdmin.list.no')) },
    {
      id: 'active',
      label: t('contractsAdmin.field.active'),
      render: (c) => (
        <Chip
          size="small"
          color={c.active ? 'success' : 'default'}
          variant={c.active ? 'filled' : 'outlined'}
          label={c.active ? t('contractsAdmin.list.active') : t('contractsAdmin.list.inactive')}
        />
      ),
    },
  ];

  return (
    <Stack spacing={2}>
      <ListFilters search={<SearchField label={t('contractsAdmin.list.search')} value={filters.q} onSearch={(q) => setFilters({ q })} />}>
        <FormControl component="fieldset" sx={{ minWidth: 0 }}>
          <FormLabel component="legend" id={typeLabel} sx={{ typography: 'caption' }}>
            {t('contractsAdmin.list.typeFilter')}
          </FormLabel>
          <ToggleButtonGroup
            size="small"
            aria-labelledby={typeLabel}
            value={TYPE_BITS.filter((bit) => (type & bit) !== 0)}
            onChange={(_event, bits: number[]) => setFilters({ type: String(bits.reduce((sum, bit) => sum | bit, 0) || '') })}
          >
            {TYPE_BITS.map((bit) => (
              <ToggleButton key={bit} value={bit} sx={{ px: 2 }}>
                {t(TYPE_KEYS[bit])}
              </ToggleButton>
            ))}
          </ToggleButtonGroup>
        </FormControl>
        <TextField
          select
          fullWidth
          size="small"
          label={t('contractsAdmin.list.activeFilter')}
          value={filters.active === 'true' || filters.active === 'false' ? filters.active : 'all'}
          onChange={(event) => setFilters({ active: event.target.value === 'all' ? '' : event.target.value })}
        >
          <MenuItem value="all">{t('contractsAdmin.list.all')}</MenuItem>
          <MenuItem value="true">{t('contractsAdmin.list.active')}</MenuItem>
          <MenuItem value="false">{t('contractsAdmin.list.inactive')}</MenuItem>
        </TextField>
      </ListFilters>
      <DataTable
        label={t('contractsAdmin.list.tableLabel')}
        columns={columns}
        rows={query.data?.records ?? []}
        total={query.data?.total_records ?? 0}
        loading={query.isFetching}
        error={query.error ?? undefined}
        onRetry={() => void query.refetch()}
        page={table.page}
        pageSize={table.pageSize}
        onChange={table.onChange}
        getRowId={(c) => c.contract_id}
        emptyText={t('contractsAdmin.list.empty')}
        onRowClick={(c) => go(`/contracts/management/${c.contract_id}`)}
      />
    </Stack>
  );
}
