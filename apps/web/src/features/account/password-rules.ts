import { checkPassword, PASSWORD_DEFAULT_MIN_LENGTH, PASSWORD_MESSAGES, type PasswordContext } from '@strata/shared';
import type { z } from 'zod';
import { ApiError } from '../../lib/api-client';
import { i18n } from '../../lib/i18n';

const TOO_SHORT = /^Password must be at least (\d+) characters$/;

/**
 * A password refusal in the reader's language: the shared rules' English text (from `checkPassword` or the server's
 * field error, which also names common passwords) mapped to its i18n text; other text as it is.
 */
export function passwordRuleText(text: string): string {
  const short = TOO_SHORT.exec(text);
  if (short) return i18n.t('password.rule.tooShort', { min: Number(short[1]) });
  switch (text) {
    case PASSWORD_MESSAGES.tooLong:
      return i18n.t('password.rule.tooLong');
    case PASSWORD_MESSAGES.containsLoginName:
      return i18n.t('password.rule.containsLoginName');
    case PASSWORD_MESSAGES.containsEmail:
      return i18n.t('password.rule.containsEmail');
    case PASSWORD_MESSAGES.tooCommon:
      return i18n.t('password.rule.tooCommon');
    case PASSWORD_MESSAGES.sameAsCurrent:
      return i18n.t('password.rule.sameAsCurrent');
    default:
      return text;
  }
}

/** The rules in one sentence, under the new-password field. */
export function passwordRulesHint(minLength: number | undefined): string {
  return i18n.t('password.hint', { min: minLength ?? PASSWORD_DEFAULT_MIN_LENGTH });
}

/**
 * Checks a new password and its confirmation inside a zod `superRefine`: the shared rules explained in words
 * (the server adds the common-password check and decides), then the confirmation.
 */
export function refineNewPassword(
  values: { password: string; confirm: string },
  ctx: z.RefinementCtx,
  paths: { password: string; confirm: string },
  context: PasswordContext,
): void {
  const refusal = checkPassword(values.password, context);
  if (refusal) ctx.addIssue({ code: 'custom', path: [paths.password], message: passwordRuleText(refusal) });
  if (values.confirm !== values.password) {
    ctx.addIssue({ code: 'custom', path: [paths.confirm], message: i18n.t('password.mismatch') });
  }
}

/** A server refusal with its password field messages in the reader's language (the form shows it). */
export function translatePasswordError(error: unknown): unknown {
  if (!(error instanceof ApiError) || !error.fieldErrors) return error;
  const body = Object.fromEntries(Object.entries(error.fieldErrors).map(([field, text]) => [field, passwordRuleText(text)]));
  return new ApiError(error.status, body, passwordRuleText(error.message));
}
