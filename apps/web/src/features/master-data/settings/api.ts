import { ZManagedSettings, type TSystemSettings, type TSystemSettingsUpdate } from '@strata/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { getConfigQueryOptions } from '../../../lib/config';

/**
 * Below the configuration's key on purpose: a `settingUpdated` from the live connection invalidates `['config']`
 * and everything under it, so this page refetches when anyone (another tab, another admin) saves the settings.
 */
export const systemSettingsKey = [...getConfigQueryOptions().queryKey, 'master-settings'] as const;

/** `GET /master-data/settings` (ManageSystemSettings): every setting. */
export function useSystemSettings() {
  return useQuery({
    queryKey: systemSettingsKey,
    queryFn: ({ signal }) => apiRequest('/master-data/settings', { schema: ZManagedSettings, signal }),
  });
}

/** `PUT /master-data/settings` with the changed keys only; the answer is every setting. The form shows errors. */
export function useSaveSystemSettings() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (changes: TSystemSettingsUpdate): Promise<TSystemSettings> =>
      apiRequest('/master-data/settings', { method: 'PUT', json: changes, schema: ZManagedSettings, emitHttpError: false }),
    onSuccess: (saved) => {
      client.setQueryData(systemSettingsKey, saved);
      // The configuration every screen reads (upload limits, report range …) follows at once in this tab.
      return client.invalidateQueries({ queryKey: getConfigQueryOptions().queryKey, exact: true });
    },
  });
}
