import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { AppRoute } from '../lib/route-meta';
import { storeTestCredential, syncResponse } from '../test/fixtures';
import { renderApp } from '../test/render-app';
import { api, server } from '../test/server';

const AdminPage = () => <p>Role management page</p>;
const adminRoute: AppRoute = {
  path: '/test-guarded-page',
  meta: { title: 'route.profileInfo', tasks: ['ManageRoles'], category: 'admin' },
  Component: AdminPage,
};

describe('navigation guard', { timeout: 20_000 }, () => {
  it('sends a signed-out user from a protected page to login with the full path as redirect', async () => {
    const { location } = renderApp('/en/account/profile/info');
    await screen.findByRole('heading', { name: 'User Login' });
    expect(location()).toBe('/en/account/login?redirect=/en/account/profile/info');
  });

  it('keeps the search of the protected page in the redirect', async () => {
    const { router } = renderApp('/zh/account/profile/info?tab=contracts');
    await waitFor(() => expect(router.state.location.pathname).toBe('/zh/account/login'));
    expect(new URLSearchParams(router.state.location.search).get('redirect')).toBe('/zh/account/profile/info?tab=contracts');
  });

  it('sends a signed-in user opening login to the default index, the work space', async () => {
    storeTestCredential();
    const { location } = renderApp('/en/account/login');
    // The work space's page loads lazily (the map): give it time.
    await waitFor(() => expect(location()).toBe('/en/dashboard/search/instrument/list'), { timeout: 10_000 });
    expect(await screen.findByTestId('workspace', {}, { timeout: 10_000 })).toBeInTheDocument();
  });

  it('syncs before showing a protected page', async () => {
    storeTestCredential();
    let syncs = 0;
    server.use(
      http.get(api('/sync'), () => {
        syncs += 1;
        return HttpResponse.json(syncResponse());
      }),
    );
    renderApp('/en/account/profile/info');
    expect(await screen.findByText('Alice Tan', { selector: 'dd' })).toBeInTheDocument();
    expect(syncs).toBe(1);
  });

  it('falls back to the default index when the user lacks the route tasks', async () => {
    storeTestCredential();
    const { location } = renderApp('/en/test-guarded-page', { extraRoutes: [adminRoute] });
    await waitFor(() => expect(location()).toBe('/en/dashboard/search/instrument/list'), { timeout: 10_000 });
    expect(screen.queryByText('Role management page')).toBeNull();
  });

  it('shows the route when the user holds one of its tasks', async () => {
    storeTestCredential();
    server.use(http.get(api('/sync'), () => HttpResponse.json(syncResponse({ permissions: ['SearchUsers', 'ManageRoles'] }))));
    const { location } = renderApp('/en/test-guarded-page', { extraRoutes: [adminRoute] });
    expect(await screen.findByText('Role management page')).toBeInTheDocument();
    expect(location()).toBe('/en/test-guarded-page');
  });

  it('shows a system error with a retry when sync fails, and recovers on retry', async () => {
    storeTestCredential();
    server.use(http.get(api('/sync'), () => HttpResponse.json('Internal server error', { status: 500 }), { once: true }));
    const { user } = renderApp('/en/account/profile/info');
    expect(await screen.findByText('We could not load your account')).toBeInTheDocument();
    expect(screen.queryByText('Internal server error')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Alice Tan', { selector: 'dd' })).toBeInTheDocument();
  });

  it('sends the root and paths without a language prefix below /en', async () => {
    const root = renderApp('/');
    await waitFor(() => expect(root.router.state.location.pathname).toBe('/en/account/login'));
    root.unmount();
    const bare = renderApp('/account/login?x=1');
    await waitFor(() => expect(bare.location()).toBe('/en/account/login?x=1'));
  });

  it('redirects /account/profile to /account/profile/info', async () => {
    storeTestCredential();
    const { location } = renderApp('/en/account/profile');
    await waitFor(() => expect(location()).toBe('/en/account/profile/info'));
  });

  it('sets the routing flag during navigation and clears it 200 ms after', async () => {
    const { systemStore } = await import('../lib/system-store');
    const { router } = renderApp('/en/account/login');
    await screen.findByRole('heading', { name: 'User Login' });
    await waitFor(() => expect(systemStore.getState().routing).toBe(false), { timeout: 1000 });
    void router.navigate('/en/nowhere');
    await waitFor(() => expect(systemStore.getState().routing).toBe(true));
    await waitFor(() => expect(systemStore.getState().routing).toBe(false), { timeout: 1000 });
  });
});
