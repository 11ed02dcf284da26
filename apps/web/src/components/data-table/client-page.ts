import type { TableQuery } from './data-table-types';

function compare(a: unknown, b: unknown): number {
  if (a === b) return 0;
  if (a === null || a === undefined) return 1;
  if (b === null || b === undefined) return -1;
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  return String(a).localeCompare(String(b), undefined, { numeric: true, sensitivity: 'base' });
}

/**
 * One page of rows held in memory, for tables whose data is already loaded (and the widget gallery): the same
 * query the table sends to a server, applied here. Empty values sort last in both directions.
 */
export function clientPage<Row>(rows: readonly Row[], query: TableQuery): { rows: Row[]; total: number } {
  let sorted = [...rows];
  const { sort } = query;
  if (sort) {
    const sign = sort.direction === 'asc' ? 1 : -1;
    const value = (row: Row) => (row as Record<string, unknown>)[sort.by];
    sorted = sorted.sort((a, b) => {
      const va = value(a);
      const vb = value(b);
      if (va === null || va === undefined || vb === null || vb === undefined) return compare(va, vb);
      return sign * compare(va, vb);
    });
  }
  const start = (query.page - 1) * query.pageSize;
  return { rows: sorted.slice(start, start + query.pageSize), total: rows.length };
}
