import { hasAnyPermission } from '@strata/shared';
import { useEffect, useLayoutEffect, useRef } from 'react';
import { useSession } from './auth-store';
import { createStore, useStore } from './create-store';
import type { RouteAction } from './route-meta';

/**
 * Route actions (spec §3, §6): a route declares its actions in its meta (id, title, icon, colour, acl); the page
 * that shows the route says what each one does with `useRouteAction(id, handler)`. The shell shows an action when
 * the user may use it (no `acl`, or at least one of its permissions) and a handler is registered for it: never a
 * button that does nothing.
 */
export type RouteActionHandler = () => void;

interface Registration {
  run: RouteActionHandler;
}

interface RouteActionState {
  handlers: ReadonlyMap<string, Registration>;
}

export const routeActionStore = createStore<RouteActionState>(() => ({ handlers: new Map() }));

/** Registers the handler of an action; the returned function removes it (if it is still the current one). */
export function registerRouteAction(id: string, run: RouteActionHandler): () => void {
  const registration: Registration = { run };
  routeActionStore.setState(({ handlers }) => ({ handlers: new Map(handlers).set(id, registration) }));
  return () => {
    if (routeActionStore.getState().handlers.get(id) !== registration) return;
    routeActionStore.setState(({ handlers }) => {
      const next = new Map(handlers);
      next.delete(id);
      return { handlers: next };
    });
  };
}

/** Runs the handler registered for an action; false when none is. */
export function runRouteAction(id: string): boolean {
  const registration = routeActionStore.getState().handlers.get(id);
  registration?.run();
  return registration !== undefined;
}

/**
 * What a page calls to handle one of its route's actions while it is shown:
 * `useRouteAction('create-role', () => setDialogOpen(true))`. The latest handler always runs.
 */
export function useRouteAction(id: string, handler: RouteActionHandler): void {
  const latest = useRef(handler);
  useLayoutEffect(() => {
    latest.current = handler;
  });
  useEffect(() => registerRouteAction(id, () => latest.current()), [id]);
}

/** The actions the shell shows: those the user may use and whose handler is registered, in declared order. */
export function visibleRouteActions(
  actions: readonly RouteAction[] | undefined,
  permissions: readonly string[],
  handled: ReadonlyMap<string, unknown>,
): RouteAction[] {
  return (actions ?? []).filter((action) => handled.has(action.id) && hasAnyPermission(permissions, action.acl));
}

/** The visible actions of a route, following permissions and registrations as they change. */
export function useVisibleRouteActions(actions: readonly RouteAction[] | undefined): RouteAction[] {
  const permissions = useSession((state) => state.permissions);
  const handlers = useStore(routeActionStore, (state) => state.handlers);
  return visibleRouteActions(actions, permissions, handlers);
}
