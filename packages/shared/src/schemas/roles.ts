import { z } from 'zod';
import { ZIdText } from './ids.js';
import { PERMISSION_CODES } from '../permissions.js';

export const ZRole = z.object({
  role_id: z.number().int(),
  name: z.string(),
  description: z.string(),
  permission_ids: z.array(z.number().int()),
  /** Permission codes, catalogue order. */
  permissions: z.array(z.string()),
  /** Users holding the role, whatever their status. */
  user_count: z.number().int(),
  created: z.string(),
  updated: z.string(),
});
export type TRole = z.infer<typeof ZRole>;

export const ZRoleList = z.object({ records: z.array(ZRole), total_records: z.number().int() });
export type TRoleList = z.infer<typeof ZRoleList>;

export const ZListRolesQuery = z.object({
  limit: z.coerce.number().int().min(1).max(1000).default(100),
  skip: z.coerce.number().int().min(0).default(0),
  keyword: z.string().trim().max(100).optional(),
});
export type TListRolesQuery = z.infer<typeof ZListRolesQuery>;

const codes = PERMISSION_CODES as readonly string[];

/** POST /roles and PUT /roles/{role_id}: permissions as catalogue codes. */
export const ZRoleBody = z.object({
  name: z.string().trim().min(1, 'Name is required').max(100, 'Name must be at most 100 characters'),
  description: z.string().trim().max(500, 'Description must be at most 500 characters').default(''),
  permissions: z
    .array(z.string())
    .max(500)
    .default([])
    .refine((list) => list.every((c) => codes.includes(c)), 'Unknown permission'),
});
export type TRoleBody = z.infer<typeof ZRoleBody>;

export const ZRoleIdParam = z.object({ role_id: ZIdText });

export const ZDeleteRoleQuery = z.object({ move_to: ZIdText.optional() });

export const ZDeleteRoleResponse = z.object({ ok: z.literal(true), moved_users: z.number().int() });

/** GET /permissions: the catalogue grouped, groups in catalogue order. */
export const ZPermissionCatalogue = z.object({
  groups: z.array(
    z.object({
      group: z.string(),
      permissions: z.array(z.object({ permission_id: z.number().int(), code: z.string(), label: z.string() })),
    }),
  ),
});
export type TPermissionCatalogue = z.infer<typeof ZPermissionCatalogue>;
