import { useCallback, useLayoutEffect, useMemo } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { dayjs } from '../../../lib/dayjs';
import { getNavigator } from '../../../lib/navigation';
import { parseWorkspaceParams, writeWorkspaceParams, type WorkspaceUrlState } from './url-state';

/** The work space's query string as last asked for (without `?`), shared by all its writers. */
const latest = { search: typeof window === 'undefined' ? '' : window.location.search.replace(/^\?/, '') };

/** A navigation happened (ours, the back button, a link): that is now the truth, for every writer. */
function useLatestSearch(key: string, search: string): void {
  useLayoutEffect(() => {
    latest.search = search.replace(/^\?/, '');
  }, [key, search]);
}

export type WorkspaceUpdate = (changes: Partial<WorkspaceUrlState>, options?: { replace?: boolean }) => void;

/**
 * The work space's query-string state (see url-state.ts) and a setter that writes only the parts given. Values are
 * recomputed only when the query string changes (date presets once per day), so they can go in query keys.
 *
 * Writes build on the latest query string asked for, not on the one of the last render: the map reports a move and
 * the user searches within the same moment, and neither may undo the other (React Router's `setSearchParams` starts
 * from the search of the render it was made in). Every writer of the work space's query string shares that latest
 * string (`latest`, and `useWorkspaceSearchWriter` for the parameters of a panel, e.g. a borehole's group page):
 * with a string of its own each, the map's next position report undid a page turn made just before it.
 */
export function useWorkspaceUrl(): { state: WorkspaceUrlState; update: WorkspaceUpdate; search: string; currentSearch: () => string } {
  const location = useLocation();
  const navigate = useNavigate();
  const search = location.search.replace(/^\?/, '');
  useLatestSearch(location.key, location.search);
  // Presets ("last 30 days") are whole days: recomputing them once per day keeps query keys stable.
  const day = dayjs().format('YYYY-MM-DD');
  const state = useMemo(() => parseWorkspaceParams(new URLSearchParams(search)), [search, day]);
  const update = useCallback<WorkspaceUpdate>(
    (changes, options) => {
      // A quiet write (the map reporting where it stands) while another navigation is underway — the user opened an
      // instrument from the list while the map was still moving — would go to this page's path and cancel that
      // navigation: the new page's map writes its own position once it is there.
      if (options?.replace && getNavigator().navigating?.()) return;
      const next = writeWorkspaceParams(new URLSearchParams(latest.search), changes).toString();
      if (next === latest.search) return;
      latest.search = next;
      void navigate({ search: next ? `?${next}` : '' }, { replace: options?.replace ?? false });
    },
    [navigate],
  );
  /** The query string as last written (for links to the other work-space pages). */
  const currentSearch = useCallback(() => latest.search, []);
  return { state, update, search, currentSearch };
}

/**
 * A writer of other parameters of the work space's query string (a panel's own, e.g. a borehole's group and page): it
 * builds on the same latest string as the work space's own writes, so neither undoes the other.
 */
export function useWorkspaceSearchWriter(): (change: (params: URLSearchParams) => URLSearchParams) => void {
  const location = useLocation();
  const navigate = useNavigate();
  useLatestSearch(location.key, location.search);
  return useCallback(
    (change) => {
      const next = change(new URLSearchParams(latest.search)).toString();
      if (next === latest.search) return;
      latest.search = next;
      void navigate({ search: next ? `?${next}` : '' });
    },
    [navigate],
  );
}
