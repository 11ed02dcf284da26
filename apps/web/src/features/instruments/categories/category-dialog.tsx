import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import { ZInstrumentCategoryBody, type TInstrumentCategory } from '@strata/shared';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { useToast } from '../../../components/feedback';
import { SafeForm, SafeTextField, useSafeForm } from '../../../components/safe-form';
import { useSaveCategory } from '../api/types';

/** The API's body (shared `ZInstrumentCategoryBody`): its limit and so its message. */
const ZCategoryForm = ZInstrumentCategoryBody;
type CategoryForm = z.input<typeof ZCategoryForm>;

export interface CategoryDialogProps {
  open: boolean;
  /** Absent: add a category. */
  category?: TInstrumentCategory;
  onClose: () => void;
}

/** Add a category or rename one; a name already used shows the server's field error. */
export function CategoryDialog({ open, category, onClose }: CategoryDialogProps) {
  const { t } = useTranslation();
  const titleId = useId();
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby={titleId} maxWidth="xs" fullWidth>
      <DialogTitle id={titleId}>{category ? t('instruments.categories.renameTitle') : t('instruments.action.addCategory')}</DialogTitle>
      {open && <CategoryFormBody key={category?.category_id ?? 'new'} category={category} onDone={onClose} />}
    </Dialog>
  );
}

function CategoryFormBody({ category, onDone }: { category?: TInstrumentCategory; onDone: () => void }) {
  const { t } = useTranslation();
  const toast = useToast();
  const save = useSaveCategory();
  const form = useSafeForm<CategoryForm>({ schema: ZCategoryForm, defaultValues: { name: category?.name ?? '' } });
  return (
    <SafeForm
      form={form}
      aria-label={category ? t('instruments.categories.renameTitle') : t('instruments.action.addCategory')}
      onSubmit={async (values) => {
        const saved = await save.mutateAsync({ id: category?.category_id, body: { name: values.name.trim() } });
        toast({ color: 'success', message: t(category ? 'instruments.categories.saved' : 'instruments.categories.created', { name: saved.name }) });
        onDone();
      }}
    >
      <DialogContent sx={{ pt: 1 }}>
        <SafeTextField name="name" label={t('instruments.categories.name')} required fullWidth sx={{ mt: 1 }} />
      </DialogContent>
      <DialogActions>
        <Button onClick={onDone}>{t('instruments.common.cancel')}</Button>
        <Button type="submit" variant="contained" disabled={form.formState.isSubmitting}>
          {t('instruments.common.save')}
        </Button>
      </DialogActions>
    </SafeForm>
  );
}
