import { useLocation, type createBrowserRouter } from 'react-router';

type DataRouter = ReturnType<typeof createBrowserRouter>;

/** Where the browser history of this visit starts for the Back buttons: the entry sign-in landed on. */
const FLOOR_STORAGE_KEY = 'history_floor';

/** The state sign-in gives the page it lands on: the first page of a session, with nothing before it to go back to. */
export const FIRST_PAGE_STATE = { firstPage: true } as const;

function browserIndex(): number | null {
  const state: unknown = window.history.state;
  if (state !== null && typeof state === 'object' && 'idx' in state && typeof state.idx === 'number') return state.idx;
  return null;
}

function historyFloor(): number {
  const stored = Number(sessionStorage.getItem(FLOOR_STORAGE_KEY));
  return Number.isInteger(stored) && stored > 0 ? stored : 0;
}

/**
 * Sign-in calls this once it has landed: the entries before this one belong to the signed-out login page or to an
 * earlier session of the tab (signing out replaces the page with the login page), so Back does not lead there.
 */
export function markHistoryFloor(): void {
  const index = browserIndex();
  if (index === null) sessionStorage.removeItem(FLOOR_STORAGE_KEY);
  else sessionStorage.setItem(FLOOR_STORAGE_KEY, String(index));
}

/**
 * The page load's part of the floor, called before the browser router starts (it numbers a new entry 0). A new
 * entry (an address typed, a link from elsewhere) starts a new history: no floor yet. Once the first navigation has
 * settled, a load that redirected (`/` to the work space) puts the floor on the page it reached: the address typed
 * is no page to go back to. A reload keeps the floor it had.
 */
export function watchPageLoad(): (router: DataRouter) => void {
  const newEntry = browserIndex() === null;
  const loaded = window.location.href;
  if (newEntry) sessionStorage.removeItem(FLOOR_STORAGE_KEY);
  return (router) => {
    const settle = (state: DataRouter['state']): boolean => {
      if (!state.initialized || state.navigation.state !== 'idle') return false;
      if (window.location.href !== loaded) markHistoryFloor();
      return true;
    };
    if (settle(router.state)) return;
    const stop = router.subscribe((state) => {
      if (settle(state)) stop();
    });
  };
}

function isFirstPageState(state: unknown): boolean {
  return state !== null && typeof state === 'object' && 'firstPage' in state && state.firstPage === true;
}

/**
 * True when there is an earlier page of this app to go back to (the Back buttons of the footer and the work space).
 *
 * The browser router keeps the entry's index in `history.state.idx`: 0 on the first page of a visit, and a `replace`
 * (the work space writes the map position into the URL that way as soon as the map loads) keeps it. Sign-in marks its
 * landing entry as the floor (markHistoryFloor), so the page reached first after sign-in has no Back either. The
 * location's key is no guide: a replace gives the first page a new key, and Back would then leave the app. A memory
 * router (the component tests) keeps no such state; there the first location's key is "default", and the page
 * sign-in lands on carries FIRST_PAGE_STATE.
 */
export function useCanGoBack(): boolean {
  const location = useLocation();
  if (isFirstPageState(location.state)) return false;
  const index = browserIndex();
  if (index !== null) return index > historyFloor();
  return location.key !== 'default';
}
