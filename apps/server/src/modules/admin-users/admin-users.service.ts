import {
  USER_TYPE,
  type TAdminUser,
  type TAdminUserDetail,
  type TAdminUserList,
  type TCreateAdminUserRequest,
  type TListAdminUsersQuery,
  type TSetUserContractsRequest,
  type TUpdateAdminUserRequest,
  type TUserContracts,
  type TUserSessionList,
  type TUserStatusChange,
  MESSAGES,
} from '@strata/shared';
import type { Actor, AppContext } from '../../context.js';
import type { Executor } from '../../db/client.js';
import { badRequest, conflict, forbidden, notFound } from '../../lib/errors.js';
import { iso, isoOrNull } from '../../lib/filters.js';
import { AfterCommit } from '../../platform/after-commit.js';
import { changedFields, writeAudit } from '../../platform/audit.js';
import type { AuthService } from '../auth/auth.service.js';
import { publishRequireSync } from '../realtime/realtime.publish.js';
import type { AccountMails } from './account-mails.js';
import { adminScopeOf, type AdminScope } from './admin-scope.js';
import {
  allContractIdsOfUser,
  contractsOfUser,
  countLiveSessions,
  countOtherActiveAdmins,
  deleteUser,
  emailTaken,
  everSignedIn,
  findAdminUser,
  findContractorRow,
  findContracts,
  findRoleRow,
  findSession,
  insertUser,
  listSessions,
  listUsers,
  loginNameTaken,
  markAdminCreated,
  replaceUserContracts,
  updateUser,
  type AdminUserRow,
} from './admin-users.repository.js';
import { revokeSession, revokeUserSessions } from '../auth/auth.service.js';
import { visibleContractIds } from '../contracts/contracts.service.js';

/** What other modules use of this module's data (the user export): they reach it through this service, not the repository. */
export { countUsers, reportUsers, type UserFilters } from './admin-users.repository.js';

const toIso = (d: Date | string | null) => (d == null ? null : new Date(d).toISOString());

export function presentAdminUser(r: AdminUserRow): TAdminUser {
  const u = r.user;
  return {
    user_id: u.userId,
    login_name: u.loginName,
    fullname: u.fullname,
    email: u.email,
    user_type: u.userType,
    role_id: u.roleId,
    role_name: r.roleName,
    contractor_id: u.contractorId,
    contractor_name: r.contractorName,
    status: u.status,
    source: r.source,
    tfa_enabled: u.tfaEnabled,
    created: iso(u.createdAt),
    last_signin: toIso(r.lastSignin),
  };
}

/** Checks a user's contractor and contracts together: a Contractor user has a contractor and only its contracts. */
export async function checkAssignment(
  db: Executor,
  scope: AdminScope,
  target: { userType: number; contractorId: number | null | undefined },
  contractIds: number[],
): Promise<Record<string, string>> {
  const errors: Record<string, string> = {};
  if (target.userType === USER_TYPE.Contractor) {
    if (target.contractorId == null) errors.contractor_id = MESSAGES.contractorRequired;
    else if (!(await findContractorRow(db, target.contractorId))) errors.contractor_id = MESSAGES.contractorNotFound;
    else if (scope.contractorId !== null && scope.contractorId !== target.contractorId) errors.contractor_id = MESSAGES.contractorNotFound;
  } else if (target.contractorId != null) {
    errors.contractor_id = 'Only Contractor users have a contractor';
  }
  const wanted = [...new Set(contractIds)];
  if (wanted.length > 0) {
    const visible = new Set(await visibleContractIds(db, scope.contracts, wanted));
    const rows = (await findContracts(db, wanted)).filter((c) => visible.has(c.contractId));
    if (rows.length !== wanted.length) errors.contract_ids = 'One or more contracts were not found';
    else if (target.userType === USER_TYPE.Contractor && target.contractorId != null) {
      const foreign = rows.filter((c) => c.contractorId !== target.contractorId);
      if (foreign.length > 0)
        errors.contract_ids = `A Contractor user can only be assigned their contractor's contracts (not ${foreign.map((c) => c.no).join(', ')})`;
    }
  }
  return errors;
}

