import Delete from '@mui/icons-material/Delete';
import Edit from '@mui/icons-material/Edit';
import ListAlt from '@mui/icons-material/ListAlt';
import PlayArrow from '@mui/icons-material/PlayArrow';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import type { TSchedule } from '@strata/shared';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable, type DataTableColumn } from '../../../components/data-table';
import { useDialog, useToast } from '../../../components/feedback';
import { RelativeTime } from '../../../components/relative-time';
import { useRouteAction } from '../../../lib/route-actions';
import { errorText } from '../../../lib/error-text';
import { AppLink } from '../../../components/app-link';
import { useGo } from '../../../lib/page-nav';
import { useClampPage, useTableParams } from '../../../components/data-table';
import { useDeleteSchedule, useSaveSchedule, useSchedules, useScheduleJobs } from './api';
import { OutcomeChip } from './outcome-chip';
import { ScheduleDialog } from './schedule-dialog';
import { timingOf, timingSummary } from './timing';
import { useRunNow } from './use-run-now';
import { queryTableProps } from '../../../components/data-table';

function Action({ label, onClick, disabled, children }: { label: string; onClick: () => void; disabled?: boolean; children: ReactNode }) {
  return (
    <Tooltip title={label}>
      <span>
        <IconButton size="small" aria-label={label} onClick={onClick} disabled={disabled}>
          {children}
        </IconButton>
      </span>
    </Tooltip>
  );
}

/** The API body of a schedule as it is (to change one field, e.g. enabled). */
export function bodyOf(s: TSchedule) {
  const text = (n: number | null) => String(n ?? 0);
  return {
    name: s.name,
    description: s.description,
    job: s.job,
    params: s.params,
    enabled: s.enabled,
    ...timingOf(s.type, { duration: text(s.duration), minute: text(s.minute), hour: text(s.hour), dow: text(s.dow), dom: text(s.dom) }),
  };
}

/** `/master-data/schedules` (ManageSchedules): schedules with enable/disable, run now, edit, logs and delete. */
export function SchedulesPage() {
  const { t } = useTranslation();
  const go = useGo();
  const confirm = useDialog();
  const toast = useToast();
  const table = useTableParams();
  const query = useSchedules({ limit: table.limit, skip: table.skip });
  useClampPage(query.data?.total_records, table.page, table.pageSize);
  const jobs = useScheduleJobs();
  const save = useSaveSchedule();
  const remove = useDeleteSchedule();
  const { runNow, running } = useRunNow();
  const [dialog, setDialog] = useState<{ open: boolean; schedule?: TSchedule }>({ open: false });
  useRouteAction('create-schedule', () => setDialog({ open: true }));

  const jobLabel = (name: string) => jobs.data?.records.find((j) => j.name === name)?.label ?? name;

  const toggle = async (s: TSchedule) => {
    try {
      await save.mutateAsync({ id: s.schedule_id, body: { ...bodyOf(s), enabled: !s.enabled } });
      toast({ color: 'success', message: t(s.enabled ? 'admin.schedules.disabledToast' : 'admin.schedules.enabledToast', { name: s.name }) });
    } catch (error) {
      toast({ color: 'error', message: errorText(error) });
    }
  };

  const onDelete = async (s: TSchedule) => {
    const ok = await confirm({
      prompt: t('admin.schedules.confirmDelete', { name: s.name }),
      positive: t('admin.common.delete'),
      negative: t('admin.common.cancel'),
    });
    if (ok !== true) return;
    try {
      await remove.mutateAsync(s.schedule_id);
      toast({ color: 'success', message: t('admin.schedules.deleted', { name: s.name }) });
    } catch (error) {
      toast({ color: 'error', message: errorText(error) });
    }
  };

  const columns: DataTableColumn<TSchedule>[] = [
    {
      id: 'name',
      label: t('admin.schedules.name'),
      minWidth: 150,
      render: (s) => <AppLink to={`/master-data/schedule-logs/${s.schedule_id}`}>{s.name}</AppLink>,
    },
    { id: 'job', label: t('admin.schedules.job'), minWidth: 140, render: (s) => jobLabel(s.job) },
    {
      id: 'timing',
      label: t('admin.schedules.timing'),
      minWidth: 170,
      render: (s) => (
        <>
          {timingSummary(t, s)}
          <Typography variant="body2" color="text.secondary">
            {s.timezone}
          </Typography>
        </>
      ),
    },
    {
      id: 'enabled',
      label: t('admin.schedules.enabled'),
      render: (s) => (
        <Switch
          size="small"
          checked={s.enabled}
          disabled={save.isPending}
          onChange={() => void toggle(s)}
          slotProps={{ input: { 'aria-label': t('admin.schedules.toggle', { name: s.name }) } }}
        />
      ),
    },
    { id: 'next_run', label: t('admin.schedules.nextRun'), format: 'datetime', noWrap: true },
    {
      id: 'last_run',
      label: t('admin.schedules.lastRun'),
      noWrap: true,
      render: (s) =>
        s.last_run ? (
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
            <RelativeTime value={s.last_run} />
            <OutcomeChip outcome={s.last_outcome} />
          </Stack>
        ) : (
          '—'
        ),
    },
    {
      id: 'actions',
      label: t('admin.common.actions'),
      noWrap: true,
      render: (s) => (
        <Stack direction="row">
          <Action label={`${t('admin.schedules.runNow')}: ${s.name}`} onClick={() => void runNow(s)} disabled={running}>
            <PlayArrow fontSize="small" />
          </Action>
          <Action label={`${t('admin.schedules.logs')}: ${s.name}`} onClick={() => go(`/master-data/schedule-logs/${s.schedule_id}`)}>
            <ListAlt fontSize="small" />
          </Action>
          <Action label={`${t('admin.schedules.edit')}: ${s.name}`} onClick={() => setDialog({ open: true, schedule: s })}>
            <Edit fontSize="small" />
          </Action>
          <Action label={`${t('admin.schedules.delete')}: ${s.name}`} onClick={() => void onDelete(s)}>
            <Delete fontSize="small" />
          </Action>
        </Stack>
      ),
    },
  ];

  return (
    <>
      <DataTable
        label={t('admin.schedules.tableLabel')}
        columns={columns}
        {...queryTableProps(query)}
        page={table.page}
        pageSize={table.pageSize}
        onChange={table.onChange}
        getRowId={(s) => s.schedule_id}
        emptyText={t('admin.schedules.empty')}
      />
      <ScheduleDialog open={dialog.open} schedule={dialog.schedule} onClose={() => setDialog({ open: false })} />
    </>
  );
}
