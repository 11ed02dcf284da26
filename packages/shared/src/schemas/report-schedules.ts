import { z } from 'zod';
import { ZKeywordPageQuery } from './common.js';
import { ZId, ZIdText } from './ids.js';

/**
 * Scheduled reports (issue 21, decision 041; spec §2.8 /report/scheduler, §3 Weekday list, §6 Scheduled Report).
 * A schedule makes a report of a type with a template and a relative period at its due times, and mails it to its
 * recipients — each recipient gets a report made for the contracts they may see.
 */

/** Spec §3: Sunday to Saturday, ids 0 to 6. */
export const WEEKDAYS = [
  { id: 0, name: 'Sunday' },
  { id: 1, name: 'Monday' },
  { id: 2, name: 'Tuesday' },
  { id: 3, name: 'Wednesday' },
  { id: 4, name: 'Thursday' },
  { id: 5, name: 'Friday' },
  { id: 6, name: 'Saturday' },
] as const;

/** The period a scheduled report covers, relative to its due time (in the schedule's time zone). */
export const SCHEDULE_PERIODS = {
  'last-day': 'The last day',
  'last-week': 'The last week',
  'last-month': 'The last month',
  'since-last-run': 'Since the previous run',
} as const;
export type SchedulePeriod = keyof typeof SCHEDULE_PERIODS;

/** A scheduled report's formats: the engine's pdf and xls, and csv (its tables as comma-separated text). */
export const SCHEDULE_OUTPUTS = ['pdf', 'xls', 'csv'] as const;
export type ScheduleOutput = (typeof SCHEDULE_OUTPUTS)[number];

/** Retries of a failed run (backoff 5, 15, 45 minutes); the owner is notified after the last. */
export const SCHEDULE_RETRY = { attempts: 3, firstDelayMinutes: 5, factor: 3 } as const;

const ZTime = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'Give a time as HH:MM');

export const ZReportFrequency = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('daily'), time: ZTime }),
  z.object({
    kind: z.literal('weekly'),
    weekdays: z
      .array(z.number().int().min(0).max(6))
      .min(1, 'Choose at least one weekday')
      .max(7)
      .transform((d) => [...new Set(d)].sort((a, b) => a - b)),
    time: ZTime,
  }),
  /** day 1–31; a month without that day runs on its last day. */
  z.object({ kind: z.literal('monthly'), day: z.number().int().min(1, 'Day of month must be 1 to 31').max(31, 'Day of month must be 1 to 31'), time: ZTime }),
]);
export type TReportFrequency = z.infer<typeof ZReportFrequency>;
/**
 * A stored frequency in an answer: the same shape without the weekdays' transform (a response schema cannot encode a
 * transform: fastify's zod serializer refuses it with a 500).
 */
export const ZReportFrequencyStored = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('daily'), time: z.string() }),
  z.object({ kind: z.literal('weekly'), weekdays: z.array(z.number().int()), time: z.string() }),
  z.object({ kind: z.literal('monthly'), day: z.number().int(), time: z.string() }),
]);

export const ZScheduleRecipients = z.object({
  user_ids: z.array(ZId).max(500).default([]),
  role_ids: z.array(ZId).max(100).default([]),
  /** Outside addresses: refused unless the system setting `report_external_recipients` allows them. */
  emails: z.array(z.string().trim().toLowerCase().email('Give a valid e-mail address').max(254)).max(100).default([]),
});
export type TScheduleRecipients = z.infer<typeof ZScheduleRecipients>;

