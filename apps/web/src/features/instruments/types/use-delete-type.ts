import type { TInstrumentType } from '@strata/shared';
import { useTranslation } from 'react-i18next';
import { useDialog, useToast } from '../../../components/feedback';
import { useDeleteInstrumentType } from '../api/types';
import { errorText } from '../../../lib/error-text';

/**
 * Delete an instrument type after a confirmation; the server refuses (409) while instruments are of it, and that
 * message is shown. Resolves true when it was deleted.
 */
export function useDeleteType(): { run: (type: TInstrumentType) => Promise<boolean>; pending: boolean } {
  const { t } = useTranslation();
  const confirm = useDialog();
  const toast = useToast();
  const remove = useDeleteInstrumentType();
  const run = async (type: TInstrumentType) => {
    const ok = await confirm({
      title: t('instruments.types.deleteTitle'),
      prompt: t('instruments.types.confirmDelete', { name: type.name, code: type.code }),
      positive: t('instruments.common.delete'),
      negative: t('instruments.common.cancel'),
    });
    if (ok !== true) return false;
    try {
      await remove.mutateAsync(type.type_id);
      toast({ color: 'success', message: t('instruments.types.deleted', { name: type.name }) });
      return true;
    } catch (error) {
      toast({ color: 'error', message: errorText(error), timeout: 7000 });
      return false;
    }
  };
  return { run, pending: remove.isPending };
}
