import Button from '@mui/material/Button';
import type { TUserSessionList } from '@strata/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable, type DataTableColumn, type TableQuery } from '../../../components/data-table';
import { useDialog, useToast } from '../../../components/feedback';
import { RelativeTime } from '../../../components/relative-time';
import { errorText } from '../../../lib/error-text';
import { StateChip } from '../shared/status-chip';
import { useEndSession, useUserSessions } from './api';
import { queryTableProps } from '../../../components/data-table';

type Session = TUserSessionList['records'][number];

/** A user's sessions, newest first, with "End session" on the live ones (SuspendorTerminateUser). */
export function UserSessions({ userId }: { userId: number }) {
  const { t } = useTranslation();
  const confirm = useDialog();
  const toast = useToast();
  const [table, setTable] = useState<TableQuery>({ page: 1, pageSize: 5, sort: null });
  const query = useUserSessions(userId, { limit: table.pageSize, skip: (table.page - 1) * table.pageSize }, true);
  const end = useEndSession(userId);

  const endSession = async (session: Session) => {
    const ok = await confirm({ prompt: t('admin.users.confirmEndSession'), positive: t('admin.users.endSession'), negative: t('admin.common.cancel') });
    if (ok !== true) return;
    try {
      await end.mutateAsync(session.session_id);
      toast({ color: 'success', message: t('admin.users.sessionEndedToast') });
    } catch (error) {
      toast({ color: 'error', message: errorText(error) });
    }
  };

  const columns: DataTableColumn<Session>[] = [
    { id: 'created', label: t('admin.users.sessionCreated'), format: 'datetime', noWrap: true },
    { id: 'last_seen', label: t('admin.users.sessionLastSeen'), noWrap: true, render: (s) => <RelativeTime value={s.last_seen} /> },
    { id: 'expires', label: t('admin.users.sessionExpires'), format: 'datetime', noWrap: true },
    { id: 'client_address', label: t('admin.users.sessionAddress'), noWrap: true, render: (s) => s.client_address ?? '—' },
    { id: 'user_agent', label: t('admin.users.sessionAgent'), minWidth: 220, render: (s) => s.user_agent ?? '—' },
    {
      id: 'live',
      label: t('admin.common.status'),
      render: (s) => <StateChip label={s.live ? t('admin.users.sessionLive') : t('admin.users.sessionEnded')} color={s.live ? 'success' : 'default'} />,
    },
    {
      id: 'end',
      label: t('admin.common.actions'),
      render: (s) =>
        s.live && (
          <Button size="small" color="error" onClick={() => void endSession(s)} disabled={end.isPending}>
            {t('admin.users.endSession')}
          </Button>
        ),
    },
  ];

  return (
    <DataTable
      label={t('admin.users.sessionsLabel')}
      columns={columns}
      {...queryTableProps(query)}
      page={table.page}
      pageSize={table.pageSize}
      onChange={setTable}
      getRowId={(s) => s.session_id}
    />
  );
}