type StatusAction = 'suspend' | 'reactivate' | 'terminate';

/** User administration: the directory, registration by an administrator, status changes, resets, contracts and sessions. */
export class AdminUsersService {
  constructor(
    private readonly ctx: AppContext,
    private readonly auth: AuthService,
    private mails: AccountMails,
  ) {}

  /** Replaces the mail hook (e.g. with the accounts module's own functions). */
  setMails(mails: AccountMails): void {
    this.mails = mails;
  }

  async list(actor: Actor, q: TListAdminUsersQuery): Promise<TAdminUserList> {
    const db = this.ctx.db.orm;
    const scope = await adminScopeOf(db, actor);
    const { records, total } = await listUsers(db, scope, { ...q, keyword: q.keyword || undefined });
    return { records: records.map(presentAdminUser), total_records: total };
  }

  /** A user within the caller's directory scope, or 404. */
  private async load(actor: Actor, userId: number) {
    const db = this.ctx.db.orm;
    const scope = await adminScopeOf(db, actor);
    const row = await findAdminUser(db, scope, userId);
    if (!row) throw notFound(MESSAGES.userNotFound);
    return { row, scope };
  }

  async get(actor: Actor, userId: number): Promise<TAdminUserDetail> {
    const db = this.ctx.db.orm;
    const { row, scope } = await this.load(actor, userId);
    const [contracts, live] = await Promise.all([contractsOfUser(db, userId, scope), countLiveSessions(db, userId, this.ctx.now())]);
    return {
      ...presentAdminUser(row),
      description: row.user.description,
      contracts: contracts.map((c) => ({ contract_id: c.contractId, no: c.no, title: c.title })),
      live_sessions: live,
    };
  }

  async create(actor: Actor, body: TCreateAdminUserRequest): Promise<TAdminUserDetail> {
    const db = this.ctx.db.orm;
    const scope = await adminScopeOf(db, actor);
    if (body.user_type === USER_TYPE.AppAdmin && actor.userType !== USER_TYPE.AppAdmin)
      throw forbidden('Only an Application Admin can create Application Admins');
    const errors: Record<string, string> = {};
    if (await loginNameTaken(db, body.login_name)) errors.login_name = MESSAGES.loginNameTaken;
    if (await emailTaken(db, body.email)) errors.email = MESSAGES.emailTaken;
    if (!(await findRoleRow(db, body.role_id))) errors.role_id = MESSAGES.roleNotFound;
    Object.assign(errors, await checkAssignment(db, scope, { userType: body.user_type, contractorId: body.contractor_id ?? null }, body.contract_ids));
    if (Object.keys(errors).length > 0) throw badRequest(errors);

    const now = this.ctx.now();
    const after = new AfterCommit();
    const contractIds = [...new Set(body.contract_ids)].sort((a, b) => a - b);
    const user = await db.transaction(async (tx) => {
      const u = await insertUser(tx, {
        loginName: body.login_name,
        fullname: body.fullname,
        email: body.email,
        userType: body.user_type,
        roleId: body.role_id,
        contractorId: body.contractor_id ?? null,
        status: 'active',
        passwordHash: null,
        description: body.description ?? null,
        createdAt: now,
        updatedAt: now,
      });
      await markAdminCreated(tx, u.userId, actor.userId);
      await replaceUserContracts(tx, u.userId, contractIds);
      await writeAudit(tx, actor, {
        action: 'user.create',
        entityType: 'user',
        entityId: u.userId,
        after: {
          login_name: u.loginName,
          fullname: u.fullname,
          email: u.email,
          user_type: u.userType,
          role_id: u.roleId,
          contractor_id: u.contractorId,
          status: u.status,
          contract_ids: contractIds,
        },
      });
      await this.mails.activation(tx, u, after);
      return u;
    });
    await after.run();
    return this.get(actor, user.userId);
  }

