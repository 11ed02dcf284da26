import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { formatBytes, type TSystemStatus } from '@strata/shared';
import { useEffect, useRef, useState } from 'react';
import { formatDateTime } from '../../../lib/display-time';
import { useTranslation } from 'react-i18next';
import { DataTable, type DataTableColumn } from '../../../components/data-table';
import { DetailList } from '../../../components/detail-list';
import { AppAlert } from '../../../components/feedback';
import { useLive } from '../../../lib/live-connection';
import { useCan } from '../../../lib/use-can';
import { AppLink } from '../../../components/app-link';
import { LoadError, Loading } from '../../../components/query-states';
import { Section } from '../../../components/section';
import { useSystemStatus } from './api';

type Queue = TSystemStatus['jobs']['queues'][number];

/** `3 d 4 h 5 min` from seconds. */
export function formatUptime(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds));
  const d = Math.floor(s / 86_400);
  const h = Math.floor((s % 86_400) / 3600);
  const m = Math.floor((s % 3600) / 60);
  return [d > 0 ? `${d} d` : '', d > 0 || h > 0 ? `${h} h` : '', `${m} min`].filter(Boolean).join(' ');
}

function Storage({ storage }: { storage: TSystemStatus['storage'] }) {
  const { t } = useTranslation();
  const used = storage.total_bytes && storage.free_bytes !== null ? storage.total_bytes - storage.free_bytes : null;
  return (
    <Stack spacing={1.5}>
      <DetailList
        items={[
          { label: t('admin.system.used'), value: formatBytes(storage.used_bytes) },
          { label: t('admin.system.files'), value: storage.files.toLocaleString('en') },
          { label: t('admin.system.free'), value: storage.free_bytes === null ? '—' : formatBytes(storage.free_bytes) },
          { label: t('admin.system.total'), value: storage.total_bytes === null ? '—' : formatBytes(storage.total_bytes) },
        ]}
      />
      {used !== null && storage.total_bytes ? (
        <LinearProgress variant="determinate" value={Math.min(100, (used / storage.total_bytes) * 100)} aria-label={t('admin.system.storage')} />
      ) : null}
    </Stack>
  );
}

/**
 * True while this tab's own live connection is on its way (connecting, or connected but not yet signed in), or signed
 * in since the last status was read: the hub's counts would leave it out ("Signed in 0" with the page open). Once it
 * is signed in, a fresh status is read; a tab without a live connection (idle, closed) takes the counts as they come.
 */
function useLiveCountsPending(query: ReturnType<typeof useSystemStatus>): boolean {
  const live = useLive((state) => state.status);
  const { refetch } = query;
  // When this tab's connection signed in: 0 when it already was as the page opened (any status counts it).
  const [signedInAt, setSignedInAt] = useState<number | null>(() => (live === 'authenticated' ? 0 : null));
  const previous = useRef(live);
  useEffect(() => {
    if (previous.current === live) return;
    previous.current = live;
    if (live !== 'authenticated') return;
    setSignedInAt(Date.now());
    void refetch();
  }, [live, refetch]);
  if (live === 'connecting' || live === 'connected') return true;
  return live === 'authenticated' && (signedInAt === null || query.dataUpdatedAt < signedInAt);
}

