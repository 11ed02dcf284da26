import PlayArrow from '@mui/icons-material/PlayArrow';
import Refresh from '@mui/icons-material/Refresh';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import type { TScheduleRun } from '@strata/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { DataTable, type DataTableColumn, type TableQuery } from '../../../components/data-table';
import { AppAlert } from '../../../components/feedback';
import { idOrUndefined } from '../../../lib/page-nav';
import { isNotFound } from '../../../lib/error-text';
import { LoadError } from '../../../components/query-states';
import { Section } from '../../../components/section';
import { useSchedule, useScheduleRuns } from './api';
import { OutcomeChip } from './outcome-chip';
import { timingSummary } from './timing';
import { useRunNow } from './use-run-now';

function duration(run: TScheduleRun): string {
  if (!run.finished_at) return '—';
  const ms = Date.parse(run.finished_at) - Date.parse(run.started_at);
  return ms < 1000 ? `${Math.max(0, ms)} ms` : `${(ms / 1000).toFixed(1)} s`;
}

/** `/master-data/schedule-logs/{id}`: the runs of a schedule (start, end, outcome, message), newest first. */
export function ScheduleLogsPage() {
  const { t } = useTranslation();
  const id = idOrUndefined(useParams().id);
  const schedule = useSchedule(id);
  const [table, setTable] = useState<TableQuery>({ page: 1, pageSize: 25, sort: null });
  const runs = useScheduleRuns(id, { limit: table.pageSize, skip: (table.page - 1) * table.pageSize });
  const { runNow, running } = useRunNow();

  if (id === undefined || isNotFound(schedule.error)) return <AppAlert type="warning" message={t('messages.notFound')} />;
  if (schedule.error) return <LoadError error={schedule.error} onRetry={() => void schedule.refetch()} />;

  const columns: DataTableColumn<TScheduleRun>[] = [
    { id: 'started_at', label: t('admin.schedules.started'), format: 'datetime', noWrap: true },
    { id: 'finished_at', label: t('admin.schedules.finished'), format: 'datetime', noWrap: true },
    { id: 'duration', label: t('admin.schedules.duration2'), align: 'right', noWrap: true, render: duration },
    { id: 'trigger', label: t('admin.schedules.triggerLabel'), render: (r) => t(`admin.schedules.trigger.${r.trigger}`) },
    { id: 'outcome', label: t('admin.schedules.outcomeLabel'), render: (r) => <OutcomeChip outcome={r.outcome} /> },
    { id: 'message', label: t('admin.schedules.message'), minWidth: 240, render: (r) => r.message ?? '' },
  ];

  const s = schedule.data;
  return (
    <Stack spacing={2}>
      <Section
        title={s?.name ?? '…'}
        subheader={s ? `${timingSummary(t, s)} (${s.timezone})` : undefined}
        action={
          <Stack direction="row" spacing={1}>
            <Button startIcon={<Refresh />} onClick={() => void runs.refetch()}>
              {t('admin.common.refresh')}
            </Button>
            <Button variant="contained" startIcon={<PlayArrow />} disabled={!s || running} onClick={() => s && void runNow(s)}>
              {t('admin.schedules.runNow')}
            </Button>
          </Stack>
        }
      >
        {s?.description}
      </Section>
      <DataTable
        label={t('admin.schedules.runsLabel')}
        columns={columns}
        rows={runs.data?.records ?? []}
        total={runs.data?.total_records ?? 0}
        page={table.page}
        pageSize={table.pageSize}
        onChange={setTable}
        getRowId={(r) => r.run_id}
        loading={runs.isFetching}
        error={runs.error ?? undefined}
        onRetry={() => void runs.refetch()}
        emptyText={t('admin.schedules.runsEmpty')}
      />
    </Stack>
  );
}
