import { z } from 'zod';
import { ZIdText, ZId } from './ids.js';
import { ZIdListQuery } from './instruments.js';
import { ZReportCreated, ZReportPeriod } from './reports.js';

/**
 * Full monitoring reports (issue 20, decision 040): a monitoring template (an ordered list of sections, per contract)
 * -> `POST /reports/full-monitoring` (the engine's `full-monitoring` type makes the draft PDF) -> the approval workflow
 * (prepared -> submitted for checking -> checked -> published, or returned) -> the published PDF, stored once, its
 * bytes' SHA-256 kept and re-checked on every download.
 */

export const PRODUCT_NAME = 'Strata';
/** Spec §7: the answer of POST /reports/full-monitoring, as a toast. */
export const FULL_MONITORING_TOAST = `Generating full monitoring report. ${PRODUCT_NAME} will notify once done.`;

/** The sections a monitoring template is made of, in the order a new template lists them, with their headings. */
export const MONITORING_SECTIONS = {
  cover: 'Cover',
  'executive-summary': 'Executive Summary',
  'instrument-summary': 'Instrument Summary by Type',
  'breach-log': 'Breach Log',
  'type-tables': 'Readings by Instrument Type',
  'group-charts': 'Charts by Instrument Group',
  'location-plan': 'Location Plan',
  'site-photos': 'Site Photos',
  'action-log': 'Action Log Cases',
  remarks: 'Remarks',
  appendices: 'Appendices',
} as const;
export type MonitoringSectionKind = keyof typeof MONITORING_SECTIONS;
export const MONITORING_SECTION_KINDS = Object.keys(MONITORING_SECTIONS) as MonitoringSectionKind[];

/** A logo on the cover: a PNG or JPEG as a data URL (checked by its bytes on the server), at most 300 kB. */
export const MONITORING_LOGO_MAX_BYTES = 300_000;
const ZLogo = z
  .string()
  .max(Math.ceil((MONITORING_LOGO_MAX_BYTES * 4) / 3) + 40, 'The logo is larger than 300 kB')
  .regex(/^data:image\/(png|jpeg);base64,[A-Za-z0-9+/=]+$/, 'The logo must be a PNG or JPEG image');
const ZTitle = z.string().trim().max(200).optional();
const ZText = z.string().max(20_000).default('');

export const ZMonitoringSection = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('cover'),
    title: ZTitle,
    /** The report's title on the cover, e.g. "Instrumentation Monitoring Report". */
    report_title: z.string().trim().min(1).max(200).default('Instrumentation Monitoring Report'),
    logo: ZLogo.nullable().default(null),
    /** The revision table: earlier published revisions of the same report number and this one (prepared, checked, approved). */
    revision_table: z.boolean().default(true),
  }),
  z.object({
    kind: z.literal('executive-summary'),
    title: ZTitle,
    text: ZText,
    /** Generated counts beside the text: instruments, readings, breaches by level, open cases. */
    counts: z.boolean().default(true),
  }),
  z.object({ kind: z.literal('instrument-summary'), title: ZTitle }),
  z.object({ kind: z.literal('breach-log'), title: ZTitle, include_closed: z.boolean().default(true) }),
  z.object({
    kind: z.literal('type-tables'),
    title: ZTitle,
    /** Empty: every instrument type of the contract with instruments. */
    instrument_type_ids: z.array(ZId).max(200).default([]),
  }),
  z.object({
    kind: z.literal('group-charts'),
    title: ZTitle,
    /** What an instrument group is: the instrument type, or the contract's monitoring groups. */
    group_by: z.enum(['instrument-type', 'monitoring-group']).default('instrument-type'),
    per_page: z.union([z.literal(1), z.literal(2), z.literal(4), z.literal(6)]).default(2),
  }),
  z.object({ kind: z.literal('location-plan'), title: ZTitle }),
  z.object({ kind: z.literal('site-photos'), title: ZTitle, max_photos: z.number().int().min(1).max(100).default(12) }),
  z.object({ kind: z.literal('action-log'), title: ZTitle, include_closed: z.boolean().default(false) }),
  z.object({ kind: z.literal('remarks'), title: ZTitle, text: ZText }),
  z.object({
    kind: z.literal('appendices'),
    title: ZTitle,
    items: z
      .array(z.object({ title: z.string().trim().min(1).max(200), text: z.string().max(20_000).default('') }))
      .max(20)
      .default([]),
  }),
]);
export type TMonitoringSection = z.infer<typeof ZMonitoringSection>;
export type TMonitoringSectionInput = z.input<typeof ZMonitoringSection>;

