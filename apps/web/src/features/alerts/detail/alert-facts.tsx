import Stack from '@mui/material/Stack';
import { type TAlert } from '@strata/shared';
import { formatDateTime } from '../../../lib/display-time';
import { useTranslation } from 'react-i18next';
import { DetailList, type DetailItem } from '../../../components/detail-list';
import { useTimezone } from '../../../lib/config';
import { alertSubject, formatValue } from '../components/alert-subject';
import { LevelChip } from '../components/level-chip';
import { AlertStatusChip } from '../components/status-chip';
import { KIND_LABELS } from '../kinds';

/** What the alert is: kind, level, status, subject, values and times (and how it was closed). */
export function AlertFacts({ alert }: { alert: TAlert }) {
  const { t } = useTranslation();
  const tz = useTimezone();
  const items: DetailItem[] = [
    { label: t('alerts.detail.kind'), value: t(KIND_LABELS[alert.kind]) },
    {
      label: t('alerts.detail.level'),
      value: alert.level_code ? (
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }} component="span">
          <LevelChip code={alert.level_code} color={alert.level_color} name={alert.level_name} />
          <span>{alert.level_name}</span>
        </Stack>
      ) : (
        t('alerts.detail.noLevel')
      ),
    },
    { label: t('alerts.detail.status'), value: <AlertStatusChip status={alert.status} /> },
    { label: t('alerts.detail.subject'), value: alertSubject(alert) },
    { label: t('alerts.detail.contract'), value: alert.contract_no },
  ];
  if (alert.first_value !== null || alert.latest_value !== null) {
    items.push(
      { label: t('alerts.detail.firstValue'), value: formatValue(alert.first_value, alert.unit) },
      { label: t('alerts.detail.latestValue'), value: formatValue(alert.latest_value, alert.unit) },
      { label: t('alerts.detail.peakValue'), value: formatValue(alert.peak_value, alert.unit) },
    );
  }
  items.push(
    { label: t('alerts.detail.triggers'), value: String(alert.trigger_count) },
    { label: t('alerts.detail.openedAt'), value: formatDateTime(alert.opened_at, tz) },
    { label: t('alerts.detail.lastTriggeredAt'), value: formatDateTime(alert.last_triggered_at, tz) },
  );
  if (alert.reading_at) items.push({ label: t('alerts.detail.readingAt'), value: formatDateTime(alert.reading_at, tz) });
  if (alert.status === 'closed') {
    items.push(
      { label: t('alerts.detail.closedAt'), value: alert.closed_at ? formatDateTime(alert.closed_at, tz) : '—' },
      { label: t('alerts.detail.closedBy'), value: alert.closed_by ?? '—' },
      { label: t('alerts.detail.closeReason'), value: alert.close_reason ?? '—' },
    );
  }
  return <DetailList items={items} />;
}
