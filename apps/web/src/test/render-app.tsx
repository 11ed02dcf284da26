import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { onTestFinished } from 'vitest';
import { AppProviders } from '../app/providers';
import { connectRouter, createAppRoutes } from '../app/router';
import { routeTable } from '../app/route-table';
import type { AppRoute } from '../lib/route-meta';

export interface RenderAppOptions {
  /** Rows added to the table. */
  extraRoutes?: readonly AppRoute[];
  /** A table in place of the real one (tests of the shell that must not change as features add pages). */
  routes?: readonly AppRoute[];
}

/** The whole app at `path` in a memory router, with the real route table (plus any extra rows). */
export function renderApp(path: string, { extraRoutes = [], routes = routeTable }: RenderAppOptions = {}) {
  const router = createMemoryRouter(createAppRoutes([...routes, ...extraRoutes]), { initialEntries: [path] });
  onTestFinished(connectRouter(router));
  const user = userEvent.setup();
  const view = render(
    <AppProviders>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  const location = () => `${router.state.location.pathname}${router.state.location.search}`;
  return { ...view, router, user, location };
}