/** POST and PUT /reports/monitoring-template: a cover, when present, is the first section; each kind at most once. */
export const ZMonitoringTemplateInput = z.object({
  contract_id: ZId,
  name: z.string().trim().min(1, 'Give the template a name').max(200),
  sections: z
    .array(ZMonitoringSection)
    .min(1, 'Add at least one section')
    .max(MONITORING_SECTION_KINDS.length)
    .refine((s) => new Set(s.map((x) => x.kind)).size === s.length, 'Each section may appear once')
    .refine((s) => s.findIndex((x) => x.kind === 'cover') <= 0, 'The cover must be the first section'),
});
export type TMonitoringTemplateInput = z.input<typeof ZMonitoringTemplateInput>;

/** GET /reports/monitoring-template (spec §7: "returned as a list"): the fields are ours. */
export const ZMonitoringTemplate = z.object({
  template_id: z.number().int(),
  contract_id: z.number().int(),
  contract_no: z.string(),
  name: z.string(),
  sections: z.array(ZMonitoringSection),
  created_by_name: z.string().nullable(),
  updated_by_name: z.string().nullable(),
  created: z.string(),
  updated: z.string(),
});
export type TMonitoringTemplate = z.infer<typeof ZMonitoringTemplate>;
export const ZMonitoringTemplateList = z.object({ records: z.array(ZMonitoringTemplate), total_records: z.number().int() });
export type TMonitoringTemplateList = z.infer<typeof ZMonitoringTemplateList>;
export const ZMonitoringTemplateQuery = z.object({
  contracts: ZIdListQuery.optional(),
  keyword: z.string().trim().max(100).optional(),
  limit: z.coerce.number().int().min(1).max(1000).default(100),
  skip: z.coerce.number().int().min(0).default(0),
});
export const ZMonitoringTemplateIdParam = z.object({ template_id: ZIdText });
/** POST /reports/monitoring-template/{template_id}/copy: the copy's contract and name. */
export const ZMonitoringTemplateCopy = z.object({ contract_id: ZId, name: z.string().trim().min(1).max(200) });

/** POST /reports/full-monitoring?tzo=&on_demand= : the report parameters. */
export const ZFullMonitoringParams = z.object({
  template_id: ZId,
  /** e.g. "T301-IMR-W48". A new generation of a number that was published or returned is its next revision. */
  report_no: z
    .string()
    .trim()
    .min(1, 'Give the report number')
    .max(60)
    .regex(/^[A-Za-z0-9][A-Za-z0-9 ._/-]*$/, 'Use letters, digits, spaces and . _ / -'),
  period: ZReportPeriod,
  /** Zones of the template's contract to limit the report to (empty: the whole contract). */
  zone_ids: z.array(ZId).max(500).default([]),
  background: z.boolean().default(true),
});
export type TFullMonitoringParams = z.input<typeof ZFullMonitoringParams>;
export const ZFullMonitoringCreated = ZReportCreated.extend({ monitoring_report_id: z.number().int() });
export type TFullMonitoringCreated = z.infer<typeof ZFullMonitoringCreated>;

/**
 * Approval statuses (spec §4: "not shown"; decision 040). generating -> prepared (draft ready) or failed;
 * prepared/returned -submit-> checking -check-> approving -approve-> published; checking/approving -return-> returned;
 * a returned or failed report is superseded when its number is generated again.
 */
