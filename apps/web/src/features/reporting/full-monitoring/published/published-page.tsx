import ContentCopy from '@mui/icons-material/ContentCopy';
import FileDownload from '@mui/icons-material/FileDownload';
import PictureAsPdf from '@mui/icons-material/PictureAsPdf';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import type { TMonitoringReport } from '@strata/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable, queryTableProps, useClampPage, useTableParams, useUrlFilters, type DataTableColumn } from '../../../../components/data-table';
import { AppAlert, useToast } from '../../../../components/feedback';
import { ListFilters } from '../../../../components/list-filters';
import { ReportDialog, type ReportDialogFile } from '../../../../components/report-dialog';
import { SearchField } from '../../../../components/search-field';
import { useSession } from '../../../../lib/auth-store';
import { formatDateTime } from '../../../../lib/display-time';
import { downloadFile } from '../../../../lib/download';
import { errorText } from '../../../../lib/error-text';
import { idOrUndefined } from '../../../../lib/page-nav';
import { publishedAddress, usePublishedReports } from '../api';
import { ContractFilter, periodText, reportLabel } from '../shared';
import { canSeePublished } from '../tasks';

const FILTERS = ['contract', 'q'] as const;

/** A SHA-256 shortened to its first 12 hex digits (the whole on hover). */
export function shortHash(hash: string): string {
  return hash.length > 12 ? `${hash.slice(0, 12)}…` : hash;
}

/** The content hash printed in the report's footer: shortened, whole on hover, with a copy button. */
function HashCell({ hash }: { hash: string | null }) {
  const { t } = useTranslation();
  const toast = useToast();
  if (!hash) return <>—</>;
  return (
    <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center' }}>
      <Tooltip title={hash}>
        <Box component="code" aria-label={t('fullMonitoring.published.hashOf', { hash })} sx={{ fontFamily: 'monospace', fontSize: '0.8125rem' }}>
          {shortHash(hash)}
        </Box>
      </Tooltip>
      <Tooltip title={t('fullMonitoring.published.copyHash')}>
        <IconButton
          size="small"
          aria-label={t('fullMonitoring.published.copyHash')}
          onClick={async (event) => {
            event.stopPropagation();
            try {
              await navigator.clipboard.writeText(hash);
              toast({ color: 'success', message: t('fullMonitoring.published.copied') });
            } catch (error) {
              toast({ color: 'error', message: errorText(error) });
            }
          }}
        >
          <ContentCopy fontSize="inherit" />
        </IconButton>
      </Tooltip>
    </Stack>
  );
}

/**
 * `/reporting/full-monitoring/published`: the published reports (number, revision, contract, period, who approved
 * them when, the content hash printed in the footer), each opened in the report dialog or downloaded. For the report
 * tasks and Authority users (the server lists only what the caller may see).
 */
export function PublishedPage() {
  const { t } = useTranslation();
  const toast = useToast();
  const permissions = useSession((state) => state.permissions);
  const profile = useSession((state) => state.profile);
  const allowed = canSeePublished(permissions, profile);
  const [filters, setFilters] = useUrlFilters(FILTERS);
  const table = useTableParams(10);
  const [viewer, setViewer] = useState<ReportDialogFile | null>(null);
  const contract = idOrUndefined(filters.contract);
  const query = usePublishedReports({ contracts: contract ? [contract] : undefined, keyword: filters.q || undefined, limit: table.limit, skip: table.skip });
  useClampPage(query.data?.total_records, table.page, table.pageSize);

  if (!allowed) return <AppAlert type="error" message={t('fullMonitoring.published.notAllowed')} />;

  const fileName = (r: TMonitoringReport) => `${r.report_no}-rev${r.revision}.pdf`;
  const open = (r: TMonitoringReport) => setViewer({ url: publishedAddress(r.monitoring_report_id), title: reportLabel(r), fileName: fileName(r) });
  const columns: DataTableColumn<TMonitoringReport>[] = [
    { id: 'report_no', label: t('fullMonitoring.common.reportNo'), minWidth: 140, render: (r) => r.report_no },
    { id: 'revision', label: t('fullMonitoring.common.revision'), align: 'right', render: (r) => r.revision },
    { id: 'contract', label: t('fullMonitoring.common.contract'), noWrap: true, render: (r) => r.contract_no },
    { id: 'period', label: t('fullMonitoring.common.period'), noWrap: true, render: (r) => periodText(r) },
    {
      id: 'approved',
      label: t('fullMonitoring.common.approvedBy'),
      minWidth: 160,
      render: (r) => `${r.approved_by_name ?? '—'} · ${r.approved ? formatDateTime(r.approved) : '—'}`,
    },
    { id: 'hash', label: t('fullMonitoring.published.hash'), noWrap: true, render: (r) => <HashCell hash={r.content_sha256} /> },
    {
      id: 'file',
      label: t('fullMonitoring.published.file'),
      align: 'right',
      noWrap: true,
      render: (r) => (
        <Stack direction="row" spacing={0.5} sx={{ justifyContent: 'flex-end' }}>
          <Tooltip title={t('fullMonitoring.published.open', { report: reportLabel(r) })}>
            <IconButton size="small" aria-label={t('fullMonitoring.published.open', { report: reportLabel(r) })} onClick={() => open(r)}>
              <PictureAsPdf fontSize="small" />
            </IconButton>
          </Tooltip>
          <Tooltip title={t('fullMonitoring.published.download', { report: reportLabel(r) })}>
            <IconButton
              size="small"
              aria-label={t('fullMonitoring.published.download', { report: reportLabel(r) })}
              onClick={() =>
                downloadFile(publishedAddress(r.monitoring_report_id, true), { fileName: fileName(r) }).catch((error: unknown) =>
                  toast({ color: 'error', message: errorText(error) }),
                )
              }
            >
              <FileDownload fontSize="small" />
            </IconButton>
          </Tooltip>
        </Stack>
      ),
    },
  ];
  const filtered = Boolean(filters.contract || filters.q);
  return (
    <Stack spacing={2} sx={{ maxWidth: 1200 }}>
      <ListFilters search={<SearchField label={t('fullMonitoring.list.search')} value={filters.q} onSearch={(q) => setFilters({ q })} />}>
        <ContractFilter value={filters.contract} onChange={(next) => setFilters({ contract: next })} />
      </ListFilters>
      <DataTable
        label={t('fullMonitoring.published.tableLabel')}
        columns={columns}
        {...queryTableProps(query)}
        page={table.page}
        pageSize={table.pageSize}
        onChange={table.onChange}
        getRowId={(r) => r.monitoring_report_id}
        emptyText={filtered ? t('fullMonitoring.list.noMatch') : t('fullMonitoring.published.empty')}
        size="small"
      />
      <ReportDialog report={viewer} onClose={() => setViewer(null)} />
    </Stack>
  );
}
