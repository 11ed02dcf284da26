import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { DEFAULT_TIMEZONE } from '@strata/shared';
import { useTranslation } from 'react-i18next';
import { AppDatePicker } from '../date-time/date-pickers';
import { computeDateRange, DATE_RANGE_OPTIONS, isDateRangeOption, type DateRangeOption, type DateRangeValue } from './compute-date-range';

const LABELS = {
  none: 'dateRange.none',
  day: 'dateRange.day',
  week: 'dateRange.week',
  '2week': 'dateRange.2week',
  '30day': 'dateRange.30day',
  '6month': 'dateRange.6month',
  custom: 'dateRange.custom',
} as const satisfies Record<DateRangeOption, string>;

export interface DateRangeProps {
  value: DateRangeValue;
  onChange: (value: DateRangeValue) => void;
  /** The options offered, in this order; default all (none, day, week, 2week, 30day, 6month, custom). */
  options?: readonly DateRangeOption[];
  /** Default "Date range". */
  label?: string;
  /** A line under the choice: what the period drives. */
  helperText?: string;
  timezone?: string;
  disabled?: boolean;
  size?: 'small' | 'medium';
  /** The clock, for tests. */
  now?: () => Date;
}

/**
 * A period picker (spec §4, §5): a preset computes its start and end at once; `custom` shows a start and an
 * end date picker. Starts are the start of their day, ends the end of theirs; an empty end is today.
 */
export function DateRange({
  value,
  onChange,
  options = DATE_RANGE_OPTIONS,
  label,
  helperText,
  timezone = DEFAULT_TIMEZONE,
  disabled,
  size = 'small',
  now = () => new Date(),
}: DateRangeProps) {
  const { t } = useTranslation();
  const custom = (start: string | null, end: string | null) => onChange(computeDateRange('custom', { start, end }, now(), timezone));

  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ alignItems: { sm: 'flex-start' } }}>
      <TextField
        select
        size={size}
        label={label ?? t('dateRange.label')}
        helperText={helperText}
        value={value.option}
        disabled={disabled}
        onChange={(event) => {
          const option = event.target.value;
          if (!isDateRangeOption(option)) return;
          // A switch to custom starts from the bounds shown so far.
          onChange(computeDateRange(option, { start: value.start, end: value.end }, now(), timezone));
        }}
        sx={{ minWidth: 160 }}
      >
        {options.map((option) => (
          <MenuItem key={option} value={option}>
            {t(LABELS[option])}
          </MenuItem>
        ))}
      </TextField>
      {value.option === 'custom' && (
        <>
          <AppDatePicker
            label={t('dateRange.start')}
            value={value.start}
            maxDate={value.end}
            timezone={timezone}
            disabled={disabled}
            size={size}
            onChange={(start) => custom(start, value.end)}
          />
          <AppDatePicker
            label={t('dateRange.end')}
            value={value.end}
            minDate={value.start}
            timezone={timezone}
            disabled={disabled}
            size={size}
            onChange={(end) => custom(value.start, end)}
          />
        </>
      )}
    </Stack>
  );
}
