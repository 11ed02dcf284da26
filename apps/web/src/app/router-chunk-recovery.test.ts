import { STORAGE_KEYS } from '@strata/shared';
import { createMemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ChunkLoadError, isChunkLoadError, readChunkRetryCount } from '../lib/chunk-recovery';
import type { AppRoute } from '../lib/route-meta';
import { createAppRoutes, watchChunkLoads } from './router';

const noJitter = () => 0;

describe('chunk-load recovery in the router', () => {
  afterEach(() => vi.useRealTimers());

  function page() {
    return null;
  }

  it('reloads the target URL after the backoff delay when a route module fails to load', async () => {
    vi.useFakeTimers();
    const reload = vi.fn();
    const router = createMemoryRouter(
      [
        { path: '/', Component: page },
        { path: '/broken', lazy: () => Promise.reject(new ChunkLoadError(new TypeError('Failed to fetch dynamically imported module'))) },
      ],
      { initialEntries: ['/'] },
    );
    const stop = watchChunkLoads(router, { reload, random: noJitter });
    await router.navigate('/broken?x=1');
    expect(router.state.navigation.state).toBe('idle');
    expect(reload).not.toHaveBeenCalled();
    vi.advanceTimersByTime(10_000);
    expect(reload).toHaveBeenCalledExactlyOnceWith('/broken?x=1');
    expect(readChunkRetryCount()).toBe(1);
    stop();
  });

  it('cancels the timer and resets the count when the navigation finishes', async () => {
    vi.useFakeTimers();
    localStorage.setItem(STORAGE_KEYS.chunkRetry, '2');
    const reload = vi.fn();
    const router = createMemoryRouter(
      [
        { path: '/', Component: page },
        { path: '/fine', lazy: () => Promise.resolve({ Component: page }) },
      ],
      { initialEntries: ['/'] },
    );
    const stop = watchChunkLoads(router, { reload, random: noJitter });
    await router.navigate('/fine');
    vi.advanceTimersByTime(120_000);
    expect(reload).not.toHaveBeenCalled();
    expect(readChunkRetryCount()).toBe(0);
    stop();
  });

  it('reloads the target when a navigation hangs past the time-out', async () => {
    vi.useFakeTimers();
    const reload = vi.fn();
    const router = createMemoryRouter(
      [
        { path: '/', Component: page },
        { path: '/slow', lazy: () => new Promise<never>(() => undefined) },
      ],
      { initialEntries: ['/'] },
    );
    const stop = watchChunkLoads(router, { reload, random: noJitter });
    void router.navigate('/slow');
    await vi.advanceTimersByTimeAsync(10_000);
    expect(reload).toHaveBeenCalledExactlyOnceWith('/slow');
    stop();
  });
});

describe('lazy routes of the route table', () => {
  it('turn a failed dynamic import into a chunk-load error', async () => {
    const table: AppRoute[] = [
      {
        path: '/broken',
        meta: { title: 'route.userManual', guard: false },
        lazy: () => Promise.reject(new TypeError('Failed to fetch dynamically imported module: /assets/x.js')),
      },
    ];
    const router = createMemoryRouter(createAppRoutes(table), { initialEntries: ['/en/'] });
    await router.navigate('/en/broken');
    const errors = Object.values(router.state.errors ?? {});
    expect(errors).toHaveLength(1);
    expect(isChunkLoadError(errors[0])).toBe(true);
    expect((errors[0] as Error).message).toContain('dynamically imported module');
  });
});
