import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { TInstrument } from '@strata/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable, type DataTableColumn } from '../../../components/data-table';
import { useRouteAction } from '../../../lib/route-actions';
import { useInstruments } from '../api/instruments';
import { useContractOptions } from '../../../lib/contract-options';
import { showDate } from '../shared/dates';
import { frequencyKey } from '../shared/labels';
import { AppLink } from '../../../components/app-link';
import { useGo } from '../../../lib/page-nav';
import { InstrumentStatusChip } from '../shared/status-chip';
import { useClampPage, useTableParams } from '../../../components/data-table';
import { ExportDialog, type ExportKind } from './export-dialog';
import { filterQuery, InstrumentFilters, useInstrumentFilters } from './instrument-filters';

const number = (value: number | null, decimals: number) => (value === null ? '—' : value.toFixed(decimals));

/** Tab Instruments: the filters, the count, a server-paged table; the route actions add, import and export. */
export function InstrumentsTab() {
  const { t } = useTranslation();
  const go = useGo();
  const [filters, setFilters] = useInstrumentFilters();
  const filter = filterQuery(filters);
  const table = useTableParams();
  const query = useInstruments({ limit: table.limit, skip: table.skip, ...filter });
  const total = query.data?.total_records;
  useClampPage(total, table.page, table.pageSize);
  const contracts = useContractOptions();
  const [exporting, setExporting] = useState<ExportKind | null>(null);

  useRouteAction('add-instrument', () => go(`/master-data/instrument/new${filter.contract_id ? `?contract=${filter.contract_id}` : ''}`));
  useRouteAction('import-instruments', () => go('/master-data/instrument/import'));
  useRouteAction('import-thresholds', () => go('/master-data/instrument/import-thresholds'));
  useRouteAction('export-instruments', () => setExporting('instruments'));
  useRouteAction('export-thresholds', () => setExporting('thresholds'));

  const contractNo = contracts.data?.find((c) => c.contract_id === filter.contract_id)?.no;

  const columns: DataTableColumn<TInstrument>[] = [
    {
      id: 'name',
      label: t('instruments.field.name'),
      noWrap: true,
      render: (i) => (
        <AppLink to={`/master-data/instrument/${i.instrument_id}`} onClick={(event) => event.stopPropagation()}>
          {i.name}
        </AppLink>
      ),
    },
    { id: 'type', label: t('instruments.field.type'), minWidth: 140, render: (i) => `${i.type_name} (${i.type_code})` },
    { id: 'contract_no', label: t('instruments.field.contract'), noWrap: true },
    { id: 'zone_name', label: t('instruments.field.zone'), minWidth: 120, render: (i) => i.zone_name ?? '—' },
    { id: 'easting', label: t('instruments.field.easting'), align: 'right', noWrap: true, render: (i) => number(i.easting, 3) },
    { id: 'northing', label: t('instruments.field.northing'), align: 'right', noWrap: true, render: (i) => number(i.northing, 3) },
    { id: 'level', label: t('instruments.field.levelShort'), align: 'right', noWrap: true, render: (i) => number(i.level, 2) },
    { id: 'status', label: t('instruments.field.status'), render: (i) => <InstrumentStatusChip status={i.status} /> },
    {
      id: 'frequency',
      label: t('instruments.field.frequency'),
      noWrap: true,
      render: (i) => {
        const key = frequencyKey(i.frequency);
        return key ? t(key) : (i.frequency ?? '—');
      },
    },
    { id: 'install_date', label: t('instruments.field.installDate'), noWrap: true, render: (i) => showDate(i.install_date) || '—' },
  ];

  return (
    <Stack spacing={2}>
      <InstrumentFilters values={filters} set={setFilters} />
      <Typography variant="body2" color="text.secondary" role="status" aria-live="polite">
        {total === undefined ? '\u00a0' : t('instruments.list.count', { count: total })}
      </Typography>
      <DataTable
        label={t('instruments.list.tableLabel')}
        columns={columns}
        rows={query.data?.records ?? []}
        total={total ?? 0}
        loading={query.isFetching}
        error={query.error ?? undefined}
        onRetry={() => void query.refetch()}
        page={table.page}
        pageSize={table.pageSize}
        onChange={table.onChange}
        getRowId={(i) => i.instrument_id}
        emptyText={Object.values(filter).some((v) => v !== undefined) ? t('instruments.list.noMatch') : t('instruments.list.empty')}
        onRowClick={(i) => go(`/master-data/instrument/${i.instrument_id}`)}
      />
      <ExportDialog kind={exporting} filter={filter} contractNo={contractNo} count={total} onClose={() => setExporting(null)} />
    </Stack>
  );
}
