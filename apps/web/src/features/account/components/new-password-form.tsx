import Button from '@mui/material/Button';
import { ZSetPasswordWithTokenRequest } from '@strata/shared';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { SafeForm, SafeTextField, useSafeForm } from '../../../components/safe-form';
import { passwordRulesHint, refineNewPassword } from '../password-rules';

export interface NewPasswordFormProps {
  /** Sends the new password; an ApiError fills the password field or shows above the form. */
  onSubmit: (password: string) => Promise<void>;
  loginName?: string | null;
  submitLabel: string;
}

type Values = { password: string; confirm_password: string };

/** A new password and its confirmation (password set-up and reset), with the rules explained. */
export function NewPasswordForm({ onSubmit, loginName, submitLabel }: NewPasswordFormProps) {
  const { t } = useTranslation();
  // The password as the API takes it (shared `ZSetPasswordWithTokenRequest`) and its confirmation; then the shared password policy.
  const schema = z.object({ password: ZSetPasswordWithTokenRequest.shape.password, confirm_password: z.string() }).superRefine((values, ctx) => {
    refineNewPassword(
      { password: values.password, confirm: values.confirm_password },
      ctx,
      { password: 'password', confirm: 'confirm_password' },
      { loginName },
    );
  });
  const form = useSafeForm<Values>({
    schema,
    mode: 'onSubmit',
    reValidateMode: 'onChange',
    defaultValues: { password: '', confirm_password: '' },
  });
  return (
    <SafeForm form={form} aria-label={submitLabel} onSubmit={(values) => onSubmit(values.password)}>
      <SafeTextField
        name="password"
        label={t('password.new')}
        type="password"
        autoComplete="new-password"
        helperText={passwordRulesHint(undefined)}
        fullWidth
      />
      <SafeTextField name="confirm_password" label={t('password.confirm')} type="password" autoComplete="new-password" fullWidth />
      <Button type="submit" variant="contained" size="large" fullWidth disabled={form.formState.isSubmitting}>
        {submitLabel}
      </Button>
    </SafeForm>
  );
}
