export { clientPage } from './client-page';
export { DataTable, type DataTableProps } from './data-table';
export { toLimitSkip, type CellFormat, type DataTableColumn, type SortDirection, type TableQuery, type TableSort } from './data-table-types';
export { formatCellValue } from './format-cell-value';
export { TABLE_PAGE_SIZE, useClampPage, useTableParams, useUrlFilters } from './use-table-params';
export { queryTableProps } from './query-table-props';