  async update(actor: Actor, userId: number, body: TUpdateAdminUserRequest): Promise<TAdminUserDetail> {
    const db = this.ctx.db.orm;
    const { row, scope } = await this.load(actor, userId);
    const u = row.user;
    const next = {
      fullname: body.fullname ?? u.fullname,
      email: body.email ?? u.email,
      user_type: body.user_type ?? u.userType,
      role_id: body.role_id ?? u.roleId,
      contractor_id: body.contractor_id === undefined ? u.contractorId : body.contractor_id,
      description: body.description === undefined ? u.description : body.description,
    };
    const errors: Record<string, string> = {};
    if (userId === actor.userId) {
      if (next.user_type !== u.userType) errors.user_type = 'You cannot change your own user type';
      if (next.role_id !== u.roleId) errors.role_id = 'You cannot change your own role';
    }
    if (
      next.user_type !== u.userType &&
      (next.user_type === USER_TYPE.AppAdmin || u.userType === USER_TYPE.AppAdmin) &&
      actor.userType !== USER_TYPE.AppAdmin
    ) {
      throw forbidden('Only an Application Admin can grant or remove the Application Admin type');
    }
    if (
      u.userType === USER_TYPE.AppAdmin &&
      next.user_type !== USER_TYPE.AppAdmin &&
      u.status === 'active' &&
      (await countOtherActiveAdmins(db, userId)) === 0
    ) {
      errors.user_type = 'The last active Application Admin cannot change type';
    }
    if (body.email !== undefined && body.email.toLowerCase() !== u.email.toLowerCase() && (await emailTaken(db, body.email, userId)))
      errors.email = MESSAGES.emailTaken;
    if (body.role_id !== undefined && !(await findRoleRow(db, body.role_id))) errors.role_id = MESSAGES.roleNotFound;
    const contractIds = await allContractIdsOfUser(db, userId);
    if (next.user_type !== u.userType || next.contractor_id !== u.contractorId) {
      const e = await checkAssignment(db, scope, { userType: next.user_type, contractorId: next.contractor_id }, []);
      if (e.contractor_id) errors.contractor_id = e.contractor_id;
      else if (next.user_type === USER_TYPE.Contractor) {
        const foreign = (await findContracts(db, contractIds)).filter((c) => c.contractorId !== next.contractor_id);
        if (foreign.length > 0) errors.contractor_id = `Remove the contracts of another contractor first (${foreign.map((c) => c.no).join(', ')})`;
      }
    }
    if (Object.keys(errors).length > 0) throw badRequest(errors);

    const before = {
      fullname: u.fullname,
      email: u.email,
      user_type: u.userType,
      role_id: u.roleId,
      contractor_id: u.contractorId,
      description: u.description,
    };
    const diff = changedFields(before, next);
    if (Object.keys(diff.after).length > 0) {
      await db.transaction(async (tx) => {
        await updateUser(tx, userId, {
          fullname: next.fullname,
          email: next.email,
          userType: next.user_type,
          roleId: next.role_id,
          contractorId: next.contractor_id,
          description: next.description,
          updatedAt: this.ctx.now(),
        });
        await writeAudit(tx, actor, { action: 'user.update', entityType: 'user', entityId: userId, ...diff });
      });
      this.auth.sessions.forgetUsers([userId]);
      if ('role_id' in diff.after || 'user_type' in diff.after || 'contractor_id' in diff.after) await this.requireSync([userId]);
    }
    return this.get(actor, userId);
  }

