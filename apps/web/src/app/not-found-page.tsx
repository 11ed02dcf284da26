import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { CenteredPage } from '../components/centered-page';
import { localePath } from '../lib/paths';
import { useLang } from '../lib/use-lang';

/** Unknown paths (spec §2). */
export function NotFoundPage() {
  const { t } = useTranslation();
  const lang = useLang();
  return (
    <CenteredPage maxWidth={560}>
      <Stack spacing={3} sx={{ alignItems: 'center', textAlign: 'center' }}>
        <Typography variant="h2" component="p" color="text.secondary" aria-hidden>
          404
        </Typography>
        <Typography variant="h5" component="h1">
          {t('notFound.message')}
        </Typography>
        <Button variant="contained" component={Link} to={localePath(lang, '/')}>
          {t('notFound.home')}
        </Button>
      </Stack>
    </CenteredPage>
  );
}
