import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import { INSTRUMENT_PLAN_STATES, type TInstrumentPlan, type TInstrumentPlanState, type TInstrumentPlanTotal } from '@strata/shared';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable, type DataTableColumn, type TableQuery } from '../../../components/data-table';
import { AppAlert } from '../../../components/feedback';
import { LoadError, Loading } from '../../../components/query-states';
import { Section } from '../../../components/section';
import { useContractList } from '../../../lib/active-contracts';
import { formatDateTime } from '../../../lib/display-time';
import { useInstrumentPlans } from './api';

const STATE_COLORS: Record<TInstrumentPlanState, 'default' | 'info' | 'success'> = { planned: 'default', installed: 'info', reading: 'success' };
const PAGE_SIZE = 25;

/** The `contracts` parameter of the active contracts (a sorted JSON list), or null when none is active. */
export function planContracts(ids: readonly number[]): string | null {
  return ids.length > 0 ? JSON.stringify([...ids].sort((a, b) => a - b)) : null;
}

/** A calendar date (YYYY-MM-DD, no zone) as the platform shows dates: DD/MM/YYYY. */
const calendarDate = (iso: string) => iso.split('-').reverse().join('/');

/** The rows of a state ('' : every row). */
export function plansInState(records: readonly TInstrumentPlan[], state: TInstrumentPlanState | ''): TInstrumentPlan[] {
  return state === '' ? [...records] : records.filter((plan) => plan.state === state);
}

function PlanStateChip({ state }: { state: TInstrumentPlanState }) {
  const { t } = useTranslation();
  return (
    <Chip size="small" color={STATE_COLORS[state]} variant={state === 'planned' ? 'outlined' : 'filled'} label={t(`constructionUploads.plan.state.${state}`)} />
  );
}

function PlanTotals({ totals }: { totals: readonly TInstrumentPlanTotal[] }) {
  const { t } = useTranslation();
  const sum = (key: 'planned' | 'installed' | 'reading') => totals.reduce((n, total) => n + total[key], 0);
  return (
    <Box sx={{ overflowX: 'auto' }}>
      <Table size="small" aria-label={t('constructionUploads.plan.totals')}>
        <TableHead>
          <TableRow>
            <TableCell>{t('constructionUploads.plan.type')}</TableCell>
            <TableCell align="right">{t('constructionUploads.plan.planned')}</TableCell>
            <TableCell align="right">{t('constructionUploads.plan.installed')}</TableCell>
            <TableCell align="right">{t('constructionUploads.plan.reading')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {totals.map((total) => (
            <TableRow key={total.type_code}>
              <TableCell>
                {total.type_name} ({total.type_code})
              </TableCell>
              <TableCell align="right">{total.planned.toLocaleString()}</TableCell>
              <TableCell align="right">{total.installed.toLocaleString()}</TableCell>
              <TableCell align="right">{total.reading.toLocaleString()}</TableCell>
            </TableRow>
          ))}
          <TableRow>
            <TableCell component="th" scope="row" sx={{ fontWeight: 600 }}>
              {t('constructionUploads.plan.allTypes')}
            </TableCell>
            <TableCell align="right" sx={{ fontWeight: 600 }}>
              {sum('planned').toLocaleString()}
            </TableCell>
            <TableCell align="right" sx={{ fontWeight: 600 }}>
              {sum('installed').toLocaleString()}
            </TableCell>
            <TableCell align="right" sx={{ fontWeight: 600 }}>
              {sum('reading').toLocaleString()}
            </TableCell>
          </TableRow>
        </TableBody>
      </Table>
    </Box>
  );
}

/**
 * The instrument plan against reality (`/upload/instrument-plan`): for the active contracts (the contract bar), the
 * totals per instrument type — planned, of them installed, of those reading — and the planned instruments with their
 * state, filtered by state (`GET /instrument-plans?contracts=[…]`; any signed-in user may read it).
 */
export function InstrumentPlanSection() {
  const { t } = useTranslation();
  const { selected } = useContractList();
  const contracts = planContracts(selected);
  const query = useInstrumentPlans(contracts);
  const [state, setState] = useState<TInstrumentPlanState | ''>('');
  const [page, setPage] = useState<TableQuery>({ page: 1, pageSize: PAGE_SIZE, sort: null });
  const shown = useMemo(() => plansInState(query.data?.records ?? [], state), [query.data, state]);
  const lastPage = Math.max(1, Math.ceil(shown.length / page.pageSize));
  const current = Math.min(page.page, lastPage);
  const rows = shown.slice((current - 1) * page.pageSize, current * page.pageSize);

  const columns: DataTableColumn<TInstrumentPlan>[] = [
    { id: 'contract_no', label: t('constructionUploads.plan.contract'), noWrap: true },
    { id: 'name', label: t('constructionUploads.plan.name'), noWrap: true },
    { id: 'type', label: t('constructionUploads.plan.type'), render: (plan) => plan.type_code },
    { id: 'state', label: t('constructionUploads.plan.state.label'), render: (plan) => <PlanStateChip state={plan.state} /> },
    {
      id: 'planned_install_date',
      label: t('constructionUploads.plan.plannedInstall'),
      noWrap: true,
      render: (plan) => (plan.planned_install_date ? calendarDate(plan.planned_install_date) : '—'),
    },
    {
      id: 'planned_frequency',
      label: t('constructionUploads.plan.frequency'),
      render: (plan) => (plan.planned_frequency ? t(`instruments.frequency.${plan.planned_frequency}` as 'instruments.frequency.daily') : '—'),
    },
    {
      id: 'install_date',
      label: t('constructionUploads.plan.installedOn'),
      noWrap: true,
      render: (plan) => (plan.install_date ? calendarDate(plan.install_date) : '—'),
    },
    {
      id: 'first_reading_at',
      label: t('constructionUploads.plan.firstReading'),
      noWrap: true,
      render: (plan) => (plan.first_reading_at ? formatDateTime(plan.first_reading_at) : '—'),
    },
  ];

  let body;
  if (contracts === null) body = <AppAlert type="info" message={t('constructionUploads.plan.noContract')} />;
  else if (query.isPending) body = <Loading />;
  else if (query.isError) body = <LoadError error={query.error} onRetry={() => void query.refetch()} />;
  else
    body = (
      <Stack spacing={2}>
        {query.data.totals.length > 0 && <PlanTotals totals={query.data.totals} />}
        <Box>
          <TextField
            select
            size="small"
            label={t('constructionUploads.plan.state.label')}
            value={state}
            onChange={(event) => {
              setState(event.target.value as TInstrumentPlanState | '');
              setPage((p) => ({ ...p, page: 1 }));
            }}
            slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
            sx={{ minWidth: 200 }}
          >
            <MenuItem value="">{t('constructionUploads.plan.anyState')}</MenuItem>
            {INSTRUMENT_PLAN_STATES.map((s) => (
              <MenuItem key={s} value={s}>
                {t(`constructionUploads.plan.state.${s}`)}
              </MenuItem>
            ))}
          </TextField>
        </Box>
        <DataTable
          label={t('constructionUploads.plan.rows')}
          columns={columns}
          rows={rows}
          total={shown.length}
          page={current}
          pageSize={page.pageSize}
          onChange={setPage}
          loading={query.isFetching}
          getRowId={(plan) => plan.plan_id}
          emptyText={state === '' ? t('constructionUploads.plan.empty') : t('constructionUploads.plan.noneInState')}
        />
      </Stack>
    );

  return (
    <Section title={t('constructionUploads.plan.title')} subheader={t('constructionUploads.plan.subtitle')}>
      {body}
    </Section>
  );
}
