import { sql } from 'drizzle-orm';
import { bigserial, boolean, check, date, doublePrecision, index, integer, pgTable, serial, smallint, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { jsonb } from './jsonb.js';
import { contracts, users } from './accounts.js';

/**
 * Instrument master data (issue 6): categories group types; a type has reading codes; alert levels are data;
 * instruments belong to a contract (and optionally a zone of it); thresholds are per instrument, reading code and level.
 * Designed for thousands of instruments per contract: every contract-scoped query filters on an indexed contract_id.
 */

const ts = (name: string) => timestamp(name, { withTimezone: true });

export const INSTRUMENT_STATUS_VALUES = ['active', 'inactive', 'damaged', 'removed'] as const;

export const instrumentCategories = pgTable(
  'instrument_categories',
  {
    categoryId: serial('category_id').primaryKey(),
    name: text('name').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('instrument_categories_name_key').on(sql`lower(${t.name})`)],
);

export const instrumentTypes = pgTable(
  'instrument_types',
  {
    typeId: serial('type_id').primaryKey(),
    /** SM, INC, SPIE, VWP … (upper case). */
    code: text('code').notNull(),
    name: text('name').notNull(),
    categoryId: integer('category_id').references(() => instrumentCategories.categoryId, { onDelete: 'set null' }),
    /** A built-in icon name (INSTRUMENT_ICONS); on the map it takes the colour of the instrument's level. */
    icon: text('icon').notNull().default('circle'),
    /** The icon's colour while no level is passed. */
    iconColor: text('icon_color').notNull().default('#018e27'),
    ltaCode: text('lta_code'),
    /** Readings are by depth (inclinometer profiles). */
    hasDepth: boolean('has_depth').notNull().default(false),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('instrument_types_code_key').on(t.code), index('instrument_types_category_idx').on(t.categoryId)],
);

export const readingCodes = pgTable(
  'reading_codes',
  {
    readingCodeId: serial('reading_code_id').primaryKey(),
    typeId: integer('type_id')
      .notNull()
      .references(() => instrumentTypes.typeId, { onDelete: 'cascade' }),
    code: text('code').notNull(),
    description: text('description').notNull(),
    unit: text('unit').notNull().default(''),
    isResult: boolean('is_result').notNull().default(true),
    precision: smallint('precision').notNull().default(2),
    /** Physical limits for validating uploaded readings. */
    minValue: doublePrecision('min_value'),
    maxValue: doublePrecision('max_value'),
    sortOrder: integer('sort_order').notNull().default(0),
  },
  (t) => [uniqueIndex('reading_codes_type_code_key').on(t.typeId, t.code)],
);

export const alertLevels = pgTable(
  'alert_levels',
  {
    levelId: serial('level_id').primaryKey(),
    code: text('code').notNull(),
    name: text('name').notNull(),
    color: text('color').notNull(),
    /** 1 light blue … 4 dark red. */
    severity: smallint('severity').notNull(),
    sortOrder: integer('sort_order').notNull().default(0),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('alert_levels_code_key').on(t.code), check('alert_levels_severity_check', sql`${t.severity} between 1 and 4`)],
);

export const zones = pgTable(
  'zones',
  {
    zoneId: serial('zone_id').primaryKey(),
    contractId: integer('contract_id')
      .notNull()
      .references(() => contracts.contractId, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    /** GeoJSON polygon, SVY21 metres. */
    polygon: jsonb('polygon'),
    isReport: boolean('is_report').notNull().default(false),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('zones_contract_name_key').on(t.contractId, sql`lower(${t.name})`)],
);

export const instruments = pgTable(
  'instruments',
  {
    instrumentId: serial('instrument_id').primaryKey(),
    contractId: integer('contract_id')
      .notNull()
      .references(() => contracts.contractId, { onDelete: 'restrict' }),
    typeId: integer('type_id')
      .notNull()
      .references(() => instrumentTypes.typeId, { onDelete: 'restrict' }),
    zoneId: integer('zone_id').references(() => zones.zoneId, { onDelete: 'set null' }),
    name: text('name').notNull(),
    /** SVY21 metres. */
    easting: doublePrecision('easting').notNull(),
    northing: doublePrecision('northing').notNull(),
    /** Reduced level, mRL. */
    level: doublePrecision('level'),
    installDate: date('install_date', { mode: 'string' }),
    status: text('status', { enum: INSTRUMENT_STATUS_VALUES }).notNull().default('active'),
    /** A FREQUENCIES code. */
    frequency: text('frequency'),
    ltaCode: text('lta_code'),
    remarks: text('remarks'),
    baselineAt: ts('baseline_at'),
    baselineRemarks: text('baseline_remarks'),
    createdBy: integer('created_by').references(() => users.userId, { onDelete: 'set null' }),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    // Leads with contract_id: it also serves every contract-scoped list (no separate contract_id index).
    uniqueIndex('instruments_contract_name_key').on(t.contractId, sql`lower(${t.name})`),
    index('instruments_type_idx').on(t.typeId),
    index('instruments_zone_idx').on(t.zoneId),
    index('instruments_location_idx').on(t.easting, t.northing),
  ],
);

export const thresholds = pgTable(
  'thresholds',
  {
    thresholdId: bigserial('threshold_id', { mode: 'number' }).primaryKey(),
    instrumentId: integer('instrument_id')
      .notNull()
      .references(() => instruments.instrumentId, { onDelete: 'cascade' }),
    readingCodeId: integer('reading_code_id')
      .notNull()
      .references(() => readingCodes.readingCodeId, { onDelete: 'restrict' }),
    levelId: integer('level_id')
      .notNull()
      .references(() => alertLevels.levelId, { onDelete: 'restrict' }),
    upper: doublePrecision('upper'),
    lower: doublePrecision('lower'),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('thresholds_series_level_key').on(t.instrumentId, t.readingCodeId, t.levelId),
    index('thresholds_reading_code_idx').on(t.readingCodeId),
    index('thresholds_level_idx').on(t.levelId),
    check('thresholds_value_check', sql`${t.upper} is not null or ${t.lower} is not null`),
  ],
);

/** Risk rating settings (one row, id 1): the scoring rules of the project-risk screen (ZRiskRating). */
export const riskRatingSettings = pgTable(
  'risk_rating_settings',
  {
    id: smallint('id').primaryKey().default(1),
    value: jsonb('value').notNull(),
    updatedBy: integer('updated_by').references(() => users.userId, { onDelete: 'set null' }),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [check('risk_rating_settings_single_row', sql`${t.id} = 1`)],
);
