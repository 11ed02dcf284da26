import type { AppContext } from '../../context.js';
import { permissionCodesOfRole } from '../users/users.repository.js';

/** Bus channel: a role's permissions changed (or the role went); every instance drops what it cached of that role. */
export const ROLES_CHANNEL = 'roles';

export interface RolesChangedEvent {
  /** The role whose permissions changed; absent: every role. */
  role_id?: number;
}

/**
 * The permission codes of each role, cached per instance (one query less on every authenticated request; the session
 * itself is still looked up on every request, so sign-out and revocation take effect at once). The roles service
 * calls `changed(roleId)` after committing a change of a role's permissions: this instance drops the role at once —
 * the next request reads the new rights — and the other instances through the bus (`ROLES_CHANNEL`), within the
 * bus's delivery time. A load under way when the role is dropped is not kept (it may have read the old rights).
 */
export class RolePermissionsCache {
  private readonly entries = new Map<number, Promise<readonly string[]>>();

  constructor(private readonly ctx: AppContext) {}

  async start(): Promise<void> {
    await this.ctx.bus.subscribe<RolesChangedEvent>(ROLES_CHANNEL, (event) => this.invalidate(event?.role_id));
  }

  /** Drops one role (or every role). */
  invalidate(roleId?: number): void {
    if (roleId === undefined) this.entries.clear();
    else this.entries.delete(roleId);
  }

  /** The role's permission codes (none without a role). Concurrent first requests share one query. */
  get(roleId: number | null): Promise<readonly string[]> {
    if (roleId === null) return Promise.resolve([]);
    const hit = this.entries.get(roleId);
    if (hit) return hit;
    const load = permissionCodesOfRole(this.ctx.db.orm, roleId);
    this.entries.set(roleId, load);
    load.catch(() => {
      if (this.entries.get(roleId) === load) this.entries.delete(roleId);
    });
    return load;
  }

  /** After a committed change of a role's permissions (or its deletion). Never throws: the change is committed. */
  async changed(roleId?: number): Promise<void> {
    this.invalidate(roleId);
    try {
      await this.ctx.bus.publish<RolesChangedEvent>(ROLES_CHANNEL, roleId === undefined ? {} : { role_id: roleId });
    } catch (err) {
      this.ctx.log.warn({ err, roleId }, 'roles change publish failed');
    }
  }
}