  async changeStatus(actor: Actor, userId: number, action: StatusAction): Promise<TUserStatusChange> {
    const db = this.ctx.db.orm;
    const { row } = await this.load(actor, userId);
    const u = row.user;
    if (userId === actor.userId) throw conflict(`You cannot ${action} your own account`);
    const allowed: Record<StatusAction, string[]> = { suspend: ['active'], reactivate: ['suspended'], terminate: ['active', 'suspended', 'pending'] };
    if (!allowed[action].includes(u.status)) throw conflict(`A ${u.status} user cannot be ${action === 'reactivate' ? 'reactivated' : `${action}ed`}`);
    if (action !== 'reactivate' && u.userType === USER_TYPE.AppAdmin && u.status === 'active' && (await countOtherActiveAdmins(db, userId)) === 0) {
      throw conflict(`The last active Application Admin cannot be ${action}ed`);
    }
    if (u.userType === USER_TYPE.AppAdmin && actor.userType !== USER_TYPE.AppAdmin)
      throw forbidden('Only an Application Admin can change an Application Admin');
    const status = action === 'reactivate' ? 'active' : action === 'suspend' ? 'suspended' : 'terminated';
    const now = this.ctx.now();
    const ended = await db.transaction(async (tx) => {
      await updateUser(tx, userId, { status, updatedAt: now });
      const ids = action === 'reactivate' ? [] : await revokeUserSessions(tx, userId, now);
      await writeAudit(tx, actor, {
        action: `user.${action}`,
        entityType: 'user',
        entityId: userId,
        before: { status: u.status },
        after: { status, ended_sessions: ids.length },
      });
      return ids;
    });
    this.auth.sessions.forgetUsers([userId]);
    await this.auth.publishSessionsEnded(ended).catch((err: unknown) => this.ctx.log.warn({ err }, 'sessions-ended publish failed'));
    return { user_id: userId, status, ended_sessions: ended.length };
  }

  /** Reset User: two-factor off, every session ended, a password-reset mail sent. */
  async reset(actor: Actor, userId: number): Promise<TUserStatusChange> {
    const db = this.ctx.db.orm;
    const { row } = await this.load(actor, userId);
    const u = row.user;
    if (u.userType === USER_TYPE.AppAdmin && actor.userType !== USER_TYPE.AppAdmin) throw forbidden('Only an Application Admin can reset an Application Admin');
    const now = this.ctx.now();
    const after = new AfterCommit();
    const ended = await db.transaction(async (tx) => {
      await updateUser(tx, userId, { tfaEnabled: false, tfaSecret: null, tfaPendingSecret: null, tfaLastStep: null, updatedAt: now });
      const ids = await revokeUserSessions(tx, userId, now);
      await writeAudit(tx, actor, {
        action: 'user.reset',
        entityType: 'user',
        entityId: userId,
        before: { tfa_enabled: u.tfaEnabled },
        after: { tfa_enabled: false, ended_sessions: ids.length, reset_mail: u.status === 'active' },
      });
      if (u.status === 'active') await this.mails.passwordReset(tx, u, after);
      return ids;
    });
    await after.run();
    await this.auth.publishSessionsEnded(ended).catch((err: unknown) => this.ctx.log.warn({ err }, 'sessions-ended publish failed'));
    return { user_id: userId, status: u.status, ended_sessions: ended.length };
  }

  async contracts(actor: Actor, userId: number): Promise<TUserContracts> {
    const { scope } = await this.load(actor, userId);
    const rows = await contractsOfUser(this.ctx.db.orm, userId, scope);
    return {
      user_id: userId,
      contract_ids: rows.map((c) => c.contractId),
      contracts: rows.map((c) => ({ contract_id: c.contractId, no: c.no, title: c.title, contractor_id: c.contractorId })),
    };
  }

