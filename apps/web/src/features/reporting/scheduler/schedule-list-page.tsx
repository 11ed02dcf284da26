import DeleteOutline from '@mui/icons-material/DeleteOutlined';
import EditOutlined from '@mui/icons-material/EditOutlined';
import PlayArrow from '@mui/icons-material/PlayArrow';
import Stack from '@mui/material/Stack';
import { type TReportSchedule } from '@strata/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { AppLink } from '../../../components/app-link';
import { DataTable, queryTableProps, useClampPage, useTableParams, useUrlFilters, type DataTableColumn } from '../../../components/data-table';
import { useDialog, useToast } from '../../../components/feedback';
import { ListFilters } from '../../../components/list-filters';
import { SearchField } from '../../../components/search-field';
import { formatDateTime } from '../../../lib/display-time';
import { errorText } from '../../../lib/error-text';
import { useGo } from '../../../lib/page-nav';
import { useRouteAction } from '../../../lib/route-actions';
import { useCan } from '../../../lib/use-can';
import { ReportTypeFilter, RowButton } from '../custom/shared';
import { REPORTING_PATHS, scheduleEditPath } from '../paths';
import { SCHEDULE_TASKS } from '../tasks';
import { deleteSchedule, scheduleKeys, useSchedules } from './api';
import { RunStatusChip, useRunNow } from './run-status';

const FILTERS = ['q', 'type'] as const;

/**
 * `/report/scheduler` (spec §2.8): the scheduled reports (name, report type, template, frequency, next run, last run
 * and its status, owner), searched by keyword and filtered by type. Add is the route's action [CreateScheduledReports];
 * Edit, Run now [EditScheduledReports] and Delete after a confirmation [DeleteScheduledReports].
 */
export function ScheduleListPage() {
  const { t } = useTranslation();
  const go = useGo();
  const toast = useToast();
  const confirm = useDialog();
  const client = useQueryClient();
  const runNow = useRunNow();
  const canEdit = useCan(...SCHEDULE_TASKS.edit);
  const canDelete = useCan(...SCHEDULE_TASKS.remove);
  const [filters, setFilters] = useUrlFilters(FILTERS);
  const table = useTableParams(10);
  const query = useSchedules({ keyword: filters.q || undefined, report_type: filters.type || undefined, limit: table.limit, skip: table.skip });
  useClampPage(query.data?.total_records, table.page, table.pageSize);
  useRouteAction('add-schedule', () => go(REPORTING_PATHS.scheduleAdd));

  const remove = async (schedule: TReportSchedule) => {
    const ok = await confirm({
      title: t('customReports.schedule.deleteTitle'),
      prompt: t('customReports.schedule.deletePrompt', { name: schedule.name }),
      positive: t('customReports.common.delete'),
      maxWidth: 420,
    });
    if (ok !== true) return;
    try {
      await deleteSchedule(schedule.scheduler_id);
      toast({ color: 'success', message: t('customReports.schedule.deleted', { name: schedule.name }) });
    } catch (error) {
      toast({ color: 'error', message: errorText(error) });
    }
    await client.invalidateQueries({ queryKey: scheduleKeys.all });
  };

  const columns: DataTableColumn<TReportSchedule>[] = [
    {
      id: 'name',
      label: t('customReports.schedule.name'),
      minWidth: 160,
      render: (r) =>
        canEdit ? (
          <AppLink to={scheduleEditPath(r.scheduler_id)} onClick={(event) => event.stopPropagation()}>
            {r.name}
          </AppLink>
        ) : (
          r.name
        ),
    },
    { id: 'type', label: t('customReports.common.reportType'), minWidth: 150, render: (r) => r.report_type_name },
    { id: 'template', label: t('customReports.schedule.template'), minWidth: 120, render: (r) => r.template_name },
    {
      id: 'frequency',
      label: t('customReports.schedule.frequency'),
      minWidth: 180,
      render: (r) => (r.enabled ? r.frequency_text : `${r.frequency_text} (${t('customReports.schedule.off')})`),
    },
    { id: 'next', label: t('customReports.schedule.nextRun'), noWrap: true, render: (r) => (r.next_run_at ? formatDateTime(r.next_run_at, r.timezone) : '—') },
    {
      id: 'last',
      label: t('customReports.schedule.lastRun'),
      noWrap: true,
      render: (r) =>
        r.last_run ? (
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
            <span>{formatDateTime(r.last_run.started_at, r.timezone)}</span>
            <RunStatusChip status={r.last_run.status} />
          </Stack>
        ) : (
          t('customReports.schedule.never')
        ),
    },
    { id: 'owner', label: t('customReports.schedule.owner'), noWrap: true, render: (r) => r.owner_name ?? '—' },
  ];
  if (canEdit || canDelete) {
    columns.push({
      id: 'actions',
      label: t('customReports.common.actions'),
      align: 'right',
      noWrap: true,
      render: (r) => (
        <Stack direction="row" spacing={0.5} sx={{ justifyContent: 'flex-end' }}>
          {canEdit && (
            <>
              <RowButton label={t('customReports.schedule.runNowNamed', { name: r.name })} onClick={() => void runNow(r.scheduler_id)}>
                <PlayArrow fontSize="small" />
              </RowButton>
              <RowButton label={t('customReports.common.editNamed', { name: r.name })} onClick={() => go(scheduleEditPath(r.scheduler_id))}>
                <EditOutlined fontSize="small" />
              </RowButton>
            </>
          )}
          {canDelete && (
            <RowButton label={t('customReports.common.deleteNamed', { name: r.name })} onClick={() => void remove(r)}>
              <DeleteOutline fontSize="small" />
            </RowButton>
          )}
        </Stack>
      ),
    });
  }

  const filtered = Boolean(filters.q || filters.type);
  return (
    <Stack spacing={2} sx={{ maxWidth: 1300 }}>
      <ListFilters search={<SearchField label={t('customReports.schedule.search')} value={filters.q} onSearch={(q) => setFilters({ q })} />}>
        <ReportTypeFilter value={filters.type} onChange={(type) => setFilters({ type })} />
      </ListFilters>
      <DataTable
        label={t('customReports.schedule.tableLabel')}
        columns={columns}
        {...queryTableProps(query)}
        page={table.page}
        pageSize={table.pageSize}
        onChange={table.onChange}
        getRowId={(r) => r.scheduler_id}
        emptyText={filtered ? t('customReports.schedule.noMatch') : t('customReports.schedule.empty')}
        onRowClick={canEdit ? (r) => go(scheduleEditPath(r.scheduler_id)) : undefined}
        size="small"
      />
    </Stack>
  );
}
