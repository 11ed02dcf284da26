import ContentCopy from '@mui/icons-material/ContentCopy';
import DeleteOutline from '@mui/icons-material/DeleteOutlined';
import EditOutlined from '@mui/icons-material/EditOutlined';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import { MONITORING_SECTIONS, type TMonitoringTemplate } from '@strata/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AppLink } from '../../../../components/app-link';
import { DataTable, queryTableProps, useClampPage, useTableParams, useUrlFilters, type DataTableColumn } from '../../../../components/data-table';
import { useDialog, useToast } from '../../../../components/feedback';
import { ListFilters } from '../../../../components/list-filters';
import { RelativeTime } from '../../../../components/relative-time';
import { SearchField } from '../../../../components/search-field';
import { errorText } from '../../../../lib/error-text';
import { idOrUndefined, useGo } from '../../../../lib/page-nav';
import { useRouteAction } from '../../../../lib/route-actions';
import { REPORTING_PATHS, templateEditPath } from '../../paths';
import { deleteMonitoringTemplate, fullMonitoringKeys, useMonitoringTemplates } from '../api';
import { ContractFilter } from '../shared';
import { CopyTemplateDialog } from './copy-template-dialog';

const FILTERS = ['contract', 'q'] as const;

function RowButton({ label, onClick, children }: { label: string; onClick: () => void; children: React.ReactNode }) {
  return (
    <Tooltip title={label}>
      <IconButton
        size="small"
        aria-label={label}
        onClick={(event) => {
          event.stopPropagation();
          onClick();
        }}
      >
        {children}
      </IconButton>
    </Tooltip>
  );
}

/**
 * `/reporting/template-manager`: the monitoring templates of the caller's contracts (contract, name, sections, last
 * change and by whom), filtered by contract and keyword (in the URL; the Filter action shows or hides the bar); Add
 * opens a new template; each row: Edit, Copy (to a contract, under a name), Delete (after a confirmation).
 */
export function TemplateManagerPage() {
  const { t } = useTranslation();
  const go = useGo();
  const toast = useToast();
  const confirm = useDialog();
  const client = useQueryClient();
  const [filters, setFilters] = useUrlFilters(FILTERS);
  const [showFilters, setShowFilters] = useState(true);
  const [copying, setCopying] = useState<TMonitoringTemplate | null>(null);
  const table = useTableParams(10);
  const contract = idOrUndefined(filters.contract);
  const query = useMonitoringTemplates({ contracts: contract ? [contract] : undefined, keyword: filters.q || undefined, limit: table.limit, skip: table.skip });
  useClampPage(query.data?.total_records, table.page, table.pageSize);
  useRouteAction('add-template', () => go(REPORTING_PATHS.templateAdd));
  useRouteAction('filter', () => setShowFilters((shown) => !shown));

  const remove = async (template: TMonitoringTemplate) => {
    const ok = await confirm({
      title: t('fullMonitoring.delete.title'),
      prompt: t('fullMonitoring.delete.prompt', { name: template.name, contract: template.contract_no }),
      positive: t('fullMonitoring.delete.confirm'),
      maxWidth: 420,
    });
    if (ok !== true) return;
    try {
      await deleteMonitoringTemplate(template.template_id);
      toast({ color: 'success', message: t('fullMonitoring.delete.done', { name: template.name }) });
    } catch (error) {
      toast({ color: 'error', message: errorText(error) });
    }
    await client.invalidateQueries({ queryKey: fullMonitoringKeys.templates });
  };

  const columns: DataTableColumn<TMonitoringTemplate>[] = [
    { id: 'contract', label: t('fullMonitoring.common.contract'), noWrap: true, render: (r) => r.contract_no },
    {
      id: 'name',
      label: t('fullMonitoring.template.name'),
      minWidth: 180,
      render: (r) => (
        <AppLink to={templateEditPath(r.template_id)} onClick={(event) => event.stopPropagation()}>
          {r.name}
        </AppLink>
      ),
    },
    {
      id: 'sections',
      label: t('fullMonitoring.template.sections'),
      minWidth: 220,
      render: (r) => (
        <Tooltip title={r.sections.map((s) => MONITORING_SECTIONS[s.kind]).join(' · ')}>
          <span>{t('fullMonitoring.template.sectionCount', { count: r.sections.length })}</span>
        </Tooltip>
      ),
    },
    { id: 'updated', label: t('fullMonitoring.template.updated'), noWrap: true, render: (r) => <RelativeTime value={r.updated} /> },
    { id: 'by', label: t('fullMonitoring.template.by'), noWrap: true, render: (r) => r.updated_by_name ?? r.created_by_name ?? '—' },
    {
      id: 'actions',
      label: t('fullMonitoring.common.actions'),
      align: 'right',
      noWrap: true,
      render: (r) => (
        <Stack direction="row" spacing={0.5} sx={{ justifyContent: 'flex-end' }}>
          <RowButton label={t('fullMonitoring.template.edit', { name: r.name })} onClick={() => go(templateEditPath(r.template_id))}>
            <EditOutlined fontSize="small" />
          </RowButton>
          <RowButton label={t('fullMonitoring.template.copy', { name: r.name })} onClick={() => setCopying(r)}>
            <ContentCopy fontSize="small" />
          </RowButton>
          <RowButton label={t('fullMonitoring.template.delete', { name: r.name })} onClick={() => void remove(r)}>
            <DeleteOutline fontSize="small" />
          </RowButton>
        </Stack>
      ),
    },
  ];

  const filtered = Boolean(filters.contract || filters.q);
  return (
    <Stack spacing={2} sx={{ maxWidth: 1200 }}>
      {showFilters && (
        <ListFilters search={<SearchField label={t('fullMonitoring.template.search')} value={filters.q} onSearch={(q) => setFilters({ q })} />}>
          <ContractFilter value={filters.contract} onChange={(next) => setFilters({ contract: next })} />
        </ListFilters>
      )}
      <DataTable
        label={t('fullMonitoring.template.tableLabel')}
        columns={columns}
        {...queryTableProps(query)}
        page={table.page}
        pageSize={table.pageSize}
        onChange={table.onChange}
        getRowId={(r) => r.template_id}
        emptyText={filtered ? t('fullMonitoring.template.noMatch') : t('fullMonitoring.template.empty')}
        onRowClick={(r) => go(templateEditPath(r.template_id))}
        size="small"
      />
      <CopyTemplateDialog
        template={copying}
        onClose={() => setCopying(null)}
        onCopied={(copy) => {
          setCopying(null);
          toast({ color: 'success', message: t('fullMonitoring.copy.done', { name: copy.name, contract: copy.contract_no }) });
          void client.invalidateQueries({ queryKey: fullMonitoringKeys.templates });
        }}
      />
    </Stack>
  );
}
