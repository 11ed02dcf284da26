import Download from '@mui/icons-material/Download';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { type TAlertInstrumentStatusRecord } from '@strata/shared';
import { formatDateTime } from '../../../lib/display-time';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AppLink } from '../../../components/app-link';
import { DataTable, queryTableProps, useClampPage, useTableParams, useUrlFilters, type DataTableColumn } from '../../../components/data-table';
import { useToast } from '../../../components/feedback';
import { SearchField } from '../../../components/search-field';
import { useContractList } from '../../../lib/active-contracts';
import { useConfig } from '../../../lib/config';
import { idOrUndefined } from '../../../lib/page-nav';
import { exportInstrumentStatus, useInstrumentStatus, type InstrumentStatusFilters } from '../api/instrument-status';
import { contractsParam, useAlertsLive } from '../api/keys';
import { LevelChip } from '../components/level-chip';
import { NoContractNote } from '../components/no-contract-note';
import { workspaceInstrumentPath } from '../paths';

const FILTER_KEYS = ['level', 'type', 'keyword', 'contract'] as const;
/** The level filter's value for instruments at no level. */
export const NO_LEVEL = 'none';

/**
 * `/alert/instrument-status` (spec §2.6): every instrument of the active contracts with its current level (the most
 * severe of its open breached alerts), last reading time and open alerts; filtered by level, type, keyword and
 * contract (in the URL), and exported as CSV or XLSX by the API with the same filters.
 */
