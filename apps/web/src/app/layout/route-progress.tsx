import LinearProgress from '@mui/material/LinearProgress';
import { useTranslation } from 'react-i18next';
import { useSystemState } from '../../lib/system-store';

/** The thin bar at the top of the window while routing or busy. */
export function RouteProgress() {
  const { t } = useTranslation();
  const active = useSystemState((state) => state.routing || state.busy);
  if (!active) return null;
  // Above the top bar, which sits above the permanent drawer.
  return (
    <LinearProgress
      aria-label={t('common.loading')}
      sx={{ position: 'fixed', top: 0, left: 0, right: 0, height: 3, zIndex: (theme) => theme.zIndex.drawer + 2 }}
    />
  );
}
