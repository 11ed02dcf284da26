import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Button from '@mui/material/Button';
import { useTranslation } from 'react-i18next';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { CenteredPage } from '../components/centered-page';
import { isChunkLoadError } from '../lib/chunk-recovery';
import { NotFoundPage } from './not-found-page';

/**
 * A page that failed to load or render: offer a reload. A code chunk that failed to load (e.g. after a deployment)
 * also reloads by itself after the backoff delay (see watchChunkLoads).
 */
export function RouteErrorPage() {
  const { t } = useTranslation();
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundPage />;
  return (
    <CenteredPage maxWidth={560}>
      <Alert
        severity="error"
        action={
          <Button color="inherit" size="small" onClick={() => window.location.reload()}>
            {t('system.reload')}
          </Button>
        }
      >
        <AlertTitle>{t('system.pageErrorTitle')}</AlertTitle>
        {isChunkLoadError(error) ? t('system.chunkErrorText') : t('system.pageErrorText')}
      </Alert>
    </CenteredPage>
  );
}
