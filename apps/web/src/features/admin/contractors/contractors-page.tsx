import Stack from '@mui/material/Stack';
import type { TContractor } from '@strata/shared';
import { useTranslation } from 'react-i18next';
import { DataTable, type DataTableColumn } from '../../../components/data-table';
import { useRouteAction } from '../../../lib/route-actions';
import { AppLink } from '../../../components/app-link';
import { ListFilters } from '../../../components/list-filters';
import { SearchField } from '../../../components/search-field';
import { useGo } from '../../../lib/page-nav';
import { useClampPage, useTableParams, useUrlFilters } from '../../../components/data-table';
import { useContractors } from './api';
import { queryTableProps } from '../../../components/data-table';

const FILTERS = ['q'] as const;

/** `/contracts/contractors` (SearchContractors): the contractors, with Add Contractor. */
export function ContractorsPage() {
  const { t } = useTranslation();
  const go = useGo();
  const [filters, setFilters] = useUrlFilters(FILTERS);
  const table = useTableParams();
  const query = useContractors({ limit: table.limit, skip: table.skip, keyword: filters.q });
  useClampPage(query.data?.total_records, table.page, table.pageSize);
  useRouteAction('add-contractor', () => go('/contracts/contractors/new'));

  const columns: DataTableColumn<TContractor>[] = [
    {
      id: 'name',
      label: t('admin.contractors.name'),
      minWidth: 200,
      render: (c) => (
        <AppLink to={`/contracts/contractors/${c.contractor_id}`} onClick={(event) => event.stopPropagation()}>
          {c.name}
        </AppLink>
      ),
    },
    { id: 'registration_no', label: t('admin.contractors.registrationNo'), noWrap: true, render: (c) => c.registration_no ?? '—' },
    { id: 'contact', label: t('admin.contractors.contact'), render: (c) => c.contact ?? '—' },
    { id: 'user_count', label: t('admin.contractors.userCount'), align: 'right' },
    { id: 'contract_count', label: t('admin.contractors.contractCount'), align: 'right' },
  ];

  return (
    <Stack spacing={2}>
      <ListFilters search={<SearchField label={t('admin.contractors.search')} value={filters.q} onSearch={(q) => setFilters({ q })} />} />
      <DataTable
        label={t('admin.contractors.tableLabel')}
        columns={columns}
        {...queryTableProps(query)}
        page={table.page}
        pageSize={table.pageSize}
        onChange={table.onChange}
        getRowId={(c) => c.contractor_id}
        emptyText={t('admin.contractors.empty')}
        onRowClick={(c) => go(`/contracts/contractors/${c.contractor_id}`)}
      />
    </Stack>
  );
}
