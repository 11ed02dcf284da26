import { matchMessage } from '@strata/shared';
import type { z } from 'zod';

/**
 * The web's one zod error map (docs/decisions/029-form-messages.md): a zod 4 issue becomes an i18n key of
 * `validation.*` with its parameters, carried through react-hook-form as one string, `key{"param":value}`, which
 * `translateMessage` turns into the reader's language.
 */

/** An issue as the error map sees it (raw, in a parse) or as a failed parse reports it (final, with its input). */
type Issue = z.core.$ZodRawIssue | (z.core.$ZodIssue & { input?: unknown });

export type MessageParams = Record<string, string | number>;

/** A message key with its parameters, as one string: `validation.stringTooLong{"maximum":100}`. */
export function encodeMessage(key: string, params?: MessageParams): string {
  return params && Object.keys(params).length > 0 ? `${key}${JSON.stringify(params)}` : key;
}

const ENCODED = /^([A-Za-z][\w.]*)(\{.*\})$/;

/** The key and parameters of an encoded message, or null for any other text. */
export function decodeMessage(text: string): { key: string; params: MessageParams } | null {
  const match = ENCODED.exec(text);
  if (!match) return null;
  try {
    const params: unknown = JSON.parse(match[2]!);
    if (typeof params !== 'object' || params === null || Array.isArray(params)) return null;
    return { key: match[1]!, params: params as MessageParams };
  } catch {
    return null;
  }
}

const bound = (value: number | bigint) => (typeof value === 'bigint' ? Number(value) : value);

/** The `validation.*` message of an issue, whatever message the schema gave it. */
export function zodIssueMessage(issue: Issue): string {
  switch (issue.code) {
    case 'invalid_type':
      if (issue.input === undefined || issue.input === null || issue.input === '') return 'validation.required';
      if (issue.expected === 'number') return 'validation.number';
      if (issue.expected === 'int') return 'validation.integer';
      return 'validation.invalid';
    case 'too_small': {
      const minimum = bound(issue.minimum);
      if (issue.origin === 'string') {
        return minimum === 1 && issue.inclusive !== false ? 'validation.required' : encodeMessage('validation.stringTooShort', { minimum });
      }
      if (issue.origin === 'array' || issue.origin === 'set') return encodeMessage('validation.arrayTooShort', { minimum });
      if (issue.origin === 'number' || issue.origin === 'int' || issue.origin === 'bigint') {
        return encodeMessage(issue.inclusive === false ? 'validation.numberTooSmallExclusive' : 'validation.numberTooSmall', { minimum });
      }
      return 'validation.invalid';
    }
    case 'too_big': {
      const maximum = bound(issue.maximum);
      if (issue.origin === 'string') return encodeMessage('validation.stringTooLong', { maximum });
      if (issue.origin === 'array' || issue.origin === 'set') return encodeMessage('validation.arrayTooLong', { maximum });
      if (issue.origin === 'number' || issue.origin === 'int' || issue.origin === 'bigint') {
        return encodeMessage(issue.inclusive === false ? 'validation.numberTooBigExclusive' : 'validation.numberTooBig', { maximum });
      }
      return 'validation.invalid';
    }
    case 'invalid_format':
      if (issue.format === 'email') return 'validation.email';
      if (issue.format === 'url') return 'validation.url';
      if (issue.format === 'date') return 'validation.date';
      return 'validation.format';
    case 'invalid_value':
    case 'invalid_union':
      return 'validation.choice';
    default:
      return 'validation.invalid';
  }
}

/**
 * The message a form shows for a failed parse's issue. A message the form's schema wrote as an i18n key (`isKey`), or
 * a text of the shared catalogue, stays; a custom rule's own words stay (a shared refinement's sentence); any other
 * message of a built-in check (the English a shared schema gives the server) becomes the error map's.
 */
export function formIssueMessage(issue: z.core.$ZodIssue & { input?: unknown }, isKey: (text: string) => boolean): string {
  const { message } = issue;
  if (isKey(message) || decodeMessage(message) || matchMessage(message)) return message;
  if (issue.code === 'custom') return message;
  return zodIssueMessage(issue);
}
