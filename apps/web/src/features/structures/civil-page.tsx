import Chip from '@mui/material/Chip';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import type { TStructureKind, TStructureRecord } from '@strata/shared';
import { useTranslation } from 'react-i18next';
import { AppLink } from '../../components/app-link';
import { DataTable, queryTableProps, useClampPage, useTableParams, useUrlFilters, type DataTableColumn } from '../../components/data-table';
import { ListFilters } from '../../components/list-filters';
import { SearchField } from '../../components/search-field';
import { useContractOptions } from '../../lib/contract-options';
import { idOrUndefined, useGo } from '../../lib/page-nav';
import { useStructures } from './api';
import { KINDS, recordPath } from './kinds';

const FILTERS = ['q', 'contract'] as const;

/**
 * `/civil/critical-interface` and `/civil/mining-works` (spec §2.9): a searchable table of the kind's records with their
 * counts of instruments and open alerts, each linking to its page.
 */
export function CivilStructuresPage({ kind }: { kind: TStructureKind }) {
  const { t } = useTranslation();
  const info = KINDS[kind];
  const go = useGo();
  const [filters, setFilters] = useUrlFilters(FILTERS);
  const table = useTableParams();
  const contracts = useContractOptions();
  const query = useStructures(kind, { limit: table.limit, skip: table.skip, keyword: filters.q || undefined, contract_id: idOrUndefined(filters.contract) });
  useClampPage(query.data?.total_records, table.page, table.pageSize);
  const columns: DataTableColumn<TStructureRecord>[] = [
    {
      id: 'name',
      label: t('structures.field.name'),
      minWidth: 180,
      render: (r) => (
        <AppLink to={recordPath(info, r.structure_id)} onClick={(event) => event.stopPropagation()}>
          {r.name}
        </AppLink>
      ),
    },
    { id: 'contract', label: t('structures.field.contract'), noWrap: true, render: (r) => r.contract_no },
    { id: 'type', label: t('structures.field.type'), noWrap: true, render: (r) => t(`structures.type.${r.structure_type}`) },
    { id: 'owner', label: t('structures.field.owner'), render: (r) => r.owner },
    { id: 'instruments', label: t('structures.list.instruments'), align: 'right', render: (r) => r.instrument_count },
    {
      id: 'alerts',
      label: t('structures.list.openAlerts'),
      align: 'right',
      render: (r) => (r.open_alert_count > 0 ? <Chip size="small" color="error" label={r.open_alert_count} /> : 0),
    },
  ];
  const filtered = Boolean(filters.q || filters.contract);
  return (
    <Stack spacing={2} sx={{ maxWidth: 1366 }}>
      <ListFilters search={<SearchField label={t('structures.list.search')} value={filters.q} onSearch={(q) => setFilters({ q })} />}>
        <TextField
          select
          size="small"
          label={t('structures.field.contract')}
          value={filters.contract}
          onChange={(e) => setFilters({ contract: e.target.value })}
          sx={{ minWidth: 180 }}
        >
          <MenuItem value="">{t('structures.list.anyContract')}</MenuItem>
          {(contracts.data ?? []).map((c) => (
            <MenuItem key={c.contract_id} value={String(c.contract_id)}>
              {c.no}
            </MenuItem>
          ))}
        </TextField>
      </ListFilters>
      <DataTable
        label={t(`structures.kind.${info.words}.plural`)}
        columns={columns}
        {...queryTableProps(query)}
        page={table.page}
        pageSize={table.pageSize}
        onChange={table.onChange}
        getRowId={(r) => r.structure_id}
        emptyText={filtered ? t('structures.list.noMatch') : t(`structures.kind.${info.words}.empty`)}
        onRowClick={(r) => go(recordPath(info, r.structure_id))}
      />
    </Stack>
  );
}

export const CivilCriticalInterfacePage = () => <CivilStructuresPage kind="critical-interface" />;
export const CivilMiningWorksPage = () => <CivilStructuresPage kind="mining-works" />;
