import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { DEFAULT_ALERT_LEVEL, type TBreachedInstrument } from '@strata/shared';
import { formatDateTime } from '../../../lib/display-time';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AppLink } from '../../../components/app-link';
import { clientPage, DataTable, useUrlFilters, type DataTableColumn, type TableQuery } from '../../../components/data-table';
import { LoadError } from '../../../components/query-states';
import { SearchField } from '../../../components/search-field';
import { Section } from '../../../components/section';
import { useGo } from '../../../lib/page-nav';
import { useRouteAction } from '../../../lib/route-actions';
import { useBreached } from '../api/breached';
import { useAlertContracts, useAlertsLive } from '../api/keys';
import { formatValue } from '../components/alert-subject';
import { textOn } from '../../../lib/text-on';
import { NoContractNote } from '../components/no-contract-note';
import { alertDetailPath } from '../paths';
import { BreachedMap } from './breached-map';

const FILTER_KEYS = ['level', 'keyword'] as const;

/**
 * `/alert/breached` (spec §2.6): the instruments with an open breached alert at one level (the `level` parameter,
 * WSL unless given), as a list and on the map. The level buttons give the count at each level; the Filter action
 * shows the keyword search. Follows new alerts live.
 */
export function BreachedPage() {
  const { t } = useTranslation();
  const go = useGo();
  const contracts = useAlertContracts();
  const [filters, setFilters] = useUrlFilters(FILTER_KEYS);
  const level = filters.level || DEFAULT_ALERT_LEVEL;
  const [showSearch, setShowSearch] = useState(filters.keyword !== '');
  useRouteAction('filter', () => setShowSearch((shown) => !shown));
  useAlertsLive();
  const query = useBreached(contracts === null ? null : { level, keyword: filters.keyword, contracts });
  const records = useMemo(() => query.data?.records ?? [], [query.data]);
  const [table, setTable] = useState<TableQuery>({ page: 1, pageSize: 25, sort: null });
  // Another level or search: back to the first page.
  useEffect(() => setTable((q) => ({ ...q, page: 1 })), [level, filters.keyword]);
  const page = clientPage(records, table);
  const open = (instrument: TBreachedInstrument) => go(alertDetailPath(instrument.alert_id));

  const columns: DataTableColumn<TBreachedInstrument>[] = [
    {
      id: 'name',
      label: t('alerts.breached.instrument'),
      sortable: true,
      render: (row) => (
        <AppLink to={alertDetailPath(row.alert_id)} onClick={(event) => event.stopPropagation()} sx={{ fontWeight: 500 }}>
          {row.name}
        </AppLink>
      ),
    },
    { id: 'type_name', label: t('alerts.breached.type'), sortable: true },
    { id: 'reading_code', label: t('alerts.breached.readingCode') },
    { id: 'latest_value', label: t('alerts.breached.latest'), align: 'right', noWrap: true, render: (row) => formatValue(row.latest_value, row.unit) },
    { id: 'peak_value', label: t('alerts.breached.peak'), align: 'right', noWrap: true, render: (row) => formatValue(row.peak_value, row.unit) },
    { id: 'reading_at', label: t('alerts.breached.readingAt'), noWrap: true, render: (row) => (row.reading_at ? formatDateTime(row.reading_at) : '—') },
    { id: 'contract_no', label: t('alerts.breached.contract'), sortable: true },
    { id: 'open_alerts', label: t('alerts.breached.openAlerts'), format: 'number', decimals: 0, sortable: true },
  ];

  if (contracts === null) return <NoContractNote />;
  const levels = query.data?.levels ?? [];
  const current = levels.find((l) => l.level_code === level);

  return (
    <Stack spacing={2}>
      <Stack spacing={1}>
        <Typography variant="subtitle2" component="h2" id="breached-levels">
          {t('alerts.breached.level')}
        </Typography>
        <ToggleButtonGroup
          exclusive
          size="small"
          value={level}
          aria-labelledby="breached-levels"
          onChange={(_, next: string | null) => next && setFilters({ level: next === DEFAULT_ALERT_LEVEL ? '' : next })}
          sx={{ flexWrap: 'wrap' }}
        >
          {(levels.length > 0 ? levels : [{ level_code: level, level_name: level, color: '#757575', severity: 0, count: 0 }]).map((l) => (
            <ToggleButton
              key={l.level_code}
              value={l.level_code}
              title={l.level_name}
              sx={{ gap: 0.5, '&.Mui-selected, &.Mui-selected:hover': { bgcolor: l.color, color: textOn(l.color) } }}
            >
              <Box
                component="span"
                aria-hidden
                sx={{ width: 10, height: 10, borderRadius: '50%', bgcolor: l.color, border: 1, borderColor: 'background.paper' }}
              />
              {l.level_code}{' '}
              <Box component="span" sx={{ fontWeight: 400 }}>
                ({l.count})
              </Box>
            </ToggleButton>
          ))}
        </ToggleButtonGroup>
      </Stack>
      {(showSearch || filters.keyword !== '') && (
        <Box role="search" aria-label={t('alerts.breached.filters')} sx={{ maxWidth: 480 }}>
          <SearchField label={t('alerts.breached.keyword')} value={filters.keyword} onSearch={(keyword) => setFilters({ keyword })} />
        </Box>
      )}
      {query.isError ? (
        <LoadError error={query.error} onRetry={() => void query.refetch()} />
      ) : (
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: 'minmax(0, 1fr)', lg: 'minmax(0, 7fr) minmax(0, 5fr)' }, alignItems: 'start' }}>
          <Section
            title={t('alerts.breached.listTitle', { level })}
            subheader={query.data ? t('alerts.breached.count', { count: query.data.total_records, level: current?.level_name ?? level }) : undefined}
          >
            <DataTable
              label={t('alerts.breached.tableLabel', { level })}
              columns={columns}
              rows={page.rows}
              total={page.total}
              page={table.page}
              pageSize={table.pageSize}
              sort={table.sort}
              onChange={setTable}
              loading={query.isFetching}
              getRowId={(row) => row.alert_id}
              onRowClick={open}
              emptyText={filters.keyword ? t('alerts.breached.noMatch') : t('alerts.breached.empty', { level })}
            />
          </Section>
          <Section title={t('alerts.breached.mapTitle')}>
            <BreachedMap label={t('alerts.breached.mapLabel', { level })} records={records} onOpen={open} />
          </Section>
        </Box>
      )}
    </Stack>
  );
}
