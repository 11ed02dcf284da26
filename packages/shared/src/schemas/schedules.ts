import { z } from 'zod';

export const SCHEDULE_TYPES = ['every', 'hourly', 'daily', 'weekly', 'monthly'] as const;
export type ScheduleType = (typeof SCHEDULE_TYPES)[number];

const minute = z.number().int().min(0, 'Minute must be 0 to 59').max(59, 'Minute must be 0 to 59');
const hour = z.number().int().min(0, 'Hour must be 0 to 23').max(23, 'Hour must be 0 to 23');

/** The timing of a schedule, by type (spec §3): every {duration minutes}, hourly {minute}, daily {hour, minute}, weekly {dow 0 Sunday … 6, hour, minute}, monthly {dom 1-31, hour, minute}. */
export const ZScheduleTiming = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('every'),
    duration: z.number().int().min(1, 'Duration must be 1 to 1440 minutes').max(1440, 'Duration must be 1 to 1440 minutes'),
  }),
  z.object({ type: z.literal('hourly'), minute }),
  z.object({ type: z.literal('daily'), hour, minute }),
  z.object({
    type: z.literal('weekly'),
    dow: z.number().int().min(0, 'Day of week must be 0 (Sunday) to 6').max(6, 'Day of week must be 0 (Sunday) to 6'),
    hour,
    minute,
  }),
  z.object({ type: z.literal('monthly'), dom: z.number().int().min(1, 'Day of month must be 1 to 31').max(31, 'Day of month must be 1 to 31'), hour, minute }),
]);
export type TScheduleTiming = z.infer<typeof ZScheduleTiming>;

/** A schedule's fields besides its timing (the web form takes name, description and job from here). */
export const ZScheduleCommon = z.object({
  name: z.string().trim().min(1, 'Name is required').max(100, 'Name must be at most 100 characters'),
  description: z.string().trim().max(500).default(''),
  /** A job of the registry (GET /schedules/jobs). */
  job: z.string().trim().min(1, 'Job is required').max(100),
  params: z.record(z.string(), z.unknown()).default({}),
  enabled: z.boolean().default(true),
});

export const ZScheduleBody = z.intersection(ZScheduleCommon, ZScheduleTiming);
export type TScheduleBody = z.infer<typeof ZScheduleBody>;

export const ZSchedule = z.object({
  schedule_id: z.number().int(),
  name: z.string(),
  description: z.string(),
  type: z.enum(SCHEDULE_TYPES),
  duration: z.number().int().nullable(),
  minute: z.number().int().nullable(),
  hour: z.number().int().nullable(),
  dow: z.number().int().nullable(),
  dom: z.number().int().nullable(),
  job: z.string(),
  params: z.record(z.string(), z.unknown()),
  enabled: z.boolean(),
  /** The time zone the timing is read in (system setting `timezone`). */
  timezone: z.string(),
  next_run: z.string().nullable(),
  last_run: z.string().nullable(),
  last_outcome: z.string().nullable(),
  created: z.string(),
  updated: z.string(),
});
export type TSchedule = z.infer<typeof ZSchedule>;
export const ZScheduleList = z.object({ records: z.array(ZSchedule), total_records: z.number().int() });
export type TScheduleList = z.infer<typeof ZScheduleList>;

export const ZScheduleRun = z.object({
  run_id: z.number().int(),
  schedule_id: z.number().int(),
  trigger: z.enum(['schedule', 'manual']),
  started_at: z.string(),
  finished_at: z.string().nullable(),
  outcome: z.enum(['running', 'success', 'failed']),
  message: z.string().nullable(),
});
export type TScheduleRun = z.infer<typeof ZScheduleRun>;
export const ZScheduleRunList = z.object({ records: z.array(ZScheduleRun), total_records: z.number().int() });
export type TScheduleRunList = z.infer<typeof ZScheduleRunList>;

export const ZScheduleJobList = z.object({ records: z.array(z.object({ name: z.string(), label: z.string() })) });
