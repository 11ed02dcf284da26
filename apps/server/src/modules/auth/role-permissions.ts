import type { AppContext } from '../../context.js';
import { permissionCodesOfRole } from '../users/users.service.js';

/** Bus channel: a role's permissions changed (or the role went); every instance drops what it cached of that role. */
export const ROLES_CHANNEL = 'roles';

export interface RolesChangedEvent {
  /** The role whose permissions changed; absent: every role. */
  role_id?: number;
}

/** The permissions of no role, and of a session whose second sign-in step is still due. */
export const NO_PERMISSIONS: ReadonlySet<string> = new Set();

/**
 * The permission codes of each role, cached per instance (one query less on every authenticated request). The roles service
 * calls `changed(roleId)` after committing a change of a role's permissions: this instance drops the role at once —
 * the next request reads the new rights — and the other instances through the bus (`ROLES_CHANNEL`), within the
 * bus's delivery time. A load under way when the role is dropped is not kept (it may have read the old rights), nor
 * anything while the bus may be missing messages (`Bus.onReset`).
 */
export class RolePermissionsCache {
  private readonly entries = new Map<number, Promise<ReadonlySet<string>>>();
  /** False while the bus may be missing messages (its connection dropped): nothing is kept meanwhile. */
  private connected = true;

  constructor(private readonly ctx: AppContext) {}

  async start(): Promise<void> {
    this.ctx.bus.onReset((state) => {
      this.connected = state === 'restored';
      this.invalidate();
    });
    await this.ctx.bus.subscribe<RolesChangedEvent>(ROLES_CHANNEL, (event) => this.invalidate(event?.role_id));
  }

  /** Drops one role (or every role). */
  invalidate(roleId?: number): void {
    if (roleId === undefined) this.entries.clear();
    else this.entries.delete(roleId);
  }

  /** The role's permission codes (none without a role). Concurrent first requests share one query. */
  get(roleId: number | null): Promise<ReadonlySet<string>> {
    if (roleId === null) return Promise.resolve(NO_PERMISSIONS);
    const hit = this.entries.get(roleId);
    if (hit) return hit;
    const load = permissionCodesOfRole(this.ctx.db.orm, roleId).then((codes): ReadonlySet<string> => new Set(codes));
    if (!this.connected) return load;
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
