import type { SvgIconProps } from '@mui/material/SvgIcon';
import type { PermissionCode } from '@strata/shared';
import type { ComponentType } from 'react';
import type { LoaderFunction, UIMatch } from 'react-router';
import type { TranslationKey } from './i18n';

export type RouteIcon = ComponentType<SvgIconProps>;

/**
 * Menu categories, in menu order: the product's order (second spec §1; docs/decisions/001-menu-categories.md):
 * Home, Administrative, User Account, Data Upload, Data Alert, TBM, VIDEO, Reports, SETTINGS, User Manual.
 */
export const ROUTE_CATEGORIES = ['home', 'admin', 'account', 'upload', 'alert', 'tbm', 'video', 'reports', 'settings', 'manual'] as const;
export type RouteCategory = (typeof ROUTE_CATEGORIES)[number];

/** A button the shell shows for a route: one action as a floating button, several as a speed dial (spec §3). */
export interface RouteAction {
  id: string;
  title: TranslationKey;
  icon?: RouteIcon;
  color?: 'default' | 'primary' | 'secondary' | 'error' | 'info' | 'success' | 'warning';
  /** Shown when absent or when the user holds at least one of these. */
  acl?: readonly PermissionCode[];
  /** Part of the speed dial rather than a button of its own. */
  speedDial?: boolean;
  /** The action the floating button runs when the dial is not open. */
  default?: boolean;
}

export interface RouteMeta {
  title: TranslationKey;
  /** Default true. Routes with false are for signed-out users (signed-in users go to the default index). */
  requiresAuth?: boolean;
  /** False: open to everyone, signed in or not, outside both guards and the frame (logout, the 404 page). */
  guard?: boolean;
  /** The user needs at least one of these (spec §6). */
  tasks?: readonly PermissionCode[];
  /** The menu group. Routes without one (detail pages, signed-out pages) are not in the menu. */
  category?: RouteCategory;
  /** False keeps a route of a category out of the menu (e.g. admin pages other than roles, users, logs, status). */
  menu?: boolean;
  /** Order inside the category (lower first); equal values keep the route-table order. */
  menuOrder?: number;
  icon?: RouteIcon;
  /** Buttons of the page: a floating button, or a speed dial when several are visible; also in the account menu. */
  actions?: readonly RouteAction[];
  /** Shows a Back button in the footer when there is a page to go back to. */
  back?: boolean;
}

/** Lazily loaded route module: the page component (and optionally a loader), as React Router's `lazy`. */
export type LazyRoute = () => Promise<{ Component: ComponentType; loader?: LoaderFunction }>;

/**
 * One row of the route table. Paths are below the language prefix, start with `/`, and use React Router
 * patterns (`/admin/users/:id`). Exactly one of `Component`, `lazy`, `loader` or `redirectTo` says what it does.
 */
export interface AppRoute {
  path: string;
  /** Absent only on redirect rows. */
  meta?: RouteMeta;
  Component?: ComponentType;
  lazy?: LazyRoute;
  /** A page that does its work before rendering (e.g. logout); it usually ends in a redirect. */
  loader?: LoaderFunction;
  /** Another path below the language prefix; the search is kept. */
  redirectTo?: string;
}

/** What the router keeps in each route's `handle`. */
export interface RouteHandle {
  meta: RouteMeta;
}

function isRouteHandle(handle: unknown): handle is RouteHandle {
  return typeof handle === 'object' && handle !== null && 'meta' in handle;
}

/** The meta of the deepest matched route that has one. */
export function metaOfMatches(matches: readonly UIMatch[]): RouteMeta | undefined {
  for (let i = matches.length - 1; i >= 0; i -= 1) {
    const handle = matches[i]?.handle;
    if (isRouteHandle(handle)) return handle.meta;
  }
  return undefined;
}

export function requiresAuth(meta: RouteMeta | undefined): boolean {
  return meta?.requiresAuth !== false;
}