export function InstrumentStatusPage() {
  const { t } = useTranslation();
  const toast = useToast();
  const config = useConfig();
  const { contracts, selected } = useContractList();
  const active = contracts.filter((c) => selected.includes(c.contract_id));
  const [filters, setFilters] = useUrlFilters(FILTER_KEYS);
  const table = useTableParams();
  useAlertsLive();
  const chosen = idOrUndefined(filters.contract);
  const ids = chosen !== undefined && selected.includes(chosen) ? [chosen] : selected;
  const scope = contractsParam(ids);
  const current: InstrumentStatusFilters | null =
    scope === null ? null : { level: filters.level, type: filters.type, keyword: filters.keyword, contracts: scope };
  const query = useInstrumentStatus(current, { limit: table.limit, skip: table.skip });
  useClampPage(query.data?.total_records, table.page, table.pageSize);
  const [exporting, setExporting] = useState<'csv' | 'xlsx' | null>(null);
  const filtered = filters.level !== '' || filters.type !== '' || filters.keyword !== '' || filters.contract !== '';
  const levels = config.data?.thresholds ?? [];
  const types = config.data?.instruments ?? [];

  const exportAs = async (format: 'csv' | 'xlsx') => {
    if (!current) return;
    setExporting(format);
    try {
      const name = await exportInstrumentStatus(current, format);
      toast({ message: t('alerts.instrumentStatus.exported', { name }), color: 'success' });
    } catch (error) {
      toast({ message: error instanceof Error ? error.message : String(error), color: 'error' });
    } finally {
      setExporting(null);
    }
  };

  const columns: DataTableColumn<TAlertInstrumentStatusRecord>[] = [
    {
      id: 'name',
      label: t('alerts.instrumentStatus.instrument'),
      render: (row) => (
        <AppLink to={workspaceInstrumentPath(row.instrument_id)} sx={{ fontWeight: 500 }}>
          {row.name}
        </AppLink>
      ),
    },
    { id: 'type_name', label: t('alerts.instrumentStatus.type') },
    { id: 'contract_no', label: t('alerts.instrumentStatus.contract') },
    { id: 'zone_name', label: t('alerts.instrumentStatus.zone'), render: (row) => row.zone_name ?? '—' },
    { id: 'status', label: t('alerts.instrumentStatus.instrumentStatus') },
    {
      id: 'level_code',
      label: t('alerts.instrumentStatus.level'),
      render: (row) =>
        row.level_code ? (
          <LevelChip code={row.level_code} color={row.level_color} />
        ) : (
          <Typography variant="body2" color="text.secondary" component="span">
            {t('alerts.instrumentStatus.normal')}
          </Typography>
        ),
    },
    {
      id: 'last_reading_at',
      label: t('alerts.instrumentStatus.lastReading'),
      noWrap: true,
      render: (row) => (row.last_reading_at ? formatDateTime(row.last_reading_at) : t('alerts.instrumentStatus.never')),
    },
    { id: 'open_alerts', label: t('alerts.instrumentStatus.openAlerts'), format: 'number', decimals: 0 },
  ];

  const select = (key: (typeof FILTER_KEYS)[number], label: string, options: { value: string; label: string }[], anyLabel: string) => (
    <TextField
      select
      size="small"
      label={label}
      value={filters[key]}
      onChange={(event) => setFilters({ [key]: event.target.value })}
      slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
    >
      <MenuItem value="">{anyLabel}</MenuItem>
      {options.map((option) => (
        <MenuItem key={option.value} value={option.value}>
          {option.label}
        </MenuItem>
      ))}
    </TextField>
  );

  return (
    <Stack spacing={2}>
      <Box
        role="search"
        aria-label={t('alerts.instrumentStatus.filters')}
        sx={{
          display: 'grid',
          gap: 1.5,
          alignItems: 'start',
          gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, minmax(0, 1fr))', lg: 'minmax(0, 2fr) repeat(3, minmax(0, 1fr)) auto' },
        }}
      >
        <SearchField label={t('alerts.instrumentStatus.keyword')} value={filters.keyword} onSearch={(keyword) => setFilters({ keyword })} />
        {select(
          'level',
          t('alerts.instrumentStatus.level'),
          [...levels.map((l) => ({ value: l.code, label: `${l.code} — ${l.name}` })), { value: NO_LEVEL, label: t('alerts.instrumentStatus.normal') }],
          t('alerts.instrumentStatus.anyLevel'),
        )}
        {select(
          'type',
          t('alerts.instrumentStatus.type'),
          types.map((ty) => ({ value: ty.code, label: ty.name })),
          t('alerts.instrumentStatus.anyType'),
        )}
        {select(
          'contract',
          t('alerts.instrumentStatus.contract'),
          active.map((c) => ({ value: String(c.contract_id), label: c.no })),
          t('alerts.instrumentStatus.activeContracts'),
        )}
        <Box>
          <Button onClick={() => setFilters({ level: '', type: '', keyword: '', contract: '' })} disabled={!filtered}>
            {t('alerts.instrumentStatus.clear')}
          </Button>
        </Box>
      </Box>
      {current === null ? (
        <NoContractNote />
      ) : (
        <>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { sm: 'center' }, justifyContent: 'space-between' }}>
            <Typography variant="body2" color="text.secondary" aria-live="polite">
              {query.data ? t('alerts.instrumentStatus.count', { count: query.data.total_records }) : ' '}
            </Typography>
            <Stack direction="row" spacing={1}>
              <Button variant="outlined" size="small" startIcon={<Download />} disabled={exporting !== null} onClick={() => void exportAs('csv')}>
                {t('alerts.instrumentStatus.exportCsv')}
              </Button>
              <Button variant="outlined" size="small" startIcon={<Download />} disabled={exporting !== null} onClick={() => void exportAs('xlsx')}>
                {t('alerts.instrumentStatus.exportXlsx')}
              </Button>
            </Stack>
          </Stack>
          <DataTable
            label={t('alerts.instrumentStatus.tableLabel')}
            columns={columns}
            {...queryTableProps(query)}
            page={table.page}
            pageSize={table.pageSize}
            onChange={table.onChange}
            getRowId={(row) => row.instrument_id}
            emptyText={filtered ? t('alerts.instrumentStatus.noMatch') : t('alerts.instrumentStatus.empty')}
          />
        </>
      )}
    </Stack>
  );
}
