import Stack from '@mui/material/Stack';
import { useTranslation } from 'react-i18next';
import { LandingTiles } from '../../../components/landing-tiles';
import { Section } from '../../../components/section';
import { ReportsTable } from '../history/reports-table';
import { MONITORING_TILES, REPORTING_TILES } from './tiles';

/** `/reporting` (spec §2.7): the tiles, and the user's recent reports (each opens on its page, completed ones download). */
export function ReportingLandingPage() {
  const { t } = useTranslation();
  return (
    <Stack spacing={3}>
      <LandingTiles tiles={REPORTING_TILES} label={t('reporting.landing.label')} emptyText={t('reporting.landing.empty')} />
      <Section title={t('reporting.list.recent')}>
        <ReportsTable label={t('reporting.list.recent')} emptyText={t('reporting.list.empty')} />
      </Section>
    </Stack>
  );
}

/** Monitoring Report Generation: a chooser of the report categories (Geotechnical, IMR, IMC, Installation Status). */
export function MonitoringReportsPage() {
  const { t } = useTranslation();
  return <LandingTiles tiles={MONITORING_TILES} label={t('reporting.landing.monitoringLabel')} emptyText={t('reporting.landing.empty')} />;
}
