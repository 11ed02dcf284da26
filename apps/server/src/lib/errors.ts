import { MESSAGES, type MessageText, type TFieldErrors } from '@strata/shared';

/**
 * An error with an HTTP status and a body in the spec's client contract:
 * a string (a general message, shown as an alert) or an object of field name -> message (fills the form fields).
 */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    readonly body: string | TFieldErrors,
    readonly headers: Record<string, string> = {},
  ) {
    super(typeof body === 'string' ? body : Object.values(body).join('; '));
  }
}

/**
 * Field errors a service raises on purpose: field name -> a sentence of the shared catalogue (`MESSAGES`, a template
 * filled by `messageText`), which the web says in the reader's language (docs/decisions/029-form-messages.md).
 */
export type FieldMessages = Record<string, MessageText>;

export const badRequest = (body: string | TFieldErrors) => new HttpError(400, body);
export const unauthorized = (message: string = MESSAGES.unauthorized) => new HttpError(401, message);
export const forbidden = (message: string = MESSAGES.forbidden) => new HttpError(403, message);
export const notFound = (message = 'Not found') => new HttpError(404, message);
export const conflict = (body: string | TFieldErrors) => new HttpError(409, body);
export const tooManyRequests = (retryAfterSeconds?: number) =>
  new HttpError(429, MESSAGES.rateLimited, retryAfterSeconds ? { 'retry-after': String(retryAfterSeconds) } : {});

/**
 * A failed zod parse as the field-error body (400): each path's first message, as the schema wrote it (the shared
 * schemas' checks, which the web forms run before sending).
 */
export function invalidFields(issues: readonly { path: readonly PropertyKey[]; message: string }[]): HttpError {
  const errors: TFieldErrors = {};
  for (const issue of issues) errors[issue.path.map(String).join('.') || 'body'] ??= issue.message;
  return new HttpError(400, errors);
}
