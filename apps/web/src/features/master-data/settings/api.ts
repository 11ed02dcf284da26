import { ZManagedSettings, type TSystemSettings, type TSystemSettingsUpdate } from '@strata/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { CONFIG_QUERY_KEY } from '../../../lib/config';

/**
 * Query keys of the System Settings page. Below the configuration's key on purpose: a `settingUpdated` from the live
 * connection invalidates `['config']` and everything under it, so this page refetches when anyone (another tab,
 * another admin) saves the settings.
 */
export const systemSettingKeys = {
  all: [...CONFIG_QUERY_KEY, 'master-settings'] as const,
  settings: () => systemSettingKeys.all,
};

/** `GET /master-data/settings` (ManageSystemSettings): every setting. */
export function useSystemSettings() {
  return useQuery({
    queryKey: systemSettingKeys.settings(),
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
      client.setQueryData(systemSettingKeys.settings(), saved);
      // The configuration every screen reads (upload limits, report range …) follows at once in this tab.
      return client.invalidateQueries({ queryKey: CONFIG_QUERY_KEY, exact: true });
    },
  });
}
