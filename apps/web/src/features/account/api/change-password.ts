import { ZOk, type TChangePasswordRequest } from '@strata/shared';
import { apiRequest } from '../../../lib/api-client';
import { pendingSessionPost, type PendingSession } from './pending-session';

/** POST /account/change-password; every other session of the user ends. The caller shows failures in the form. */
export async function changePassword(body: TChangePasswordRequest): Promise<void> {
  await apiRequest('/account/change-password', { method: 'POST', json: body, schema: ZOk, emitHttpError: false });
}

/** The same, for a sign-in whose password expired (the session is not stored yet). */
export async function changeExpiredPassword(session: PendingSession, body: TChangePasswordRequest): Promise<void> {
  await pendingSessionPost(session, '/account/change-password', body, ZOk);
}
