import type { ReactNode } from 'react';

export type SortDirection = 'asc' | 'desc';

export interface TableSort {
  /** The column id. */
  by: string;
  direction: SortDirection;
}

/** What the table asks its owner for: the page (1-based), its size, and the order. */
export interface TableQuery {
  page: number;
  pageSize: number;
  sort: TableSort | null;
}

/** How a cell shows its value when the column has no `render`. */
export type CellFormat = 'number' | 'date' | 'datetime' | 'time' | 'text';

export interface DataTableColumn<Row> {
  /** Unique; also the sort key sent to the owner. */
  id: string;
  label: string;
  /** The row field shown (default: the id). */
  field?: keyof Row & string;
  /** `number` shows `decimals` places (default 2) through the shared cell rule: -2147483648 is empty. */
  format?: CellFormat | ((value: unknown, row: Row) => ReactNode);
  decimals?: number;
  /** Full control of the cell. */
  render?: (row: Row) => ReactNode;
  sortable?: boolean;
  /** Default right for numbers, left otherwise. */
  align?: 'left' | 'right' | 'center';
  minWidth?: number;
  /** Keep the cell on one line. */
  noWrap?: boolean;
}

/** `{ limit, skip }` for the API's page parameters. */
export function toLimitSkip(query: Pick<TableQuery, 'page' | 'pageSize'>): { limit: number; skip: number } {
  return { limit: query.pageSize, skip: (query.page - 1) * query.pageSize };
}
