import { MESSAGES, messageText, type MessageText } from './messages.js';

/**
 * The password rules (OWASP ASVS 5, V6.2) that need no dictionary, shared by the server and the forms so a refusal
 * is explained in words before the request is sent. The server adds the common-password check (its list is
 * server-only) and always decides.
 *
 * - at least `minLength` characters (the `password_min_length` setting, 8 by default), counted as Unicode code
 *   points, at most 128; spaces and every character are allowed, nothing is trimmed or truncated;
 * - no composition rules (no "one digit, one capital");
 * - not equal to and not containing the login name, nor the e-mail address or its local part.
 */
export const PASSWORD_MAX_LENGTH = 128;
export const PASSWORD_DEFAULT_MIN_LENGTH = 8;

/** The rules' sentences: texts of the shared catalogue, so the web says a refusal in the reader's language. */
export const PASSWORD_MESSAGES = {
  tooShort: (min: number) => messageText('passwordTooShort', { min }),
  tooLong: messageText('passwordTooLong', { max: PASSWORD_MAX_LENGTH }),
  containsLoginName: MESSAGES.passwordContainsLoginName,
  containsEmail: MESSAGES.passwordContainsEmail,
  tooCommon: MESSAGES.passwordTooCommon,
  sameAsCurrent: MESSAGES.passwordSameAsCurrent,
} as const;

export interface PasswordContext {
  minLength?: number | undefined;
  loginName?: string | null | undefined;
  email?: string | null | undefined;
}

/** The first rule the password breaks, in words; undefined when it passes these rules. */
export function checkPassword(password: string, context: PasswordContext = {}): MessageText | undefined {
  const min = Math.max(1, context.minLength ?? PASSWORD_DEFAULT_MIN_LENGTH);
  const length = [...password].length;
  if (length < min) return PASSWORD_MESSAGES.tooShort(min);
  if (length > PASSWORD_MAX_LENGTH) return PASSWORD_MESSAGES.tooLong;
  const lower = password.toLowerCase();
  const login = context.loginName?.trim().toLowerCase();
  if (login && login.length >= 3 && lower.includes(login)) return PASSWORD_MESSAGES.containsLoginName;
  const email = context.email?.trim().toLowerCase();
  if (email) {
    const local = email.split('@')[0] ?? '';
    if (lower.includes(email) || (local.length >= 4 && lower.includes(local))) return PASSWORD_MESSAGES.containsEmail;
  }
  return undefined;
}
