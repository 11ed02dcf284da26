import { ZRegisterResponse, type TRegisterRequest, type TRegisterResponse } from '@strata/shared';
import { apiRequest } from '../../../lib/api-client';

/** POST /account/register (no auth): the request waits for an administrator's approval. */
export function register(body: TRegisterRequest): Promise<TRegisterResponse> {
  return apiRequest('/account/register', { method: 'POST', json: body, schema: ZRegisterResponse, emitHttpError: false });
}
