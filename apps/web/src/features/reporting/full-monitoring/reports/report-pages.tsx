import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import { MONITORING_REPORT_STATUS, type MonitoringReportStatus, type TMonitoringReport } from '@strata/shared';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { DataTable, queryTableProps, useClampPage, useTableParams, useUrlFilters, type DataTableColumn } from '../../../../components/data-table';
import { ListFilters } from '../../../../components/list-filters';
import { SearchField } from '../../../../components/search-field';
import { formatDateTime } from '../../../../lib/display-time';
import { idOrUndefined } from '../../../../lib/page-nav';
import { useMonitoringReports } from '../api';
import { ContractFilter, FilterSelect, periodText, StatusChip } from '../shared';
import { ReportDetailPanel } from './report-detail';

const FILTERS = ['contract', 'status', 'q'] as const;
const STATUSES = Object.keys(MONITORING_REPORT_STATUS) as MonitoringReportStatus[];
/** The approval page's reports: waiting for the checker or the approver. */
export const APPROVAL_STATUSES: readonly MonitoringReportStatus[] = ['checking', 'approving'];

/** The open report (`?report=<id>`), kept in the URL without moving the table's page. */
function useOpenReport(): [number | undefined, (id: number | undefined) => void] {
  const [params, setParams] = useSearchParams();
  const open = (id: number | undefined) =>
    setParams((current) => {
      const next = new URLSearchParams(current);
      if (id === undefined) next.delete('report');
      else next.set('report', String(id));
      return next;
    });
  return [idOrUndefined(params.get('report')), open];
}

function useColumns(): DataTableColumn<TMonitoringReport>[] {
  const { t } = useTranslation();
  return [
    { id: 'report_no', label: t('fullMonitoring.common.reportNo'), minWidth: 140, render: (r) => r.report_no },
    { id: 'revision', label: t('fullMonitoring.common.revision'), align: 'right', render: (r) => r.revision },
    { id: 'contract', label: t('fullMonitoring.common.contract'), noWrap: true, render: (r) => r.contract_no },
    { id: 'period', label: t('fullMonitoring.common.period'), noWrap: true, render: (r) => periodText(r) },
    { id: 'status', label: t('fullMonitoring.common.status'), noWrap: true, render: (r) => <StatusChip status={r.status} /> },
    {
      id: 'prepared',
      label: t('fullMonitoring.common.prepared'),
      minWidth: 160,
      render: (r) => `${r.prepared_by_name ?? '—'} · ${formatDateTime(r.prepared)}`,
    },
  ];
}

interface ReportsPageProps {
  /** Statuses the page is limited to (the approval page); absent: the status filter. */
  statuses?: readonly MonitoringReportStatus[];
  label: string;
  emptyText: string;
}

function ReportsPage({ statuses, label, emptyText }: ReportsPageProps) {
  const { t } = useTranslation();
  const [filters, setFilters] = useUrlFilters(FILTERS);
  const [open, setOpen] = useOpenReport();
  const table = useTableParams(10);
  const contract = idOrUndefined(filters.contract);
  const status = STATUSES.includes(filters.status as MonitoringReportStatus) ? (filters.status as MonitoringReportStatus) : '';
  const query = useMonitoringReports({
    contracts: contract ? [contract] : undefined,
    status: statuses ? [...statuses] : status ? [status] : undefined,
    keyword: filters.q || undefined,
    limit: table.limit,
    skip: table.skip,
  });
  useClampPage(query.data?.total_records, table.page, table.pageSize);
  const filtered = Boolean(filters.contract || filters.q || (!statuses && status));
  return (
    <Stack spacing={2} sx={{ maxWidth: 1200 }}>
      <ListFilters search={<SearchField label={t('fullMonitoring.list.search')} value={filters.q} onSearch={(q) => setFilters({ q })} />}>
        <ContractFilter value={filters.contract} onChange={(next) => setFilters({ contract: next })} />
        {!statuses && (
          <FilterSelect label={t('fullMonitoring.common.status')} value={status} onChange={(next) => setFilters({ status: next })}>
            <MenuItem value="">{t('fullMonitoring.list.allStatuses')}</MenuItem>
            {STATUSES.map((s) => (
              <MenuItem key={s} value={s}>
                {MONITORING_REPORT_STATUS[s]}
              </MenuItem>
            ))}
          </FilterSelect>
        )}
      </ListFilters>
      <DataTable
        label={label}
        columns={useColumns()}
        {...queryTableProps(query)}
        page={table.page}
        pageSize={table.pageSize}
        onChange={table.onChange}
        getRowId={(r) => r.monitoring_report_id}
        emptyText={filtered ? t('fullMonitoring.list.noMatch') : emptyText}
        onRowClick={(r) => setOpen(r.monitoring_report_id)}
        size="small"
      />
      <ReportDetailPanel id={open} onClose={() => setOpen(undefined)} />
    </Stack>
  );
}

/** `/reporting/full-monitoring/list`: every full monitoring report, filtered by contract, status and keyword (in the URL). */
export function MonitoringReportListPage() {
  const { t } = useTranslation();
  return <ReportsPage label={t('fullMonitoring.list.tableLabel')} emptyText={t('fullMonitoring.list.empty')} />;
}

/** `/reporting/full-monitoring/approval` [ReportApproval]: the reports waiting for a check or an approval. */
export function ApprovalPage() {
  const { t } = useTranslation();
  return <ReportsPage statuses={APPROVAL_STATUSES} label={t('fullMonitoring.approval.tableLabel')} emptyText={t('fullMonitoring.approval.empty')} />;
}
