import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { INSTRUMENT_ALERT_TABS, type TAlert } from '@strata/shared';
import { useTranslation } from 'react-i18next';
import { useParams, useSearchParams } from 'react-router';
import { AppAlert } from '../../../components/feedback';
import { useAlertsLive } from '../api/keys';
import { AlertsTable } from '../components/alerts-table';
import { alertSubject } from '../components/alert-subject';
import { DocumentButton } from '../components/document-button';
import { instrumentTabOf, KIND_LABELS, kindsOfType, SCENARIO_LIST_KINDS } from '../kinds';
import { alertDetailPath, MISSING_READINGS_PATH, MONITORING_GROUP_ALERTS_PATH, SCENARIO_ALERTS_PATH } from '../paths';

/** `/alerts/{type}` Monitoring Alerts: the alerts of one kind (`all`: every kind) with keyword search (spec §2.6). */
export function MonitoringAlertsPage() {
  const { t } = useTranslation();
  const { type } = useParams();
  const kinds = kindsOfType(type);
  useAlertsLive();
  if (kinds === null) return <AppAlert type="warning" message={t('alerts.list.unknownType', { type: type ?? '' })} />;
  const label = kinds.length === 1 ? t('alerts.list.labelOf', { kind: t(KIND_LABELS[kinds[0]!]) }) : t('alerts.list.labelAll');
  return <AlertsTable kinds={kinds} label={label} showKind={kinds.length !== 1} detailPath={(alert) => alertDetailPath(alert.alert_id)} />;
}

/** `/alerts/instruments`: tabs 0 to 3 for spike, rebaseline, fluctuated and stagnant (the tab in the URL). */
export function InstrumentAlertsPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const tab = instrumentTabOf(params.get('tab'));
  const kind = INSTRUMENT_ALERT_TABS[tab]!;
  useAlertsLive();
  return (
    <Stack spacing={2}>
      <Tabs
        value={tab}
        onChange={(_, next: number) => setParams(new URLSearchParams({ tab: String(next) }))}
        variant="scrollable"
        allowScrollButtonsMobile
        aria-label={t('alerts.list.tabs')}
      >
        {INSTRUMENT_ALERT_TABS.map((k, i) => (
          <Tab key={k} value={i} label={t(KIND_LABELS[k])} id={`alert-tab-${i}`} aria-controls="alert-tab-panel" />
        ))}
      </Tabs>
      <div role="tabpanel" id="alert-tab-panel" aria-labelledby={`alert-tab-${tab}`}>
        <AlertsTable
          key={kind}
          kinds={[kind]}
          label={t('alerts.list.labelOf', { kind: t(KIND_LABELS[kind]) })}
          detailPath={(alert) => `/alerts/instrument/${alert.alert_id}`}
        />
      </div>
    </Stack>
  );
}

/** `/alerts/missing-readings`: instruments whose readings are late. */
export function MissingReadingAlertsPage() {
  const { t } = useTranslation();
  useAlertsLive();
  return (
    <AlertsTable
      kinds={['missing']}
      label={t('alerts.list.labelOf', { kind: t(KIND_LABELS.missing) })}
      detailPath={(alert) => `${MISSING_READINGS_PATH}/${alert.alert_id}`}
    />
  );
}

/** `/alerts/monitoring-group`: alerts of monitoring groups' rules. */
export function GroupAlertsPage() {
  const { t } = useTranslation();
  useAlertsLive();
  return (
    <AlertsTable
      kinds={['group']}
      label={t('alerts.list.labelOf', { kind: t(KIND_LABELS.group) })}
      detailPath={(alert) => `${MONITORING_GROUP_ALERTS_PATH}/${alert.alert_id}`}
    />
  );
}

/** `/alerts/scenario-based`: scenario, monitoring-group and contract alerts, each with its document (spec §2.6). */
export function ScenarioAlertsPage() {
  const { t } = useTranslation();
  useAlertsLive();
  return (
    <AlertsTable
      kinds={SCENARIO_LIST_KINDS}
      showKind
      label={t('alerts.list.labelOf', { kind: t(KIND_LABELS.scenario) })}
      detailPath={(alert) => `${SCENARIO_ALERTS_PATH}/${alert.alert_id}`}
      rowActions={(alert: TAlert) => <DocumentButton alertId={alert.alert_id} name={alertSubject(alert)} />}
    />
  );
}
