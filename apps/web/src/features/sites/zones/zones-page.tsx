import Chip from '@mui/material/Chip';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import type { TZoneRecord } from '@strata/shared';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable, type DataTableColumn } from '../../../components/data-table';
import { useRouteAction } from '../../../lib/route-actions';
import { useContractOptions } from '../../../lib/contract-options';
import { ContractFilter, FilterSelect } from '../shared/filter-select';
import { AppLink } from '../../../components/app-link';
import { useGo } from '../../../lib/page-nav';
import { ListFilters } from '../../../components/list-filters';
import { SearchField } from '../../../components/search-field';
import { idOrUndefined } from '../../../lib/page-nav';
import { queryTableProps, useClampPage, useTableParams, useUrlFilters } from '../../../components/data-table';
import { useZones } from './api';

const FILTERS = ['q', 'contract', 'report'] as const;

/** Whether a zone is used in reports, as a small label. */
export function ReportChip({ isReport }: { isReport: boolean }) {
  const { t } = useTranslation();
  return isReport ? (
    <Chip size="small" color="primary" label={t('sites.zone.reportYes')} />
  ) : (
    <Chip size="small" variant="outlined" label={t('sites.zone.reportNo')} />
  );
}

/**
 * `/master-data/zones` (Zone Management, ManageZones): the zones of the caller's contracts with search, contract and
 * report filters, paged; action Add Zone.
 */
export function ZonesPage() {
  const { t } = useTranslation();
  const go = useGo();
  const [filters, setFilters] = useUrlFilters(FILTERS);
  const table = useTableParams();
  const contracts = useContractOptions();
  const contractNo = useMemo(() => new Map((contracts.data ?? []).map((c) => [c.contract_id, c.no] as const)), [contracts.data]);
  const query = useZones({
    limit: table.limit,
    skip: table.skip,
    keyword: filters.q || undefined,
    contract_id: idOrUndefined(filters.contract),
    is_report: filters.report === 'yes' ? true : filters.report === 'no' ? false : undefined,
  });
  useClampPage(query.data?.total_records, table.page, table.pageSize);
  useRouteAction('add-zone', () => go('/master-data/zones/new'));

  const columns: DataTableColumn<TZoneRecord>[] = [
    {
      id: 'name',
      label: t('sites.zone.name'),
      minWidth: 180,
      render: (z) => (
        <AppLink to={`/master-data/zones/${z.zone_id}`} onClick={(event) => event.stopPropagation()}>
          {z.name}
        </AppLink>
      ),
    },
    { id: 'contract', label: t('sites.common.contract'), noWrap: true, render: (z) => contractNo.get(z.contract_id) ?? `#${z.contract_id}` },
    { id: 'is_report', label: t('sites.zone.isReport'), noWrap: true, render: (z) => <ReportChip isReport={z.is_report} /> },
  ];

  const filtered = Boolean(filters.q || filters.contract || filters.report);
  return (
    <Stack spacing={2} sx={{ maxWidth: 1100 }}>
      <ListFilters search={<SearchField label={t('sites.zone.search')} value={filters.q} onSearch={(q) => setFilters({ q })} />}>
        <ContractFilter value={filters.contract} onChange={(contract) => setFilters({ contract })} />
        <FilterSelect
          label={t('sites.zone.isReport')}
          value={filters.report === 'yes' || filters.report === 'no' ? filters.report : ''}
          onChange={(report) => setFilters({ report })}
        >
          <MenuItem value="">{t('sites.zone.anyReport')}</MenuItem>
          <MenuItem value="yes">{t('sites.zone.reportYes')}</MenuItem>
          <MenuItem value="no">{t('sites.zone.reportNo')}</MenuItem>
        </FilterSelect>
      </ListFilters>
      <DataTable
        label={t('sites.zone.tableLabel')}
        columns={columns}
        {...queryTableProps(query)}
        page={table.page}
        pageSize={table.pageSize}
        onChange={table.onChange}
        getRowId={(z) => z.zone_id}
        emptyText={filtered ? t('sites.zone.noMatch') : t('sites.zone.empty')}
        onRowClick={(z) => go(`/master-data/zones/${z.zone_id}`)}
      />
    </Stack>
  );
}
