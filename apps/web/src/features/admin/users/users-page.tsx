import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { ADMIN_USER_SORTS, type TAdminUser } from '@strata/shared';
import { useTranslation } from 'react-i18next';
import { DataTable, type DataTableColumn } from '../../../components/data-table';
import { RelativeTime } from '../../../components/relative-time';
import { useRouteAction } from '../../../lib/route-actions';
import { userTypeKey } from '../shared/labels';
import { AppLink } from '../../../components/app-link';
import { UserStatusChip } from '../shared/status-chip';
import { useGo } from '../../../lib/page-nav';
import { useClampPage, useTableParams } from '../../../components/data-table';
import { useUsers } from './api';
import { UserFilters, userFilterQuery, useUserFilters } from './user-filters';
import { queryTableProps } from '../../../components/data-table';

const SORTS: readonly string[] = ADMIN_USER_SORTS;

/**
 * `/admin/users` User Management (SearchUsers): search (Enter), filters, a server-paged table; actions Register
 * New User, Bulk User Upload, User Approval and User Report.
 */
export function UsersPage() {
  const { t } = useTranslation();
  const go = useGo();
  const [filters, setFilters] = useUserFilters();
  const table = useTableParams();
  const sort = table.sort && SORTS.includes(table.sort.by) ? table.sort : null;
  const query = useUsers({
    limit: table.limit,
    skip: table.skip,
    ...userFilterQuery(filters),
    sort: sort?.by,
    order: sort?.direction,
  });
  useClampPage(query.data?.total_records, table.page, table.pageSize);

  useRouteAction('register-user', () => go('/admin/users/new'));
  useRouteAction('bulk-upload', () => go('/admin/users/approve?tab=upload'));
  useRouteAction('user-approval', () => go('/admin/users/approve'));
  useRouteAction('user-report', () => {
    const search = new URLSearchParams(Object.entries(filters).filter(([, v]) => v !== ''));
    go(`/admin/users/report${search.size > 0 ? `?${search.toString()}` : ''}`);
  });

  const columns: DataTableColumn<TAdminUser>[] = [
    {
      id: 'login_name',
      label: t('admin.users.loginName'),
      sortable: true,
      noWrap: true,
      render: (user) => (
        <AppLink to={`/admin/users/${user.user_id}`} onClick={(event) => event.stopPropagation()}>
          {user.login_name}
        </AppLink>
      ),
    },
    {
      id: 'fullname',
      label: `${t('admin.users.fullName')} / ${t('admin.users.email')}`,
      sortable: true,
      minWidth: 200,
      render: (user) => (
        <>
          {user.fullname}
          <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
            {user.email}
          </Typography>
        </>
      ),
    },
    {
      id: 'user_type',
      label: t('admin.users.type'),
      sortable: true,
      noWrap: true,
      render: (user) => {
        const key = userTypeKey(user.user_type);
        return key ? t(key) : user.user_type;
      },
    },
    { id: 'role', label: t('admin.users.role'), render: (user) => user.role_name ?? '—' },
    { id: 'contractor', label: t('admin.users.contractor'), render: (user) => user.contractor_name ?? '—' },
    { id: 'status', label: t('admin.users.status'), sortable: true, render: (user) => <UserStatusChip status={user.status} /> },
    {
      id: 'last_signin',
      label: t('admin.users.lastSignin'),
      sortable: true,
      noWrap: true,
      render: (user) => (user.last_signin ? <RelativeTime value={user.last_signin} /> : t('admin.users.never')),
    },
  ];

  return (
    <Stack spacing={2}>
      <UserFilters values={filters} set={setFilters} />
      <DataTable
        label={t('admin.users.tableLabel')}
        columns={columns}
        {...queryTableProps(query)}
        page={table.page}
        pageSize={table.pageSize}
        sort={sort}
        onChange={table.onChange}
        getRowId={(user) => user.user_id}
        onRowClick={(user) => go(`/admin/users/${user.user_id}`)}
      />
    </Stack>
  );
}
