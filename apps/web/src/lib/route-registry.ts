import { matchPath } from 'react-router';
import type { AppRoute } from './route-meta';
import { stripLanguage } from './paths';

let registered: readonly AppRoute[] = [];

/** The router registers its table here so screens can ask which pages exist without importing the app. */
export function registerRoutes(routes: readonly AppRoute[]): void {
  registered = routes;
}

export function registeredRoutes(): readonly AppRoute[] {
  return registered;
}

/** True when a page is registered for this path (with or without its language prefix, search ignored). */
export function routeExists(path: string): boolean {
  const pathname = stripLanguage(path).split(/[?#]/)[0] ?? '';
  return registered.some((route) => matchPath({ path: route.path, end: true }, pathname) !== null);
}
