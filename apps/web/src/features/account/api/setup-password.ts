import { ZSetPasswordResponse, type TSetPasswordResponse } from '@strata/shared';
import { apiRequest } from '../../../lib/api-client';

/** POST /account/setup-password (no auth): the first password, with the setup token from activation. */
export function setupPassword(token: string, password: string): Promise<TSetPasswordResponse> {
  return apiRequest('/account/setup-password', {
    method: 'POST',
    json: { token, password },
    schema: ZSetPasswordResponse,
    emitHttpError: false,
  });
}
