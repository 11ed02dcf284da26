import { formatCell, NO_VALUE, type DateInput } from '@strata/shared';
import { formatDate, formatDateTime, formatTime } from '../../lib/display-time';
import type { ReactNode } from 'react';
import type { DataTableColumn } from './data-table-types';

function isDateInput(value: unknown): value is DateInput {
  return value === null || value === undefined || typeof value === 'string' || typeof value === 'number' || value instanceof Date;
}

/** A cell's content by the column's rules; the shared display rules do the formatting. */
export function formatCellValue<Row>(column: DataTableColumn<Row>, row: Row, tz?: string): ReactNode {
  if (column.render) return column.render(row);
  const value = (row as Record<string, unknown>)[column.field ?? column.id];
  const { format } = column;
  if (typeof format === 'function') return format(value, row);
  if (value === null || value === undefined) return '';
  switch (format) {
    case 'number':
      return typeof value === 'number' || typeof value === 'string' ? formatCell(value, column.decimals) : String(value);
    case 'date':
      return isDateInput(value) ? formatDate(value, tz) : String(value);
    case 'datetime':
      return isDateInput(value) ? formatDateTime(value, tz) : String(value);
    case 'time':
      return isDateInput(value) ? formatTime(value, tz) : String(value);
    default:
      if (typeof value === 'string') return formatCell(value);
      if (typeof value === 'number') return value === NO_VALUE ? '' : String(value);
      return String(value);
  }
}
