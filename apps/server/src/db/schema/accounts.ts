import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  date,
  doublePrecision,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { jsonb } from './jsonb.js';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();

export const roles = pgTable('roles', {
  roleId: serial('role_id').primaryKey(),
  name: text('name').notNull().unique(),
  description: text('description').notNull().default(''),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const rolePermissions = pgTable(
  'role_permissions',
  {
    roleId: integer('role_id')
      .notNull()
      .references(() => roles.roleId, { onDelete: 'cascade' }),
    permissionId: integer('permission_id').notNull(),
  },
  (t) => [primaryKey({ columns: [t.roleId, t.permissionId] })],
);

export const contractors = pgTable('contractors', {
  contractorId: serial('contractor_id').primaryKey(),
  name: text('name').notNull().unique(),
  registrationNo: text('registration_no'),
  address: text('address'),
  contact: text('contact'),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const contracts = pgTable('contracts', {
  contractId: serial('contract_id').primaryKey(),
  no: text('no').notNull().unique(),
  title: text('title').notNull(),
  description: text('description').notNull().default(''),
  active: boolean('active').notNull().default(true),
  easting: doublePrecision('easting'),
  northing: doublePrecision('northing'),
  /** Bit set: IM 2, Civil 4, SI 8. */
  type: integer('type').notNull().default(0),
  contractorId: integer('contractor_id').references(() => contractors.contractorId, { onDelete: 'set null' }),
  // Contracts management (issue 6): dates and the boundary polygon (GeoJSON, SVY21 metres).
  startDate: date('start_date', { mode: 'string' }),
  endDate: date('end_date', { mode: 'string' }),
  boundary: jsonb('boundary'),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const users = pgTable(
  'users',
  {
    userId: serial('user_id').primaryKey(),
    /** Always lower-case. */
    loginName: text('login_name').notNull(),
    fullname: text('fullname').notNull(),
    email: text('email').notNull(),
    /** 0 Authority, 1 Contractor, 2 AppAdmin. */
    userType: smallint('user_type').notNull(),
    roleId: integer('role_id').references(() => roles.roleId, { onDelete: 'restrict' }),
    contractorId: integer('contractor_id').references(() => contractors.contractorId, { onDelete: 'restrict' }),
    status: text('status', { enum: ['active', 'pending', 'suspended', 'terminated'] })
      .notNull()
      .default('pending'),
    passwordHash: text('password_hash'),
    passwordChangedAt: timestamp('password_changed_at', { withTimezone: true }),
    /** The confirmed TOTP secret (base32); set only while two-factor is enabled. */
    tfaSecret: text('tfa_secret'),
    tfaEnabled: boolean('tfa_enabled').notNull().default(false),
    /** A secret handed out by enrolment, not usable for sign-in until confirmed with a code. */
    tfaPendingSecret: text('tfa_pending_secret'),
    /** The last TOTP time step accepted: a code is accepted once, and never an older one. */
    tfaLastStep: bigint('tfa_last_step', { mode: 'number' }),
    description: text('description'),
    picUri: text('pic_uri'),
    /** Storage key of the profile picture (`avatars/<random>.webp`); pic_uri is the URL that serves it. */
    avatarKey: text('avatar_key'),
    /** What the person wrote when asking for an account (for the approving admin). */
    registrationNote: text('registration_note'),
    lastUrl: text('last_url'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('users_login_name_key').on(t.loginName), index('users_email_idx').on(sql`lower(${t.email})`)],
);

export const userContracts = pgTable(
  'user_contracts',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.userId, { onDelete: 'cascade' }),
    contractId: integer('contract_id')
      .notNull()
      .references(() => contracts.contractId, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.userId, t.contractId] }), index('user_contracts_contract_idx').on(t.contractId)],
);

/** The contracts a user has chosen as active (the contract toolbar, POST /filter-contracts); a subset of what they may see. */
export const userContractFilters = pgTable(
  'user_contract_filters',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.userId, { onDelete: 'cascade' }),
    contractId: integer('contract_id')
      .notNull()
      .references(() => contracts.contractId, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.userId, t.contractId] })],
);

/** Set once a user has saved a contract filter, so an empty choice is told apart from no choice. */
export const userFilterState = pgTable('user_filter_state', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.userId, { onDelete: 'cascade' }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const sessions = pgTable(
  'sessions',
  {
    sessionId: bigserial('session_id', { mode: 'number' }).primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.userId, { onDelete: 'cascade' }),
    /** sha256 of the access token. */
    tokenHash: text('token_hash').notNull(),
    /** sha256 of the resource token (downloads and the websocket only). */
    resourceTokenHash: text('resource_token_hash').notNull(),
    csrfToken: text('csrf_token').notNull(),
    /** False until the second factor is passed, for users with two-factor enabled. */
    verified: boolean('verified').notNull().default(true),
    clientAddress: text('client_address'),
    userAgent: text('user_agent'),
    createdAt: createdAt(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('sessions_token_hash_key').on(t.tokenHash),
    uniqueIndex('sessions_resource_token_hash_key').on(t.resourceTokenHash),
    index('sessions_user_idx').on(t.userId),
  ],
);

export const preferences = pgTable('preferences', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.userId, { onDelete: 'cascade' }),
  data: jsonb('data').notNull(),
  updatedAt: updatedAt(),
});

/** Sign-in failures, for throttling by login name and by client address. */
export const loginAttempts = pgTable(
  'login_attempts',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    loginName: text('login_name').notNull(),
    clientAddress: text('client_address').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('login_attempts_name_idx').on(t.loginName, t.at), index('login_attempts_addr_idx').on(t.clientAddress, t.at)],
);

/** System settings: one row per key, JSON value. */
export const settings = pgTable('settings', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
  updatedAt: updatedAt(),
});
