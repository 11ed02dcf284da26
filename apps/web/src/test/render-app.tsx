import { render } from '@testing-library/react';
import userEvent, { PointerEventsCheckLevel } from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { onTestFinished } from 'vitest';
import { AppProviders } from '../app/providers';
import { connectRouter, createAppRoutes } from '../app/router';
import { routeTable } from '../app/route-table';
import type { AppRoute } from '../lib/route-meta';
import { detachedStyleCache } from './style-cache';

export interface RenderAppOptions {
  /** Rows added to the table. */
  extraRoutes?: readonly AppRoute[];
  /** A table in place of the real one (tests of the shell that must not change as features add pages). */
  routes?: readonly AppRoute[];
  /**
   * The styles in document.head, as in the browser, for a test that looks at them (getComputedStyle, toBeVisible
   * of something hidden by CSS). Without it they go to a detached element (test/style-cache.ts): much faster.
   */
  styles?: boolean;
}

/** The whole app at `path` in a memory router, with the real route table (plus any extra rows). */
export function renderApp(path: string, { extraRoutes = [], routes = routeTable, styles = false }: RenderAppOptions = {}) {
  const router = createMemoryRouter(createAppRoutes([...routes, ...extraRoutes]), { initialEntries: [path] });
  onTestFinished(connectRouter(router));
  // Without the pointer-events check: it computes styles up the tree on every pointer action (slow in jsdom), and a test
  // that means "cannot be clicked" says so (toBeDisabled, or the control is absent).
  const user = userEvent.setup({ pointerEventsCheck: PointerEventsCheckLevel.Never });
  const view = render(
    <AppProviders styleCache={styles ? undefined : detachedStyleCache()}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  const location = () => `${router.state.location.pathname}${router.state.location.search}`;
  return { ...view, router, user, location };
}
