import { useCallback, useLayoutEffect, useMemo, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { dayjs } from '../../../lib/dayjs';
import { getNavigator } from '../../../lib/navigation';
import { parseWorkspaceParams, writeWorkspaceParams, type WorkspaceUrlState } from './url-state';

export type WorkspaceUpdate = (changes: Partial<WorkspaceUrlState>, options?: { replace?: boolean }) => void;

/**
 * The work space's query-string state (see url-state.ts) and a setter that writes only the parts given. Values are
 * recomputed only when the query string changes (date presets once per day), so they can go in query keys.
 *
 * Writes build on the latest query string asked for, not on the one of the last render: the map reports a move and
 * the user searches within the same moment, and neither may undo the other (React Router's `setSearchParams` starts
 * from the search of the render it was made in).
 */
export function useWorkspaceUrl(): { state: WorkspaceUrlState; update: WorkspaceUpdate; search: string; currentSearch: () => string } {
  const location = useLocation();
  const navigate = useNavigate();
  const search = location.search.replace(/^\?/, '');
  const latest = useRef(search);
  // A navigation happened (ours, the back button, a link): that is now the truth.
  useLayoutEffect(() => {
    latest.current = search;
  }, [location.key, search]);
  // Presets ("last 30 days") are whole days: recomputing them once per day keeps query keys stable.
  const day = dayjs().format('YYYY-MM-DD');
  const state = useMemo(() => parseWorkspaceParams(new URLSearchParams(search)), [search, day]);
  const update = useCallback<WorkspaceUpdate>(
    (changes, options) => {
      // A quiet write (the map reporting where it stands) while another navigation is underway — the user opened an
      // instrument from the list while the map was still moving — would go to this page's path and cancel that
      // navigation: the new page's map writes its own position once it is there.
      if (options?.replace && getNavigator().navigating?.()) return;
      const next = writeWorkspaceParams(new URLSearchParams(latest.current), changes).toString();
      if (next === latest.current) return;
      latest.current = next;
      void navigate({ search: next ? `?${next}` : '' }, { replace: options?.replace ?? false });
    },
    [navigate],
  );
  /** The query string as last written (for links to the other work-space pages). */
  const currentSearch = useCallback(() => latest.current, []);
  return { state, update, search, currentSearch };
}
