export { computeDateRange, DATE_RANGE_OPTIONS, EMPTY_DATE_RANGE, isDateRangeOption, type DateRangeOption, type DateRangeValue } from './compute-date-range';
export { DateRange, type DateRangeProps } from './date-range';
