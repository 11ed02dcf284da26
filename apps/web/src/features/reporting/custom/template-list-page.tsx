import DeleteOutline from '@mui/icons-material/DeleteOutlined';
import EditOutlined from '@mui/icons-material/EditOutlined';
import Stack from '@mui/material/Stack';
import { type TCustomTemplate } from '@strata/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { AppLink } from '../../../components/app-link';
import { DataTable, queryTableProps, useClampPage, useTableParams, useUrlFilters, type DataTableColumn } from '../../../components/data-table';
import { useDialog, useToast } from '../../../components/feedback';
import { ListFilters } from '../../../components/list-filters';
import { RelativeTime } from '../../../components/relative-time';
import { SearchField } from '../../../components/search-field';
import { errorText } from '../../../lib/error-text';
import { useGo } from '../../../lib/page-nav';
import { useRouteAction } from '../../../lib/route-actions';
import { useCan } from '../../../lib/use-can';
import { customTemplateEditPath, REPORTING_PATHS } from '../paths';
import { TEMPLATE_TASKS } from '../tasks';
import { customTemplateKeys, deleteCustomTemplate, useCustomTemplates } from './api';
import { ReportTypeFilter, RowButton } from './shared';

const FILTERS = ['q', 'type'] as const;

/**
 * `/report/customize` (spec §2.8): the custom report templates (name, report type, contract or "All contracts",
 * workbook file, updated, by), searched by keyword and filtered by report type (both in the URL). Add is the route's
 * action [CreateReportTemplates]; Edit [EditReportTemplates] and Delete after a confirmation [DeleteReportTemplates].
 */
export function TemplateListPage() {
  const { t } = useTranslation();
  const go = useGo();
  const toast = useToast();
  const confirm = useDialog();
  const client = useQueryClient();
  const canEdit = useCan(...TEMPLATE_TASKS.edit);
  const canDelete = useCan(...TEMPLATE_TASKS.remove);
  const [filters, setFilters] = useUrlFilters(FILTERS);
  const table = useTableParams(10);
  const query = useCustomTemplates({ keyword: filters.q || undefined, report_type: filters.type || undefined, limit: table.limit, skip: table.skip });
  useClampPage(query.data?.total_records, table.page, table.pageSize);
  useRouteAction('add-custom-template', () => go(REPORTING_PATHS.customTemplateAdd));

  const remove = async (template: TCustomTemplate) => {
    const ok = await confirm({
      title: t('customReports.template.deleteTitle'),
      prompt: t('customReports.template.deletePrompt', { name: template.name }),
      positive: t('customReports.common.delete'),
      maxWidth: 420,
    });
    if (ok !== true) return;
    try {
      await deleteCustomTemplate(template.template_id);
      toast({ color: 'success', message: t('customReports.template.deleted', { name: template.name }) });
    } catch (error) {
      toast({ color: 'error', message: errorText(error) });
    }
    await client.invalidateQueries({ queryKey: customTemplateKeys.all });
  };

  const columns: DataTableColumn<TCustomTemplate>[] = [
    {
      id: 'name',
      label: t('customReports.template.name'),
      minWidth: 160,
      render: (r) =>
        canEdit ? (
          <AppLink to={customTemplateEditPath(r.template_id)} onClick={(event) => event.stopPropagation()}>
            {r.name}
          </AppLink>
        ) : (
          r.name
        ),
    },
    { id: 'type', label: t('customReports.common.reportType'), minWidth: 160, render: (r) => r.report_type_name },
    { id: 'contract', label: t('customReports.common.contract'), noWrap: true, render: (r) => r.contract_no ?? t('customReports.common.allContracts') },
    {
      id: 'workbook',
      label: t('customReports.template.workbook'),
      minWidth: 120,
      render: (r) => (r.workbook ? r.filename : t('customReports.template.noWorkbook')),
    },
    { id: 'updated', label: t('customReports.common.updated'), noWrap: true, render: (r) => <RelativeTime value={r.updated} /> },
    { id: 'by', label: t('customReports.common.by'), noWrap: true, render: (r) => r.created_by_name ?? '—' },
  ];
  if (canEdit || canDelete) {
    columns.push({
      id: 'actions',
      label: t('customReports.common.actions'),
      align: 'right',
      noWrap: true,
      render: (r) => (
        <Stack direction="row" spacing={0.5} sx={{ justifyContent: 'flex-end' }}>
          {canEdit && (
            <RowButton label={t('customReports.common.editNamed', { name: r.name })} onClick={() => go(customTemplateEditPath(r.template_id))}>
              <EditOutlined fontSize="small" />
            </RowButton>
          )}
          {canDelete && (
            <RowButton label={t('customReports.common.deleteNamed', { name: r.name })} onClick={() => void remove(r)}>
              <DeleteOutline fontSize="small" />
            </RowButton>
          )}
        </Stack>
      ),
    });
  }

  const filtered = Boolean(filters.q || filters.type);
  return (
    <Stack spacing={2} sx={{ maxWidth: 1200 }}>
      <ListFilters search={<SearchField label={t('customReports.template.search')} value={filters.q} onSearch={(q) => setFilters({ q })} />}>
        <ReportTypeFilter value={filters.type} onChange={(type) => setFilters({ type })} />
      </ListFilters>
      <DataTable
        label={t('customReports.template.tableLabel')}
        columns={columns}
        {...queryTableProps(query)}
        page={table.page}
        pageSize={table.pageSize}
        onChange={table.onChange}
        getRowId={(r) => r.template_id}
        emptyText={filtered ? t('customReports.template.noMatch') : t('customReports.template.empty')}
        onRowClick={canEdit ? (r) => go(customTemplateEditPath(r.template_id)) : undefined}
        size="small"
      />
    </Stack>
  );
}
