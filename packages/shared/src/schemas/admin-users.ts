import { z } from 'zod';
import { ZBigIdText, ZId, zId, ZIdText } from './ids.js';
import { USER_STATUS, USER_TYPE } from '../constants.js';
import { ZEmail, ZLoginName } from './account.js';

const ZUserType = z.union([z.literal(USER_TYPE.Authority), z.literal(USER_TYPE.Contractor), z.literal(USER_TYPE.AppAdmin)], 'Unknown user type');

export const ZAdminUser = z.object({
  user_id: z.number().int(),
  login_name: z.string(),
  fullname: z.string(),
  email: z.string(),
  user_type: z.number().int(),
  role_id: z.number().int().nullable(),
  role_name: z.string().nullable(),
  contractor_id: z.number().int().nullable(),
  contractor_name: z.string().nullable(),
  status: z.enum(USER_STATUS),
  /** `register` (self-registration), `admin` (created by an administrator) or `import` (bulk upload). */
  source: z.string(),
  tfa_enabled: z.boolean(),
  created: z.string(),
  /** The latest successful sign-in, or null when the user never signed in. */
  last_signin: z.string().nullable(),
});
export type TAdminUser = z.infer<typeof ZAdminUser>;

export const ZAdminUserDetail = ZAdminUser.extend({
  description: z.string().nullable(),
  contracts: z.array(z.object({ contract_id: z.number().int(), no: z.string(), title: z.string() })),
  live_sessions: z.number().int(),
});
export type TAdminUserDetail = z.infer<typeof ZAdminUserDetail>;

export const ZAdminUserList = z.object({ records: z.array(ZAdminUser), total_records: z.number().int() });
export type TAdminUserList = z.infer<typeof ZAdminUserList>;

export const ADMIN_USER_SORTS = ['login_name', 'fullname', 'email', 'user_type', 'status', 'created', 'last_signin'] as const;

export const ZListAdminUsersQuery = z.object({
  limit: z.coerce.number().int().min(1).max(1000).default(20),
  skip: z.coerce.number().int().min(0).default(0),
  /** Matches login name, full name or e-mail (contains, case-insensitive). */
  keyword: z.string().trim().max(100).optional(),
  user_type: z.coerce.number().int().min(0).max(2).optional(),
  role_id: ZIdText.optional(),
  status: z.enum(USER_STATUS).optional(),
  contract_id: ZIdText.optional(),
  contractor_id: ZIdText.optional(),
  sort: z.enum(ADMIN_USER_SORTS).default('login_name'),
  order: z.enum(['asc', 'desc']).default('asc'),
});
export type TListAdminUsersQuery = z.infer<typeof ZListAdminUsersQuery>;

export const ZCreateAdminUserRequest = z.object({
  login_name: ZLoginName,
  fullname: z.string().trim().min(1, 'Full name is required').max(100, 'Full name must be at most 100 characters'),
  email: ZEmail,
  user_type: ZUserType,
  role_id: zId('Role is required'),
  contractor_id: ZId.nullish(),
  contract_ids: z.array(ZId).max(1000).default([]),
  description: z.string().trim().max(1000).nullish(),
});
export type TCreateAdminUserRequest = z.infer<typeof ZCreateAdminUserRequest>;

/** PUT /admin/users/{id}: the fields given change; the login name never does, contracts have their own request. */
export const ZUpdateAdminUserRequest = ZCreateAdminUserRequest.omit({ login_name: true, contract_ids: true }).partial();
export type TUpdateAdminUserRequest = z.infer<typeof ZUpdateAdminUserRequest>;

export const ZUserContracts = z.object({
  user_id: z.number().int(),
  contract_ids: z.array(z.number().int()),
  contracts: z.array(z.object({ contract_id: z.number().int(), no: z.string(), title: z.string(), contractor_id: z.number().int().nullable() })),
});
export type TUserContracts = z.infer<typeof ZUserContracts>;

export const ZSetUserContractsRequest = z.object({ contract_ids: z.array(ZId).max(1000) });
export type TSetUserContractsRequest = z.infer<typeof ZSetUserContractsRequest>;

export const ZUserStatusChange = z.object({ user_id: z.number().int(), status: z.enum(USER_STATUS), ended_sessions: z.number().int() });
export type TUserStatusChange = z.infer<typeof ZUserStatusChange>;

export const ZUserSession = z.object({
  session_id: z.number().int(),
  created: z.string(),
  last_seen: z.string(),
  expires: z.string(),
  revoked: z.string().nullable(),
  live: z.boolean(),
  client_address: z.string().nullable(),
  user_agent: z.string().nullable(),
});
export const ZUserSessionList = z.object({ records: z.array(ZUserSession), total_records: z.number().int() });
export type TUserSessionList = z.infer<typeof ZUserSessionList>;

export const ZUserSessionParams = z.object({ id: ZIdText, session_id: ZBigIdText });

// Bulk user upload (upload type `user-import`)
export const USER_IMPORT_COLUMNS = ['login_name', 'fullname', 'email', 'user_type', 'role', 'contractor', 'contracts'] as const;

export const ZUserImportQuery = z.object({
  dry_run: z
    .enum(['true', 'false', '1', '0'])
    .optional()
    .transform((v) => v === 'true' || v === '1'),
});
export const ZUserImportTemplateQuery = z.object({ format: z.enum(['csv', 'xlsx']).default('xlsx') });

export const ZUserImportRow = z.object({
  /** The row number in the file (the header is row 1). */
  row: z.number().int(),
  login_name: z.string(),
  status: z.enum(['valid', 'error']),
  errors: z.array(z.object({ field: z.string(), message: z.string() })),
});
export const ZUserImportResult = z.object({
  rows: z.array(ZUserImportRow),
  valid: z.number().int(),
  invalid: z.number().int(),
  /** Users staged as pending (0 on a dry run). */
  staged: z.number().int(),
  dry_run: z.boolean(),
  import_id: z.number().int().nullable(),
});
export type TUserImportResult = z.infer<typeof ZUserImportResult>;
