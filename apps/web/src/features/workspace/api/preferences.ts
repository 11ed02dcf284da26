import { DEFAULT_PREFERENCES, ZPreferences, type TPreferences } from '@strata/shared';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { systemStore, useSystemState } from '../../../lib/system-store';
import { workspaceKeys } from './keys';

/** `GET /preferences` under the account pages' cache key, so a change saved on either side shows on the other at once. */
function preferencesOptions() {
  return queryOptions({
    queryKey: workspaceKeys.preferences(),
    queryFn: ({ signal }) => apiRequest('/preferences', { schema: ZPreferences, signal }),
  });
}

/**
 * The account preferences the map follows (`show_label`, `show_legend`, `show_stations`, `map_size`, `layers`), read
 * with `GET /preferences` under the account pages' cache key, so a change saved on the Preference page applies here at
 * once. Defaults until loaded.
 */
export function useMapPreferences(): TPreferences {
  const sync = useSystemState((state) => state.sync);
  const { data } = useQuery({ ...preferencesOptions(), enabled: sync });
  return data ?? DEFAULT_PREFERENCES;
}

/**
 * Saves the overlay choices (`layers`) from the map's Layers menu: `POST /preferences` with the whole object — the
 * stored preferences (read first when not loaded yet, so nothing else is reset) with the new `layers`. The cached
 * preferences change at once; a failure puts the old ones back (and the caller says so).
 */
export function useSaveMapLayers() {
  const queryClient = useQueryClient();
  const { queryKey } = preferencesOptions();
  return useMutation({
    mutationFn: async (layers: string[]) => {
      const current = queryClient.getQueryData(queryKey) ?? (await queryClient.fetchQuery(preferencesOptions()));
      // The theme follows the toolbar switch, which may be ahead of the stored value.
      await apiRequest('/preferences', { method: 'POST', json: { ...current, dark_theme: systemStore.getState().darkTheme, layers } });
    },
    onMutate: async (layers) => {
      await queryClient.cancelQueries({ queryKey });
      const previous = queryClient.getQueryData(queryKey);
      if (previous) queryClient.setQueryData(queryKey, { ...previous, layers });
      return { previous };
    },
    onError: (_error, _layers, context) => {
      if (context?.previous) queryClient.setQueryData(queryKey, context.previous);
    },
  });
}
