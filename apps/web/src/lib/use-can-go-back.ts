import { useLocation } from 'react-router';

/**
 * True when there is an earlier page of this app to go back to (the Back buttons of the footer and the work space).
 *
 * The browser router keeps the entry's index in `history.state.idx`: 0 on the first page of a visit, and a `replace`
 * (the work space writes the map position into the URL that way as soon as the map loads) keeps it. The location's
 * key is no guide: a replace gives the first page a new key, and Back would then leave the app. A memory router (the
 * component tests) keeps no such state; there the first location's key is "default".
 */
export function useCanGoBack(): boolean {
  const location = useLocation();
  const state: unknown = window.history.state;
  if (state !== null && typeof state === 'object' && 'idx' in state && typeof state.idx === 'number') return state.idx > 0;
  return location.key !== 'default';
}