export const ZReportScheduleBody = z
  .object({
    name: z.string().trim().min(1, 'Name is required').max(100, 'Name must be at most 100 characters'),
    report_type: z.string().min(1, 'Choose a report type').max(50),
    /** A template id as text, or `default` (the same value as the report form's `template`). */
    template: z.string().max(100).default('default'),
    contract_ids: z.array(ZId).min(1, 'Choose a contract').max(100),
    zone_ids: z.array(ZId).max(500).default([]),
    instrument_type_ids: z.array(ZId).max(500).default([]),
    period: z.enum(Object.keys(SCHEDULE_PERIODS) as [SchedulePeriod, ...SchedulePeriod[]]),
    output: z.enum(SCHEDULE_OUTPUTS).default('pdf'),
    frequency: ZReportFrequency,
    timezone: z.string().min(1).max(64).default('Asia/Singapore'),
    recipients: ZScheduleRecipients.default({ user_ids: [], role_ids: [], emails: [] }),
    enabled: z.boolean().default(true),
  })
  .refine((b) => b.recipients.user_ids.length + b.recipients.role_ids.length + b.recipients.emails.length > 0, {
    message: 'Choose at least one recipient',
    path: ['recipients'],
  });
export type TReportScheduleBody = z.infer<typeof ZReportScheduleBody>;
export type TReportScheduleInput = z.input<typeof ZReportScheduleBody>;

export const SCHEDULE_RUN_STATUSES = ['running', 'sent', 'failed', 'retrying'] as const;
export type ScheduleRunStatus = (typeof SCHEDULE_RUN_STATUSES)[number];

export const ZReportScheduleRun = z.object({
  run_id: z.number().int(),
  scheduler_id: z.number().int(),
  /** The due time this run is for (null for run now). */
  due_at: z.string().nullable(),
  trigger: z.enum(['schedule', 'manual', 'catch-up']),
  started_at: z.string(),
  finished_at: z.string().nullable(),
  status: z.enum(SCHEDULE_RUN_STATUSES),
  attempt: z.number().int(),
  /** The engine reports made (one per recipient scope). */
  report_ids: z.array(z.number().int()),
  /** Total bytes of the files mailed. */
  size: z.number().int().nullable(),
  recipients: z.array(z.string()),
  error: z.string().nullable(),
});
export type TReportScheduleRun = z.infer<typeof ZReportScheduleRun>;
export const ZReportScheduleRunList = z.object({ records: z.array(ZReportScheduleRun), total_records: z.number().int() });
export type TReportScheduleRunList = z.infer<typeof ZReportScheduleRunList>;

export const ZReportSchedule = z.object({
  scheduler_id: z.number().int(),
  name: z.string(),
  report_type: z.string(),
  report_type_name: z.string(),
  template: z.string(),
  template_name: z.string(),
  contract_ids: z.array(z.number().int()),
  contract_nos: z.array(z.string()),
  zone_ids: z.array(z.number().int()),
  instrument_type_ids: z.array(z.number().int()),
  period: z.enum(Object.keys(SCHEDULE_PERIODS) as [SchedulePeriod, ...SchedulePeriod[]]),
  output: z.enum(SCHEDULE_OUTPUTS),
  frequency: ZReportFrequencyStored,
  /** "Weekly on Monday, Thursday at 08:00" */
  frequency_text: z.string(),
  timezone: z.string(),
  recipients: z.object({ user_ids: z.array(z.number().int()), role_ids: z.array(z.number().int()), emails: z.array(z.string()) }),
  enabled: z.boolean(),
  next_run_at: z.string().nullable(),
  last_run: ZReportScheduleRun.nullable(),
  owner_id: z.number().int().nullable(),
  owner_name: z.string().nullable(),
  created: z.string(),
  updated: z.string(),
});
export type TReportSchedule = z.infer<typeof ZReportSchedule>;
export const ZReportScheduleListQuery = ZKeywordPageQuery.extend({ report_type: z.string().max(50).optional() });
export type TReportScheduleListQuery = z.infer<typeof ZReportScheduleListQuery>;
export const ZReportScheduleList = z.object({ records: z.array(ZReportSchedule), total_records: z.number().int() });
export type TReportScheduleList = z.infer<typeof ZReportScheduleList>;
export const ZSchedulerIdParam = z.object({ scheduler_id: ZIdText });

export const REPORT_SCHEDULE_MESSAGES = {
  saved: 'Scheduled report saved',
  deleted: 'Scheduled report deleted',
  runStarted: 'The scheduled report is running; its recipients will get it by e-mail',
  externalRefused: 'Outside e-mail addresses are not allowed by the report settings',
} as const;
