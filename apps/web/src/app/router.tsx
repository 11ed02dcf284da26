import { LIMITS } from '@strata/shared';
import { createBrowserRouter, redirect, type Location, type LoaderFunctionArgs, type RouteObject } from 'react-router';
import { ChunkLoadError, createChunkLoadWatchdog, isChunkLoadError, type ChunkLoadWatchdogOptions } from '../lib/chunk-recovery';
import { setLanguage } from '../lib/i18n';
import { setNavigator } from '../lib/navigation';
import { DEFAULT_INDEX_PATH, DEFAULT_LANGUAGE, isLanguage, localePath } from '../lib/paths';
import { requiresAuth, type AppRoute, type RouteHandle } from '../lib/route-meta';
import { registerRoutes } from '../lib/route-registry';
import { systemStore } from '../lib/system-store';
import { watchPageLoad } from '../lib/use-can-go-back';
import { LanguageRoot } from './layout/language-root';
import { NotFoundRoute } from './not-found-page';
import { PublicGuard } from './public-guard';
import { RouteErrorPage } from './route-error-page';
import { routeTable } from './route-table';

type DataRouter = ReturnType<typeof createBrowserRouter>;

/** Redirect rows render nothing: their loader has already moved on. */
function Redirecting() {
  return null;
}

function langOf(params: LoaderFunctionArgs['params']) {
  return isLanguage(params.lang) ? params.lang : DEFAULT_LANGUAGE;
}

/** `/:lang`: an unknown prefix means the path has none, so it goes below `/en` whole; a known one sets i18n. */
async function languageLoader({ params, request }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  if (!isLanguage(params.lang)) throw redirect(`/${DEFAULT_LANGUAGE}${url.pathname}${url.search}`);
  await setLanguage(params.lang);
  return null;
}

/** A route module that fails to load is a chunk-load failure: the router subscription reloads (with backoff). */
function chunkLoad<T>(load: () => Promise<T>): () => Promise<T> {
  return () => load().catch((error: unknown) => Promise.reject(new ChunkLoadError(error)));
}

/**
 * The signed-in guard and the frame it draws (menu, top bar, session watch) load with the first signed-in page, in
 * parallel with that page's module: the sign-in page never downloads them.
 */
const protectedGuard = chunkLoad(() => import('./guards').then((m) => ({ Component: m.ProtectedGuard })));

function toRouteObject(route: AppRoute): RouteObject {
  const path = route.path.replace(/^\//, '');
  const { redirectTo } = route;
  if (redirectTo !== undefined) {
    return {
      path,
      loader: ({ params, request }) => redirect(`${localePath(langOf(params), redirectTo)}${new URL(request.url).search}`),
      Component: Redirecting,
    };
  }
  const object: RouteObject = { path };
  if (route.meta) object.handle = { meta: route.meta } satisfies RouteHandle;
  if (route.Component) object.Component = route.Component;
  const { lazy } = route;
  if (lazy) object.lazy = chunkLoad(lazy);
  if (route.loader) object.loader = route.loader;
  return object;
}

/**
 * The route tree: `/` and prefix-less paths go below `/en`; below `/:lang` the index goes to the default index,
 * redirects and unguarded pages sit apart, signed-out pages under the PublicGuard, the rest under the
 * ProtectedGuard (which renders the frame), and anything else is the 404 page.
 */
export function createAppRoutes(table: readonly AppRoute[] = routeTable): RouteObject[] {
  registerRoutes(table);
  const open = table.filter((route) => route.redirectTo !== undefined || route.meta?.guard === false);
  const guarded = table.filter((route) => !open.includes(route));
  return [
    { path: '/', loader: () => redirect(`/${DEFAULT_LANGUAGE}/`), Component: Redirecting, HydrateFallback: Redirecting },
    {
      path: '/:lang',
      loader: languageLoader,
      Component: LanguageRoot,
      ErrorBoundary: RouteErrorPage,
      HydrateFallback: Redirecting,
      children: [
        {
          index: true,
          loader: ({ params }) => redirect(localePath(langOf(params), DEFAULT_INDEX_PATH)),
          Component: Redirecting,
        },
        ...open.map(toRouteObject),
        { Component: PublicGuard, children: guarded.filter((r) => !requiresAuth(r.meta)).map(toRouteObject) },
        { lazy: protectedGuard, children: guarded.filter((r) => requiresAuth(r.meta)).map(toRouteObject) },
        {
          path: '*',
          Component: NotFoundRoute,
          handle: { meta: { title: 'route.notFound', guard: false } } satisfies RouteHandle,
        },
      ],
    },
  ];
}

/** Sets `routing` while a navigation runs and clears it 200 ms after it ends (spec §4). */
function trackRouting(router: DataRouter): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let location = router.state.location;
  return router.subscribe((state) => {
    const navigating = state.navigation.state !== 'idle';
    const moved = state.location !== location;
    location = state.location;
    if (navigating || moved) {
      clearTimeout(timer);
      systemStore.setState({ routing: true });
    }
    if (!navigating && systemStore.getState().routing) {
      clearTimeout(timer);
      timer = setTimeout(() => systemStore.setState({ routing: false }), LIMITS.routingFlagClearMs);
    }
  });
}

/**
 * Chunk-load recovery (spec §4): each navigation (and the first load) starts the watchdog's timer for its target;
 * finishing cancels it and resets the retry count; a route module that failed to load reloads its URL after the
 * backoff delay.
 */
export function watchChunkLoads(router: DataRouter, options: ChunkLoadWatchdogOptions = {}): () => void {
  const watchdog = createChunkLoadWatchdog(options);
  const href = (location: Location) => router.createHref(location);
  let pending: string | null = null;
  if (!router.state.initialized) {
    pending = href(router.state.location);
    watchdog.start(pending);
  }
  const unsubscribe = router.subscribe((state) => {
    const target = state.navigation.location;
    if (state.navigation.state !== 'idle' && target) {
      const url = href(target);
      if (url !== pending) {
        pending = url;
        watchdog.start(url);
      }
      return;
    }
    if (pending === null || !state.initialized) return;
    pending = null;
    if (Object.values(state.errors ?? {}).some(isChunkLoadError)) watchdog.fail(href(state.location));
    else watchdog.finish();
  });
  return () => {
    unsubscribe();
    watchdog.stop();
  };
}

/** Lets code outside React (the API client's 401 rule) navigate with this router; tracks the routing flag. */
export function connectRouter(router: DataRouter): () => void {
  setNavigator({
    navigate: (to, options) => void router.navigate(to, options),
    currentPath: () => `${router.state.location.pathname}${router.state.location.search}`,
    navigating: () => router.state.navigation.state !== 'idle',
  });
  const stopTracking = trackRouting(router);
  return () => {
    stopTracking();
    setNavigator(null);
  };
}

export function createAppRouter(): DataRouter {
  const pageLoaded = watchPageLoad();
  const router = createBrowserRouter(createAppRoutes());
  pageLoaded(router);
  connectRouter(router);
  watchChunkLoads(router);
  return router;
}
