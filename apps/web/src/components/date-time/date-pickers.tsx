import { DatePicker } from '@mui/x-date-pickers/DatePicker';
import { DateTimePicker } from '@mui/x-date-pickers/DateTimePicker';
import { DATE_FORMAT, DATETIME_FORMAT, DEFAULT_TIMEZONE } from '@strata/shared';
import type { Dayjs } from 'dayjs';
import { useEffect, useRef, useState } from 'react';
import { dayjs } from '../../lib/dayjs';

/** Props both pickers share. Values are ISO 8601 instants (UTC) or null; the picker shows them in `timezone`. */
export interface PickerProps {
  label: string;
  value: string | null;
  onChange: (value: string | null) => void;
  /** Default Asia/Singapore (the configured time zone once it is loaded). */
  timezone?: string;
  minDate?: string | null;
  maxDate?: string | null;
  name?: string;
  disabled?: boolean;
  required?: boolean;
  error?: boolean;
  helperText?: string;
  fullWidth?: boolean;
  size?: 'small' | 'medium';
}

function toDayjs(value: string | null | undefined, tz: string): Dayjs | null {
  if (!value) return null;
  const date = dayjs(value);
  return date.isValid() ? date.tz(tz) : null;
}

/**
 * The picker's own value while the user types: a half-typed date is invalid and is not passed on, so it is
 * kept here; a new value from outside replaces it.
 */
function useDraft(value: string | null, tz: string, onChange: (value: string | null) => void, toIso: (d: Dayjs) => string) {
  const [draft, setDraft] = useState(() => toDayjs(value, tz));
  const emitted = useRef(value);
  useEffect(() => {
    if (value !== emitted.current) {
      emitted.current = value;
      setDraft(toDayjs(value, tz));
    }
  }, [value, tz]);
  const change = (next: Dayjs | null) => {
    setDraft(next);
    if (next !== null && !next.isValid()) return;
    const iso = next === null ? null : toIso(next);
    emitted.current = iso;
    onChange(iso);
  };
  return [draft, change] as const;
}

function textFieldProps(props: PickerProps) {
  return {
    name: props.name,
    required: props.required,
    error: props.error,
    helperText: props.helperText,
    fullWidth: props.fullWidth,
    size: props.size,
  };
}

/** A date picker showing DD/MM/YYYY; it gives the start of the picked day in its time zone. */
export function AppDatePicker(props: PickerProps) {
  const tz = props.timezone ?? DEFAULT_TIMEZONE;
  const [draft, change] = useDraft(props.value, tz, props.onChange, (d) => d.startOf('day').toISOString());
  return (
    <DatePicker
      label={props.label}
      value={draft}
      onChange={change}
      timezone={tz}
      format={DATE_FORMAT}
      minDate={toDayjs(props.minDate, tz) ?? undefined}
      maxDate={toDayjs(props.maxDate, tz) ?? undefined}
      disabled={props.disabled}
      slotProps={{ textField: textFieldProps(props) }}
    />
  );
}

/** A date-time picker showing DD/MM/YYYY HH:mm:ss on a 24-hour clock. */
export function AppDateTimePicker(props: PickerProps) {
  const tz = props.timezone ?? DEFAULT_TIMEZONE;
  const [draft, change] = useDraft(props.value, tz, props.onChange, (d) => d.toISOString());
  return (
    <DateTimePicker
      label={props.label}
      value={draft}
      onChange={change}
      timezone={tz}
      format={DATETIME_FORMAT}
      ampm={false}
      views={['year', 'month', 'day', 'hours', 'minutes', 'seconds']}
      minDateTime={toDayjs(props.minDate, tz) ?? undefined}
      maxDateTime={toDayjs(props.maxDate, tz) ?? undefined}
      disabled={props.disabled}
      slotProps={{ textField: textFieldProps(props) }}
    />
  );
}
