import { STORAGE_KEYS } from '@strata/shared';
import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { systemStore } from '../../lib/system-store';
import { preferences, storeTestCredential } from '../../test/fixtures';
import { renderApp } from '../../test/render-app';
import { api, server } from '../../test/server';

describe('signed-in frame', () => {
  it('titles the document with the description and the route title', async () => {
    storeTestCredential();
    renderApp('/en/account/profile/info');
    await waitFor(() => expect(document.title).toBe('Strata Monitoring - Profile Information'));
  });

  it('shows full name and login name in the account menu', async () => {
    storeTestCredential();
    const { user } = renderApp('/en/account/profile/info');
    await user.click(await screen.findByRole('button', { name: 'Account menu' }));
    const menu = await screen.findByRole('menu');
    expect(menu.textContent).toContain('Alice Tan');
    expect(menu.textContent).toContain('alice.tan');
    expect(screen.getByRole('menuitem', { name: 'Logout' })).toBeInTheDocument();
  });

  it('applies the dark-theme preference when sync completes', async () => {
    storeTestCredential();
    server.use(http.get(api('/preferences'), () => HttpResponse.json(preferences({ dark_theme: true }))));
    renderApp('/en/account/profile/info');
    await waitFor(() => expect(systemStore.getState().darkTheme).toBe(true));
  });

  it('saves the whole preferences object when the dark-theme switch changes', async () => {
    storeTestCredential();
    const saved: unknown[] = [];
    server.use(
      http.get(api('/preferences'), () => HttpResponse.json(preferences({ show_stations: true, layers: ['a'] }))),
      http.post(api('/preferences'), async ({ request }) => {
        saved.push(await request.json());
        return HttpResponse.json({ ok: true });
      }),
    );
    const { user } = renderApp('/en/account/profile/info');
    await user.click(await screen.findByRole('button', { name: 'Account menu' }));
    const toggle = await screen.findByRole('menuitemcheckbox', { name: 'Use Dark Theme' });
    expect(toggle.getAttribute('aria-checked')).toBe('false');
    await user.click(toggle);
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]).toEqual(preferences({ show_stations: true, layers: ['a'], dark_theme: true }));
    expect(systemStore.getState().darkTheme).toBe(true);
    expect(toggle.getAttribute('aria-checked')).toBe('true');
  });

  it('logs out from the account menu: signs out, wipes storage and lands on login', async () => {
    storeTestCredential();
    let signedOut = false;
    server.use(
      http.post(api('/signout'), () => {
        signedOut = true;
        return new HttpResponse(null, { status: 204 });
      }),
    );
    const { user, location } = renderApp('/en/account/profile/info');
    await user.click(await screen.findByRole('button', { name: 'Account menu' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Logout' }));
    await waitFor(() => expect(location()).toBe('/en/account/login'));
    expect(signedOut).toBe(true);
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBeNull();
    expect(systemStore.getState()).toMatchObject({ authenticated: false, sync: false });
  });

  it('logs out even when the server no longer knows the session', async () => {
    storeTestCredential();
    server.use(http.post(api('/signout'), () => HttpResponse.json('Authentication required', { status: 401 })));
    const { location } = renderApp('/en/account/logout');
    await waitFor(() => expect(location()).toBe('/en/account/login'));
    expect(localStorage.length).toBe(0);
  });

  it('posts the page to /last-url unless the query says no-track=1', async () => {
    storeTestCredential();
    const urls: string[] = [];
    server.use(
      http.post(api('/last-url'), async ({ request }) => {
        urls.push(((await request.json()) as { url: string }).url);
        return HttpResponse.json({ ok: true });
      }),
    );
    const { router } = renderApp('/en/account/profile/info?tab=1');
    await waitFor(() => expect(urls).toEqual(['/en/account/profile/info?tab=1']));
    await router.navigate('/en/account/profile/info?no-track=1');
    await new Promise((resolve) => setTimeout(resolve, 700));
    expect(urls).toHaveLength(1);
  });
});
