import type { TPreferences } from '@strata/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { getPreferencesQueryOptions } from './get-preferences';

/** POST /preferences with the whole object. */
export async function savePreferences(preferences: TPreferences): Promise<void> {
  await apiRequest('/preferences', { method: 'POST', json: preferences });
}

/** Saves and updates the cached preferences at once; a failure puts the old ones back. */
export function useSavePreferences() {
  const queryClient = useQueryClient();
  const { queryKey } = getPreferencesQueryOptions();
  return useMutation({
    mutationFn: savePreferences,
    onMutate: async (next) => {
      await queryClient.cancelQueries({ queryKey });
      const previous = queryClient.getQueryData(queryKey);
      queryClient.setQueryData(queryKey, next);
      return { previous };
    },
    onError: (_error, _next, context) => {
      if (context?.previous) queryClient.setQueryData(queryKey, context.previous);
    },
  });
}
