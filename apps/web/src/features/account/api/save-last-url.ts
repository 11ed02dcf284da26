import { apiRequest } from '../../../lib/api-client';

/** POST /last-url: where the user was, so the next sign-in can return there. */
export async function saveLastUrl(url: string): Promise<void> {
  await apiRequest('/last-url', { method: 'POST', json: { url } });
}
