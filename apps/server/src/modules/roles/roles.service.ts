import {
  PERMISSIONS,
  permissionByCode,
  permissionGroups,
  type TListRolesQuery,
  type TPermissionCatalogue,
  type TRole,
  type TRoleBody,
  type TRoleList,
} from '@strata/shared';
import type { Actor, AppContext } from '../../context.js';
import { badRequest, notFound } from '../../lib/errors.js';
import { iso } from '../../lib/filters.js';
import { changedFields, writeAudit } from '../../platform/audit.js';
import { publishRequireSync } from '../realtime/realtime.publish.js';
import {
  deleteRole,
  findRole,
  findRoleByName,
  holderIds,
  insertRole,
  listRoles,
  moveHolders,
  replaceRolePermissions,
  updateRole,
  type RoleWithCounts,
} from './roles.repository.js';

/** What other modules use of this module's data (the user report of exports): they reach it through this service, not the repository. */
export { allRolesWithPermissions } from './roles.repository.js';

const codeById = new Map<number, string>(PERMISSIONS.map((p) => [p.id, p.code]));
const order = new Map<number, number>(PERMISSIONS.map((p, i) => [p.id, i]));

export function presentRole(r: RoleWithCounts): TRole {
  const ids = r.permissionIds.filter((id) => codeById.has(id)).sort((a, b) => order.get(a)! - order.get(b)!);
  return {
    role_id: r.roleId,
    name: r.name,
    description: r.description,
    permission_ids: ids,
    permissions: ids.map((id) => codeById.get(id)!),
    user_count: r.userCount,
    created: iso(r.createdAt),
    updated: iso(r.updatedAt),
  };
}

const idsOf = (codes: readonly string[]) =>
  [...new Set(codes.map((c) => permissionByCode(c)?.id).filter((id): id is number => id !== undefined))].sort((a, b) => a - b);

/** Roles (sets of task permissions). A change reaches the holders on their next request (permissions are read per request) and their clients are told to sync. */
export class RolesService {
  constructor(
    private readonly ctx: AppContext,
    /** The per-instance cache of role permissions (auth): told after a role's permissions changed or the role went. */
    private readonly permissionsCache?: { changed(roleId: number): Promise<void> },
    /** The per-instance session cache (auth): told of users moved to another role. */
    private readonly sessions?: { forgetUsers(userIds: readonly number[]): void },
  ) {}

  catalogue(): TPermissionCatalogue {
    return {
      groups: permissionGroups().map((g) => ({
        group: g.group,
        permissions: g.permissions.map((p) => ({ permission_id: p.id, code: p.code, label: p.label })),
      })),
    };
  }

  async list(q: TListRolesQuery): Promise<TRoleList> {
    const { records, total } = await listRoles(this.ctx.db.orm, { limit: q.limit, skip: q.skip, keyword: q.keyword || undefined });
    return { records: records.map(presentRole), total_records: total };
  }

  async get(roleId: number): Promise<TRole> {
    const r = await findRole(this.ctx.db.orm, roleId);
    if (!r) throw notFound('Role not found');
    return presentRole(r);
  }

  async create(actor: Actor, body: TRoleBody): Promise<TRole> {
    const db = this.ctx.db.orm;
    if (await findRoleByName(db, body.name)) throw badRequest({ name: 'A role with this name already exists' });
    const ids = idsOf(body.permissions);
    const now = this.ctx.now();
    const roleId = await db.transaction(async (tx) => {
      const role = await insertRole(tx, { name: body.name, description: body.description, at: now });
      await replaceRolePermissions(tx, role.roleId, ids);
      await writeAudit(tx, actor, {
        action: 'role.create',
        entityType: 'role',
        entityId: role.roleId,
        after: { name: role.name, description: role.description, permissions: ids.map((id) => codeById.get(id)) },
      });
      return role.roleId;
    });
    return this.get(roleId);
  }

  async update(actor: Actor, roleId: number, body: TRoleBody): Promise<TRole> {
    const db = this.ctx.db.orm;
    const before = await findRole(db, roleId);
    if (!before) throw notFound('Role not found');
    const clash = await findRoleByName(db, body.name);
    if (clash && clash.roleId !== roleId) throw badRequest({ name: 'A role with this name already exists' });
    const ids = idsOf(body.permissions);
    const holders = await db.transaction(async (tx) => {
      await updateRole(tx, roleId, { name: body.name, description: body.description, at: this.ctx.now() });
      await replaceRolePermissions(tx, roleId, ids);
      const diff = changedFields(
        { name: before.name, description: before.description, permissions: presentRole(before).permissions },
        { name: body.name, description: body.description, permissions: ids.map((id) => codeById.get(id)!) },
      );
      await writeAudit(tx, actor, { action: 'role.update', entityType: 'role', entityId: roleId, ...diff });
      return holderIds(tx, [roleId]);
    });
    await this.permissionsCache?.changed(roleId);
    await this.requireSync(holders);
    return this.get(roleId);
  }

  /** Deletes a role; its holders (if any) move to `moveTo` in the same transaction. */
  async remove(actor: Actor, roleId: number, moveTo: number | undefined): Promise<{ ok: true; moved_users: number }> {
    const db = this.ctx.db.orm;
    const role = await findRole(db, roleId);
    if (!role) throw notFound('Role not found');
    if (role.userCount > 0) {
      if (moveTo === undefined) throw badRequest({ move_to: `${role.userCount} user(s) hold this role: choose the role they move to` });
      if (moveTo === roleId) throw badRequest({ move_to: 'Choose another role' });
      if (!(await findRole(db, moveTo))) throw badRequest({ move_to: 'Role not found' });
    }
    const moved = await db.transaction(async (tx) => {
      const ids = role.userCount > 0 && moveTo !== undefined ? await moveHolders(tx, roleId, moveTo, this.ctx.now()) : [];
      await deleteRole(tx, roleId);
      await writeAudit(tx, actor, {
        action: 'role.delete',
        entityType: 'role',
        entityId: roleId,
        before: { name: role.name, description: role.description, permissions: presentRole(role).permissions, user_count: role.userCount },
        after: ids.length > 0 ? { moved_to: moveTo, moved_user_ids: ids } : null,
      });
      return ids;
    });
    this.sessions?.forgetUsers(moved);
    await this.permissionsCache?.changed(roleId);
    await this.requireSync(moved);
    return { ok: true, moved_users: moved.length };
  }

  private async requireSync(userIds: number[]): Promise<void> {
    if (userIds.length === 0) return;
    await publishRequireSync(this.ctx.bus, userIds).catch((err: unknown) => this.ctx.log.warn({ err }, 'requireSync publish failed'));
  }
}
