import { hasAnyPermission } from '@strata/shared';
import { matchPath } from 'react-router';
import type { TranslationKey } from './i18n';
import { stripLanguage } from './paths';
import { ROUTE_CATEGORIES, requiresAuth, type AppRoute, type RouteCategory, type RouteIcon } from './route-meta';

/** The i18n key of each menu category's heading (shown upper-case). */
export const CATEGORY_LABELS: Record<RouteCategory, TranslationKey> = {
  home: 'menu.category.home',
  admin: 'menu.category.admin',
  account: 'menu.category.account',
  upload: 'menu.category.upload',
  alert: 'menu.category.alert',
  tbm: 'menu.category.tbm',
  video: 'menu.category.video',
  reports: 'menu.category.reports',
  settings: 'menu.category.settings',
  manual: 'menu.category.manual',
};

export interface MenuEntry {
  /** Below the language prefix. */
  path: string;
  title: TranslationKey;
  icon: RouteIcon | undefined;
}

export interface MenuGroup {
  category: RouteCategory;
  entries: MenuEntry[];
}

/** A route is a menu entry when it has a category, is not left out (`menu: false`) and is a signed-in page. */
function isMenuRoute(route: AppRoute): route is AppRoute & { meta: NonNullable<AppRoute['meta']> } {
  const { meta } = route;
  if (!meta?.category || meta.menu === false || route.redirectTo !== undefined) return false;
  // A path with parameters cannot be linked to from a menu.
  if (route.path.includes(':') || route.path.includes('*')) return false;
  return meta.guard !== false && requiresAuth(meta);
}

/**
 * The side menu, built from the route table: the routes the user may open (at least one of their tasks, spec §6),
 * grouped by category in the product's order, each group by `menuOrder` then table order. Empty groups are left out.
 */
export function buildMenu(routes: readonly AppRoute[], permissions: readonly string[]): MenuGroup[] {
  const entries = routes
    .filter(isMenuRoute)
    .filter((route) => hasAnyPermission(permissions, route.meta.tasks))
    .map((route, index) => ({ route, index }))
    .sort((a, b) => (a.route.meta.menuOrder ?? 0) - (b.route.meta.menuOrder ?? 0) || a.index - b.index);
  return ROUTE_CATEGORIES.map((category) => ({
    category,
    entries: entries
      .filter(({ route }) => route.meta.category === category)
      .map(({ route }) => ({ path: route.path, title: route.meta.title, icon: route.meta.icon })),
  })).filter((group) => group.entries.length > 0);
}

/** A menu entry is active on its own page and on the pages below it (`/admin/users` on `/admin/users/7`). */
export function isActiveEntry(entryPath: string, pathname: string): boolean {
  const path = stripLanguage(pathname).split(/[?#]/)[0] ?? '';
  return matchPath({ path: entryPath, end: false }, path) !== null;
}

/** The entry to highlight: the most specific one that is active (`/admin/users` rather than `/admin`). */
export function activeEntryPath(groups: readonly MenuGroup[], pathname: string): string | undefined {
  return groups
    .flatMap((group) => group.entries)
    .filter((entry) => isActiveEntry(entry.path, pathname))
    .sort((a, b) => b.path.length - a.path.length)[0]?.path;
}

/**
 * The menu category a page belongs to: its own, or that of the menu entry it sits under (`/admin/users/7` under User
 * Management), so every page of a section has its section's colours.
 */
export function categoryOfPage(groups: readonly MenuGroup[], pathname: string, own: RouteCategory | undefined): RouteCategory | undefined {
  if (own) return own;
  const entry = activeEntryPath(groups, pathname);
  return groups.find((group) => group.entries.some((e) => e.path === entry))?.category;
}
