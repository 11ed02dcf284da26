import PlayArrow from '@mui/icons-material/PlayArrow';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { formatBytes, type TReportSchedule, type TReportScheduleRun } from '@strata/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable, queryTableProps, type DataTableColumn } from '../../../components/data-table';
import { Section } from '../../../components/section';
import { formatDateTime } from '../../../lib/display-time';
import { useCan } from '../../../lib/use-can';
import { SCHEDULE_TASKS } from '../tasks';
import { useScheduleRuns } from './api';
import { RunStatusChip, useRunNow } from './run-status';

const PAGE_SIZE = 10;

/** The schedule's runs (time, trigger, status, attempt, size, recipients, error), paged, and Run now. */
export function RunHistory({ schedule }: { schedule: TReportSchedule }) {
  const { t } = useTranslation();
  const runNow = useRunNow();
  const canRun = useCan(...SCHEDULE_TASKS.edit);
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(PAGE_SIZE);
  const query = useScheduleRuns(schedule.scheduler_id, { limit: pageSize, skip: (page - 1) * pageSize });
  const tz = schedule.timezone;

  const columns: DataTableColumn<TReportScheduleRun>[] = [
    { id: 'time', label: t('customReports.run.time'), noWrap: true, render: (r) => formatDateTime(r.started_at, tz) },
    { id: 'trigger', label: t('customReports.run.trigger'), noWrap: true, render: (r) => t(`customReports.run.triggers.${r.trigger}`) },
    { id: 'status', label: t('customReports.run.status.label'), render: (r) => <RunStatusChip status={r.status} /> },
    { id: 'attempt', label: t('customReports.run.attempt'), align: 'right', render: (r) => r.attempt },
    { id: 'size', label: t('customReports.run.size'), noWrap: true, align: 'right', render: (r) => (r.size === null ? '—' : formatBytes(r.size)) },
    { id: 'recipients', label: t('customReports.run.recipients'), minWidth: 180, render: (r) => r.recipients.join(', ') || '—' },
    { id: 'error', label: t('customReports.run.error'), minWidth: 180, render: (r) => r.error ?? '' },
  ];

  return (
    <Section title={t('customReports.run.title')}>
      <Stack spacing={1.5}>
        {canRun && (
          <div>
            <Button variant="outlined" size="small" startIcon={<PlayArrow />} onClick={() => void runNow(schedule.scheduler_id)}>
              {t('customReports.schedule.runNow')}
            </Button>
          </div>
        )}
        <DataTable
          label={t('customReports.run.tableLabel')}
          columns={columns}
          {...queryTableProps(query)}
          page={page}
          pageSize={pageSize}
          onChange={(next) => {
            setPage(next.page);
            setPageSize(next.pageSize);
          }}
          getRowId={(r) => r.run_id}
          emptyText={t('customReports.run.empty')}
          size="small"
        />
      </Stack>
    </Section>
  );
}
