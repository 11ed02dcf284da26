/**
 * The two mails user administration sends: activation (a user created by an administrator, who has no password
 * yet) and password reset (Reset User). `AccountMails` is the hook; `AdminUsersService` calls it inside the
 * transaction of the change and delivery happens after commit.
 *
 * The default, `outboxAccountMails`, uses the accounts module's pieces: a single-use token from `issueAccountToken`
 * (purposes `activation` and `reset`, consumed by POST /account/activate and POST /account/reset-password), the
 * accounts module's `activationMail`/`resetMail` wording, written to the outbox with a `Mailer` in the caller's
 * transaction. Pass the app's shared Mailer when there is one (`outboxAccountMails(ctx, mailer)`).
 */
import type { AppContext } from '../../context.js';
import type { Executor } from '../../db/client.js';
import type { AfterCommit } from '../../platform/after-commit.js';
import { Mailer } from '../../platform/mail.js';
import { activationMail, resetMail } from '../account/account-mails.js';
import { issueAccountToken } from '../users/users.service.js';

export interface MailUser {
  userId: number;
  loginName: string;
  fullname: string;
  email: string;
}

export interface AccountMails {
  /** Writes the activation mail (link to /activation) with `tx`; delivery is added to `after`. */
  activation(tx: Executor, user: MailUser, after: AfterCommit): Promise<void>;
  /** Writes the password-reset mail (link to /reset-password) with `tx`; delivery is added to `after`. */
  passwordReset(tx: Executor, user: MailUser, after: AfterCommit): Promise<void>;
}

export function outboxAccountMails(ctx: AppContext, mailer: Mailer = new Mailer(ctx)): AccountMails {
  return {
    async activation(tx, user, after) {
      const { token } = await issueAccountToken(tx, user.userId, 'activation', ctx.now());
      await mailer.enqueue(tx, activationMail(ctx.config, user, token), after);
    },
    async passwordReset(tx, user, after) {
      const { token } = await issueAccountToken(tx, user.userId, 'reset', ctx.now());
      await mailer.enqueue(tx, resetMail(ctx.config, { ...user, hasPassword: true }, token), after);
    },
  };
}
