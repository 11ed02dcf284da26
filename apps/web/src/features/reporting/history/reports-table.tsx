import FileDownload from '@mui/icons-material/FileDownload';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import type { TReportRecord } from '@strata/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AppLink } from '../../../components/app-link';
import { ByteSize } from '../../../components/byte-size';
import { DataTable, queryTableProps, useTableParams, type DataTableColumn } from '../../../components/data-table';
import { useToast } from '../../../components/feedback';
import { RelativeTime } from '../../../components/relative-time';
import { formatDate } from '../../../lib/display-time';
import { downloadFile } from '../../../lib/download';
import { errorText } from '../../../lib/error-text';
import { checkReport, reportStatusMessage, useReportList } from '../api';
import { reportPath } from '../paths';

/** A period's day (YYYY-MM-DD, in the report's zone) as DD/MM/YYYY (spec §5); an instant in the display zone. */
export function dayText(value: string): string {
  const day = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  return day ? `${day[3]}/${day[2]}/${day[1]}` : formatDate(value);
}

const STATUS_COLORS = { 1: 'info', 2: 'success', 3: 'error', 4: 'warning' } as const;

/** Saves a completed report: its check gives the address with the access token; `download=true` as an attachment. */
export async function downloadReport(reportId: number): Promise<string> {
  const check = await checkReport(reportId);
  const problem = reportStatusMessage(check.status);
  if (problem) throw new Error(problem);
  if (check.status !== 2 || !check.url) throw new Error('The report is not ready yet');
  const target = new URL(check.url, window.location.origin);
  target.searchParams.set('download', 'true');
  return downloadFile(`${target.pathname}${target.search}`, { fileName: check.file_name });
}

function DownloadButton({ report }: { report: TReportRecord }) {
  const { t } = useTranslation();
  const toast = useToast();
  const [busy, setBusy] = useState(false);
  if (report.status !== 2) return null;
  const label = t('reporting.list.download', { file: report.file_name ?? report.type_name });
  return (
    <Tooltip title={label}>
      <span>
        <IconButton
          size="small"
          aria-label={label}
          disabled={busy}
          onClick={async () => {
            setBusy(true);
            try {
              await downloadReport(report.report_id);
            } catch (error) {
              toast({ color: 'error', message: errorText(error) });
            } finally {
              setBusy(false);
            }
          }}
        >
          <FileDownload fontSize="small" />
        </IconButton>
      </span>
    </Tooltip>
  );
}

export interface ReportsTableProps {
  /** One report type only (`installation-status`). */
  type?: string;
  label: string;
  /** Said when there are no reports. */
  emptyText: string;
}

/**
 * The caller's generated reports (`GET /reports`, newest first): type, contracts, period, format, status, when, size;
 * each opens on its page (`/reporting/report/{id}`) and a completed one downloads. Page and size in the URL.
 */
export function ReportsTable({ type, label, emptyText }: ReportsTableProps) {
  const { t } = useTranslation();
  const table = useTableParams(10);
  const query = useReportList({ limit: table.limit, skip: table.skip, ...(type ? { type } : {}) });
  const columns: DataTableColumn<TReportRecord>[] = [
    {
      id: 'report',
      label: t('reporting.list.report'),
      minWidth: 180,
      render: (r) => <AppLink to={reportPath(r.report_id)}>{r.type_name}</AppLink>,
    },
    { id: 'contracts', label: t('reporting.list.contracts'), render: (r) => r.contract_nos.join(', ') },
    {
      id: 'period',
      label: t('reporting.list.period'),
      noWrap: true,
      render: (r) => `${dayText(r.period_from)} – ${dayText(r.period_to)}`,
    },
    { id: 'output', label: t('reporting.list.format'), render: (r) => r.output.toUpperCase() },
    {
      id: 'status',
      label: t('reporting.list.status'),
      render: (r) => (
        <Chip
          size="small"
          variant="outlined"
          color={STATUS_COLORS[r.status as keyof typeof STATUS_COLORS] ?? 'default'}
          label={t(`reporting.status.${r.status}` as 'reporting.status.1', { defaultValue: String(r.status) })}
        />
      ),
    },
    { id: 'created', label: t('reporting.list.created'), noWrap: true, render: (r) => <RelativeTime value={r.created} /> },
    { id: 'size', label: t('reporting.list.size'), align: 'right', noWrap: true, render: (r) => <ByteSize value={r.size} /> },
    { id: 'download', label: t('reporting.list.downloadColumn'), align: 'center', render: (r) => <DownloadButton report={r} /> },
  ];
  return (
    <DataTable
      label={label}
      columns={columns}
      {...queryTableProps(query)}
      page={table.page}
      pageSize={table.pageSize}
      onChange={table.onChange}
      getRowId={(r) => r.report_id}
      emptyText={emptyText}
      size="small"
    />
  );
}
