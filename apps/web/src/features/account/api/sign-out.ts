import { apiRequest } from '../../../lib/api-client';

/** POST /signout. Its 401 (an already expired session) must not start the 401 redirect. */
export async function signOut(): Promise<void> {
  await apiRequest('/signout', { method: 'POST', redirectOnUnauthorized: false });
}
