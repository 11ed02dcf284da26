import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { TRole } from '@strata/shared';
import { useTranslation } from 'react-i18next';
import { DataTable, type DataTableColumn } from '../../../components/data-table';
import { useRouteAction } from '../../../lib/route-actions';
import { AppLink } from '../../../components/app-link';
import { SearchField } from '../../../components/search-field';
import { useGo } from '../../../lib/page-nav';
import { useClampPage, useTableParams, useUrlFilters } from '../../../components/data-table';
import { useRoles } from './api';

const FILTERS = ['q'] as const;

/** `/admin/roles` Role Management: the roles with their permissions and holders; Create Role, Role Reports. */
export function RolesPage() {
  const { t } = useTranslation();
  const go = useGo();
  const [filters, setFilters] = useUrlFilters(FILTERS);
  const query = useRoles({ limit: 1000, skip: 0, keyword: filters.q });
  const total = query.data?.total_records;
  const table = useTableParams();
  useClampPage(total, table.page, table.pageSize);
  useRouteAction('create-role', () => go('/admin/roles/add-new'));
  useRouteAction('role-report', () => go('/admin/roles/report'));

  const rows = query.data?.records ?? [];
  const sorted = table.sort ? sortRoles(rows, table.sort.by, table.sort.direction) : rows;
  const pageRows = sorted.slice(table.skip, table.skip + table.limit);

  const columns: DataTableColumn<TRole>[] = [
    {
      id: 'name',
      label: t('admin.roles.name'),
      sortable: true,
      render: (role) => (
        <AppLink to={`/admin/roles/${role.role_id}`} onClick={(event) => event.stopPropagation()}>
          {role.name}
        </AppLink>
      ),
    },
    { id: 'description', label: t('admin.roles.description'), minWidth: 200 },
    { id: 'permissions', label: t('admin.roles.permissions'), align: 'right', sortable: true, render: (role) => role.permissions.length },
    { id: 'user_count', label: t('admin.users.tableLabel'), align: 'right', sortable: true, render: (role) => role.user_count },
  ];

  return (
    <Stack spacing={2}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' }, justifyContent: 'space-between' }}>
        <SearchField label={t('admin.roles.search')} value={filters.q} onSearch={(q) => setFilters({ q })} fullWidth={false} />
        {total !== undefined && total > 0 && (
          <Typography variant="body2" color="text.secondary">
            {t('admin.dashboard.count', { count: total })}
          </Typography>
        )}
      </Stack>
      <DataTable
        label={t('admin.roles.listLabel')}
        columns={columns}
        rows={pageRows}
        total={rows.length}
        page={table.page}
        pageSize={table.pageSize}
        sort={table.sort}
        onChange={table.onChange}
        getRowId={(role) => role.role_id}
        loading={query.isFetching}
        error={query.error ?? undefined}
        onRetry={() => void query.refetch()}
        emptyText={t('admin.roles.empty')}
        onRowClick={(role) => go(`/admin/roles/${role.role_id}`)}
      />
    </Stack>
  );
}

function sortRoles(rows: readonly TRole[], by: string, direction: 'asc' | 'desc'): TRole[] {
  const sign = direction === 'asc' ? 1 : -1;
  const value = (role: TRole): string | number =>
    by === 'permissions' ? role.permissions.length : by === 'user_count' ? role.user_count : role.name.toLowerCase();
  return [...rows].sort((a, b) => {
    const va = value(a);
    const vb = value(b);
    return sign * (typeof va === 'number' && typeof vb === 'number' ? va - vb : String(va).localeCompare(String(vb)));
  });
}
