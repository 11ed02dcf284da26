import { useTranslation } from 'react-i18next';
import { LandingTiles } from '../../../components/landing-tiles';
import { FULL_MONITORING_TILES } from './tiles';

/** `/reporting/full-monitoring`: the tiles of the full monitoring reports the user may open. */
export function FullMonitoringLandingPage() {
  const { t } = useTranslation();
  return <LandingTiles tiles={FULL_MONITORING_TILES} label={t('fullMonitoring.landing.label')} emptyText={t('reporting.landing.empty')} />;
}