function Status({ status, liveCountsPending }: { status: TSystemStatus; liveCountsPending: boolean }) {
  const { t } = useTranslation();
  const { database: db } = status;
  const queueColumns: DataTableColumn<Queue>[] = [
    { id: 'name', label: t('admin.system.queue'), noWrap: true },
    { id: 'queued', label: t('admin.system.queued'), format: 'number', decimals: 0 },
    { id: 'active', label: t('admin.system.active'), format: 'number', decimals: 0 },
    { id: 'failed', label: t('admin.system.failedHour'), format: 'number', decimals: 0 },
    { id: 'completed', label: t('admin.system.completedHour'), format: 'number', decimals: 0 },
  ];
  return (
    <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', lg: 'repeat(2, minmax(0, 1fr))' } }}>
      <Section title={t('admin.system.database')}>
        <DetailList
          items={[
            { label: t('admin.system.engine'), value: db.engine === 'pglite' ? 'PGlite' : 'PostgreSQL' },
            { label: t('admin.system.version'), value: db.version },
            { label: t('admin.system.size'), value: db.size_bytes === null ? '—' : formatBytes(db.size_bytes) },
            {
              label: t('admin.system.migrations'),
              value: `${t('admin.system.migrationsValue', { count: db.migrations.applied, latest: db.migrations.latest ?? '—' })}${db.migrations.applied_at ? ` (${formatDateTime(db.migrations.applied_at)})` : ''}`,
            },
          ]}
        />
      </Section>
      <Section title={t('admin.system.application')}>
        <DetailList
          items={[
            { label: t('admin.system.version'), value: status.build.version },
            { label: t('admin.system.commit'), value: status.build.commit },
            { label: t('admin.system.builtAt'), value: status.build.built_at ? formatDateTime(status.build.built_at) : '—' },
            { label: t('admin.system.node'), value: status.node },
            { label: t('admin.system.uptime'), value: formatUptime(status.uptime_seconds) },
            { label: t('admin.system.memory'), value: formatBytes(status.memory.rss) },
          ]}
        />
      </Section>
      <Section title={t('admin.system.websocket')}>
        {liveCountsPending ? (
          <Loading />
        ) : status.websocket ? (
          <DetailList
            items={[
              { label: t('admin.system.connections'), value: status.websocket.connections },
              { label: t('admin.system.authenticated'), value: status.websocket.authenticated },
              { label: t('admin.system.wsUsers'), value: status.websocket.users },
            ]}
          />
        ) : (
          <Typography color="text.secondary">{t('admin.system.wsOff')}</Typography>
        )}
      </Section>
      <Section title={t('admin.system.storage')}>
        <Storage storage={status.storage} />
      </Section>
      <Section title={t('admin.system.jobs')} sx={{ gridColumn: { lg: '1 / -1' } }}>
        <Stack spacing={1.5}>
          <AppAlert
            type={status.jobs.running ? 'success' : 'warning'}
            message={t(status.jobs.running ? 'admin.system.jobsRunning' : 'admin.system.jobsStopped')}
          />
          <DataTable
            label={t('admin.system.queuesLabel')}
            columns={queueColumns}
            rows={status.jobs.queues}
            total={status.jobs.queues.length}
            page={1}
            pageSize={Math.max(50, status.jobs.queues.length)}
            pageSizeOptions={[Math.max(50, status.jobs.queues.length)]}
            onChange={() => undefined}
            getRowId={(q) => q.name}
          />
        </Stack>
      </Section>
    </Box>
  );
}

/** `/admin/system/status`: database, job queues, websocket connections, storage, version, uptime; every 5 s. */
export function SystemStatusPage() {
  const { t } = useTranslation();
  const query = useSystemStatus();
  const liveCountsPending = useLiveCountsPending(query);
  const canLogs = useCan('ViewAuditLogs');
  const canPipelines = useCan('ManageSchedules', 'ViewAuditLogs');
  return (
    <Stack spacing={2}>
      <Stack direction="row" spacing={2} useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'center' }}>
        <Typography variant="body2" color="text.secondary" role="status">
          {t('admin.system.live')}
          {query.data ? ` · ${t('admin.common.updatedAt', { time: formatDateTime(query.data.now) })}` : ''}
        </Typography>
        {canLogs && <AppLink to="/admin/system/logs">{t('admin.dashboard.systemLogs')}</AppLink>}
        {canPipelines && <AppLink to="/master-data/pipelines">{t('admin.dashboard.pipelines')}</AppLink>}
      </Stack>
      {query.error && <LoadError error={query.error} onRetry={() => void query.refetch()} />}
      {query.data ? <Status status={query.data} liveCountsPending={liveCountsPending} /> : !query.error && <Loading />}
    </Stack>
  );
}
