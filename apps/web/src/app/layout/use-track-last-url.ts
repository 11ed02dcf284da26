import { LIMITS } from '@strata/shared';
import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { saveLastUrl } from '../../features/account/api/save-last-url';

/** Posts the page to /last-url on route changes (debounced), unless the query holds no-track=1 (spec §7). */
export function useTrackLastUrl(): void {
  const { pathname, search } = useLocation();
  useEffect(() => {
    if (new URLSearchParams(search).get('no-track') === '1') return undefined;
    const timer = window.setTimeout(() => {
      saveLastUrl(`${pathname}${search}`).catch(() => undefined);
    }, LIMITS.lastUrlDebounceMs);
    return () => window.clearTimeout(timer);
  }, [pathname, search]);
}
