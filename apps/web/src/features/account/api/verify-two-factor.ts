import { ZTfaVerifyResponse, type TTfaVerifyResponse } from '@strata/shared';
import { pendingSessionPost, type PendingSession } from './pending-session';

/** POST /auth/tfa: the second sign-in step, with the session `/auth` answered (a 6-digit code or a recovery code). */
export function verifyTwoFactor(session: PendingSession, code: string): Promise<TTfaVerifyResponse> {
  return pendingSessionPost(session, '/auth/tfa', { code: code.trim() }, ZTfaVerifyResponse);
}
