import { useTranslation } from 'react-i18next';
import { LandingTiles } from '../../../components/landing-tiles';
import { MASTER_DATA_TILES } from './tiles';

/** `/master-data`: a tile for each master data page the user may open (second spec §2.10). */
export function MasterDataPage() {
  const { t } = useTranslation();
  return <LandingTiles tiles={MASTER_DATA_TILES} label={t('masterData.landing.label')} emptyText={t('masterData.landing.empty')} />;
}
