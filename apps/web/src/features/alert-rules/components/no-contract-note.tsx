import { useTranslation } from 'react-i18next';
import { AppAlert } from '../../../components/feedback';

/** The lists show the active contracts (the contract bar); with none active there is nothing to show. */
export function NoContractNote() {
  const { t } = useTranslation();
  return <AppAlert type="info" message={t('alertRules.noContract')} />;
}
