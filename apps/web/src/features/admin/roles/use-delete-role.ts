import type { TRole } from '@strata/shared';
import { useTranslation } from 'react-i18next';
import { useDialog, useToast } from '../../../components/feedback';
import { errorText } from '../../../lib/error-text';
import { useDeleteRole } from './api';
import { MoveRoleContent, type MoveRoleParams } from './move-role-content';

/**
 * Deleting a role: a plain confirmation when nobody holds it; otherwise the dialog asks which role the holders
 * move to. Resolves true when the role was deleted.
 */
export function useDeleteRoleFlow(): (role: TRole, roles: readonly TRole[]) => Promise<boolean> {
  const { t } = useTranslation();
  const confirm = useDialog();
  const toast = useToast();
  const remove = useDeleteRole();

  return async (role, roles) => {
    let moveTo: number | undefined;
    if (role.user_count > 0) {
      const others = roles.filter((r) => r.role_id !== role.role_id);
      const answer = await confirm<number, MoveRoleParams>({
        title: t('admin.roles.moveTitle', { name: role.name }),
        content: () => Promise.resolve(MoveRoleContent),
        params: { role, others },
        maxWidth: 420,
      });
      if (typeof answer !== 'number') return false;
      moveTo = answer;
    } else {
      const ok = await confirm({
        prompt: t('admin.roles.confirmDelete', { name: role.name }),
        positive: t('admin.common.delete'),
        negative: t('admin.common.cancel'),
      });
      if (ok !== true) return false;
    }
    try {
      const result = await remove.mutateAsync({ roleId: role.role_id, moveTo });
      const target = roles.find((r) => r.role_id === moveTo)?.name ?? '';
      toast({
        color: 'success',
        message: moveTo ? t('admin.roles.deletedMoved', { name: role.name, count: result.moved_users, target }) : t('admin.roles.deleted', { name: role.name }),
      });
      return true;
    } catch (error) {
      toast({ color: 'error', message: errorText(error) });
      return false;
    }
  };
}
