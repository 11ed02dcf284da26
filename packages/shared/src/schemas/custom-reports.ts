import { z } from 'zod';
import { ZKeywordPageQuery } from './common.js';
import { ZId, ZIdText } from './ids.js';
import { MONITORING_LOGO_MAX_BYTES } from './monitoring-reports.js';

/**
 * Custom report templates (issue 21, decision 041; spec §2.8 /report/customize, §3 Report template, §7
 * GET /reports/customized). A template belongs to a report type and a contract (or all contracts) and changes how the
 * engine lays out that type's report: title, logo, header and footer text, which sections and which of their columns
 * appear and in what order, the default instrument types and zones, chart options, decimals and language. For xls
 * output it may carry the user's own Excel workbook (`filename`), filled by the engine.
 */

/** The synthetic Default template (spec §3): always first in GET /reports/customized, filename `default`. */
export const DEFAULT_REPORT_TEMPLATE = { template_id: 0, name: 'Default', filename: 'default' } as const;

export const CUSTOM_TEMPLATE_LANGUAGES = ['en', 'zh'] as const;
export type CustomTemplateLanguage = (typeof CUSTOM_TEMPLATE_LANGUAGES)[number];

/** The Excel workbook of a template: at most 5 MB, at most this many placeholders. */
export const TEMPLATE_WORKBOOK_LIMITS = { maxBytes: 5_000_000, maxPlaceholders: 500, maxTableRows: 100_000 } as const;

/**
 * The placeholders an Excel template's cells may hold, as `{{name}}`, and the table ranges (named ranges in the
 * workbook) the engine fills row by row from the report's tables.
 */
export const TEMPLATE_PLACEHOLDERS = {
  'report.title': 'The report title',
  'report.type': 'The report type name',
  'contract.no': 'The contract number(s)',
  'contract.name': 'The contract name(s)',
  'period.from': 'The first day of the period',
  'period.to': 'The last day of the period',
  'generated.at': 'When the report was made (date and time in the report time zone)',
  'generated.by': 'Who made the report',
  timezone: 'The report time zone',
} as const;
export type TemplatePlaceholder = keyof typeof TEMPLATE_PLACEHOLDERS;
/** Named ranges filled with a report table: `readings` takes the report's first readings table, `instruments` its instrument table. */
export const TEMPLATE_TABLE_RANGES = ['readings', 'instruments', 'breaches'] as const;
export type TemplateTableRange = (typeof TEMPLATE_TABLE_RANGES)[number];

const ZLogo = z
  .string()
  .max(Math.ceil((MONITORING_LOGO_MAX_BYTES * 4) / 3) + 40, 'The logo is larger than 300 kB')
  .regex(/^data:image\/(png|jpeg);base64,[A-Za-z0-9+/=]+$/, 'The logo must be a PNG or JPEG image');

/** One section of the report in the template, in report order; `columns` null = all of the section's columns. */
export const ZTemplateSection = z.object({
  key: z.string().min(1).max(60),
  columns: z.array(z.string().min(1).max(60)).max(100).nullable().default(null),
});
export type TTemplateSection = z.infer<typeof ZTemplateSection>;

