import { useTranslation } from 'react-i18next';
import { LandingTiles } from '../../../components/landing-tiles';
import { UPLOAD_TILES } from './tiles';

/** `/upload`: a tile for each upload type this platform serves and the user may open (spec §2.12). */
export function UploadLandingPage() {
  const { t } = useTranslation();
  return <LandingTiles tiles={UPLOAD_TILES} label={t('uploadPages.landing.label')} emptyText={t('uploadPages.landing.empty')} />;
}
