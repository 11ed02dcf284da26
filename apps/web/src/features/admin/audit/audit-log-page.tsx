import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { EXPORT_TYPES, type TAuditLog } from '@strata/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable, type DataTableColumn } from '../../../components/data-table';
import { useDialog } from '../../../components/feedback';
import { useExportJob } from '../../../lib/export-job';
import { useRouteAction } from '../../../lib/route-actions';
import { ExportButtons, ExportJobStatus } from '../shared/export-buttons';
import { Section } from '../../../components/section';
import { useClampPage, useTableParams, useUrlFilters } from '../../../components/data-table';
import { useAuditLogs } from './api';
import { auditChanges, changeLine } from './audit-changes';
import { AUDIT_FILTER_KEYS, AuditFilters, auditQuery } from './audit-filters';
import { queryTableProps } from '../../../components/data-table';

/** The Changes cell: a line per changed field with its old and new value. */
function Changes({ log }: { log: TAuditLog }) {
  const { t } = useTranslation();
  const changes = auditChanges(log);
  if (changes.length === 0) return <>—</>;
  return (
    <Box component="ul" sx={{ m: 0, p: 0, listStyle: 'none', overflowWrap: 'anywhere' }}>
      {changes.map((c) => (
        <li key={c.field}>{changeLine(c, t('admin.audit.removed'))}</li>
      ))}
    </Box>
  );
}

function Json({ value }: { value: unknown }) {
  return (
    <Box component="pre" sx={{ m: 0, p: 1, bgcolor: 'action.hover', borderRadius: 1, overflow: 'auto', fontSize: 12, maxHeight: 240 }}>
      {value == null ? '—' : JSON.stringify(value, null, 2)}
    </Box>
  );
}

/** `/admin/auditlog` (ViewAuditLogs): the audit log with Filter and Export Audit Logs (XLSX, CSV). */
export function AuditLogPage() {
  const { t } = useTranslation();
  const confirm = useDialog();
  const [filters, setFilters] = useUrlFilters(AUDIT_FILTER_KEYS);
  const [showFilters, setShowFilters] = useState(true);
  const [showExport, setShowExport] = useState(false);
  const job = useExportJob();
  const table = useTableParams();
  const params = auditQuery(filters);
  const query = useAuditLogs({ ...params, limit: table.limit, skip: table.skip });
  useClampPage(query.data?.total_records, table.page, table.pageSize);
  useRouteAction('filter', () => setShowFilters((shown) => !shown));
  useRouteAction('export-audit-logs', () => setShowExport(true));

  const openDetail = (log: TAuditLog) =>
    void confirm({
      title: t('admin.audit.detailTitle', { id: log.audit_id }),
      prompt: (
        <Stack spacing={1.5}>
          <Typography variant="body2">
            {log.action} · {log.entity_type} {log.entity_id ?? ''}
          </Typography>
          <Typography variant="subtitle2">{t('admin.audit.before')}</Typography>
          <Json value={log.before} />
          <Typography variant="subtitle2">{t('admin.audit.after')}</Typography>
          <Json value={log.after} />
        </Stack>
      ),
      negative: false,
      maxWidth: 640,
    });

  const columns: DataTableColumn<TAuditLog>[] = [
    { id: 'at', label: t('admin.audit.at'), format: 'datetime', noWrap: true },
    { id: 'user', label: t('admin.audit.user'), noWrap: true, render: (log) => log.login_name ?? t('admin.audit.system') },
    { id: 'action', label: t('admin.audit.action'), noWrap: true },
    { id: 'entity', label: t('admin.audit.entity'), noWrap: true, render: (log) => `${log.entity_type}${log.entity_id ? ` ${log.entity_id}` : ''}` },
    { id: 'client_address', label: t('admin.audit.address'), noWrap: true, render: (log) => log.client_address ?? '—' },
    { id: 'changes', label: t('admin.audit.changes'), minWidth: 180, render: (log) => <Changes log={log} /> },
  ];

  return (
    <Stack spacing={2}>
      {showFilters && <AuditFilters key={Object.values(filters).join('|')} values={filters} onApply={setFilters} />}
      {showExport ? (
        <Section title={t('admin.audit.exportTitle')} subheader={t('admin.audit.exportText')}>
          <ExportButtons type="audit-logs" formats={EXPORT_TYPES['audit-logs'].formats} body={params} job={job} />
        </Section>
      ) : (
        <ExportJobStatus job={job} />
      )}
      <DataTable
        label={t('admin.audit.tableLabel')}
        columns={columns}
        {...queryTableProps(query)}
        page={table.page}
        pageSize={table.pageSize}
        onChange={table.onChange}
        getRowId={(log) => log.audit_id}
        onRowClick={openDetail}
      />
    </Stack>
  );
}
