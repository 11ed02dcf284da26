import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { MESSAGES } from '@strata/shared';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { AppAlert } from '../../../components/feedback';
import { ApiError } from '../../../lib/api-client';
import { translateMessage } from '../../../lib/i18n';
import { LOGIN_PATH, localePath } from '../../../lib/paths';
import { useLang } from '../../../lib/use-lang';
import { FORGOT_PASSWORD_PATH } from '../paths';

/** True when the server refused a mailed link (used, expired, unknown, or missing its token). */
export function isInvalidLinkError(error: unknown): boolean {
  if (!(error instanceof ApiError) || error.status !== 400) return false;
  return error.body === MESSAGES.invalidLink || (error.fieldErrors !== undefined && 'token' in error.fieldErrors);
}

/** A mailed link that no longer works: why, and the way to a new one ("Forgot Password ?"). */
export function InvalidLink() {
  const { t } = useTranslation();
  const lang = useLang();
  return (
    <Stack spacing={3}>
      <AppAlert type="error" message={translateMessage(MESSAGES.invalidLink)} />
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ justifyContent: 'space-between' }}>
        <Button component={Link} to={localePath(lang, FORGOT_PASSWORD_PATH)} variant="contained">
          {t('login.forgotPassword')}
        </Button>
        <Button component={Link} to={localePath(lang, LOGIN_PATH)}>
          {t('account.backToLogin')}
        </Button>
      </Stack>
    </Stack>
  );
}
