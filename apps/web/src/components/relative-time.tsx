import Tooltip from '@mui/material/Tooltip';
import { DEFAULT_TIMEZONE, formatDateTime, formatRelativeTime, type DateInput } from '@strata/shared';
import { useEffect, useState } from 'react';

const MINUTE = 60_000;

export interface RelativeTimeProps {
  value: DateInput;
  timezone?: string;
}

/**
 * "5 minutes ago", switching to the absolute date-time after 7 days (spec §9); the full date-time shows in a
 * tooltip. It refreshes every minute.
 */
export function RelativeTime({ value, timezone = DEFAULT_TIMEZONE }: RelativeTimeProps) {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), MINUTE);
    return () => clearInterval(timer);
  }, []);
  const text = formatRelativeTime(value, now, timezone);
  if (text === '') return null;
  const full = formatDateTime(value, timezone);
  const iso = new Date(value instanceof Date ? value.getTime() : (value as string | number)).toISOString();
  return (
    <Tooltip title={full}>
      <time dateTime={iso}>{text}</time>
    </Tooltip>
  );
}
