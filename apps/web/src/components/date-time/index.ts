export { AppDatePicker, AppDateTimePicker, type PickerProps } from './date-pickers';
