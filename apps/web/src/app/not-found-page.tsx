import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { CenteredPage } from '../components/centered-page';
import { localePath } from '../lib/paths';
import { useSystemState } from '../lib/system-store';
import { useLang } from '../lib/use-lang';

const FramedGuard = lazy(() => import('./guards').then((m) => ({ default: m.FramedNotFound })));

/**
 * The `*` route: a signed-in session keeps its frame (menu, toolbar) around the 404 page, loaded with the frame's
 * module as any signed-in page; signed out, the page stands alone.
 */
export function NotFoundRoute() {
  const authenticated = useSystemState((state) => state.authenticated);
  if (!authenticated) return <NotFoundPage />;
  return (
    <Suspense fallback={null}>
      <FramedGuard />
    </Suspense>
  );
}

/** Unknown paths (spec §2); `framed`: inside the signed-in frame, which gives the page its height. */
export function NotFoundPage({ framed = false }: { framed?: boolean }) {
  const { t } = useTranslation();
  const lang = useLang();
  const content = (
    <Stack spacing={3} sx={{ alignItems: 'center', textAlign: 'center', py: framed ? 6 : 0 }}>
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
  );
  return framed ? content : <CenteredPage maxWidth={560}>{content}</CenteredPage>;
}
