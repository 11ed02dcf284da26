import { ZSetPasswordResponse, type TSetPasswordResponse } from '@strata/shared';
import { apiRequest } from '../../../lib/api-client';

/** POST /account/reset-password (no auth): a new password with a mailed reset token; every session of the user ends. */
export function resetPassword(token: string, password: string): Promise<TSetPasswordResponse> {
  return apiRequest('/account/reset-password', {
    method: 'POST',
    json: { token, password },
    schema: ZSetPasswordResponse,
    emitHttpError: false,
  });
}
