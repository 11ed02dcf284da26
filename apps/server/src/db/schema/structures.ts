import { sql } from 'drizzle-orm';
import { doublePrecision, index, integer, pgTable, primaryKey, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { jsonb } from './jsonb.js';
import { contracts } from './accounts.js';
import { instruments } from './master-data.js';

const ts = (name: string) => timestamp(name, { withTimezone: true });

export const STRUCTURE_KIND_VALUES = ['critical-interface', 'mining-works'] as const;
export const STRUCTURE_TYPE_VALUES = ['mrt-tunnel', 'viaduct', 'building', 'utility', 'other'] as const;

/**
 * Critical interfaces and mining works (issue 19): structures near the works, watched with their own instruments.
 * One table for both kinds; the name is unique per (contract, kind), case-insensitive.
 */
export const structures = pgTable(
  'structures',
  {
    structureId: serial('structure_id').primaryKey(),
    // Like zones: a contract that may be deleted (no instruments, no sites) takes its structures with it.
    contractId: integer('contract_id')
      .notNull()
      .references(() => contracts.contractId, { onDelete: 'cascade' }),
    kind: text('kind', { enum: STRUCTURE_KIND_VALUES }).notNull(),
    name: text('name').notNull(),
    structureType: text('structure_type', { enum: STRUCTURE_TYPE_VALUES }).notNull(),
    owner: text('owner').notNull().default(''),
    description: text('description').notNull().default(''),
    /** GeoJSON Polygon or LineString, SVY21 metres. */
    outline: jsonb('outline').notNull(),
    /** The zone of influence around the outline, metres. */
    influenceDistance: doublePrecision('influence_distance').notNull().default(30),
    /** Response contacts (TStructureContact[]: name, role, phone, email). */
    contacts: jsonb('contacts').notNull().default([]),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('structures_contract_kind_name_key').on(t.contractId, t.kind, sql`lower(${t.name})`),
    index('structures_kind_idx').on(t.kind, t.contractId),
  ],
);

/** The instruments linked to a structure (of the structure's contract). */
export const structureInstruments = pgTable(
  'structure_instruments',
  {
    structureId: integer('structure_id')
      .notNull()
      .references(() => structures.structureId, { onDelete: 'cascade' }),
    instrumentId: integer('instrument_id')
      .notNull()
      .references(() => instruments.instrumentId, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.structureId, t.instrumentId] }), index('structure_instruments_instrument_idx').on(t.instrumentId)],
);
