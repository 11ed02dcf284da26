import { CSRF_HEADER } from '@strata/shared';
import { apiFailure, apiUrl, noteResponse, parseBody, type ResponseSchema } from '../../../lib/api-client';

/**
 * A session `/auth` opened that is not the stored credential yet: two-factor still to pass, or an expired password
 * still to change. Its token stays in memory until sign-in completes, so a reload or another tab never sees a
 * half-open session.
 */
export interface PendingSession {
  token: string;
  /** The CSRF token `/auth` answered for this session. */
  csrfToken: string | null;
}

/**
 * A POST with the pending session's bearer and CSRF token. Failures follow the shell's rules except that they
 * neither end the stored session (there is none yet) nor show as the screen's error alert: the form shows them.
 */
export async function pendingSessionPost<T>(session: PendingSession, path: string, json: unknown, schema: ResponseSchema<T>): Promise<T> {
  const url = apiUrl(path);
  const headers = new Headers({ Accept: 'application/json', 'Content-Type': 'application/json' });
  headers.set('Authorization', `Bearer ${session.token}`);
  if (session.csrfToken) headers.set(CSRF_HEADER, session.csrfToken);
  const call = { method: 'POST' as const, path, url, token: session.token, redirectOnUnauthorized: false, emitHttpError: false };
  let response: Response;
  try {
    response = await fetch(url, { method: 'POST', headers, body: JSON.stringify(json), credentials: 'same-origin' });
  } catch {
    throw apiFailure(0, undefined, call);
  }
  noteResponse(response.ok, null);
  const data = parseBody(await response.text(), response.headers.get('content-type'));
  if (response.ok) return schema.parse(data);
  throw apiFailure(response.status, data, call);
}
