import { renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { markHistoryFloor, useCanGoBack, watchPageLoad } from './use-can-go-back';

/** Renders the hook on the last of `entries` in a memory router (its first location has the key "default"). */
function canGoBack(entries: string[]): boolean {
  let seen: boolean | undefined;
  function Probe(): ReactNode {
    seen = useCanGoBack();
    return null;
  }
  const router = createMemoryRouter([{ path: '*', element: <Probe /> }], { initialEntries: entries, initialIndex: entries.length - 1 });
  renderHook(() => null, { wrapper: () => <RouterProvider router={router} /> });
  if (seen === undefined) throw new Error('the probe did not render');
  return seen;
}

describe('useCanGoBack', () => {
  afterEach(() => {
    window.history.replaceState(null, '');
    sessionStorage.clear();
  });

  it('is false on the first page of a visit even after the page replaced its own URL (the browser index is 0)', () => {
    // The work space replaces its URL with the map position as soon as the map loads: a new key, still index 0.
    window.history.replaceState({ usr: null, key: 'q8n87i5k', idx: 0 }, '');
    expect(canGoBack(['/en/dashboard/search/instrument/list', '/en/dashboard/search/instrument/list?pos=1'])).toBe(false);
  });

  it('is true when the browser history holds an earlier page of the app', () => {
    window.history.replaceState({ usr: null, key: 'abc', idx: 2 }, '');
    expect(canGoBack(['/en/dashboard'])).toBe(true);
  });

  it('falls back to the location key where the router keeps no index (a memory router)', () => {
    expect(canGoBack(['/en/dashboard'])).toBe(false);
    expect(canGoBack(['/en/dashboard', '/en/alert'])).toBe(true);
  });

  it('is false on the page sign-in landed on, though earlier entries of the tab exist (a session signed out before)', () => {
    window.history.replaceState({ usr: null, key: 'landed', idx: 4 }, '');
    markHistoryFloor();
    expect(canGoBack(['/en/dashboard'])).toBe(false);
    window.history.replaceState({ usr: null, key: 'next', idx: 5 }, '');
    expect(canGoBack(['/en/alert'])).toBe(true);
  });

  it('puts the floor on the page a redirecting page load reached, and clears it for a new entry', () => {
    window.history.replaceState({ usr: null, key: 'old', idx: 3 }, '');
    markHistoryFloor();
    // An address typed in the same tab: a new entry, which the browser router numbers 0.
    window.history.replaceState(null, '');
    const pageLoaded = watchPageLoad();
    window.history.replaceState({ usr: null, key: 'typed', idx: 0 }, '');
    expect(sessionStorage.length).toBe(0);
    // `/` redirected (a push) to the work space.
    window.history.pushState({ usr: null, key: 'landed', idx: 1 }, '', '/en/dashboard');
    pageLoaded({ state: { initialized: true, navigation: { state: 'idle' } } } as Parameters<typeof pageLoaded>[0]);
    expect(canGoBack(['/en/dashboard'])).toBe(false);
  });
});
