import { type TAlertDetail, type TAlertEvent } from '@strata/shared';
import { formatDateTime } from '../../../lib/display-time';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { clientPage, DataTable, type DataTableColumn, type TableQuery } from '../../../components/data-table';
import { useTimezone } from '../../../lib/config';
import { formatValue } from '../components/alert-subject';
import { LevelChip } from '../components/level-chip';

/** The readings an event's triggers span: one time, or the first and the last. */
function readingSpan(e: TAlertEvent, tz: string): string {
  if (!e.reading_at) return '—';
  const first = formatDateTime(e.reading_at, tz);
  const last = e.last_reading_at ? formatDateTime(e.last_reading_at, tz) : first;
  return last === first ? first : `${first} – ${last}`;
}

/**
 * The alert's history, oldest first, with each level in its colour: opened (or escalated), then a row for every
 * evaluation that added triggers (updated; "New peak" when it did), closed. Each row says how many triggers it stands
 * for and the readings they span, so the rows add up to the alert's Triggers.
 */
export function AlertHistory({ detail }: { detail: TAlertDetail }) {
  const { t } = useTranslation();
  const tz = useTimezone();
  const [query, setQuery] = useState<TableQuery>({ page: 1, pageSize: 10, sort: null });
  const colors = new Map(detail.thresholds.map((th) => [th.level_code, th.color]));
  if (detail.alert.level_code) colors.set(detail.alert.level_code, detail.alert.level_color ?? '#757575');
  const page = clientPage(detail.events, query);
  const columns: DataTableColumn<TAlertEvent>[] = [
    { id: 'at', label: t('alerts.history.at'), noWrap: true, render: (e) => formatDateTime(e.at, tz) },
    { id: 'type', label: t('alerts.history.event'), render: (e) => t(`alerts.event.${e.type}`) },
    {
      id: 'level_code',
      label: t('alerts.history.level'),
      render: (e) => (e.level_code ? <LevelChip code={e.level_code} color={colors.get(e.level_code)} /> : '—'),
    },
    { id: 'value', label: t('alerts.history.value'), align: 'right', noWrap: true, render: (e) => formatValue(e.value, detail.alert.unit) },
    { id: 'triggers', label: t('alerts.history.triggers'), align: 'right', render: (e) => (e.triggers === null ? '—' : String(e.triggers)) },
    { id: 'reading_at', label: t('alerts.history.readingAt'), render: (e) => readingSpan(e, tz) },
    { id: 'by', label: t('alerts.history.by'), render: (e) => e.by_name ?? t('alerts.history.engine') },
    { id: 'note', label: t('alerts.history.note'), render: (e) => e.note ?? '' },
  ];
  return (
    <DataTable
      label={t('alerts.history.label')}
      columns={columns}
      rows={page.rows}
      total={page.total}
      page={query.page}
      pageSize={query.pageSize}
      onChange={setQuery}
      getRowId={(e) => e.event_id}
      emptyText={t('alerts.history.empty')}
      size="small"
    />
  );
}
