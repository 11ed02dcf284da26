import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import { ZCloseActionCaseRequest, type TActionCaseDetail } from '@strata/shared';
import { useId } from 'react';
import { Controller } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { useToast } from '../../../components/feedback';
import { SafeForm, SafeTextField, useSafeForm } from '../../../components/safe-form';
import { useCloseCase } from '../api/cases';

/** The reason as the API checks it (shared `ZCloseActionCaseRequest`, its limit); the alert's box is always given. */
const ZCloseForm = ZCloseActionCaseRequest.pick({ reason: true }).extend({ close_alert: z.boolean() });
type CloseForm = z.input<typeof ZCloseForm>;

function CloseForm({ detail, onDone }: { detail: TActionCaseDetail; onDone: () => void }) {
  const { t } = useTranslation();
  const toast = useToast();
  const close = useCloseCase(detail.case.case_id);
  const alertOpen = detail.alert?.status === 'open';
  const form = useSafeForm<CloseForm>({ schema: ZCloseForm, defaultValues: { reason: '', close_alert: true } });
  const onSubmit = async (values: CloseForm) => {
    await close.mutateAsync({ reason: values.reason.trim(), close_alert: alertOpen && values.close_alert });
    toast({ color: 'success', message: t('actionLog.close.done') });
    onDone();
  };
  return (
    <SafeForm form={form} onSubmit={onSubmit} aria-label={t('actionLog.close.title')}>
      <DialogContent sx={{ pt: 1 }}>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <Typography variant="body2">{t('actionLog.close.prompt', { id: detail.case.case_id, title: detail.case.title })}</Typography>
          <SafeTextField name="reason" label={t('actionLog.close.reason')} required fullWidth multiline minRows={2} />
          {alertOpen && (
            <Controller<CloseForm, 'close_alert'>
              name="close_alert"
              render={({ field }) => (
                <FormControlLabel
                  label={t('actionLog.close.closeAlert', { id: detail.alert!.alert_id })}
                  control={<Checkbox checked={field.value} onChange={(event) => field.onChange(event.target.checked)} />}
                />
              )}
            />
          )}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onDone}>{t('actionLog.common.cancel')}</Button>
        <Button type="submit" variant="contained" color="primary" disabled={form.formState.isSubmitting}>
          {t('actionLog.close.submit')}
        </Button>
      </DialogActions>
    </SafeForm>
  );
}

/** Close the case with a reason (required); its alert, while open, closes with it unless unticked (decision 018). */
export function CloseCaseDialog({ open, detail, onClose }: { open: boolean; detail: TActionCaseDetail; onClose: () => void }) {
  const { t } = useTranslation();
  const titleId = useId();
  const fullScreen = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  return (
    <Dialog open={open} onClose={onClose} fullScreen={fullScreen} maxWidth="sm" fullWidth aria-labelledby={titleId}>
      <DialogTitle id={titleId}>{t('actionLog.close.title')}</DialogTitle>
      {open && <CloseForm detail={detail} onDone={onClose} />}
    </Dialog>
  );
}
