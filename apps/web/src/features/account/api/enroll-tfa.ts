import { ZTfaEnrollResponse, type TTfaEnrollResponse } from '@strata/shared';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** POST /account/tfa/enroll: a new secret and its QR code, usable once a code confirms it. */
export function enrollTfa(): Promise<TTfaEnrollResponse> {
  return apiRequest('/account/tfa/enroll', { method: 'POST', schema: ZTfaEnrollResponse, emitHttpError: false });
}

export function useEnrollTfa() {
  return useMutation({ mutationFn: enrollTfa });
}
