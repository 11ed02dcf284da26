import {
  MESSAGES,
  USER_TYPE,
  type TActivateResponse,
  type TApproveUserRequest,
  type TKeywordPageQuery,
  type TPendingUserList,
  type TRegisterContractors,
  type TRegisterRequest,
  type TRegisterResponse,
  type TUserStatusResponse,
} from '@strata/shared';
import type { Actor, AppContext } from '../../context.js';
import type { Executor } from '../../db/client.js';
import { badRequest, conflict, notFound } from '../../lib/errors.js';
import { AfterCommit } from '../../platform/after-commit.js';
import { writeAudit } from '../../platform/audit.js';
import type { Mailer } from '../../platform/mail.js';
import { activationMail, rejectionMail } from '../account/account-mails.js';
import { throttleCheck, throttleHit, type ThrottleRule } from '../account/throttle.js';
import { approvePendingUser, deletePendingUser, listContractorChoices, listPendingUsers } from './registration.repository.js';
import {
  consumeAccountToken,
  findUsableAccountToken,
  issueAccountToken,
  findContractorName,
  findUserByEmail,
  findUserById,
  findUserByLoginName,
  insertUser,
  roleExists,
  type UserRow,
} from '../users/users.service.js';

/** Registration requests: 5 per client address per hour (every attempt counts, so the form cannot probe names fast). */
export const REGISTER_RULE: ThrottleRule = { bucket: 'register', windowMs: 3_600_000, perKey: 5, perAddress: 5 };

const isUniqueViolation = (err: unknown) => (err as { code?: string } | null)?.code === '23505';

/**
 * Accounts from request to first sign-in:
 *
 *   register ──> pending ──approve──> active, no password ──activate──> (setup token) ──setup-password──> active
 *                   └──reject──> deleted (row removed; the audit row keeps who, what and why)
 *
 * An active user without a password cannot sign in (the password check fails like any wrong password). If the
 * activation link expires, "forgot password" mails a link that sets the first password.
 */
export class RegistrationService {
  constructor(
    private readonly ctx: AppContext,
    private readonly mailer: Mailer,
  ) {}

  /** POST /account/register: a `pending` user, no password, no role; audited. */
  /** What the registration form offers as contractors: id and name only. */
  async contractorChoices(): Promise<TRegisterContractors> {
    return { records: await listContractorChoices(this.ctx.db.orm) };
  }

  async register(body: TRegisterRequest, clientAddress: string): Promise<TRegisterResponse> {
    const db = this.ctx.db.orm;
    const now = this.ctx.now();
    await throttleCheck(db, REGISTER_RULE, clientAddress, clientAddress, now);
    await throttleHit(db, REGISTER_RULE, clientAddress, clientAddress, now);

    const loginName = body.login_name;
    const contractorId = body.user_type === USER_TYPE.Contractor ? (body.contractor_id ?? null) : null;
    const errors: Record<string, string> = {};
    if (await findUserByLoginName(db, loginName)) errors.login_name = MESSAGES.loginNameTaken;
    if (await findUserByEmail(db, body.email)) errors.email = MESSAGES.emailTaken;
    if (contractorId !== null && (await findContractorName(db, contractorId)) === undefined) errors.contractor_id = MESSAGES.contractorNotFound;
    if (Object.keys(errors).length > 0) throw badRequest(errors);

    try {
      await db.transaction(async (tx) => {
        const user = await insertUser(tx, {
          loginName,
          fullname: body.fullname,
          email: body.email,
          userType: body.user_type,
          contractorId,
          status: 'pending',
          registrationNote: body.note || null,
          createdAt: now,
          updatedAt: now,
        });
        await writeAudit(
          tx,
          { userId: user.userId, loginName, clientAddress },
          {
            action: 'account.register',
            entityType: 'user',
            entityId: user.userId,
            after: {
              login_name: loginName,
              fullname: body.fullname,
              email: body.email,
              user_type: body.user_type,
              contractor_id: contractorId,
              status: 'pending',
            },
          },
        );
      });
    } catch (err) {
      if (isUniqueViolation(err)) throw badRequest({ login_name: MESSAGES.loginNameTaken });
      throw err;
    }
    return { status: 'pending', message: MESSAGES.registered };
  }

