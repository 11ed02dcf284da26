import { ZPreferences, type TPreferences } from '@strata/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { useSystemState } from '../../../lib/system-store';
import { accountKeys } from './keys';

export function getPreferences(): Promise<TPreferences> {
  return apiRequest('/preferences', { schema: ZPreferences });
}

export function getPreferencesQueryOptions() {
  return queryOptions({ queryKey: accountKeys.preferences(), queryFn: getPreferences });
}

/** The account preferences, once the session is synced. */
export function usePreferences() {
  const sync = useSystemState((state) => state.sync);
  return useQuery({ ...getPreferencesQueryOptions(), enabled: sync });
}