export const ZCustomTemplateBody = z.object({
  name: z.string().trim().min(1, 'Name is required').max(100, 'Name must be at most 100 characters'),
  /** An engine report type code (ENGINE_REPORT_TYPES) other than full-monitoring (that type has monitoring templates). */
  report_type: z.string().min(1, 'Choose a report type').max(50),
  /** null = the template serves every contract. */
  contract_id: ZId.nullable().default(null),
  /** Replaces the type's title; empty = the type's own. */
  title: z.string().trim().max(200).default(''),
  logo: ZLogo.nullable().default(null),
  header_text: z.string().trim().max(200).default(''),
  footer_text: z.string().trim().max(200).default(''),
  /** Empty = every section of the type with all its columns, in the type's order. */
  sections: z.array(ZTemplateSection).max(50).default([]),
  /** Defaults put into the generation form when the template is chosen (the form may change them). */
  instrument_type_ids: z.array(ZId).max(500).default([]),
  zone_ids: z.array(ZId).max(500).default([]),
  chart: z
    .object({
      per_page: z.number().int().min(1).max(4).default(2),
      y_min: z.number().finite().nullable().default(null),
      y_max: z.number().finite().nullable().default(null),
    })
    .refine((c) => c.y_min === null || c.y_max === null || c.y_min < c.y_max, { message: 'The axis minimum must be below its maximum', path: ['y_max'] })
    .default({ per_page: 2, y_min: null, y_max: null }),
  /** Decimals of every number column; null = each column's own. */
  decimals: z.number().int().min(0).max(6).nullable().default(null),
  /** Length unit of readings shown in mm in the default layout: `m` divides by 1000 and renames the unit. */
  length_unit: z.enum(['mm', 'm']).default('mm'),
  language: z.enum(CUSTOM_TEMPLATE_LANGUAGES).default('en'),
});
export type TCustomTemplateBody = z.infer<typeof ZCustomTemplateBody>;
export type TCustomTemplateInput = z.input<typeof ZCustomTemplateBody>;

export const ZCustomTemplate = ZCustomTemplateBody.extend({
  template_id: z.number().int(),
  report_type_name: z.string(),
  contract_no: z.string().nullable(),
  /** The workbook's original file name, or `default` without one (spec §3's filename). */
  filename: z.string(),
  /** What the workbook uses (after its check): placeholders and table ranges. */
  workbook: z.object({ size: z.number().int(), placeholders: z.array(z.string()), tables: z.array(z.string()), sheets: z.array(z.string()) }).nullable(),
  created_by_name: z.string().nullable(),
  created: z.string(),
  updated: z.string(),
});
export type TCustomTemplate = z.infer<typeof ZCustomTemplate>;

export const ZCustomTemplateListQuery = ZKeywordPageQuery.extend({
  report_type: z.string().max(50).optional(),
  contract_id: ZIdText.optional(),
});
export type TCustomTemplateListQuery = z.infer<typeof ZCustomTemplateListQuery>;
export const ZCustomTemplateList = z.object({ records: z.array(ZCustomTemplate), total_records: z.number().int() });
export type TCustomTemplateList = z.infer<typeof ZCustomTemplateList>;

/** GET /reports/customized (spec §7): Default first, then the templates the caller may use, for a type and a contract. */
export const ZCustomizedQuery = z.object({
  type: z.string().max(50).optional(),
  contract_id: ZIdText.optional(),
});
export const ZReportTemplateOption = z.object({ template_id: z.number().int(), name: z.string(), filename: z.string() });
export type TReportTemplateOption = z.infer<typeof ZReportTemplateOption>;
export const ZCustomizedList = z.object({ records: z.array(ZReportTemplateOption) });
export type TCustomizedList = z.infer<typeof ZCustomizedList>;

/** GET /reports/custom-templates/catalog/{type}: the sections and columns a template of the type can choose from. */
export const ZReportCatalog = z.object({
  report_type: z.string(),
  sections: z.array(z.object({ key: z.string(), label: z.string(), columns: z.array(z.object({ key: z.string(), label: z.string() })) })),
  /** Whether the type has charts (the chart options apply). */
  charts: z.boolean(),
});
export type TReportCatalog = z.infer<typeof ZReportCatalog>;

/** PUT /reports/custom-templates/{id}/workbook refused: what is wrong with the file, one line each. */
export const ZWorkbookProblems = z.object({ message: z.string(), problems: z.array(z.string()) });
export type TWorkbookProblems = z.infer<typeof ZWorkbookProblems>;

export const CUSTOM_TEMPLATE_MESSAGES = {
  deleted: 'Report template deleted',
  saved: 'Report template saved',
  workbookRefused: 'The workbook cannot be used as a template',
} as const;
