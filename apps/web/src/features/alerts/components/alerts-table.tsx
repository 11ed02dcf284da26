import Box from '@mui/material/Box';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { type AlertKind, type AlertStatus, type TAlert, type TAlertList } from '@strata/shared';
import type { UseQueryResult } from '@tanstack/react-query';
import { displayTimeZone, formatDateTime } from '../../../lib/display-time';
import { translateServerMessage } from '../../../lib/i18n';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { AppLink } from '../../../components/app-link';
import { DataTable, queryTableProps, useClampPage, useTableParams, useUrlFilters, type DataTableColumn } from '../../../components/data-table';
import { SearchField } from '../../../components/search-field';
import { useGo } from '../../../lib/page-nav';
import { useAlerts, type AlertListParams } from '../api/alerts';
import { useAlertContracts } from '../api/keys';
import { KIND_LABELS } from '../kinds';
import { alertSubject, formatValue } from './alert-subject';
import { LevelChip } from './level-chip';
import { NoContractNote } from './no-contract-note';
import { AlertStatusChip } from './status-chip';

const FILTER_KEYS = ['keyword', 'status'] as const;
/** The status filter: open alerts unless the URL says otherwise. */
const STATUS_CHOICES = ['open', 'closed', 'all'] as const;

function statusOf(value: string): AlertStatus | undefined {
  if (value === 'closed') return 'closed';
  if (value === 'all') return undefined;
  return 'open';
}

export interface AlertsTableProps {
  /** Kinds listed; empty: every kind. */
  kinds: readonly AlertKind[];
  /** The table's accessible name. */
  label: string;
  /** Where a row opens. */
  detailPath: (alert: TAlert) => string;
  /** Show the kind column (lists of several kinds). */
  showKind?: boolean;
  /** Extra buttons at the end of each row (e.g. the scenario alert's document). */
  rowActions?: (alert: TAlert) => ReactNode;
  /** Extra URL keys of the page (a tab) are kept as they are; the filters add `keyword` and `status`. */
  emptyText?: string;
  /**
   * Where the rows come from (default `GET /alerts` of `kinds`): a hook given the page, status, keyword and active
   * contracts (null: nothing to ask). A module-level function, the same on every render (it is called as a hook).
   */
  useRows?: (params: AlertListParams | null) => UseQueryResult<TAlertList>;
}

/**
 * A list of alerts with keyword search and a status filter (both in the URL), paged on the server, newest trigger
 * first; a row opens the alert.
 */
export function AlertsTable({ kinds, label, detailPath, showKind = false, rowActions, emptyText, useRows = useAlerts }: AlertsTableProps) {
  const { t } = useTranslation();
  const go = useGo();
  const contracts = useAlertContracts();
  const [filters, setFilters] = useUrlFilters(FILTER_KEYS);
  const table = useTableParams();
  const status = statusOf(filters.status);
  const query = useRows(contracts === null ? null : { limit: table.limit, skip: table.skip, kinds, status, keyword: filters.keyword, contracts });
  useClampPage(query.data?.total_records, table.page, table.pageSize);
  const filtered = filters.keyword !== '';

  const columns: DataTableColumn<TAlert>[] = [
    {
      id: 'subject',
      label: t('alerts.list.subject'),
      minWidth: 160,
      render: (alert) => (
        <AppLink to={detailPath(alert)} onClick={(event) => event.stopPropagation()} sx={{ overflowWrap: 'anywhere', fontWeight: 500 }}>
          {alertSubject(alert)}
        </AppLink>
      ),
    },
    ...(showKind ? [{ id: 'kind', label: t('alerts.list.kind'), render: (alert: TAlert) => t(KIND_LABELS[alert.kind]) }] : []),
    {
      id: 'level',
      label: t('alerts.list.level'),
      render: (alert) => (alert.level_code ? <LevelChip code={alert.level_code} color={alert.level_color} name={alert.level_name} /> : '—'),
    },
    { id: 'message', label: t('alerts.list.message'), minWidth: 200, render: (alert) => translateServerMessage(alert, displayTimeZone()) },
    { id: 'latest_value', label: t('alerts.list.latest'), align: 'right', noWrap: true, render: (alert) => formatValue(alert.latest_value, alert.unit) },
    { id: 'last_triggered_at', label: t('alerts.list.lastTriggered'), noWrap: true, render: (alert) => formatDateTime(alert.last_triggered_at) },
    { id: 'contract', label: t('alerts.list.contract'), render: (alert) => alert.contract_no },
    { id: 'status', label: t('alerts.list.status'), render: (alert) => <AlertStatusChip status={alert.status} /> },
    ...(rowActions ? [{ id: 'actions', label: t('alerts.list.actions'), align: 'right' as const, render: rowActions }] : []),
  ];

  return (
    <Stack spacing={2}>
      <Box
        role="search"
        aria-label={t('alerts.list.filters')}
        sx={{ display: 'grid', gap: 1.5, alignItems: 'start', gridTemplateColumns: { xs: '1fr', sm: 'minmax(0, 1fr) 200px', md: '420px 200px' } }}
      >
        <SearchField label={t('alerts.list.keyword')} value={filters.keyword} onSearch={(keyword) => setFilters({ keyword })} />
        <TextField
          select
          size="small"
          label={t('alerts.list.status')}
          value={STATUS_CHOICES.includes(filters.status as (typeof STATUS_CHOICES)[number]) ? filters.status : 'open'}
          onChange={(event) => setFilters({ status: event.target.value === 'open' ? '' : event.target.value })}
        >
          {STATUS_CHOICES.map((choice) => (
            <MenuItem key={choice} value={choice}>
              {t(`alerts.statusFilter.${choice}`)}
            </MenuItem>
          ))}
        </TextField>
      </Box>
      {contracts === null ? (
        <NoContractNote />
      ) : (
        <>
          {query.data && (
            <Typography variant="body2" color="text.secondary" aria-live="polite">
              {t('alerts.list.count', { count: query.data.total_records })}
            </Typography>
          )}
          <DataTable
            label={label}
            columns={columns}
            {...queryTableProps(query)}
            page={table.page}
            pageSize={table.pageSize}
            onChange={table.onChange}
            getRowId={(alert) => alert.alert_id}
            onRowClick={(alert) => go(detailPath(alert))}
            emptyText={filtered ? t('alerts.list.noMatch') : (emptyText ?? t('alerts.list.empty'))}
          />
        </>
      )}
    </Stack>
  );
}
