import Delete from '@mui/icons-material/Delete';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { ALERT_TEMPLATE_CATEGORIES, type AlertTemplateCategory, type TAlertTemplate } from '@strata/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable, queryTableProps, useClampPage, useTableParams, useUrlFilters, type DataTableColumn } from '../../../components/data-table';
import { useDialog, useToast } from '../../../components/feedback';
import { SearchField } from '../../../components/search-field';
import { useContractList } from '../../../lib/active-contracts';
import { errorText } from '../../../lib/error-text';
import { useRouteAction } from '../../../lib/route-actions';
import { useRoles } from '../api/options';
import { useDeleteTemplate, useTemplates } from '../api/templates';
import { ActiveChip } from '../components/active-chip';
import { TemplateFormDialog } from './template-form';

const FILTER_KEYS = ['tab', 'keyword'] as const;

/** The tab in the URL (`tab=instrument` …); the first tab when absent or unknown. */
export function categoryOf(value: string): AlertTemplateCategory {
  return (ALERT_TEMPLATE_CATEGORIES as readonly string[]).includes(value) ? (value as AlertTemplateCategory) : 'scenario';
}

function Chips({ items, none }: { items: readonly string[]; none: string }) {
  if (items.length === 0)
    return (
      <Typography variant="body2" color="text.secondary" component="span">
        {none}
      </Typography>
    );
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5 }}>
      {items.map((item) => (
        <Chip key={item} size="small" label={item} variant="outlined" />
      ))}
    </Box>
  );
}

/**
 * `/master-data/scenarios` Alert Templates (shell spec §2; ManageScenarios): tabs Scenario-based Alerts, Instrument
 * Alerts, Contract Alerts and User Alerts (the template category, in the URL), a list per tab with keyword search,
 * the Add Scenario action; a row opens the template's form, the bin deletes it after a confirmation.
 */
export function TemplatesPage() {
  const { t } = useTranslation();
  const toast = useToast();
  const confirm = useDialog();
  const [filters, setFilters] = useUrlFilters(FILTER_KEYS);
  const category = categoryOf(filters.tab);
  const table = useTableParams();
  const query = useTemplates({ category, keyword: filters.keyword, limit: table.limit, skip: table.skip });
  useClampPage(query.data?.total_records, table.page, table.pageSize);
  const remove = useDeleteTemplate();
  const { contracts } = useContractList();
  const roles = useRoles();
  const [editing, setEditing] = useState<{ id?: number } | null>(null);
  useRouteAction('add-scenario', () => setEditing({}));

  const contractNo = (id: number) => contracts.find((c) => c.contract_id === id)?.no ?? `#${id}`;
  const roleName = (id: number) => roles.data?.records.find((r) => r.role_id === id)?.name ?? t('alertRules.template.roleN', { id });
  const told = (row: TAlertTemplate) => {
    if (row.role_ids.length === 0 && row.user_ids.length === 0) return [];
    return [...row.role_ids.map(roleName), ...(row.user_ids.length > 0 ? [t('alertRules.template.userCount', { count: row.user_ids.length })] : [])];
  };

  const onDelete = async (row: TAlertTemplate) => {
    const ok = await confirm({
      prompt: t('alertRules.template.confirmDelete', { name: row.name }),
      positive: t('alertRules.delete'),
      negative: t('alertRules.cancel'),
    });
    if (ok !== true) return;
    try {
      await remove.mutateAsync(row.template_id);
      toast({ color: 'success', message: t('alertRules.template.deleted', { name: row.name }) });
    } catch (error) {
      toast({ color: 'error', message: errorText(error) });
    }
  };

  const columns: DataTableColumn<TAlertTemplate>[] = [
    {
      id: 'name',
      label: t('alertRules.template.name'),
      minWidth: 150,
      render: (row) => (
        <Typography variant="body2" sx={{ fontWeight: 500, overflowWrap: 'anywhere' }}>
          {row.name}
        </Typography>
      ),
    },
    {
      id: 'kinds',
      label: t('alertRules.template.kinds'),
      minWidth: 140,
      render: (row) => <Chips items={row.kinds.map((k) => t(`alertRules.kind.${k}`))} none={t('alertRules.template.everyKind')} />,
    },
    { id: 'levels', label: t('alertRules.template.levels'), render: (row) => <Chips items={row.levels} none={t('alertRules.template.everyLevel')} /> },
    {
      id: 'contracts',
      label: t('alertRules.template.contracts'),
      render: (row) => <Chips items={row.contract_ids.map(contractNo)} none={t('alertRules.template.everyContract')} />,
    },
    {
      id: 'told',
      label: t('alertRules.template.told'),
      minWidth: 140,
      render: (row) => <Chips items={told(row)} none={t('alertRules.template.defaultRule')} />,
    },
    { id: 'channels', label: t('alertRules.template.channels'), render: (row) => row.channels.map((c) => t(`alertRules.channel.${c}`)).join(', ') },
    { id: 'active', label: t('alertRules.template.active'), render: (row) => <ActiveChip active={row.active} /> },
    {
      id: 'actions',
      label: t('alertRules.actions'),
      align: 'right',
      render: (row) => (
        <IconButton
          size="small"
          aria-label={t('alertRules.template.deleteOf', { name: row.name })}
          onClick={(event) => {
            event.stopPropagation();
            void onDelete(row);
          }}
        >
          <Delete fontSize="small" />
        </IconButton>
      ),
    },
  ];

  return (
    <Stack spacing={2}>
      <Tabs
        value={category}
        onChange={(_, next: AlertTemplateCategory) => setFilters({ tab: next === 'scenario' ? '' : next, keyword: '' })}
        variant="scrollable"
        allowScrollButtonsMobile
        aria-label={t('alertRules.template.tabs')}
      >
        {ALERT_TEMPLATE_CATEGORIES.map((c) => (
          <Tab key={c} value={c} label={t(`alertRules.category.${c}`)} id={`template-tab-${c}`} aria-controls="template-tab-panel" />
        ))}
      </Tabs>
      <Stack spacing={2} role="tabpanel" id="template-tab-panel" aria-labelledby={`template-tab-${category}`}>
        <Box role="search" aria-label={t('alertRules.template.search')} sx={{ maxWidth: { sm: 420 } }}>
          <SearchField label={t('alertRules.template.search')} value={filters.keyword} onSearch={(keyword) => setFilters({ keyword })} />
        </Box>
        <DataTable
          label={t('alertRules.template.listOf', { category: t(`alertRules.category.${category}`) })}
          columns={columns}
          {...queryTableProps(query)}
          page={table.page}
          pageSize={table.pageSize}
          onChange={table.onChange}
          getRowId={(row) => row.template_id}
          onRowClick={(row) => setEditing({ id: row.template_id })}
          emptyText={filters.keyword ? t('alertRules.template.noMatch') : t('alertRules.template.empty')}
        />
      </Stack>
      {editing && <TemplateFormDialog key={editing.id ?? 'new'} templateId={editing.id} category={category} onClose={() => setEditing(null)} />}
    </Stack>
  );
}
