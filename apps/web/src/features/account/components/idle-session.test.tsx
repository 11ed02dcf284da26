import { STORAGE_KEYS } from '@strata/shared';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { IDLE_REFRESH_KEY } from '../../../lib/idle-session';
import { configResponse, storeTestCredential } from '../../../test/fixtures';
import { renderApp } from '../../../test/render-app';
import { api, server } from '../../../test/server';

const NOTICE = 'You have been idle for almost 1 minute(s). You will be logged out shortly. Click "Cancel" to cancel automatic logout.';

/** A signed-in user whose last activity was `idleMs` ago, with a session age of `ageMs`. */
function idleFor(idleMs: number, ageMs = 30_000) {
  storeTestCredential();
  const start = String(Date.now() - idleMs);
  localStorage.setItem(STORAGE_KEYS.idleStart, start);
  localStorage.setItem(IDLE_REFRESH_KEY, start);
  const posted: string[] = [];
  server.use(
    http.get(api('/config'), () => HttpResponse.json(configResponse({ session_age: ageMs * 1e6 }))),
    http.post(api('/last-url'), async ({ request }) => {
      posted.push(((await request.json()) as { url: string }).url);
      return HttpResponse.json({ ok: true });
    }),
  );
  return posted;
}

/** What another tab of the browser does to the shared storage, as this tab hears it. */
function otherTab(key: string, value: string | null) {
  act(() => {
    if (value === null) localStorage.removeItem(key);
    else localStorage.setItem(key, value);
    window.dispatchEvent(new StorageEvent('storage', { key, newValue: value }));
  });
}

describe('idle session', { timeout: 20_000 }, () => {
  it('warns near the limit with the spec text; Cancel keeps the session and refreshes it on the server', async () => {
    // 30 s session: the notice shows 20 s before the limit, i.e. after 10 s idle.
    const posted = idleFor(11_000);
    const { user, location } = renderApp('/en/account/profile/info?tab=x');
    const dialog = await screen.findByRole('dialog', { name: 'Are you still there?' }, { timeout: 5000 });
    expect(within(dialog).getByText(NOTICE)).toBeInTheDocument();
    const before = Date.now();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(Number(localStorage.getItem(STORAGE_KEYS.idleStart))).toBeGreaterThanOrEqual(before);
    await waitFor(() => expect(posted).toContain('/en/account/profile/info?tab=x'));
    expect(location()).toBe('/en/account/profile/info?tab=x');
  });

  it('closes the notice when another tab cancels it (or sees activity)', async () => {
    idleFor(11_000);
    renderApp('/en/account/profile/info');
    await screen.findByRole('dialog', { name: 'Are you still there?' }, { timeout: 5000 });
    otherTab(STORAGE_KEYS.idleStart, String(Date.now()));
    otherTab(IDLE_REFRESH_KEY, String(Date.now()));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('logs out and goes to login when nobody cancels within the countdown', async () => {
    // A 60 s session: the notice shows after 40 s idle, the countdown ends 15 s later; 8 s are left.
    idleFor(47_000, 60_000);
    const { location } = renderApp('/en/account/profile/info');
    await screen.findByRole('dialog', { name: 'Are you still there?' }, { timeout: 7000 });
    await waitFor(() => expect(location()).toBe('/en/account/login'), { timeout: 15_000 });
    expect(await screen.findByText('You were signed out because the session was idle.')).toBeInTheDocument();
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBeNull();
  });

  it('logs out at once when the stored idle start is older than the maximum idle time', async () => {
    idleFor(31 * 60_000, 30 * 60_000);
    const { location } = renderApp('/en/account/profile/info');
    await waitFor(() => expect(location()).toBe('/en/account/login'), { timeout: 5000 });
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBeNull();
  });

  it('counts activity (throttled) as presence, and tells the server now and then', async () => {
    const posted = idleFor(41_000, 30 * 60_000);
    renderApp('/en/account/profile/info');
    await screen.findByText('Alice Tan', { selector: 'dd' }, { timeout: 5000 });
    const before = Date.now();
    fireEvent.mouseMove(document.body);
    expect(Number(localStorage.getItem(STORAGE_KEYS.idleStart))).toBeGreaterThanOrEqual(before);
    // 41 s since the server last heard: this activity is an idle refresh.
    expect(Number(localStorage.getItem(IDLE_REFRESH_KEY))).toBeGreaterThanOrEqual(before);
    await waitFor(() => expect(posted).toContain('/en/account/profile/info'));
    // Within 500 ms, more activity changes nothing.
    localStorage.setItem(STORAGE_KEYS.idleStart, '1000');
    fireEvent.keyDown(document.body, { key: 'a' });
    expect(localStorage.getItem(STORAGE_KEYS.idleStart)).toBe('1000');
  });

  it('follows a logout in another tab', async () => {
    idleFor(0, 30 * 60_000);
    const { location } = renderApp('/en/account/profile/info');
    await screen.findByText('Alice Tan', { selector: 'dd' }, { timeout: 5000 });
    otherTab(STORAGE_KEYS.token, null);
    await waitFor(() => expect(location()).toMatch(/^\/en\/account\/login/));
  });
});
