import { STORAGE_KEYS } from '@strata/shared';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { chunkRetryDelay, createChunkLoadWatchdog, readChunkRetryCount } from './chunk-recovery';

const noJitter = () => 0;

describe('chunk-load retry delay', () => {
  it('is the chunk-load time-out until the exponential backoff grows past it', () => {
    expect(chunkRetryDelay(0, { random: noJitter })).toBe(10_000);
    expect(chunkRetryDelay(3, { random: noJitter })).toBe(10_000); // 8000 < 10000
    expect(chunkRetryDelay(4, { random: noJitter })).toBe(16_000);
    expect(chunkRetryDelay(5, { random: noJitter })).toBe(32_000);
  });

  it('grows by a factor of 2 from 1000 ms when the time-out is shorter, and stops at 60000 ms', () => {
    const delays = [0, 1, 2, 3, 4, 5, 6, 7, 20].map((count) => chunkRetryDelay(count, { timeoutMs: 0, random: noJitter }));
    expect(delays).toEqual([1000, 2000, 4000, 8000, 16_000, 32_000, 60_000, 60_000, 60_000]);
  });

  it('adds up to 1000 ms of random jitter', () => {
    expect(chunkRetryDelay(0, { random: () => 0.5 })).toBe(10_500);
    expect(chunkRetryDelay(10, { random: () => 0.999_999 })).toBe(60_999);
    for (let i = 0; i < 50; i += 1) {
      const delay = chunkRetryDelay(1);
      expect(delay).toBeGreaterThanOrEqual(10_000);
      expect(delay).toBeLessThan(11_000);
    }
  });
});

describe('chunk-load watchdog', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('reloads at the target when a navigation has not finished in time, and counts the retry', () => {
    const reload = vi.fn();
    const watchdog = createChunkLoadWatchdog({ reload, random: noJitter });
    watchdog.start('/en/user-manual');
    vi.advanceTimersByTime(9_999);
    expect(reload).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(reload).toHaveBeenCalledWith('/en/user-manual');
    expect(readChunkRetryCount()).toBe(1);
  });

  it('backs off with the stored retry count across reloads', () => {
    localStorage.setItem(STORAGE_KEYS.chunkRetry, '5');
    const reload = vi.fn();
    createChunkLoadWatchdog({ reload, random: noJitter }).start('/en/x');
    vi.advanceTimersByTime(31_999);
    expect(reload).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(reload).toHaveBeenCalledOnce();
    expect(localStorage.getItem(STORAGE_KEYS.chunkRetry)).toBe('6');
  });

  it('cancels the timer and resets the count when the navigation finishes', () => {
    localStorage.setItem(STORAGE_KEYS.chunkRetry, '3');
    const reload = vi.fn();
    const watchdog = createChunkLoadWatchdog({ reload, random: noJitter });
    watchdog.start('/en/x');
    vi.advanceTimersByTime(5_000);
    watchdog.finish();
    vi.advanceTimersByTime(120_000);
    expect(reload).not.toHaveBeenCalled();
    expect(localStorage.getItem(STORAGE_KEYS.chunkRetry)).toBeNull();
  });

  it('a new navigation replaces the timer of the previous one', () => {
    const reload = vi.fn();
    const watchdog = createChunkLoadWatchdog({ reload, random: noJitter });
    watchdog.start('/en/a');
    vi.advanceTimersByTime(6_000);
    watchdog.start('/en/b');
    vi.advanceTimersByTime(6_000);
    expect(reload).not.toHaveBeenCalled();
    vi.advanceTimersByTime(4_000);
    expect(reload).toHaveBeenCalledExactlyOnceWith('/en/b');
  });
});
