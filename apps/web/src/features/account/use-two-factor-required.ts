import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { useSession } from '../../lib/auth-store';
import { useSystemState } from '../../lib/system-store';
import { getTfaStatusQueryOptions } from './api/get-tfa-status';

/**
 * The guard's two-factor rule (spec §4): when `tfa_config` is unknown, or false with `tfa` false, the server is
 * asked (GET /account/tfa, at most every 30 s, on navigation); when two-factor is required (`tfa_config`) and the
 * user has not enrolled (`tfa` false), they must go to the security page until they have.
 */
export function useTwoFactorRequired(): boolean {
  const sync = useSystemState((state) => state.sync);
  const tfaConfig = useSession((state) => state.tfaConfig);
  const enrolled = useSession((state) => state.profile?.tfa_enabled ?? false);
  const { pathname } = useLocation();
  const queryClient = useQueryClient();
  const ask = sync && (tfaConfig === null || (!tfaConfig && !enrolled));

  useEffect(() => {
    if (ask) void queryClient.prefetchQuery(getTfaStatusQueryOptions());
  }, [ask, pathname, queryClient]);
  const { data } = useQuery({ ...getTfaStatusQueryOptions(), enabled: ask });

  // The lookup answers only while it is asked; otherwise the sync data is the fresher.
  const required = (ask ? data?.tfa_config : undefined) ?? tfaConfig ?? false;
  const tfa = enrolled || (ask && data?.tfa === true);
  return sync && required && !tfa;
}
