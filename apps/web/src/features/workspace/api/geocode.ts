import { ZGeocodeResult, type TGeocodePlace } from '@strata/shared';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { useDebounced } from '../../../lib/use-debounced';
import { workspaceKeys } from './keys';

/** Typing pauses this long before the online geocoder is asked (it is rate limited per user on the server). */
const GEOCODE_DEBOUNCE_MS = 500;

/**
 * `GET /geocode?q=`: addresses and postal codes from the online geocoder configured in the system settings
 * (`geocoder_url`). Asked only when one is configured and the search is a name (not coordinates) of at least two
 * characters. A failure (the geocoder did not answer, too many searches) is returned as the query's error and shown
 * beside the offline results, which keep working.
 */
export function useGeocode(text: string, enabled: boolean) {
  const q = useDebounced(text.trim(), GEOCODE_DEBOUNCE_MS);
  return useQuery<TGeocodePlace[]>({
    queryKey: workspaceKeys.geocode(q),
    queryFn: ({ signal }) => apiRequest('/geocode', { query: { q }, schema: ZGeocodeResult, signal, emitHttpError: false }).then((answer) => answer.records),
    enabled: enabled && q.length >= 2,
    staleTime: 10 * 60_000,
    retry: false,
  });
}
