import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { TAlertScenario } from '@strata/shared';
import { useTranslation } from 'react-i18next';
import { AppLink } from '../../../components/app-link';
import { DataTable, queryTableProps, useClampPage, useTableParams, useUrlFilters, type DataTableColumn } from '../../../components/data-table';
import { SearchField } from '../../../components/search-field';
import { useGo } from '../../../lib/page-nav';
import { useRouteAction } from '../../../lib/route-actions';
import { useRuleContracts } from '../api/keys';
import { useScenarios } from '../api/scenarios';
import { ActiveChip } from '../components/active-chip';
import { NoContractNote } from '../components/no-contract-note';
import { ruleSummary } from '../components/rule-summary';
import { NEW_SCENARIO_PATH, scenarioPath } from '../paths';

const FILTER_KEYS = ['keyword'] as const;

/**
 * `/dashboard/user-scenarios` Alert Scenarios (spec §2.4; CreateorEditScenarioBasedAlert): the scenarios of the
 * active contracts with keyword search and the new-scenario action; a row opens the scenario's editor.
 */
export function ScenariosPage() {
  const { t } = useTranslation();
  const go = useGo();
  const contracts = useRuleContracts();
  const [filters, setFilters] = useUrlFilters(FILTER_KEYS);
  const table = useTableParams();
  const query = useScenarios(contracts === null ? null : { contracts, keyword: filters.keyword, limit: table.limit, skip: table.skip });
  useClampPage(query.data?.total_records, table.page, table.pageSize);
  useRouteAction('new-scenario', () => go(NEW_SCENARIO_PATH));

  const columns: DataTableColumn<TAlertScenario>[] = [
    { id: 'contract_no', label: t('alertRules.scenario.contract') },
    {
      id: 'name',
      label: t('alertRules.scenario.name'),
      minWidth: 150,
      render: (s) => (
        <AppLink to={scenarioPath(s.scenario_id)} onClick={(event) => event.stopPropagation()} sx={{ fontWeight: 500, overflowWrap: 'anywhere' }}>
          {s.name}
        </AppLink>
      ),
    },
    { id: 'kind', label: t('alertRules.scenario.kind'), render: (s) => t(`alertRules.scenarioKind.${s.kind}`) },
    { id: 'rule', label: t('alertRules.scenario.rule'), minWidth: 180, render: (s) => ruleSummary(t, s.rule) },
    { id: 'active', label: t('alertRules.scenario.active'), render: (s) => <ActiveChip active={s.active} /> },
    { id: 'open_alerts', label: t('alertRules.openAlerts'), format: 'number', decimals: 0 },
    { id: 'created_by', label: t('alertRules.scenario.createdBy'), render: (s) => s.created_by ?? '—' },
  ];

  return (
    <Stack spacing={2}>
      <Box role="search" aria-label={t('alertRules.scenario.search')} sx={{ maxWidth: { sm: 420 } }}>
        <SearchField label={t('alertRules.scenario.search')} value={filters.keyword} onSearch={(keyword) => setFilters({ keyword })} />
      </Box>
      {contracts === null ? (
        <NoContractNote />
      ) : (
        <>
          {query.data && (
            <Typography variant="body2" color="text.secondary" aria-live="polite">
              {t('alertRules.scenario.count', { count: query.data.total_records })}
            </Typography>
          )}
          <DataTable
            label={t('alertRules.scenario.listLabel')}
            columns={columns}
            {...queryTableProps(query)}
            page={table.page}
            pageSize={table.pageSize}
            onChange={table.onChange}
            getRowId={(s) => s.scenario_id}
            onRowClick={(s) => go(scenarioPath(s.scenario_id))}
            emptyText={filters.keyword ? t('alertRules.scenario.noMatch') : t('alertRules.scenario.empty')}
          />
        </>
      )}
    </Stack>
  );
}
