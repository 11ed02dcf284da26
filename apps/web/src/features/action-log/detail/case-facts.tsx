import Stack from '@mui/material/Stack';
import { type TActionCaseDetail } from '@strata/shared';
import { translateServerMessage } from '../../../lib/i18n';
import { displayTimeZone, formatDateTime } from '../../../lib/display-time';
import { useTranslation } from 'react-i18next';
import { AppLink } from '../../../components/app-link';
import { DetailList } from '../../../components/detail-list';
import { CaseStatusChip, LevelChip } from '../components/chips';
import { CATEGORY_LABELS } from '../components/labels';
import { alertPagePath, instrumentPagePath } from '../paths';

/** The case: category, status, contract, instrument, who opened and closed it, when, and why it was closed. */
export function CaseFacts({ detail }: { detail: TActionCaseDetail }) {
  const { t } = useTranslation();
  const c = detail.case;
  const who = (name: string | null) => (name ? name : t('actionLog.detail.formerUser'));
  return (
    <DetailList
      items={[
        { label: t('actionLog.detail.category'), value: t(CATEGORY_LABELS[c.category]) },
        { label: t('actionLog.detail.status'), value: <CaseStatusChip status={c.status} /> },
        { label: t('actionLog.detail.contract'), value: c.contract_no },
        {
          label: t('actionLog.detail.instrument'),
          value: c.instrument_id !== null && c.instrument_name ? <AppLink to={instrumentPagePath(c.instrument_id)}>{c.instrument_name}</AppLink> : '—',
        },
        { label: t('actionLog.detail.opened'), value: t('actionLog.detail.when', { date: formatDateTime(c.opened_at), name: who(c.opened_by) }) },
        ...(c.status === 'closed'
          ? [
              {
                label: t('actionLog.detail.closed'),
                value: t('actionLog.detail.when', { date: c.closed_at ? formatDateTime(c.closed_at) : '—', name: who(c.closed_by) }),
              },
              { label: t('actionLog.detail.reason'), value: <span style={{ overflowWrap: 'anywhere', whiteSpace: 'pre-wrap' }}>{c.close_reason}</span> },
            ]
          : []),
      ]}
    />
  );
}

/** The case's alert: what happened, its level and status, with a link to the alert's page. */
export function CaseAlert({ detail }: { detail: TActionCaseDetail }) {
  const { t } = useTranslation();
  const a = detail.alert;
  const summary = detail.case.alert;
  if (!a && !summary) return null;
  if (!a) return <span>{t('actionLog.detail.alertGone')}</span>;
  return (
    <Stack spacing={1}>
      <DetailList
        items={[
          {
            label: t('actionLog.detail.alertWhat'),
            value: (
              <Stack direction="row" useFlexGap spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 0.5 }} component="span">
                {a.level_code && <LevelChip code={a.level_code} color={a.level_color} />}
                <span style={{ overflowWrap: 'anywhere' }}>{translateServerMessage(a, displayTimeZone())}</span>
              </Stack>
            ),
          },
          { label: t('actionLog.detail.alertStatus'), value: <CaseStatusChip status={a.status} /> },
          { label: t('actionLog.detail.alertOpened'), value: formatDateTime(a.opened_at) },
          { label: t('actionLog.detail.lastTriggered'), value: formatDateTime(a.last_triggered_at) },
        ]}
      />
      <AppLink to={alertPagePath(a.alert_id)}>{t('actionLog.detail.openAlert', { id: a.alert_id })}</AppLink>
    </Stack>
  );
}
