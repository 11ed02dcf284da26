import { DEFAULT_PREFERENCES, ZPreferences, type TPreferences, type TRecentPageList, type TSyncResponse } from '@strata/shared';
import type { Actor, AppContext } from '../../context.js';
import { notFound } from '../../lib/errors.js';
import { changedFields, writeAudit } from '../../platform/audit.js';
import { presentContract, scopeOf, type ContractsService, listContracts } from '../contracts/contracts.service.js';
import type { SettingsService } from '../settings/settings.service.js';
import { listRecentPages, readPreferences, recordRecentPage, writePreferences } from './account.repository.js';
import { countUnread } from '../notifications/notifications.service.js';
import { findRoleName, findUserById, setLastUrl } from '../users/users.service.js';

/** What other modules use of this module's data (sign-in (the known-client check)): they reach it through this service, not the repository. */
export { rememberClient } from './security.repository.js';

/** A signed-in user's own things: the sync payload, preferences and the last page they opened. */
export class AccountService {
  constructor(
    private readonly ctx: AppContext,
    private readonly contracts: ContractsService,
    private readonly settings: SettingsService,
  ) {}

  async sync(actor: Actor): Promise<TSyncResponse> {
    const db = this.ctx.db.orm;
    const user = await findUserById(db, actor.userId);
    if (!user) throw notFound('User not found');
    const [roleName, unread, contracts, lastFiltered, settings] = await Promise.all([
      findRoleName(db, user.roleId),
      countUnread(db, user.userId),
      listContracts(db, scopeOf(actor), { limit: 1000, skip: 0 }),
      this.contracts.lastFiltered(actor),
      this.settings.get(),
    ]);
    return {
      profile: {
        user_id: user.userId,
        login_name: user.loginName,
        fullname: user.fullname,
        email: user.email,
        user_type: user.userType,
        role_id: user.roleId,
        role_name: roleName,
        unread_notifications: unread,
        tfa_enabled: user.tfaEnabled,
        description: user.description,
        pic_uri: user.picUri,
      },
      permissions: [...actor.permissions].sort(),
      contracts: { records: contracts.records.map(presentContract), last_filtered: lastFiltered },
      tfa_config: settings.tfa_required,
    };
  }

  async preferences(actor: Actor): Promise<TPreferences> {
    const stored = await readPreferences(this.ctx.db.orm, actor.userId);
    const parsed = ZPreferences.safeParse(stored ?? {});
    return parsed.success ? parsed.data : DEFAULT_PREFERENCES;
  }

  async savePreferences(actor: Actor, prefs: TPreferences): Promise<void> {
    const before = await this.preferences(actor);
    await this.ctx.db.orm.transaction(async (tx) => {
      await writePreferences(tx, actor.userId, prefs);
      await writeAudit(tx, actor, { action: 'preferences.update', entityType: 'user', entityId: actor.userId, ...changedFields(before, prefs) });
    });
  }

  /**
   * The page a user opened last, also kept in the user's recent pages (Recents on /account/home). Not audited: it is
   * navigation, not a change of anything the user owns.
   */
  async saveLastUrl(actor: Actor, url: string): Promise<void> {
    const now = this.ctx.now();
    await this.ctx.db.orm.transaction(async (tx) => {
      await setLastUrl(tx, actor.userId, url);
      await recordRecentPage(tx, actor.userId, url, now);
    });
  }

  /** GET /account/recents: the pages the caller opened lately, newest first. */
  async recents(actor: Actor, limit: number): Promise<TRecentPageList> {
    const rows = await listRecentPages(this.ctx.db.orm, actor.userId, limit);
    return { records: rows.map((r) => ({ url: r.url, visited_at: r.visitedAt.toISOString() })) };
  }
}
