import Tooltip from '@mui/material/Tooltip';
import type { DateInput } from '@strata/shared';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { displayTimeZone, formatDateTime, formatRelativeTime } from '../lib/display-time';

const MINUTE = 60_000;

export interface RelativeTimeProps {
  value: DateInput;
  /** Default: the configured zone (lib/display-time). */
  timezone?: string | undefined;
}

/**
 * "5 minutes ago" in the reader's language, switching to the absolute date-time after 7 days (spec §9); the full date-time shows in a
 * tooltip. It refreshes every minute.
 */
export function RelativeTime({ value, timezone = displayTimeZone() }: RelativeTimeProps) {
  useTranslation(); // says it again in a newly chosen language
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
