import { useTranslation } from 'react-i18next';
import { Section } from '../../../components/section';
import { ReportsTable } from './reports-table';

/** `/reporting/installation-status/generated`: the installation status reports generated (`GET /reports?type=`), with download. */
export function InstallationStatusGeneratedPage() {
  const { t } = useTranslation();
  return (
    <Section title={t('reporting.installation.generated')}>
      <ReportsTable type="installation-status" label={t('reporting.installation.generated')} emptyText={t('reporting.installation.empty')} />
    </Section>
  );
}
