import { useTranslation } from 'react-i18next';
import { useDialog, useToast } from '../../../components/feedback';
import { errorText } from '../../../lib/error-text';
import { useGo } from '../../../lib/page-nav';

/** The strings of one editor: `alertRules.group` or `alertRules.scenario` (`saved`, `deleted`, `confirmDelete`). */
type EditorStrings = 'alertRules.group' | 'alertRules.scenario';

interface EditorActionsOptions<TBody extends { contract_id: number }> {
  /** The record being edited (undefined: a new one). */
  existing: { id: number; name: string } | undefined;
  /** Creates (`id` undefined, the whole body) or updates (the body without the contract, which never changes). */
  save: (args: { id: undefined; body: TBody } | { id: number; body: Omit<TBody, 'contract_id'> }) => Promise<{ name: string }>;
  remove: (id: number) => Promise<unknown>;
  /** Where both go once done: the list. */
  listPath: string;
  strings: EditorStrings;
}

/**
 * Save and delete of a monitoring group's or a scenario's editor: save, say so, back to the list; delete after a
 * confirmation, say so, back to the list (a refusal is an error toast). Field errors of a save reach the form.
 */
export function useEditorActions<TBody extends { contract_id: number }>({ existing, save, remove, listPath, strings }: EditorActionsOptions<TBody>) {
  const { t } = useTranslation();
  const go = useGo();
  const toast = useToast();
  const confirm = useDialog();

  const onSubmit = async (body: TBody) => {
    const { contract_id: _contract, ...update } = body;
    const saved = await save(existing ? { id: existing.id, body: update } : { id: undefined, body });
    toast({ color: 'success', message: t(`${strings}.saved`, { name: saved.name }) });
    go(listPath);
  };

  const onDelete = async () => {
    if (!existing) return;
    const ok = await confirm({
      prompt: t(`${strings}.confirmDelete`, { name: existing.name }),
      positive: t('alertRules.delete'),
      negative: t('alertRules.cancel'),
    });
    if (ok !== true) return;
    try {
      await remove(existing.id);
      toast({ color: 'success', message: t(`${strings}.deleted`, { name: existing.name }) });
      go(listPath);
    } catch (error) {
      toast({ color: 'error', message: errorText(error) });
    }
  };

  return { onSubmit, onDelete };
}
