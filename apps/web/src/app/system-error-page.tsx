import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { CenteredPage } from '../components/centered-page';
import { LOGOUT_PATH, localePath } from '../lib/paths';
import { useLang } from '../lib/use-lang';

/** Shown when sync failed; the error's own text is not shown (spec §8). */
export function SystemErrorPage({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation();
  const lang = useLang();
  return (
    <CenteredPage maxWidth={560}>
      <Alert severity="error">
        <AlertTitle component="h1">{t('system.errorTitle')}</AlertTitle>
        {t('system.errorText')}
      </Alert>
      <Stack direction="row" spacing={2} sx={{ mt: 2, justifyContent: 'flex-end' }}>
        <Button component={Link} to={localePath(lang, LOGOUT_PATH)}>
          {t('system.signOut')}
        </Button>
        <Button variant="contained" onClick={onRetry}>
          {t('common.retry')}
        </Button>
      </Stack>
    </CenteredPage>
  );
}
