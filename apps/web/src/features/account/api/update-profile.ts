import { ZOk, type TUpdateProfileRequest } from '@strata/shared';
import { apiRequest } from '../../../lib/api-client';

/** PUT /account/profile: full name and description (login name and user type are read-only). */
export async function updateProfile(body: TUpdateProfileRequest): Promise<void> {
  await apiRequest('/account/profile', { method: 'PUT', json: body, schema: ZOk, emitHttpError: false });
}