  async listPending(page: TKeywordPageQuery): Promise<TPendingUserList> {
    const { records, total } = await listPendingUsers(this.ctx.db.orm, page);
    return {
      records: records.map(({ user, contractorName }) => ({
        user_id: user.userId,
        login_name: user.loginName,
        fullname: user.fullname,
        email: user.email,
        user_type: user.userType,
        contractor_id: user.contractorId,
        contractor_name: contractorName,
        note: user.registrationNote,
        created: user.createdAt.toISOString(),
      })),
      total_records: total,
    };
  }

  /** Approves a pending user: status `active` (optionally a role), and mails an activation link (24 h). */
  async approve(actor: Actor, userId: number, body: TApproveUserRequest): Promise<TUserStatusResponse> {
    const db = this.ctx.db.orm;
    const user = await this.pendingUser(userId);
    const roleId = body.role_id ?? user.roleId;
    if (roleId != null && !(await roleExists(db, roleId))) throw badRequest({ role_id: MESSAGES.roleNotFound });
    const now = this.ctx.now();
    const after = new AfterCommit();
    await db.transaction(async (tx) => {
      const approved = await approvePendingUser(tx, userId, { roleId, at: now });
      if (!approved) throw conflict(MESSAGES.userNotPending);
      await this.queueActivation(tx, after, approved);
      await writeAudit(tx, actor, {
        action: 'users.approve',
        entityType: 'user',
        entityId: userId,
        before: { status: 'pending', role_id: user.roleId },
        after: { status: 'active', role_id: roleId },
      });
    });
    await after.run();
    return { user_id: userId, status: 'active' };
  }

  /**
   * Rejects a pending user: the row is deleted (the login name and e-mail address are free for a corrected request),
   * the reason is mailed, and the audit row keeps the request and the reason.
   */
  async reject(actor: Actor, userId: number, reason: string): Promise<TUserStatusResponse> {
    const db = this.ctx.db.orm;
    const user = await this.pendingUser(userId);
    const after = new AfterCommit();
    await db.transaction(async (tx) => {
      if (!(await deletePendingUser(tx, userId))) throw conflict(MESSAGES.userNotPending);
      await this.mailer.enqueue(tx, rejectionMail(this.ctx.config, user, reason), after);
      await writeAudit(tx, actor, {
        action: 'users.reject',
        entityType: 'user',
        entityId: userId,
        before: {
          login_name: user.loginName,
          fullname: user.fullname,
          email: user.email,
          user_type: user.userType,
          contractor_id: user.contractorId,
          status: 'pending',
        },
        after: { status: 'deleted', reason },
      });
    });
    await after.run();
    return { user_id: userId, status: 'deleted' };
  }

  /**
   * Issues an activation token (24 h; earlier ones stop working) and writes the activation mail in the caller's
   * transaction; the mail goes out after commit (`after.run()`). For any active user without a password: an approved
   * registration here, a user created by an administrator elsewhere.
   */
  async queueActivation(tx: Executor, after: AfterCommit, user: Pick<UserRow, 'userId' | 'loginName' | 'fullname' | 'email'>): Promise<void> {
    const { token } = await issueAccountToken(tx, user.userId, 'activation', this.ctx.now());
    await this.mailer.enqueue(tx, activationMail(this.ctx.config, user, token), after);
  }

  /**
   * POST /account/activate: uses the activation token once and answers a setup token (24 h) for /setup-password.
   * Only for an approved (active) account that has no password yet.
   */
  async activate(token: string, clientAddress: string): Promise<TActivateResponse> {
    const db = this.ctx.db.orm;
    const now = this.ctx.now();
    const userId = await findUsableAccountToken(db, token, 'activation', now);
    const user = userId === undefined ? undefined : await findUserById(db, userId);
    if (!user || user.status !== 'active' || user.passwordHash != null) throw badRequest(MESSAGES.invalidLink);
    const setup = await db.transaction(async (tx) => {
      if ((await consumeAccountToken(tx, token, 'activation', now)) !== user.userId) throw badRequest(MESSAGES.invalidLink);
      const issued = await issueAccountToken(tx, user.userId, 'setup', now);
      await writeAudit(
        tx,
        { userId: user.userId, loginName: user.loginName, clientAddress },
        {
          action: 'account.activate',
          entityType: 'user',
          entityId: user.userId,
        },
      );
      return issued;
    });
    return { setup_token: setup.token, login_name: user.loginName, expires_at: setup.expiresAt.toISOString() };
  }

  private async pendingUser(userId: number) {
    const user = await findUserById(this.ctx.db.orm, userId);
    if (!user) throw notFound(MESSAGES.userNotFound);
    if (user.status !== 'pending') throw conflict(MESSAGES.userNotPending);
    return user;
  }
}
