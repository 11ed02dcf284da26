import { useMatches } from 'react-router';
import { metaOfMatches, type RouteMeta } from '../../lib/route-meta';

/** The meta of the page being shown. */
export function useRouteMeta(): RouteMeta | undefined {
  return metaOfMatches(useMatches());
}
