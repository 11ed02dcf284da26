import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import { useId, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { SafeForm, SafeTextField, useSafeForm } from '../../../components/safe-form';

export interface TextDialogProps {
  open: boolean;
  title: string;
  /** What the dialog is about, above the field. */
  prompt?: string;
  label: string;
  submitLabel: string;
  /** The text's checks: the field of the shared request schema (its required rule and limit, as the API checks them). */
  field: z.ZodType<string, string>;
  /** Sends the trimmed text; throw the ApiError to show the server's answer in the form. */
  onSubmit: (text: string) => Promise<void>;
  onClose: () => void;
}

/** A dialog asking for one text (a reason, a comment), checked by `field`, sent trimmed. */
export function TextDialog({ open, onClose, title, ...form }: TextDialogProps) {
  const titleId = useId();
  const fullScreen = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby={titleId} fullScreen={fullScreen} maxWidth="sm" fullWidth>
      <DialogTitle id={titleId}>{title}</DialogTitle>
      {open && <TextForm {...form} title={title} onClose={onClose} />}
    </Dialog>
  );
}

function TextForm({ title, prompt, label, submitLabel, field, onSubmit, onClose }: Omit<TextDialogProps, 'open'>) {
  const { t } = useTranslation();
  const schema = useMemo(() => z.object({ text: field }), [field]);
  const form = useSafeForm<{ text: string }>({ schema, defaultValues: { text: '' } });
  return (
    <SafeForm form={form} onSubmit={(values: { text: string }) => onSubmit(values.text.trim())} aria-label={title}>
      <DialogContent sx={{ pt: 1 }}>
        {prompt && <DialogContentText sx={{ mb: 2 }}>{prompt}</DialogContentText>}
        <SafeTextField name="text" label={label} required fullWidth multiline minRows={3} sx={{ mt: 1 }} />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('alerts.form.cancel')}</Button>
        <Button type="submit" variant="contained" disabled={form.formState.isSubmitting}>
          {submitLabel}
        </Button>
      </DialogActions>
    </SafeForm>
  );
}
