import { ZOk } from '@strata/shared';
import { apiRequest } from '../../../lib/api-client';

/** POST /account/tfa/disable: two-factor off, with the password. */
export async function disableTfa(password: string): Promise<void> {
  await apiRequest('/account/tfa/disable', { method: 'POST', json: { password }, schema: ZOk, emitHttpError: false });
}
