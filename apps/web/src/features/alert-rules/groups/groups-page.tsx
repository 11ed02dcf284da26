import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { TMonitoringGroup } from '@strata/shared';
import { useTranslation } from 'react-i18next';
import { AppLink } from '../../../components/app-link';
import { DataTable, queryTableProps, useClampPage, useTableParams, useUrlFilters, type DataTableColumn } from '../../../components/data-table';
import { SearchField } from '../../../components/search-field';
import { useGo } from '../../../lib/page-nav';
import { useRouteAction } from '../../../lib/route-actions';
import { useGroups } from '../api/groups';
import { useRuleContracts } from '../api/keys';
import { ActiveChip } from '../components/active-chip';
import { NoContractNote } from '../components/no-contract-note';
import { ruleSummary } from '../components/rule-summary';
import { groupPath, NEW_GROUP_PATH } from '../paths';

const FILTER_KEYS = ['keyword'] as const;

/**
 * `/dashboard/monitoring-group` (spec §2.4; ManageMonitoringGroup): the monitoring groups of the active contracts
 * with keyword search and the new-group action; a row opens Manage Monitoring Group.
 */
export function GroupsPage() {
  const { t } = useTranslation();
  const go = useGo();
  const contracts = useRuleContracts();
  const [filters, setFilters] = useUrlFilters(FILTER_KEYS);
  const table = useTableParams();
  const query = useGroups(contracts === null ? null : { contracts, keyword: filters.keyword, limit: table.limit, skip: table.skip });
  useClampPage(query.data?.total_records, table.page, table.pageSize);
  useRouteAction('new-group', () => go(NEW_GROUP_PATH));

  const columns: DataTableColumn<TMonitoringGroup>[] = [
    { id: 'contract_no', label: t('alertRules.group.contract') },
    {
      id: 'name',
      label: t('alertRules.group.name'),
      minWidth: 150,
      render: (g) => (
        <AppLink to={groupPath(g.group_id)} onClick={(event) => event.stopPropagation()} sx={{ fontWeight: 500, overflowWrap: 'anywhere' }}>
          {g.name}
        </AppLink>
      ),
    },
    { id: 'members', label: t('alertRules.group.members'), align: 'right', render: (g) => g.instrument_ids.length },
    { id: 'rule', label: t('alertRules.group.rule'), minWidth: 180, render: (g) => ruleSummary(t, g.rule) },
    { id: 'active', label: t('alertRules.group.active'), render: (g) => <ActiveChip active={g.active} /> },
    { id: 'open_alerts', label: t('alertRules.openAlerts'), format: 'number', decimals: 0 },
  ];

  return (
    <Stack spacing={2}>
      <Box role="search" aria-label={t('alertRules.group.search')} sx={{ maxWidth: { sm: 420 } }}>
        <SearchField label={t('alertRules.group.search')} value={filters.keyword} onSearch={(keyword) => setFilters({ keyword })} />
      </Box>
      {contracts === null ? (
        <NoContractNote />
      ) : (
        <>
          {query.data && (
            <Typography variant="body2" color="text.secondary" aria-live="polite">
              {t('alertRules.group.count', { count: query.data.total_records })}
            </Typography>
          )}
          <DataTable
            label={t('alertRules.group.listLabel')}
            columns={columns}
            {...queryTableProps(query)}
            page={table.page}
            pageSize={table.pageSize}
            onChange={table.onChange}
            getRowId={(g) => g.group_id}
            onRowClick={(g) => go(groupPath(g.group_id))}
            emptyText={filters.keyword ? t('alertRules.group.noMatchList') : t('alertRules.group.empty')}
          />
        </>
      )}
    </Stack>
  );
}
