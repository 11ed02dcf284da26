import ShowChart from '@mui/icons-material/ShowChart';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { type TPipeline } from '@strata/shared';
import { formatDateTime } from '../../../lib/display-time';
import { useTranslation } from 'react-i18next';
import { DataTable, type DataTableColumn } from '../../../components/data-table';
import { AppAlert } from '../../../components/feedback';
import { RelativeTime } from '../../../components/relative-time';
import { StateChip, type ChipColor } from '../shared/status-chip';
import { useGo } from '../../../lib/page-nav';
import { usePipelines } from './api';

const STATE_COLORS: Record<TPipeline['state'], ChipColor> = { idle: 'default', running: 'info', failing: 'error' };

/** `/master-data/pipelines` Realtime Processes: live counts and throughput, refreshed every 5 s. */
export function PipelinesPage() {
  const { t } = useTranslation();
  const go = useGo();
  const query = usePipelines();
  const columns: DataTableColumn<TPipeline>[] = [
    { id: 'label', label: t('admin.pipelines.process'), minWidth: 160, render: (p) => <span title={p.queues.join(', ')}>{p.label}</span> },
    {
      id: 'state',
      label: t('admin.pipelines.state'),
      render: (p) => <StateChip label={t(`admin.pipelines.stateName.${p.state}`)} color={STATE_COLORS[p.state]} />,
    },
    { id: 'queued', label: t('admin.pipelines.queued'), format: 'number', decimals: 0 },
    { id: 'active', label: t('admin.pipelines.active'), format: 'number', decimals: 0 },
    { id: 'completed_last_hour', label: t('admin.pipelines.completedHour'), format: 'number', decimals: 0 },
    { id: 'failed_last_hour', label: t('admin.pipelines.failedHour'), format: 'number', decimals: 0 },
    { id: 'throughput_per_minute', label: t('admin.pipelines.throughput'), format: 'number', decimals: 2 },
    {
      id: 'last_completed',
      label: t('admin.pipelines.lastCompleted'),
      noWrap: true,
      render: (p) => (p.last_completed ? <RelativeTime value={p.last_completed} /> : '—'),
    },
    {
      id: 'dashboard',
      label: t('admin.pipelines.dashboard'),
      render: (p) => (
        <Button size="small" startIcon={<ShowChart />} onClick={() => go(`/master-data/pipelines/${encodeURIComponent(p.name)}/dashboard`)}>
          {t('admin.pipelines.dashboard')}
        </Button>
      ),
    },
  ];
  const rows = query.data?.records ?? [];
  return (
    <Stack spacing={2}>
      <Typography variant="body2" color="text.secondary" role="status">
        {t('admin.system.live')}
        {query.dataUpdatedAt > 0 ? ` · ${t('admin.common.updatedAt', { time: formatDateTime(query.dataUpdatedAt) })}` : ''}
      </Typography>
      {query.data && !query.data.jobs_running && <AppAlert type="info" message={t('admin.pipelines.jobsStopped')} />}
      <DataTable
        label={t('admin.pipelines.tableLabel')}
        columns={columns}
        rows={rows}
        total={rows.length}
        page={1}
        pageSize={Math.max(50, rows.length)}
        pageSizeOptions={[Math.max(50, rows.length)]}
        onChange={() => undefined}
        getRowId={(p) => p.name}
        loading={query.isFetching && !query.data}
        error={query.error ?? undefined}
        onRetry={() => void query.refetch()}
        emptyText={t('admin.pipelines.empty')}
      />
    </Stack>
  );
}
