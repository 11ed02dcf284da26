import Box from '@mui/material/Box';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { TOutboxMail, TSystemLog } from '@strata/shared';
import { useTranslation } from 'react-i18next';
import { DataTable, type DataTableColumn } from '../../../components/data-table';
import { DateRange, isDateRangeOption } from '../../../components/date-range';
import { useDialog } from '../../../components/feedback';
import { SearchField } from '../../../components/search-field';
import { StateChip, type ChipColor } from '../shared/status-chip';
import { useClampPage, useTableParams, useUrlFilters } from '../../../components/data-table';
import { useOutbox, useSystemLogs } from './api';
import { queryTableProps } from '../../../components/data-table';

const KEYS = ['tab', 'level', 'source', 'keyword', 'range', 'from', 'to', 'recipient'] as const;
const LEVELS = ['error', 'warn', 'info'] as const;
const LEVEL_COLORS: Record<string, ChipColor> = { error: 'error', warn: 'warning', info: 'info' };
const MAIL_COLORS: Record<TOutboxMail['status'], ChipColor> = { sent: 'success', failed: 'error', queued: 'info', outbox: 'default' };

type Filters = Record<(typeof KEYS)[number], string>;

function ErrorLogs({ filters, set }: { filters: Filters; set: (changes: Partial<Filters>) => void }) {
  const { t } = useTranslation();
  const table = useTableParams();
  const level = (LEVELS as readonly string[]).includes(filters.level) ? (filters.level as (typeof LEVELS)[number]) : undefined;
  const query = useSystemLogs({
    limit: table.limit,
    skip: table.skip,
    level,
    source: filters.source || undefined,
    keyword: filters.keyword || undefined,
    from: filters.from || undefined,
    to: filters.to || undefined,
  });
  useClampPage(query.data?.total_records, table.page, table.pageSize);
  const columns: DataTableColumn<TSystemLog>[] = [
    { id: 'at', label: t('admin.audit.at'), format: 'datetime', noWrap: true },
    { id: 'level', label: t('admin.system.level'), render: (log) => <StateChip label={log.level} color={LEVEL_COLORS[log.level] ?? 'default'} /> },
    { id: 'source', label: t('admin.system.source'), noWrap: true },
    { id: 'message', label: t('admin.system.message'), minWidth: 260 },
    {
      id: 'request',
      label: t('admin.system.request'),
      noWrap: true,
      render: (log) => (log.route ? `${log.method ?? ''} ${log.route} ${log.status ?? ''}`.trim() : '—'),
    },
    { id: 'job', label: t('admin.system.job'), noWrap: true, render: (log) => (log.queue ? `${log.queue}${log.job_id ? ` #${log.job_id}` : ''}` : '—') },
  ];
  return (
    <Stack spacing={2}>
      <Box sx={{ display: 'grid', gap: 1.5, gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, minmax(0, 1fr))', lg: 'repeat(3, minmax(0, 1fr))' } }}>
        <TextField select size="small" label={t('admin.system.level')} value={level ?? ''} onChange={(e) => set({ level: e.target.value })}>
          <MenuItem value="">{t('admin.system.anyLevel')}</MenuItem>
          {LEVELS.map((l) => (
            <MenuItem key={l} value={l}>
              {l}
            </MenuItem>
          ))}
        </TextField>
        <SearchField label={t('admin.system.source')} value={filters.source} onSearch={(source) => set({ source })} />
        <SearchField label={t('admin.audit.keyword')} value={filters.keyword} onSearch={(keyword) => set({ keyword })} />
      </Box>
      <DateRange
        value={{ option: isDateRangeOption(filters.range) ? filters.range : 'none', start: filters.from || null, end: filters.to || null }}
        onChange={(next) => set({ range: next.option === 'none' ? '' : next.option, from: next.start ?? '', to: next.end ?? '' })}
      />
      <DataTable
        label={t('admin.system.logsLabel')}
        columns={columns}
        {...queryTableProps(query)}
        page={table.page}
        pageSize={table.pageSize}
        onChange={table.onChange}
        getRowId={(log) => log.log_id}
      />
    </Stack>
  );
}

function Outbox({ filters, set }: { filters: Filters; set: (changes: Partial<Filters>) => void }) {
  const { t } = useTranslation();
  const confirm = useDialog();
  const table = useTableParams();
  const query = useOutbox({ limit: table.limit, skip: table.skip, to: filters.recipient || undefined });
  useClampPage(query.data?.total_records, table.page, table.pageSize);
  const columns: DataTableColumn<TOutboxMail>[] = [
    { id: 'created_at', label: t('admin.common.created'), format: 'datetime', noWrap: true },
    { id: 'to', label: t('admin.system.to'), noWrap: true },
    { id: 'subject', label: t('admin.system.subject'), minWidth: 220 },
    {
      id: 'status',
      label: t('admin.common.status'),
      render: (m) => <StateChip label={t(`admin.system.mailStatus.${m.status}`)} color={MAIL_COLORS[m.status]} />,
    },
    { id: 'sent_at', label: t('admin.system.sentAt'), format: 'datetime', noWrap: true },
    { id: 'error', label: t('admin.system.error'), render: (m) => m.error ?? '' },
  ];
  return (
    <Stack spacing={2}>
      <SearchField label={t('admin.system.recipientFilter')} value={filters.recipient} onSearch={(recipient) => set({ recipient })} fullWidth={false} />
      <DataTable
        label={t('admin.system.outboxLabel')}
        columns={columns}
        {...queryTableProps(query)}
        page={table.page}
        pageSize={table.pageSize}
        onChange={table.onChange}
        getRowId={(m) => m.id}
        onRowClick={(mail) =>
          void confirm({
            title: mail.subject,
            prompt: (
              <Typography component="pre" variant="body2" sx={{ whiteSpace: 'pre-wrap', m: 0, overflowWrap: 'anywhere' }}>
                {`${t('admin.system.to')}: ${mail.to}\n\n${mail.text}`}
              </Typography>
            ),
            negative: false,
            maxWidth: 640,
          })
        }
      />
    </Stack>
  );
}

/** `/admin/system/logs` System Logs: application errors and job failures, and the mail outbox (tabs). */
export function SystemLogsPage() {
  const { t } = useTranslation();
  const [filters, set] = useUrlFilters(KEYS);
  const tab = filters.tab === 'outbox' ? 'outbox' : 'logs';
  return (
    <Stack spacing={2}>
      <Box sx={{ borderBottom: 1, borderColor: 'divider' }}>
        <Tabs value={tab} onChange={(_e, value: string) => set({ tab: value === 'logs' ? '' : value })} variant="scrollable" allowScrollButtonsMobile>
          <Tab value="logs" label={t('admin.system.logsTab')} />
          <Tab value="outbox" label={t('admin.system.outboxTab')} />
        </Tabs>
      </Box>
      {tab === 'logs' ? <ErrorLogs filters={filters} set={set} /> : <Outbox filters={filters} set={set} />}
    </Stack>
  );
}
