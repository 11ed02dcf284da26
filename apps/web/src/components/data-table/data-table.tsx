import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import TableSortLabel from '@mui/material/TableSortLabel';
import Typography from '@mui/material/Typography';
import { LIMITS } from '@strata/shared';
import type { Key, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { AppAlert } from '../feedback/app-alert';
import { ScrollRegion } from '../scroll-region';
import { isNotFound } from '../../lib/api-client';
import type { DataTableColumn, TableQuery, TableSort } from './data-table-types';
import { formatCellValue } from './format-cell-value';

export interface DataTableProps<Row> {
  columns: readonly DataTableColumn<Row>[];
  /** The rows of the current page. */
  rows: readonly Row[];
  /** All rows on the server. */
  total: number;
  /** 1-based. */
  page: number;
  pageSize: number;
  sort?: TableSort | null;
  /** Any change of page, page size or order; a new page size or order goes back to page 1. */
  onChange: (query: TableQuery) => void;
  getRowId: (row: Row) => Key;
  /** Default 5, 10, 25, 50. */
  pageSizeOptions?: readonly number[];
  loading?: boolean;
  /** A failed fetch: shows "Failed to fetch data" with a retry when `onRetry` is given (never for a 404). */
  error?: unknown;
  onRetry?: () => void;
  /** Shown when there are no rows; default "No data to display". */
  emptyText?: ReactNode;
  /** The table's accessible name. */
  label: string;
  size?: 'small' | 'medium';
  /** Time zone for date columns (default Asia/Singapore). */
  timezone?: string;
  onRowClick?: (row: Row) => void;
}

function alignOf<Row>(column: DataTableColumn<Row>) {
  return column.align ?? (column.format === 'number' ? 'right' : 'left');
}

/**
 * A server-paged table (spec §9: page options 5, 10, 25, 50): the owner fetches the page the table asks for
 * through `onChange` and passes the rows, total and state back. Phones scroll it sideways.
 */
export function DataTable<Row>(props: DataTableProps<Row>) {
  const { t } = useTranslation();
  const { columns, rows, total, page, pageSize, sort = null, onChange, loading = false, error } = props;
  const failed = error !== undefined && error !== null && error !== false;
  const firstLoad = loading && rows.length === 0 && !failed;

  const sortBy = (id: string) => {
    const direction = sort?.by === id && sort.direction === 'asc' ? 'desc' : 'asc';
    onChange({ page: 1, pageSize, sort: { by: id, direction } });
  };

  let body: ReactNode;
  if (failed) {
    body = (
      <TableRow>
        <TableCell colSpan={columns.length}>
          <AppAlert
            type="error"
            message={t('messages.failedToFetch')}
            action={
              props.onRetry &&
              !isNotFound(error) && (
                <Button color="inherit" size="small" onClick={props.onRetry}>
                  {t('common.retry')}
                </Button>
              )
            }
          />
        </TableCell>
      </TableRow>
    );
  } else if (firstLoad) {
    body = Array.from({ length: Math.min(pageSize, 5) }, (_, i) => (
      <TableRow key={i} data-testid="skeleton-row">
        {columns.map((column) => (
          <TableCell key={column.id}>
            <Skeleton variant="text" />
          </TableCell>
        ))}
      </TableRow>
    ));
  } else if (rows.length === 0) {
    body = (
      <TableRow>
        <TableCell colSpan={columns.length} align="center">
          {/* An empty state may hold more than words (a button): a block then, not a paragraph. */}
          <Typography color="text.secondary" component={typeof (props.emptyText ?? '') === 'string' ? 'p' : 'div'} sx={{ py: 2 }}>
            {props.emptyText ?? t('messages.noData')}
          </Typography>
        </TableCell>
      </TableRow>
    );
  } else {
    body = rows.map((row) => (
      <TableRow
        key={props.getRowId(row)}
        hover
        onClick={props.onRowClick ? () => props.onRowClick?.(row) : undefined}
        sx={props.onRowClick ? { cursor: 'pointer' } : undefined}
      >
        {columns.map((column) => (
          <TableCell key={column.id} align={alignOf(column)} sx={column.noWrap ? { whiteSpace: 'nowrap' } : undefined}>
            {formatCellValue(column, row, props.timezone)}
          </TableCell>
        ))}
      </TableRow>
    ));
  }

  return (
    <Paper variant="outlined" sx={{ width: '100%', overflow: 'hidden' }}>
      <Box sx={{ height: 4 }}>{loading && !firstLoad && <LinearProgress aria-label={t('common.loading')} />}</Box>
      <ScrollRegion label={props.label}>
        <Table size={props.size ?? 'small'} aria-label={props.label} aria-busy={loading || undefined}>
          <TableHead>
            <TableRow>
              {columns.map((column) => {
                const active = sort?.by === column.id;
                return (
                  <TableCell
                    key={column.id}
                    align={alignOf(column)}
                    sx={{ minWidth: column.minWidth, fontWeight: 600, whiteSpace: 'nowrap' }}
                    sortDirection={active ? sort.direction : false}
                  >
                    {column.sortable ? (
                      <TableSortLabel active={active} direction={active ? sort.direction : 'asc'} onClick={() => sortBy(column.id)}>
                        {column.label}
                      </TableSortLabel>
                    ) : (
                      column.label
                    )}
                  </TableCell>
                );
              })}
            </TableRow>
          </TableHead>
          <TableBody sx={loading && !firstLoad ? { opacity: 0.6 } : undefined}>{body}</TableBody>
        </Table>
      </ScrollRegion>
      <TablePagination
        component="div"
        count={total}
        page={total === 0 ? 0 : Math.max(0, Math.min(page - 1, Math.ceil(total / pageSize) - 1))}
        rowsPerPage={pageSize}
        rowsPerPageOptions={(props.pageSizeOptions ?? LIMITS.tablePageOptions).map((n) => (n === -1 ? { value: -1, label: t('common.all') } : n))}
        onPageChange={(_event, next) => onChange({ page: next + 1, pageSize, sort })}
        onRowsPerPageChange={(event) => onChange({ page: 1, pageSize: Number(event.target.value), sort })}
      />
    </Paper>
  );
}
