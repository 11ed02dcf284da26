import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { ZTfaCodeRequest } from '@strata/shared';
import { useTranslation } from 'react-i18next';
import { type z } from 'zod';
import { SafeForm, SafeTextField, useSafeForm } from '../../../components/safe-form';

/** As the API checks it (shared `ZTfaCodeRequest`, its limit). */
const ZCodeForm = ZTfaCodeRequest;
type Values = z.input<typeof ZCodeForm>;

export interface TwoFactorStepProps {
  /** Sends the code; an ApiError shows under the field or above the form. */
  onSubmit: (code: string) => Promise<void>;
  onBack: () => void;
}

/** The second sign-in step: a 6-digit code from the authenticator app, or a recovery code. */
export function TwoFactorStep({ onSubmit, onBack }: TwoFactorStepProps) {
  const { t } = useTranslation();
  const form = useSafeForm<Values>({ schema: ZCodeForm, defaultValues: { code: '' } });
  const submitting = form.formState.isSubmitting;
  return (
    <Stack spacing={2}>
      <Typography color="text.secondary">{t('twoFactor.stepIntro')}</Typography>
      <SafeForm form={form} aria-label={t('twoFactor.stepTitle')} onSubmit={(values) => onSubmit(values.code)}>
        <SafeTextField
          name="code"
          label={t('twoFactor.code')}
          autoComplete="one-time-code"
          slotProps={{ htmlInput: { autoCapitalize: 'none', spellCheck: false, maxLength: ZTfaCodeRequest.shape.code.maxLength } }}
          fullWidth
        />
        <Button type="submit" variant="contained" size="large" fullWidth disabled={submitting}>
          {t('twoFactor.verify')}
        </Button>
        <Button onClick={onBack} size="small" disabled={submitting} sx={{ alignSelf: 'center' }}>
          {t('twoFactor.back')}
        </Button>
      </SafeForm>
    </Stack>
  );
}
