import { ApiError } from '../../../lib/api-client';

/** A 404 of an API answer (an unknown id, or one outside the caller's contracts). */
export function isNotFound(error: unknown): boolean {
  return error instanceof ApiError && error.status === 404;
}
