import { ZLoginResponse, type TLoginResponse } from '@strata/shared';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export interface Credentials {
  username: string;
  password: string;
}

/** POST /auth, form-encoded: the login name lower-cased, empty fields left out (spec §5). */
export function authenticate({ username, password }: Credentials): Promise<TLoginResponse> {
  return apiRequest('/auth', {
    method: 'POST',
    form: { username: username.trim().toLowerCase(), password },
    schema: ZLoginResponse,
  });
}

export function useAuthenticate() {
  return useMutation({ mutationFn: authenticate });
}
