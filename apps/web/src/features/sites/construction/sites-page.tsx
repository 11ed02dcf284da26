import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import type { TSite } from '@strata/shared';
import { useTranslation } from 'react-i18next';
import { DataTable, type DataTableColumn } from '../../../components/data-table';
import { useRouteAction } from '../../../lib/route-actions';
import { ContractFilter, SiteTypeFilter } from '../shared/filter-select';
import { AppLink } from '../../../components/app-link';
import { useGo } from '../../../lib/page-nav';
import { ListFilters } from '../../../components/list-filters';
import { SearchField } from '../../../components/search-field';
import { isSiteType, SITE_TYPE_KEYS } from '../shared/site-type';
import { idOrUndefined } from '../../../lib/page-nav';
import { queryTableProps, useClampPage, useTableParams, useUrlFilters } from '../../../components/data-table';
import { useSites } from './api';

const FILTERS = ['q', 'contract', 'type'] as const;

/** The type of a site as a small label: "E · Excavation" or "MT · Mined tunnel". */
export function SiteTypeChip({ type }: { type: TSite['type'] }) {
  const { t } = useTranslation();
  return <Chip size="small" variant="outlined" color={type === 'E' ? 'primary' : 'secondary'} label={t(SITE_TYPE_KEYS[type])} />;
}

/**
 * `/master-data/construction/site` (Construction Sites): the sites of the caller's contracts with search, contract and
 * type filters, paged; actions Add Site and Upload History.
 */
export function SitesPage() {
  const { t } = useTranslation();
  const go = useGo();
  const [filters, setFilters] = useUrlFilters(FILTERS);
  const table = useTableParams();
  const query = useSites({
    limit: table.limit,
    skip: table.skip,
    keyword: filters.q || undefined,
    contract_id: idOrUndefined(filters.contract),
    type: isSiteType(filters.type) ? filters.type : undefined,
  });
  useClampPage(query.data?.total_records, table.page, table.pageSize);
  useRouteAction('add-site', () => go('/master-data/construction/site/new'));
  useRouteAction('upload-history', () => go('/master-data/construction/site/uploads'));

  const columns: DataTableColumn<TSite>[] = [
    {
      id: 'site_name',
      label: t('sites.site.name'),
      minWidth: 180,
      render: (s) => (
        <AppLink to={`/master-data/construction/site/${s.site_id}`} onClick={(event) => event.stopPropagation()}>
          {s.site_name}
        </AppLink>
      ),
    },
    { id: 'contract_no', label: t('sites.common.contract'), noWrap: true },
    { id: 'type', label: t('sites.common.type'), noWrap: true, render: (s) => <SiteTypeChip type={s.type} /> },
    { id: 'stages', label: t('sites.site.stageCount'), align: 'right', render: (s) => s.stages.length },
    { id: 'drawing_count', label: t('sites.site.drawingCount'), align: 'right' },
    { id: 'updated', label: t('sites.common.updated'), format: 'datetime', noWrap: true },
  ];

  const filtered = Boolean(filters.q || filters.contract || filters.type);
  return (
    <Stack spacing={2}>
      <ListFilters search={<SearchField label={t('sites.site.search')} value={filters.q} onSearch={(q) => setFilters({ q })} />}>
        <ContractFilter value={filters.contract} onChange={(contract) => setFilters({ contract })} />
        <SiteTypeFilter value={filters.type} onChange={(type) => setFilters({ type })} />
      </ListFilters>
      <DataTable
        label={t('sites.site.tableLabel')}
        columns={columns}
        {...queryTableProps(query)}
        page={table.page}
        pageSize={table.pageSize}
        onChange={table.onChange}
        getRowId={(s) => s.site_id}
        emptyText={filtered ? t('sites.site.noMatch') : t('sites.site.empty')}
        onRowClick={(s) => go(`/master-data/construction/site/${s.site_id}`)}
      />
    </Stack>
  );
}
