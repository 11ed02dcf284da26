export { clientPage } from './client-page';
export { DataTable, type DataTableProps } from './data-table';
export {
  toLimitSkip,
  type CellFormat,
  type DataTableColumn,
  type SortDirection,
  type TableQuery,
  type TableSort,
} from './data-table-types';
export { formatCellValue } from './format-cell-value';
