import { checkPassword, PASSWORD_DEFAULT_MIN_LENGTH, type PasswordContext } from '@strata/shared';
import type { z } from 'zod';
import { i18n } from '../../lib/i18n';

/** The rules in one sentence, under the new-password field. */
export function passwordRulesHint(minLength: number | undefined): string {
  return i18n.t('password.hint', { min: minLength ?? PASSWORD_DEFAULT_MIN_LENGTH });
}

/**
 * Checks a new password and its confirmation inside a zod `superRefine`: the shared password policy (`checkPassword`;
 * the server adds the common-password check and decides), its refusal a text of the shared catalogue that the field
 * says in the reader's language; then the confirmation.
 */
export function refineNewPassword(
  values: { password: string; confirm: string },
  ctx: z.RefinementCtx,
  paths: { password: string; confirm: string },
  context: PasswordContext,
): void {
  const refusal = checkPassword(values.password, context);
  if (refusal) ctx.addIssue({ code: 'custom', path: [paths.password], message: refusal });
  if (values.confirm !== values.password) {
    ctx.addIssue({ code: 'custom', path: [paths.confirm], message: 'password.mismatch' });
  }
}
