import { ZActivateResponse, type TActivateResponse } from '@strata/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { accountKeys } from './keys';

/** POST /account/activate (no auth): uses the mailed token once and answers the token for /setup-password. */
export function activate(token: string): Promise<TActivateResponse> {
  return apiRequest('/account/activate', { method: 'POST', json: { token }, schema: ZActivateResponse, emitHttpError: false });
}

/**
 * Activation runs when the page opens; as a query it runs once per token, even when React mounts the page twice,
 * since a token works only once.
 */
export function useActivation(token: string | null) {
  return useQuery(
    queryOptions({
      queryKey: accountKeys.activation(token),
      queryFn: () => activate(token ?? ''),
      enabled: Boolean(token),
      retry: false,
      staleTime: Infinity,
      gcTime: Infinity,
    }),
  );
}
