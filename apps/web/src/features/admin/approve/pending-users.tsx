import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import type { TPendingUser } from '@strata/shared';
import { useState } from 'react';
import { SearchField } from '../../../components/search-field';
import { useTranslation } from 'react-i18next';
import { DataTable, type DataTableColumn, type TableQuery } from '../../../components/data-table';
import { useDialog, useToast } from '../../../components/feedback';
import { RelativeTime } from '../../../components/relative-time';
import { errorText } from '../../../lib/error-text';
import { idOrUndefined } from '../../../lib/page-nav';
import { userTypeKey } from '../shared/labels';
import { useRoleOptions } from '../shared/options-api';
import { useApproveUser, usePendingUsers, useRejectUser } from './api';
import { RejectReasonContent } from './reject-reason-content';

/** Pending users (self-registration and bulk upload): approve one, several, or reject with a reason. */
export function PendingUsers({ showSearch = false }: { showSearch?: boolean }) {
  const { t } = useTranslation();
  const confirm = useDialog();
  const toast = useToast();
  const roles = useRoleOptions();
  const [table, setTable] = useState<TableQuery>({ page: 1, pageSize: 25, sort: null });
  const [selected, setSelected] = useState<number[]>([]);
  const [roleId, setRoleId] = useState('');
  const [keyword, setKeyword] = useState('');
  const query = usePendingUsers({ limit: table.pageSize, skip: (table.page - 1) * table.pageSize, keyword: keyword || undefined }, true);
  const approve = useApproveUser();
  const reject = useRejectUser();
  const rows = query.data?.records ?? [];
  const busy = approve.isPending || reject.isPending;

  const approveUsers = async (users: TPendingUser[]) => {
    const ok = await confirm({
      prompt:
        users.length === 1
          ? t('admin.approve.confirmApprove', { login: users[0]!.login_name })
          : t('admin.approve.confirmApproveMany', { count: users.length }),
      positive: t('admin.approve.approve'),
      negative: t('admin.common.cancel'),
      maxWidth: 360,
    });
    if (ok !== true) return;
    const failures: string[] = [];
    for (const user of users) {
      try {
        await approve.mutateAsync({ userId: user.user_id, roleId: idOrUndefined(roleId) });
      } catch (error) {
        failures.push(`${user.login_name}: ${errorText(error)}`);
      }
    }
    setSelected([]);
    const done = users.length - failures.length;
    if (done > 0) {
      toast({
        color: 'success',
        message: users.length === 1 ? t('admin.approve.approved', { login: users[0]!.login_name }) : t('admin.approve.approvedMany', { count: done }),
      });
    }
    if (failures.length > 0) toast({ color: 'error', message: t('admin.approve.approveFailed', { count: failures.length, message: failures.join('; ') }) });
  };

  const rejectUser = async (user: TPendingUser) => {
    const reason = await confirm<string, undefined>({
      title: t('admin.approve.rejectTitle', { login: user.login_name }),
      content: () => Promise.resolve(RejectReasonContent),
      maxWidth: 440,
    });
    if (typeof reason !== 'string') return;
    try {
      await reject.mutateAsync({ userId: user.user_id, reason });
      setSelected((list) => list.filter((id) => id !== user.user_id));
      toast({ color: 'success', message: t('admin.approve.rejected', { login: user.login_name }) });
    } catch (error) {
      toast({ color: 'error', message: errorText(error) });
    }
  };

  const toggle = (id: number) => setSelected((list) => (list.includes(id) ? list.filter((x) => x !== id) : [...list, id]));
  const allSelected = rows.length > 0 && rows.every((u) => selected.includes(u.user_id));

  const columns: DataTableColumn<TPendingUser>[] = [
    {
      id: 'select',
      label: '',
      render: (user) => (
        <Checkbox
          size="small"
          checked={selected.includes(user.user_id)}
          onChange={() => toggle(user.user_id)}
          slotProps={{ input: { 'aria-label': t('admin.approve.selectRow', { login: user.login_name }) } }}
        />
      ),
    },
    { id: 'login_name', label: t('admin.users.loginName'), noWrap: true },
    { id: 'fullname', label: t('admin.users.fullName'), minWidth: 140 },
    { id: 'email', label: t('admin.users.email') },
    { id: 'user_type', label: t('admin.users.type'), noWrap: true, render: (u) => (userTypeKey(u.user_type) ? t(userTypeKey(u.user_type)!) : u.user_type) },
    { id: 'contractor', label: t('admin.users.contractor'), render: (u) => u.contractor_name ?? '—' },
    { id: 'note', label: t('admin.approve.note'), minWidth: 160, render: (u) => u.note ?? '' },
    { id: 'created', label: t('admin.approve.requested'), noWrap: true, render: (u) => <RelativeTime value={u.created} /> },
    {
      id: 'actions',
      label: t('admin.common.actions'),
      render: (user) => (
        <Stack direction="row" spacing={1}>
          <Button size="small" variant="contained" disabled={busy} onClick={() => void approveUsers([user])}>
            {t('admin.approve.approve')}
          </Button>
          <Button size="small" color="error" disabled={busy} onClick={() => void rejectUser(user)}>
            {t('admin.approve.reject')}
          </Button>
        </Stack>
      ),
    },
  ];

  return (
    <Stack spacing={2}>
      {(showSearch || keyword) && (
        <SearchField
          label={t('admin.approve.search')}
          value={keyword}
          onSearch={(next) => {
            setKeyword(next.trim());
            setSelected([]);
            setTable((current) => ({ ...current, page: 1 }));
          }}
        />
      )}
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ alignItems: { md: 'center' } }}>
        {roles.allowed && (
          <TextField
            select
            size="small"
            label={t('admin.approve.roleOnApproval')}
            value={roleId}
            onChange={(e) => setRoleId(e.target.value)}
            slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
            sx={{ minWidth: 260 }}
          >
            <MenuItem value="">{t('admin.approve.keepRole')}</MenuItem>
            {roles.roles.map((role) => (
              <MenuItem key={role.role_id} value={String(role.role_id)}>
                {role.name}
              </MenuItem>
            ))}
          </TextField>
        )}
        <FormControlLabel
          label={t('admin.approve.selectAllRows')}
          control={
            <Checkbox
              checked={allSelected}
              indeterminate={!allSelected && selected.length > 0}
              disabled={rows.length === 0}
              onChange={() => setSelected(allSelected ? [] : rows.map((u) => u.user_id))}
            />
          }
        />
        <Button
          variant="contained"
          disabled={selected.length === 0 || busy}
          onClick={() => void approveUsers(rows.filter((u) => selected.includes(u.user_id)))}
        >
          {t('admin.approve.approveSelected', { count: selected.length })}
        </Button>
      </Stack>
      <DataTable
        label={t('admin.approve.pendingLabel')}
        columns={columns}
        rows={rows}
        total={query.data?.total_records ?? 0}
        page={table.page}
        pageSize={table.pageSize}
        onChange={setTable}
        getRowId={(u) => u.user_id}
        loading={query.isFetching}
        error={query.error ?? undefined}
        onRetry={() => void query.refetch()}
        emptyText={t('admin.approve.empty')}
      />
    </Stack>
  );
}
