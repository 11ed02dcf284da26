import { dictionary } from '@zxcvbn-ts/language-common';
import { checkPassword, PASSWORD_MESSAGES, type PasswordContext } from '@strata/shared';

let common: Set<string> | undefined;

/** True when the password is in the list of common passwords shipped with the project (zxcvbn-ts, ~49,000), case-insensitively. */
export function isCommonPassword(password: string): boolean {
  common ??= new Set(dictionary['passwords-common'].map((p) => p.toLowerCase()));
  return common.has(password.toLowerCase());
}

/**
 * The server's password rules: the shared ones (length 8–128 by the setting, not the login name or e-mail) and the
 * common-password list, which is server-only. The first refusal in words, or undefined.
 */
export function passwordProblem(password: string, context: PasswordContext): string | undefined {
  return checkPassword(password, context) ?? (isCommonPassword(password) ? PASSWORD_MESSAGES.tooCommon : undefined);
}
