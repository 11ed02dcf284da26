export { ListFilters, type ListFiltersProps } from './list-filters';
export { ContractFilter, FilterSelect } from './filter-select';
