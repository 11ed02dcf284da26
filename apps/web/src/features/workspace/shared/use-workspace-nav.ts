import { useCallback } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { localePath } from '../../../lib/paths';
import { useLang } from '../../../lib/use-lang';

/**
 * Moves between work-space pages keeping the query string (spec §2.3: the list and detail pages share their map and
 * list state), unless `search` is given.
 */
export function useWorkspaceNav() {
  const lang = useLang();
  const navigate = useNavigate();
  const { search } = useLocation();
  const href = useCallback(
    (path: string, query: string = search) => `${localePath(lang, path)}${query && !query.startsWith('?') ? `?${query}` : query}`,
    [lang, search],
  );
  const go = useCallback(
    (path: string, options?: { replace?: boolean; search?: string }) => void navigate(href(path, options?.search ?? search), { replace: options?.replace }),
    [navigate, href, search],
  );
  return { go, href };
}
