import Block from '@mui/icons-material/Block';
import CancelOutlined from '@mui/icons-material/CancelOutlined';
import PlayArrow from '@mui/icons-material/PlayArrow';
import Button from '@mui/material/Button';
import type { TAdminUserDetail } from '@strata/shared';
import { useTranslation } from 'react-i18next';
import { useDialog, useToast } from '../../../components/feedback';
import { useCan } from '../../../lib/use-can';
import { errorText } from '../../../lib/error-text';
import { isUserStatus, USER_STATUS_KEYS } from '../shared/labels';
import { useUserStatusAction } from './api';

type Action = 'suspend' | 'reactivate' | 'terminate';

/** Which status changes a user in this status allows (server rules: terminate is final). */
export function statusActionsFor(status: string): Action[] {
  if (status === 'active') return ['suspend', 'terminate'];
  if (status === 'suspended') return ['reactivate', 'terminate'];
  if (status === 'pending') return ['terminate'];
  return [];
}

const CONFIRM = { suspend: 'admin.users.confirmSuspend', reactivate: 'admin.users.confirmReactivate', terminate: 'admin.users.confirmTerminate' } as const;
const LABEL = { suspend: 'admin.users.suspend', reactivate: 'admin.users.reactivate', terminate: 'admin.users.terminate' } as const;
const ICON = { suspend: Block, reactivate: PlayArrow, terminate: CancelOutlined } as const;

/** Suspend, Reactivate and Terminate buttons (SuspendorTerminateUser), each behind a confirmation. */
export function UserStatusActions({ user }: { user: TAdminUserDetail }) {
  const { t } = useTranslation();
  const confirm = useDialog();
  const toast = useToast();
  const allowed = useCan('SuspendorTerminateUser');
  const change = useUserStatusAction(user.user_id);
  if (!allowed) return null;

  const run = async (action: Action) => {
    const ok = await confirm({
      prompt: t(CONFIRM[action], { name: user.fullname }),
      positive: t(LABEL[action]),
      negative: t('admin.common.cancel'),
      maxWidth: 360,
    });
    if (ok !== true) return;
    try {
      const result = await change.mutateAsync(action);
      const status = isUserStatus(result.status) ? t(USER_STATUS_KEYS[result.status]) : result.status;
      const ended = result.ended_sessions > 0 ? ` · ${t('admin.users.endedSessions', { count: result.ended_sessions })}` : '';
      toast({ color: 'success', message: `${t('admin.users.statusChanged', { name: user.fullname, status })}${ended}` });
    } catch (error) {
      toast({ color: 'error', message: errorText(error) });
    }
  };

  return statusActionsFor(user.status).map((action) => {
    const Icon = ICON[action];
    return (
      <Button
        key={action}
        variant="outlined"
        color={action === 'reactivate' ? 'success' : 'error'}
        startIcon={<Icon />}
        disabled={change.isPending}
        onClick={() => void run(action)}
      >
        {t(LABEL[action])}
      </Button>
    );
  });
}
