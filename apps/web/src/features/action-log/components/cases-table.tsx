import Box from '@mui/material/Box';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { type ActionCaseCategory, type ActionCaseStatus, type TActionCase } from '@strata/shared';
import { formatDateTime } from '../../../lib/display-time';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { AppLink } from '../../../components/app-link';
import { DataTable, queryTableProps, useClampPage, useTableParams, useUrlFilters, type DataTableColumn } from '../../../components/data-table';
import { EmptyText } from '../../../components/query-states';
import { SearchField } from '../../../components/search-field';
import { useGo } from '../../../lib/page-nav';
import { useCases } from '../api/cases';
import { useCaseContracts } from '../api/keys';
import { caseDetailPath } from '../paths';
import { CaseStatusChip, LevelChip } from './chips';
import { CATEGORY_LABELS } from './labels';

const STATUS_CHOICES = ['all', 'open', 'closed'] as const;
type StatusChoice = (typeof STATUS_CHOICES)[number];

function statusOf(value: string): ActionCaseStatus | undefined {
  return value === 'open' || value === 'closed' ? value : undefined;
}

export interface CasesTableProps {
  /** One category (a tab), or several: a category filter and column are shown. */
  categories: readonly ActionCaseCategory[];
  /** The table's accessible name. */
  label: string;
  /** Buttons beside the filters (the "Open case" action). */
  actions?: ReactNode;
}

/**
 * Cases with keyword search and status (and, across categories, category) filters kept in the URL, paged on the
 * server, newest opened first; a row opens the case.
 */
export function CasesTable({ categories, label, actions }: CasesTableProps) {
  const { t } = useTranslation();
  const go = useGo();
  const contracts = useCaseContracts();
  const [filters, setFilters] = useUrlFilters(['keyword', 'status', 'category'] as const);
  const table = useTableParams();
  const several = categories.length > 1;
  const chosen = several && (categories as readonly string[]).includes(filters.category) ? (filters.category as ActionCaseCategory) : undefined;
  const category = several ? chosen : categories[0];
  const status = statusOf(filters.status);
  const query = useCases(contracts === null ? null : { limit: table.limit, skip: table.skip, category, status, keyword: filters.keyword, contracts });
  useClampPage(query.data?.total_records, table.page, table.pageSize);
  const filtered = filters.keyword !== '' || status !== undefined || chosen !== undefined;

  const columns: DataTableColumn<TActionCase>[] = [
    {
      id: 'case',
      label: t('actionLog.list.case'),
      noWrap: true,
      render: (c) => (
        <AppLink to={caseDetailPath(c.case_id)} onClick={(event) => event.stopPropagation()} sx={{ fontWeight: 500 }}>
          #{c.case_id}
        </AppLink>
      ),
    },
    { id: 'title', label: t('actionLog.list.title'), minWidth: 200, render: (c) => <Box sx={{ overflowWrap: 'anywhere' }}>{c.title}</Box> },
    ...(several ? [{ id: 'category', label: t('actionLog.list.category'), render: (c: TActionCase) => t(CATEGORY_LABELS[c.category]) }] : []),
    {
      id: 'subject',
      label: t('actionLog.list.subject'),
      noWrap: true,
      render: (c) => (
        <Stack direction="row" spacing={0.75} sx={{ alignItems: 'center' }}>
          {c.alert?.level_code && <LevelChip code={c.alert.level_code} color={c.alert.level_color} />}
          <span>{c.instrument_name ?? '—'}</span>
        </Stack>
      ),
    },
    { id: 'contract', label: t('actionLog.list.contract'), render: (c) => c.contract_no },
    { id: 'opened', label: t('actionLog.list.opened'), noWrap: true, render: (c) => formatDateTime(c.opened_at) },
    { id: 'entries', label: t('actionLog.list.followUps'), align: 'right', render: (c) => c.entry_count },
    { id: 'last', label: t('actionLog.list.lastFollowUp'), noWrap: true, render: (c) => (c.last_entry_at ? formatDateTime(c.last_entry_at) : '—') },
    { id: 'status', label: t('actionLog.list.status'), render: (c) => <CaseStatusChip status={c.status} /> },
  ];

  const statusValue: StatusChoice = status ?? 'all';
  return (
    <Stack spacing={2}>
      <Box
        role="search"
        aria-label={t('actionLog.list.filters')}
        sx={{
          display: 'grid',
          gap: 1.5,
          alignItems: 'start',
          gridTemplateColumns: {
            xs: '1fr',
            sm: several ? 'minmax(0, 1fr) 180px 200px' : 'minmax(0, 1fr) 180px',
            md: several ? '380px 180px 220px' : '420px 180px',
          },
        }}
      >
        <SearchField label={t('actionLog.list.keyword')} value={filters.keyword} onSearch={(keyword) => setFilters({ keyword })} />
        <TextField
          select
          size="small"
          label={t('actionLog.list.status')}
          value={statusValue}
          onChange={(event) => setFilters({ status: event.target.value === 'all' ? '' : event.target.value })}
        >
          {STATUS_CHOICES.map((choice) => (
            <MenuItem key={choice} value={choice}>
              {t(`actionLog.statusFilter.${choice}`)}
            </MenuItem>
          ))}
        </TextField>
        {several && (
          <TextField
            select
            size="small"
            label={t('actionLog.list.category')}
            value={chosen ?? 'all'}
            onChange={(event) => setFilters({ category: event.target.value === 'all' ? '' : event.target.value })}
          >
            <MenuItem value="all">{t('actionLog.list.allCategories')}</MenuItem>
            {categories.map((c) => (
              <MenuItem key={c} value={c}>
                {t(CATEGORY_LABELS[c])}
              </MenuItem>
            ))}
          </TextField>
        )}
      </Box>
      {actions && <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>{actions}</Box>}
      {contracts === null ? (
        <EmptyText>{t('actionLog.noContract')}</EmptyText>
      ) : (
        <>
          {query.data && (
            <Typography variant="body2" color="text.secondary" aria-live="polite">
              {t('actionLog.list.count', { count: query.data.total_records })}
            </Typography>
          )}
          <DataTable
            label={label}
            columns={columns}
            {...queryTableProps(query)}
            page={table.page}
            pageSize={table.pageSize}
            onChange={table.onChange}
            getRowId={(c) => c.case_id}
            onRowClick={(c) => go(caseDetailPath(c.case_id))}
            emptyText={filtered ? t('actionLog.list.noMatch') : t('actionLog.list.empty')}
          />
        </>
      )}
    </Stack>
  );
}
