export { groupItems, type GroupBy, type ItemGroup } from './group-items';
export { pageCount, PaginatedList, type PaginatedListData, type PaginatedListItem, type PaginatedListProps } from './paginated-list';
export { PAGE_PARAM, PAGE_SIZE_PARAM, usePageParams, type PageParams } from './use-page-params';
