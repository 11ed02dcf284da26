import { sql } from 'drizzle-orm';
import { bigint, check, date, doublePrecision, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { jsonb } from './jsonb.js';
import { contracts, users } from './accounts.js';

const ts = (name: string) => timestamp(name, { withTimezone: true });

export const SITE_TYPE_VALUES = ['E', 'MT'] as const;

/** Construction sites (issue 6): excavation sites (E) and mined tunnels (MT) of a contract. */
export const sites = pgTable(
  'sites',
  {
    siteId: serial('site_id').primaryKey(),
    contractId: integer('contract_id')
      .notNull()
      .references(() => contracts.contractId, { onDelete: 'restrict' }),
    siteName: text('site_name').notNull(),
    type: text('type', { enum: SITE_TYPE_VALUES }).notNull(),
    description: text('description').notNull().default(''),
    /** GeoJSON (Polygon, LineString or Point), SVY21 metres. */
    geometry: jsonb('geometry'),
    /** Excavation stages or tunnel drive steps (ZSiteStage[]). */
    stages: jsonb('stages').notNull().default([]),
    /** A mined tunnel's chainage at the first vertex of its LineString geometry, m (null: 0). */
    chainageStart: doublePrecision('chainage_start'),
    /** Design values by name (ZDesignValues). */
    designValues: jsonb('design_values').notNull().default({}),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('sites_contract_name_key').on(t.contractId, sql`lower(${t.siteName})`), index('sites_type_idx').on(t.type)],
);

/**
 * Drawings uploaded to a site (PDF, PNG, JPEG or DXF), kept in storage under `storage_key`. A progress drawing has the
 * date it shows and, a PNG or JPEG, its place on the map (decision 038): an SVY21 extent the image is stretched over,
 * all four numbers or none.
 */
export const siteDrawings = pgTable(
  'site_drawings',
  {
    drawingId: serial('drawing_id').primaryKey(),
    siteId: integer('site_id')
      .notNull()
      .references(() => sites.siteId, { onDelete: 'cascade' }),
    fileName: text('file_name').notNull(),
    storageKey: text('storage_key').notNull(),
    contentType: text('content_type').notNull(),
    size: bigint('size', { mode: 'number' }).notNull(),
    uploadedBy: integer('uploaded_by').references(() => users.userId, { onDelete: 'set null' }),
    uploadedAt: ts('uploaded_at').notNull().defaultNow(),
    /** The progress date the drawing shows; null for drawings uploaded without one. */
    drawingDate: date('drawing_date'),
    /** Its place, SVY21 m (null: not placed). */
    extentMinE: doublePrecision('extent_min_e'),
    extentMinN: doublePrecision('extent_min_n'),
    extentMaxE: doublePrecision('extent_max_e'),
    extentMaxN: doublePrecision('extent_max_n'),
  },
  (t) => [
    index('site_drawings_site_idx').on(t.siteId, t.uploadedAt),
    index('site_drawings_uploaded_idx').on(t.uploadedAt),
    check(
      'site_drawings_extent_check',
      sql`num_nonnulls(${t.extentMinE}, ${t.extentMinN}, ${t.extentMaxE}, ${t.extentMaxN}) = 0 or (num_nonnulls(${t.extentMinE}, ${t.extentMinN}, ${t.extentMaxE}, ${t.extentMaxN}) = 4 and ${t.extentMinE} < ${t.extentMaxE} and ${t.extentMinN} < ${t.extentMaxN})`,
    ),
  ],
);
