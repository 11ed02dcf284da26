import { sql } from 'drizzle-orm';
import { date, doublePrecision, index, integer, pgTable, serial, smallint, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { contracts, users } from './accounts.js';
import { instrumentTypes, instruments, readingCodes } from './master-data.js';
import { uploads } from './readings.js';
import { sites } from './sites.js';

const ts = (name: string) => timestamp(name, { withTimezone: true });

export const SUPPORT_KIND_VALUES = ['strut', 'anchor'] as const;
export const FACE_PART_VALUES = ['top_heading', 'bench', 'invert'] as const;

/**
 * Construction activity (issue 19, decision 038): progress lives here, per site, date and stage or zone, per drive,
 * shift and face part; never in the site row's JSON. A site's current progress is a query over these rows.
 * Every row names the upload it came from (null: entered or seeded); deleting an upload's rows is audited.
 */

/** Excavated level reached (mRL) at a site on a date, per zone ('' when the site is one zone). */
export const excavationProgress = pgTable(
  'excavation_progress',
  {
    progressId: serial('progress_id').primaryKey(),
    siteId: integer('site_id')
      .notNull()
      .references(() => sites.siteId, { onDelete: 'cascade' }),
    uploadId: integer('upload_id').references(() => uploads.uploadId, { onDelete: 'set null' }),
    activityDate: date('activity_date').notNull(),
    zone: text('zone').notNull().default(''),
    /** The stage the works were in (a stage_no of the site's stages), when the file says. */
    stageNo: smallint('stage_no'),
    /** Excavated level reached, mRL. */
    level: doublePrecision('level').notNull(),
    remarks: text('remarks').notNull().default(''),
    createdBy: integer('created_by').references(() => users.userId, { onDelete: 'set null' }),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('excavation_progress_key').on(t.siteId, t.activityDate, t.zone), index('excavation_progress_upload_idx').on(t.uploadId)],
);

/** A strut or ground anchor installed at a site: its label (unique per site), level and time of installation. */
export const excavationSupports = pgTable(
  'excavation_supports',
  {
    supportId: serial('support_id').primaryKey(),
    siteId: integer('site_id')
      .notNull()
      .references(() => sites.siteId, { onDelete: 'cascade' }),
    uploadId: integer('upload_id').references(() => uploads.uploadId, { onDelete: 'set null' }),
    kind: text('kind', { enum: SUPPORT_KIND_VALUES }).notNull(),
    label: text('label').notNull(),
    zone: text('zone').notNull().default(''),
    stageNo: smallint('stage_no'),
    /** mRL */
    level: doublePrecision('level').notNull(),
    installedAt: ts('installed_at').notNull(),
    remarks: text('remarks').notNull().default(''),
    createdBy: integer('created_by').references(() => users.userId, { onDelete: 'set null' }),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('excavation_supports_key').on(t.siteId, sql`lower(${t.label})`), index('excavation_supports_upload_idx').on(t.uploadId)],
);

/** The design values of a site's stage as the QP(D) gave them with the MC excavation activity (predictions). */
export const excavationDesign = pgTable(
  'excavation_design',
  {
    designId: serial('design_id').primaryKey(),
    siteId: integer('site_id')
      .notNull()
      .references(() => sites.siteId, { onDelete: 'cascade' }),
    uploadId: integer('upload_id').references(() => uploads.uploadId, { onDelete: 'set null' }),
    stageNo: smallint('stage_no').notNull(),
    /** Predicted wall deflection, mm. */
    wallDeflection: doublePrecision('wall_deflection'),
    /** Predicted strut force, kN. */
    strutForce: doublePrecision('strut_force'),
    /** Predicted ground settlement, mm. */
    settlement: doublePrecision('settlement'),
    remarks: text('remarks').notNull().default(''),
    createdBy: integer('created_by').references(() => users.userId, { onDelete: 'set null' }),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('excavation_design_key').on(t.siteId, t.stageNo), index('excavation_design_upload_idx').on(t.uploadId)],
);

/**
 * A mined tunnel's shift report, one row per drive (the MT site), date, shift and face part: the chainage the face part
 * reached at the end of the shift, the support installed during it, the face mapping.
 */
export const tunnelShifts = pgTable(
  'tunnel_shifts',
  {
    shiftId: serial('shift_id').primaryKey(),
    siteId: integer('site_id')
      .notNull()
      .references(() => sites.siteId, { onDelete: 'cascade' }),
    uploadId: integer('upload_id').references(() => uploads.uploadId, { onDelete: 'set null' }),
    shiftDate: date('shift_date').notNull(),
    /** 'day' or 'night' (TUNNEL_SHIFTS). */
    shift: text('shift').notNull(),
    facePart: text('face_part', { enum: FACE_PART_VALUES }).notNull(),
    /** Chainage reached at the end of the shift, m. */
    chainage: doublePrecision('chainage').notNull(),
    rockBolts: integer('rock_bolts'),
    /** mm */
    shotcrete: doublePrecision('shotcrete'),
    latticeGirders: integer('lattice_girders'),
    geologyClass: text('geology_class').notNull().default(''),
    remarks: text('remarks').notNull().default(''),
    createdBy: integer('created_by').references(() => users.userId, { onDelete: 'set null' }),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('tunnel_shifts_key').on(t.siteId, t.shiftDate, t.shift, t.facePart),
    index('tunnel_shifts_site_idx').on(t.siteId, t.shiftDate),
    index('tunnel_shifts_upload_idx').on(t.uploadId),
  ],
);

/**
 * The QP(D)'s predicted values (issue 19, `/upload/qpd`): per instrument, reading code (and depth for an inclinometer),
 * construction site and stage of that site — so an instrument's chart can draw "predicted" for the stage the works
 * are in beside "measured". A later upload of the same key replaces the value.
 */
export const designPredictions = pgTable(
  'design_predictions',
  {
    predictionId: serial('prediction_id').primaryKey(),
    instrumentId: integer('instrument_id')
      .notNull()
      .references(() => instruments.instrumentId, { onDelete: 'cascade' }),
    readingCodeId: integer('reading_code_id')
      .notNull()
      .references(() => readingCodes.readingCodeId, { onDelete: 'cascade' }),
    /** Depth below the top of the instrument (m) for types with depths; null otherwise. */
    depth: doublePrecision('depth'),
    siteId: integer('site_id')
      .notNull()
      .references(() => sites.siteId, { onDelete: 'cascade' }),
    stageNo: smallint('stage_no').notNull(),
    /** In the reading code's unit. */
    value: doublePrecision('value').notNull(),
    remarks: text('remarks').notNull().default(''),
    uploadId: integer('upload_id').references(() => uploads.uploadId, { onDelete: 'set null' }),
    createdBy: integer('created_by').references(() => users.userId, { onDelete: 'set null' }),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('design_predictions_key').on(t.instrumentId, t.readingCodeId, t.siteId, t.stageNo, sql`coalesce(${t.depth}, -1)`),
    index('design_predictions_site_idx').on(t.siteId, t.stageNo),
    index('design_predictions_upload_idx').on(t.uploadId),
  ],
);

/**
 * The planned instruments of a contract (`/upload/instrument-plan`): what the installation status report and the
 * management dashboard compare with the instruments installed and reading. A planned name is unique per contract
 * (case-insensitive); a later upload of the same name replaces the plan row.
 */
export const instrumentPlans = pgTable(
  'instrument_plans',
  {
    planId: serial('plan_id').primaryKey(),
    contractId: integer('contract_id')
      .notNull()
      .references(() => contracts.contractId, { onDelete: 'cascade' }),
    /** The instrument's planned name (its id on the drawings), matched to `instruments.name` once installed. */
    name: text('name').notNull(),
    typeId: integer('type_id')
      .notNull()
      .references(() => instrumentTypes.typeId, { onDelete: 'restrict' }),
    /** Planned location, SVY21 m. */
    easting: doublePrecision('easting'),
    northing: doublePrecision('northing'),
    plannedInstallDate: date('planned_install_date'),
    /** Planned reading frequency (a frequency code of the master data, e.g. daily). */
    plannedFrequency: text('planned_frequency'),
    remarks: text('remarks').notNull().default(''),
    uploadId: integer('upload_id').references(() => uploads.uploadId, { onDelete: 'set null' }),
    createdBy: integer('created_by').references(() => users.userId, { onDelete: 'set null' }),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('instrument_plans_key').on(t.contractId, sql`lower(${t.name})`), index('instrument_plans_upload_idx').on(t.uploadId)],
);
