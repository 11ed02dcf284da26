import { hasAnyPermission } from '@strata/shared';
import { matchPath } from 'react-router';
import type { TranslationKey } from '../../lib/i18n';
import type { AppRoute, RouteIcon } from '../../lib/route-meta';

export interface LandingTile {
  /** The registered page the tile stands for, below the language prefix. */
  path: string;
  /** Where the tile leads, when more than the page's path (a tab in the query). Default `path`. */
  to?: string;
  title: TranslationKey;
  description: TranslationKey;
  icon: RouteIcon;
}

/** The registered page for a path (a redirect row is followed once), or undefined when no page serves it. */
function pageFor(path: string, routes: readonly AppRoute[]): AppRoute | undefined {
  const row = routes.find((route) => matchPath({ path: route.path, end: true }, path) !== null);
  if (row?.redirectTo === undefined) return row;
  const target = row.redirectTo.split(/[?#]/)[0] ?? '';
  return routes.find((route) => route.redirectTo === undefined && matchPath({ path: route.path, end: true }, target) !== null);
}

/**
 * The tiles a user sees: those whose page is in the route table (pages are added as they are built) and whose
 * route the user may open — at least one of its own tasks (spec §6), read from the table rather than repeated.
 */
export function visibleTiles<T extends LandingTile>(tiles: readonly T[], routes: readonly AppRoute[], permissions: readonly string[]): T[] {
  return tiles.filter((tile) => {
    const page = pageFor(tile.path, routes);
    return page?.meta !== undefined && hasAnyPermission(permissions, page.meta.tasks);
  });
}
