import { useTranslation } from 'react-i18next';
import { useDialog, useToast } from '../../../components/feedback';
import { errorText } from '../../../lib/error-text';
import { useDeleteConstructionRow, type ConstructionRowKind } from './api';

/**
 * Deleting a progress row (CONSTRUCTION_DELETE_TASKS; the caller shows the button only to holders): a confirmation
 * naming the row, then `DELETE`, a toast, and every construction answer fetched again. Resolves true when deleted.
 */
export function useDeleteRow(siteId: number): (kind: ConstructionRowKind, rowId: number, what: string) => Promise<boolean> {
  const { t } = useTranslation();
  const confirm = useDialog();
  const toast = useToast();
  const remove = useDeleteConstructionRow();
  return async (kind, rowId, what) => {
    const ok = await confirm({
      title: t('construction.delete.title'),
      prompt: t('construction.delete.prompt', { what }),
      positive: t('construction.delete.confirm'),
      negative: t('construction.delete.cancel'),
    });
    if (ok !== true) return false;
    try {
      await remove.mutateAsync({ siteId, kind, rowId });
      toast({ color: 'success', message: t('construction.delete.done', { what }) });
      return true;
    } catch (error) {
      toast({ color: 'error', message: errorText(error) });
      return false;
    }
  };
}
