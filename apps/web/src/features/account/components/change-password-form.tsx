import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { PASSWORD_MESSAGES, ZChangePasswordRequest, type TChangePasswordRequest } from '@strata/shared';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { SafeForm, SafeTextField, useSafeForm } from '../../../components/safe-form';
import { passwordRulesHint, refineNewPassword } from '../password-rules';

export interface ChangePasswordFormProps {
  /** Sends the change; an ApiError fills the fields it names or shows above the form. */
  onSubmit: (body: TChangePasswordRequest) => Promise<void>;
  /** The rules the shared check knows: the configured minimum length, and the user's login name and e-mail. */
  minLength?: number;
  loginName?: string | null;
  email?: string | null;
  submitLabel: string;
  onCancel?: () => void;
  autoFocus?: boolean;
}

type Values = { current_password: string; new_password: string; confirm_password: string };

/** Current password, new password and its confirmation, with the rules explained before anything is sent. */
export function ChangePasswordForm({ onSubmit, minLength, loginName, email, submitLabel, onCancel, autoFocus }: ChangePasswordFormProps) {
  const { t } = useTranslation();
  // The fields as the API checks them (shared `ZChangePasswordRequest`), the confirmation; then the shared password policy.
  const schema = ZChangePasswordRequest.extend({ confirm_password: z.string() }).superRefine((values, ctx) => {
    refineNewPassword(
      { password: values.new_password, confirm: values.confirm_password },
      ctx,
      { password: 'new_password', confirm: 'confirm_password' },
      { minLength, loginName, email },
    );
    if (values.new_password !== '' && values.new_password === values.current_password) {
      ctx.addIssue({ code: 'custom', path: ['new_password'], message: PASSWORD_MESSAGES.sameAsCurrent });
    }
  });
  const form = useSafeForm<Values>({
    schema,
    mode: 'onSubmit',
    reValidateMode: 'onChange',
    defaultValues: { current_password: '', new_password: '', confirm_password: '' },
  });
  const submitting = form.formState.isSubmitting;

  return (
    <SafeForm
      form={form}
      autoFocus={autoFocus}
      aria-label={t('changePassword.title')}
      onSubmit={(values) => onSubmit({ current_password: values.current_password, new_password: values.new_password })}
    >
      <SafeTextField name="current_password" label={t('password.current')} type="password" autoComplete="current-password" fullWidth />
      <SafeTextField
        name="new_password"
        label={t('password.new')}
        type="password"
        autoComplete="new-password"
        helperText={passwordRulesHint(minLength)}
        fullWidth
      />
      <SafeTextField name="confirm_password" label={t('password.confirm')} type="password" autoComplete="new-password" fullWidth />
      <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
        {onCancel && (
          <Button onClick={onCancel} disabled={submitting}>
            {t('feedback.cancel')}
          </Button>
        )}
        <Button type="submit" variant="contained" disabled={submitting}>
          {submitLabel}
        </Button>
      </Stack>
    </SafeForm>
  );
}
