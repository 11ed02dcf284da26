import type { TSchedule, TScheduleTiming, ScheduleType } from '@strata/shared';
import type { TFunction } from 'i18next';

/** Weekday names by their ids, Sunday 0 … Saturday 6 (i18n keys). */
export const WEEKDAYS = [0, 1, 2, 3, 4, 5, 6] as const;

const pad = (n: number | null | undefined) => String(n ?? 0).padStart(2, '0');

/** "Daily at 02:00", "Weekly on Sunday at 03:30", "Every 15 minutes" … */
export function timingSummary(t: TFunction, s: Pick<TSchedule, 'type' | 'duration' | 'minute' | 'hour' | 'dow' | 'dom'>): string {
  const time = `${pad(s.hour)}:${pad(s.minute)}`;
  switch (s.type) {
    case 'every':
      return t('admin.schedules.summary.every', { duration: s.duration ?? 0 });
    case 'hourly':
      return t('admin.schedules.summary.hourly', { minute: pad(s.minute) });
    case 'daily':
      return t('admin.schedules.summary.daily', { time });
    case 'weekly':
      return t('admin.schedules.summary.weekly', { day: t(`admin.schedules.weekday.${s.dow ?? 0}` as 'admin.schedules.weekday.0'), time });
    case 'monthly':
      return t('admin.schedules.summary.monthly', { dom: s.dom ?? 1, time });
  }
}

/** The fields each type uses (spec §3 schedule types). */
export const TIMING_FIELDS: Record<ScheduleType, readonly ('duration' | 'minute' | 'hour' | 'dow' | 'dom')[]> = {
  every: ['duration'],
  hourly: ['minute'],
  daily: ['hour', 'minute'],
  weekly: ['dow', 'hour', 'minute'],
  monthly: ['dom', 'hour', 'minute'],
};

/** The timing part of the API body, from the form's text values. */
export function timingOf(type: ScheduleType, v: Record<'duration' | 'minute' | 'hour' | 'dow' | 'dom', string>): TScheduleTiming {
  const n = (value: string) => Number(value);
  switch (type) {
    case 'every':
      return { type, duration: n(v.duration) };
    case 'hourly':
      return { type, minute: n(v.minute) };
    case 'daily':
      return { type, hour: n(v.hour), minute: n(v.minute) };
    case 'weekly':
      return { type, dow: n(v.dow), hour: n(v.hour), minute: n(v.minute) };
    case 'monthly':
      return { type, dom: n(v.dom), hour: n(v.hour), minute: n(v.minute) };
  }
}
