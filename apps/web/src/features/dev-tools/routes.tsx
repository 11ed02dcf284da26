import type { ComponentType } from 'react';
import type { AppRoute } from '../../lib/route-meta';

/**
 * The developer pages (`/test-component` the widget gallery, `/test-ws` the live event console). They are for Application Admins only: the route's task (a permission) lets
 * administrators in, and the page itself shows `NotFound` (the app's 404 page, passed in by the route table,
 * as a feature may not import app/) to every other user type.
 */
export function createDevToolsRoutes({ NotFound }: { NotFound: ComponentType }): readonly AppRoute[] {
  return [
    {
      path: '/test-component',
      meta: { title: 'route.testComponent', tasks: ['ManageSystemSettings'] },
      lazy: () =>
        import('./components/widget-gallery-page').then(({ AppAdminOnly, WidgetGalleryPage }) => ({
          Component: function TestComponentRoute() {
            return (
              <AppAdminOnly fallback={<NotFound />}>
                <WidgetGalleryPage />
              </AppAdminOnly>
            );
          },
        })),
    },
    {
      path: '/test-ws',
      meta: { title: 'route.testWs', tasks: ['ManageSystemSettings'] },
      lazy: () =>
        Promise.all([import('./components/widget-gallery-page'), import('./components/live-console-page')]).then(([{ AppAdminOnly }, { LiveConsolePage }]) => ({
          Component: function TestWsRoute() {
            return (
              <AppAdminOnly fallback={<NotFound />}>
                <LiveConsolePage />
              </AppAdminOnly>
            );
          },
        })),
    },
  ];
}
