import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { LoadError, Loading } from '../../../components/query-states';
import { Section } from '../../../components/section';
import { useUrlFilters } from '../../../components/data-table';
import { usePipelines, usePipelineStats } from './api';
import { ThroughputChart } from './throughput-chart';

const HOUR = 3_600_000;
const PERIODS = { '1h': HOUR, '6h': 6 * HOUR, '24h': 24 * HOUR, '7d': 7 * 24 * HOUR } as const;
type Period = keyof typeof PERIODS;
const KEYS = ['period'] as const;

/** `/master-data/pipelines/{name}/dashboard`: one process's completed and failed jobs over time (ECharts). */
export function PipelineDashboardPage() {
  const { t } = useTranslation();
  const name = useParams().name;
  const [filters, set] = useUrlFilters(KEYS);
  const period: Period = filters.period in PERIODS ? (filters.period as Period) : '24h';
  const stats = usePipelineStats(name, PERIODS[period]);
  const pipelines = usePipelines();
  const label = pipelines.data?.records.find((p) => p.name === name)?.label ?? name ?? '';
  const empty = stats.data ? stats.data.buckets.every((b) => b.completed === 0 && b.failed === 0) : false;

  return (
    <Stack spacing={2}>
      <Section
        title={label}
        action={
          <TextField
            select
            size="small"
            label={t('admin.pipelines.range')}
            value={period}
            onChange={(e) => set({ period: e.target.value })}
            sx={{ minWidth: 180 }}
          >
            {(Object.keys(PERIODS) as Period[]).map((p) => (
              <MenuItem key={p} value={p}>
                {t(`admin.pipelines.rangeOption.${p}`)}
              </MenuItem>
            ))}
          </TextField>
        }
      >
        {stats.error ? (
          <LoadError error={stats.error} onRetry={() => void stats.refetch()} />
        ) : !stats.data ? (
          <Loading />
        ) : (
          <Stack spacing={1}>
            <ThroughputChart
              stats={stats.data}
              label={t('admin.pipelines.chartLabel', { name: label })}
              labels={{ completed: t('admin.pipelines.completed'), failed: t('admin.pipelines.failed') }}
            />
            <Typography variant="body2" color="text.secondary">
              {empty ? `${t('admin.pipelines.noJobs')} ` : ''}
              {t('admin.pipelines.bucket', { minutes: Math.round(stats.data.bucket_seconds / 60) })}
            </Typography>
          </Stack>
        )}
      </Section>
    </Stack>
  );
}
