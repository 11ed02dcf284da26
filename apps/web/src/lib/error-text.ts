import { ApiError } from './api-client';
import { i18n, translateMessage } from './i18n';

/** What to tell the user about a failed call: the server's message (in their language when known). */
export function errorText(error: unknown): string {
  if (error instanceof ApiError) return translateMessage(error.message);
  if (error instanceof Error && error.message) return error.message;
  return i18n.t('exportJob.unknownError');
}

/** A 404 of an API answer (an unknown or out-of-scope id). */
export function isNotFound(error: unknown): boolean {
  return error instanceof ApiError && error.status === 404;
}
