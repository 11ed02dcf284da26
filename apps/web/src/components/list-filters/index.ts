export { ListFilters, type ListFiltersProps } from './list-filters';
