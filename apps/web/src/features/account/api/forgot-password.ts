import { ZForgotPasswordResponse, type TForgotPasswordResponse } from '@strata/shared';
import { apiRequest } from '../../../lib/api-client';

/** POST /account/forgot-password (no auth): the same answer whether or not an account matched. */
export function forgotPassword(login: string): Promise<TForgotPasswordResponse> {
  return apiRequest('/account/forgot-password', {
    method: 'POST',
    json: { login: login.trim() },
    schema: ZForgotPasswordResponse,
    emitHttpError: false,
  });
}
