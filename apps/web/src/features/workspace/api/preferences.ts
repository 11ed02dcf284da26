import { DEFAULT_PREFERENCES, ZPreferences, type TPreferences } from '@strata/shared';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { useSystemState } from '../../../lib/system-store';

/**
 * The account preferences the map follows (`show_label`, `show_legend`, `map_size`), read with `GET /preferences` under
 * the account pages' cache key, so a change saved on the Preference page applies here at once. Defaults until loaded.
 */
export function useMapPreferences(): TPreferences {
  const sync = useSystemState((state) => state.sync);
  const { data } = useQuery({
    queryKey: ['preferences'],
    queryFn: ({ signal }) => apiRequest('/preferences', { schema: ZPreferences, signal }),
    enabled: sync,
  });
  return data ?? DEFAULT_PREFERENCES;
}
