import { ApiError } from '../../../lib/api-client';
import { i18n, translateMessage } from '../../../lib/i18n';

/** What to tell the user about a failed call: the server's message (in their language when known). */
export function errorText(error: unknown): string {
  if (error instanceof ApiError) return translateMessage(error.message);
  if (error instanceof Error && error.message) return error.message;
  return i18n.t('contractsAdmin.common.unknownError');
}