  /**
   * Replaces the user's contracts within what the caller can see: contracts outside the caller's scope that the
   * user holds are kept. A Contractor user only gets their contractor's contracts (400 otherwise).
   */
  async setContracts(actor: Actor, userId: number, body: TSetUserContractsRequest): Promise<TUserContracts> {
    const db = this.ctx.db.orm;
    const { row, scope } = await this.load(actor, userId);
    const wanted = [...new Set(body.contract_ids)].sort((a, b) => a - b);
    const errors = await checkAssignment(db, scope, { userType: row.user.userType, contractorId: row.user.contractorId }, wanted);
    if (errors.contract_ids) throw badRequest({ contract_ids: errors.contract_ids });
    const before = await allContractIdsOfUser(db, userId);
    const visibleBefore = new Set(await visibleContractIds(db, scope.contracts, before));
    const next = [...new Set([...before.filter((id) => !visibleBefore.has(id)), ...wanted])].sort((a, b) => a - b);
    const diff = changedFields({ contract_ids: before }, { contract_ids: next });
    if (Object.keys(diff.after).length > 0) {
      await db.transaction(async (tx) => {
        await replaceUserContracts(tx, userId, next);
        await writeAudit(tx, actor, { action: 'user.contracts', entityType: 'user', entityId: userId, ...diff });
      });
      await this.requireSync([userId]);
    }
    return this.contracts(actor, userId);
  }

  async sessions(actor: Actor, userId: number, page: { limit: number; skip: number }): Promise<TUserSessionList> {
    await this.load(actor, userId);
    const { records, total } = await listSessions(this.ctx.db.orm, userId, page);
    const now = this.ctx.now();
    return {
      records: records.map((s) => ({
        session_id: s.sessionId,
        created: iso(s.createdAt),
        last_seen: iso(s.lastSeenAt),
        expires: iso(s.expiresAt),
        revoked: isoOrNull(s.revokedAt),
        live: !s.revokedAt && s.expiresAt > now,
        client_address: s.clientAddress,
        user_agent: s.userAgent,
      })),
      total_records: total,
    };
  }

  async endSession(actor: Actor, userId: number, sessionId: number): Promise<{ ok: true }> {
    const db = this.ctx.db.orm;
    await this.load(actor, userId);
    const s = await findSession(db, userId, sessionId);
    if (!s) throw notFound('Session not found');
    if (!s.revokedAt) {
      await db.transaction(async (tx) => {
        await revokeSession(tx, sessionId, this.ctx.now());
        await writeAudit(tx, actor, { action: 'user.session.end', entityType: 'session', entityId: sessionId, after: { user_id: userId } });
      });
      await this.auth.publishSessionsEnded([sessionId]).catch((err: unknown) => this.ctx.log.warn({ err }, 'sessions-ended publish failed'));
    }
    return { ok: true };
  }

  /** Deletes a user who never signed in; anyone else is terminated instead (409). Audit rows stay. */
  async remove(actor: Actor, userId: number): Promise<{ ok: true }> {
    const db = this.ctx.db.orm;
    const { row } = await this.load(actor, userId);
    if (userId === actor.userId) throw conflict('You cannot delete your own account');
    if (row.user.userType === USER_TYPE.AppAdmin && actor.userType !== USER_TYPE.AppAdmin)
      throw forbidden('Only an Application Admin can delete an Application Admin');
    if (await everSignedIn(db, userId)) throw conflict('This user has signed in before: terminate the account instead');
    const u = row.user;
    await db.transaction(async (tx) => {
      await deleteUser(tx, userId);
      await writeAudit(tx, actor, {
        action: 'user.delete',
        entityType: 'user',
        entityId: userId,
        before: {
          login_name: u.loginName,
          fullname: u.fullname,
          email: u.email,
          user_type: u.userType,
          role_id: u.roleId,
          contractor_id: u.contractorId,
          status: u.status,
        },
      });
    });
    return { ok: true };
  }

  private async requireSync(userIds: number[]): Promise<void> {
    await publishRequireSync(this.ctx.bus, userIds).catch((err: unknown) => this.ctx.log.warn({ err }, 'requireSync publish failed'));
  }
}
