import { ZTfaConfirmResponse, type TTfaConfirmResponse } from '@strata/shared';
import { apiRequest } from '../../../lib/api-client';

/** POST /account/tfa/confirm: two-factor is on; answers the one-time recovery codes (shown this once). */
export function confirmTfa(code: string): Promise<TTfaConfirmResponse> {
  return apiRequest('/account/tfa/confirm', {
    method: 'POST',
    json: { code: code.trim() },
    schema: ZTfaConfirmResponse,
    emitHttpError: false,
  });
}
