import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { ZForgotPasswordRequest } from '@strata/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { type z } from 'zod';
import { AppAlert } from '../../../components/feedback';
import { SafeForm, SafeTextField, useSafeForm } from '../../../components/safe-form';
import { translateMessage } from '../../../lib/i18n';
import { LOGIN_PATH, localePath } from '../../../lib/paths';
import { useLang } from '../../../lib/use-lang';
import { forgotPassword } from '../api/forgot-password';
import { PublicPage } from './public-page';

/** As the API checks it (shared `ZForgotPasswordRequest`, its limit). */
const ZForgotForm = ZForgotPasswordRequest;
type Values = z.input<typeof ZForgotForm>;

/**
 * `/account/reset-password` (no auth; "Forgot Password ?"): a login name or e-mail address; the answer is the same
 * whether or not an account matched.
 */
export function ForgotPasswordPage() {
  const { t } = useTranslation();
  const lang = useLang();
  const [sent, setSent] = useState<string | null>(null);
  const form = useSafeForm<Values>({ schema: ZForgotForm, defaultValues: { login: '' } });

  return (
    <PublicPage title={t('route.forgotPassword')}>
      {sent ? (
        <Stack spacing={3}>
          <AppAlert type="success" message={translateMessage(sent)} />
          <Typography color="text.secondary">{t('forgotPassword.checkMail')}</Typography>
          <Button component={Link} to={localePath(lang, LOGIN_PATH)} variant="contained">
            {t('account.backToLogin')}
          </Button>
        </Stack>
      ) : (
        <>
          <Typography color="text.secondary" sx={{ mb: 3 }}>
            {t('forgotPassword.intro')}
          </Typography>
          <SafeForm form={form} aria-label={t('route.forgotPassword')} onSubmit={async (values) => setSent((await forgotPassword(values.login)).message)}>
            <SafeTextField
              name="login"
              label={t('forgotPassword.login')}
              autoComplete="username"
              slotProps={{ htmlInput: { autoCapitalize: 'none', spellCheck: false } }}
              fullWidth
            />
            <Button type="submit" variant="contained" size="large" fullWidth disabled={form.formState.isSubmitting}>
              {t('forgotPassword.submit')}
            </Button>
            <Button component={Link} to={localePath(lang, LOGIN_PATH)} size="small" sx={{ alignSelf: 'center' }}>
              {t('account.backToLogin')}
            </Button>
          </SafeForm>
        </>
      )}
    </PublicPage>
  );
}
