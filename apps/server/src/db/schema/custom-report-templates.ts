import { index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { jsonb } from './jsonb.js';
import { contracts, users } from './accounts.js';

const ts = (name: string) => timestamp(name, { withTimezone: true });

/**
 * A custom report template (issue 21, decision 041): how the engine lays out one report type for a contract (or, with
 * `contract_id` null, for every contract). The body's fields as ZCustomTemplateBody says; the optional Excel workbook
 * in storage (`workbook_key`) with what its check found in it.
 */
export const reportTemplates = pgTable(
  'report_templates',
  {
    templateId: serial('template_id').primaryKey(),
    name: text('name').notNull(),
    reportType: text('report_type').notNull(),
    contractId: integer('contract_id').references(() => contracts.contractId, { onDelete: 'cascade' }),
    title: text('title').notNull().default(''),
    /** A data URL (PNG or JPEG), or null. */
    logo: text('logo'),
    headerText: text('header_text').notNull().default(''),
    footerText: text('footer_text').notNull().default(''),
    /** ZTemplateSection[]. */
    sections: jsonb('sections').notNull(),
    instrumentTypeIds: jsonb('instrument_type_ids').notNull(),
    zoneIds: jsonb('zone_ids').notNull(),
    /** { per_page, y_min, y_max }. */
    chart: jsonb('chart').notNull(),
    decimals: integer('decimals'),
    lengthUnit: text('length_unit', { enum: ['mm', 'm'] })
      .notNull()
      .default('mm'),
    language: text('language', { enum: ['en', 'zh'] })
      .notNull()
      .default('en'),
    workbookKey: text('workbook_key'),
    workbookName: text('workbook_name'),
    workbookSize: integer('workbook_size'),
    /** { placeholders, tables, sheets } found by the upload's check. */
    workbookInfo: jsonb('workbook_info'),
    createdBy: integer('created_by').references(() => users.userId, { onDelete: 'set null' }),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [index('report_templates_type_idx').on(t.reportType, t.contractId, t.name)],
);