export const MONITORING_REPORT_STATUS = {
  generating: 'Generating',
  failed: 'Failed',
  prepared: 'Prepared',
  checking: 'Submitted for Checking',
  approving: 'Checked',
  returned: 'Returned',
  published: 'Published',
  superseded: 'Superseded',
} as const;
export type MonitoringReportStatus = keyof typeof MONITORING_REPORT_STATUS;
export const MONITORING_REPORT_ACTIONS = ['submit', 'check', 'approve', 'return'] as const;
export type MonitoringReportAction = (typeof MONITORING_REPORT_ACTIONS)[number];
export const MONITORING_REPORT_ACTION_LABELS: Record<MonitoringReportAction, string> = {
  submit: 'Submit for Checking',
  check: 'Checked',
  approve: 'Approve and Publish',
  return: 'Return',
};

export const ZMonitoringReportStep = z.object({
  action: z.enum(MONITORING_REPORT_ACTIONS),
  from_status: z.string(),
  to_status: z.string(),
  comment: z.string(),
  user_name: z.string().nullable(),
  created: z.string(),
});
export type TMonitoringReportStep = z.infer<typeof ZMonitoringReportStep>;

export const ZMonitoringReport = z.object({
  monitoring_report_id: z.number().int(),
  contract_id: z.number().int(),
  contract_no: z.string(),
  template_id: z.number().int().nullable(),
  template_name: z.string(),
  report_no: z.string(),
  revision: z.number().int(),
  title: z.string(),
  period_from: z.string(),
  period_to: z.string(),
  status: z.enum(Object.keys(MONITORING_REPORT_STATUS) as [MonitoringReportStatus, ...MonitoringReportStatus[]]),
  status_label: z.string(),
  /** The engine's report (GET /reports/{id}/check while generating). */
  report_id: z.number().int().nullable(),
  prepared_by_name: z.string().nullable(),
  prepared: z.string(),
  checked_by_name: z.string().nullable(),
  checked: z.string().nullable(),
  approved_by_name: z.string().nullable(),
  approved: z.string().nullable(),
  /** SHA-256 of the draft the checker and approver reviewed: printed in the published PDF's footer. */
  content_sha256: z.string().nullable(),
  /** SHA-256 of the published file's bytes, re-checked on every download. */
  published_sha256: z.string().nullable(),
  size: z.number().int().nullable(),
  /** What the caller may do now. */
  actions: z.array(z.enum(MONITORING_REPORT_ACTIONS)),
  steps: z.array(ZMonitoringReportStep),
});
export type TMonitoringReport = z.infer<typeof ZMonitoringReport>;
export const ZMonitoringReportList = z.object({ records: z.array(ZMonitoringReport), total_records: z.number().int() });
export type TMonitoringReportList = z.infer<typeof ZMonitoringReportList>;
export const ZMonitoringReportQuery = z.object({
  contracts: ZIdListQuery.optional(),
  /** Comma-separated statuses, e.g. `checking,approving` for the approval page. */
  status: z.string().max(200).optional(),
  keyword: z.string().trim().max(100).optional(),
  limit: z.coerce.number().int().min(1).max(1000).default(50),
  skip: z.coerce.number().int().min(0).default(0),
});
export const ZMonitoringReportIdParam = z.object({ id: ZIdText });
export const ZMonitoringReportActionParams = z.object({ id: ZIdText, action: z.enum(MONITORING_REPORT_ACTIONS) });
/** A return needs a comment; the other steps may carry one. */
export const ZMonitoringReportActionBody = z.object({ comment: z.string().trim().max(4000).default('') });
export const MONITORING_REPORT_MESSAGES = {
  returnNeedsComment: 'Say why the report is returned',
  notYourStep: 'The person who prepared or checked a report cannot also check or approve it',
  changed: 'The published report file has changed since it was published',
  inProgress: (no: string) => `Report ${no} has a revision in progress`,
} as const;
