import { ZTfaStatus, type TTfaStatus } from '@strata/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { useSystemState } from '../../../lib/system-store';
import { accountKeys } from './keys';

/** GET /account/tfa: the spec's two-factor lookup (security state): required by the system, enrolled. */
export function getTfaStatus(): Promise<TTfaStatus> {
  return apiRequest('/account/tfa', { schema: ZTfaStatus, emitHttpError: false });
}

/** Asked again at most every 30 s (the guard asks on navigation while two-factor is neither required nor on). */
export function getTfaStatusQueryOptions() {
  return queryOptions({ queryKey: accountKeys.tfaStatus(), queryFn: getTfaStatus, staleTime: 30_000, retry: false });
}

export function useTfaStatus({ enabled = true }: { enabled?: boolean } = {}) {
  const sync = useSystemState((state) => state.sync);
  return useQuery({ ...getTfaStatusQueryOptions(), enabled: sync && enabled });
}
