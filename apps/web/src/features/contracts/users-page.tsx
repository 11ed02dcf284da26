import PersonRemove from '@mui/icons-material/PersonRemove';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import { USER_STATUS, type TContractDetail } from '@strata/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { clientPage, DataTable, type DataTableColumn, type TableQuery } from '../../components/data-table';
import { useDialog, useToast } from '../../components/feedback';
import { useRouteAction } from '../../lib/route-actions';
import { useContractUsers, useSetContractUsers } from './api';
import { AssignUsersDialog } from './assign-users-dialog';
import { ContractFrame } from './contract-frame';
import { errorText } from '../../lib/error-text';
import { Section } from '../../components/section';

type ContractUser = NonNullable<ReturnType<typeof useContractUsers>['data']>['records'][number];

const STATUS_COLORS: Record<string, 'success' | 'warning' | 'default' | 'error'> = {
  active: 'success',
  pending: 'warning',
  suspended: 'default',
  terminated: 'error',
};

function ContractUsers({ contractId, contractNo }: { contractId: number; contractNo: string }) {
  const { t } = useTranslation();
  const toast = useToast();
  const confirm = useDialog();
  const users = useContractUsers(contractId);
  const setUsers = useSetContractUsers(contractId);
  const [assigning, setAssigning] = useState(false);
  const [query, setQuery] = useState<TableQuery>({ page: 1, pageSize: 25, sort: null });
  useRouteAction('assign-user', () => setAssigning(true));

  const assignedIds = (users.data?.records ?? []).map((u) => u.user_id);

  const onRemove = async (user: ContractUser) => {
    const ok = await confirm({
      title: t('contractsAdmin.users.removeTitle'),
      prompt: t('contractsAdmin.users.confirmRemove', { name: user.fullname, no: contractNo }),
      positive: t('contractsAdmin.users.remove'),
      negative: t('contractsAdmin.users.cancel'),
    });
    if (ok !== true) return;
    try {
      await setUsers.mutateAsync(assignedIds.filter((id) => id !== user.user_id));
      toast({ color: 'success', message: t('contractsAdmin.users.removed', { name: user.fullname, no: contractNo }) });
    } catch (error) {
      toast({ color: 'error', message: errorText(error) });
    }
  };

  const columns: DataTableColumn<ContractUser>[] = [
    { id: 'fullname', label: t('contractsAdmin.users.name'), sortable: true, minWidth: 160 },
    { id: 'login_name', label: t('contractsAdmin.users.login'), sortable: true, noWrap: true },
    { id: 'email', label: t('contractsAdmin.users.email'), sortable: true },
    { id: 'user_type', label: t('contractsAdmin.users.userType'), render: (u) => t(`userType.${u.user_type}` as 'userType.0') },
    { id: 'contractor_name', label: t('contractsAdmin.users.contractor'), render: (u) => u.contractor_name ?? '—' },
    {
      id: 'status',
      label: t('contractsAdmin.users.status'),
      render: (u) => (
        <Chip
          size="small"
          color={STATUS_COLORS[u.status] ?? 'default'}
          variant="outlined"
          label={
            (USER_STATUS as readonly string[]).includes(u.status)
              ? t(`contractsAdmin.users.statusName.${u.status}` as 'contractsAdmin.users.statusName.active')
              : u.status
          }
        />
      ),
    },
    {
      id: 'actions',
      label: t('contractsAdmin.users.actions'),
      align: 'right',
      render: (u) => (
        <Tooltip title={t('contractsAdmin.users.remove')}>
          <IconButton
            size="small"
            color="error"
            aria-label={t('contractsAdmin.users.removeLabel', { name: u.fullname })}
            onClick={() => void onRemove(u)}
            disabled={setUsers.isPending}
          >
            <PersonRemove fontSize="small" />
          </IconButton>
        </Tooltip>
      ),
    },
  ];

  const page = clientPage(users.data?.records ?? [], query);
  return (
    <Section title={t('contractsAdmin.users.tableLabel')}>
      <DataTable
        label={t('contractsAdmin.users.tableLabel')}
        columns={columns}
        rows={page.rows}
        total={page.total}
        page={query.page}
        pageSize={query.pageSize}
        sort={query.sort}
        onChange={setQuery}
        getRowId={(u) => u.user_id}
        loading={users.isFetching}
        error={users.error ?? undefined}
        onRetry={() => void users.refetch()}
        emptyText={t('contractsAdmin.users.empty')}
      />
      <AssignUsersDialog
        contractId={contractId}
        contractNo={contractNo}
        open={assigning}
        onClose={() => setAssigning(false)}
        onAssign={async (ids) => {
          await setUsers.mutateAsync([...new Set([...assignedIds, ...ids])]);
          toast({ color: 'success', message: t('contractsAdmin.users.assigned', { count: ids.length, no: contractNo }) });
        }}
      />
    </Section>
  );
}

/** `/contracts/management/{id}/users` (ManageProjectAssignment): the users assigned, Assign User, Remove. */
export function ContractUsersPage() {
  return (
    <ContractFrame
      tab="users"
      render={(contract: TContractDetail | undefined, contractId) => <ContractUsers contractId={contractId} contractNo={contract?.no ?? `#${contractId}`} />}
    />
  );
}
