import { LIMITS, STORAGE_KEYS } from '@strata/shared';
import { pageLoader } from './navigation';
import { readStorage } from './system-store';

/**
 * Chunk-load recovery (spec §4, §9). After a deployment the code chunks an open page asks for may be gone, or a
 * request for one may hang. Each navigation starts a timer; if the navigation has not finished when it fires, the
 * page reloads at the target URL and a retry count kept in localStorage rises. Finishing the navigation cancels the
 * timer and resets the count. A route module that fails to load reloads at its URL after the same delay.
 */

/** Most random jitter added to a delay, in ms. */
export const CHUNK_RETRY_JITTER_MS = 1000;

export interface ChunkRetryDelayOptions {
  /** The chunk-load time-out, the smallest delay (default 10000 ms in the shell). */
  timeoutMs?: number;
  /** A number in [0, 1) for the jitter; Math.random by default. */
  random?: () => number;
}

/**
 * The delay before reloading, from the number of reloads already tried: exponential backoff from 1000 ms with
 * multiplier 2, at least the chunk-load time-out, at most 60000 ms, plus up to 1000 ms of random jitter.
 */
export function chunkRetryDelay(count: number, options: ChunkRetryDelayOptions = {}): number {
  const { timeoutMs = LIMITS.chunkLoadTimeoutMs, random = Math.random } = options;
  const exponential = LIMITS.retryBackoffMinMs * LIMITS.retryBackoffMultiplier ** Math.max(0, count);
  const base = Math.min(LIMITS.retryBackoffMaxMs, Math.max(timeoutMs, exponential));
  const jitter = Math.min(CHUNK_RETRY_JITTER_MS, Math.max(0, Math.floor(random() * CHUNK_RETRY_JITTER_MS)));
  return base + jitter;
}

export function readChunkRetryCount(): number {
  const value = Number.parseInt(readStorage(STORAGE_KEYS.chunkRetry) ?? '', 10);
  return Number.isFinite(value) && value > 0 ? value : 0;
}

function writeChunkRetryCount(count: number): void {
  try {
    if (count > 0) window.localStorage.setItem(STORAGE_KEYS.chunkRetry, String(count));
    else window.localStorage.removeItem(STORAGE_KEYS.chunkRetry);
  } catch {
    // without storage there is no backoff across reloads; the time-out still applies
  }
}

/** A route module (a lazily loaded chunk) that could not be loaded. */
export class ChunkLoadError extends Error {
  override readonly name = 'ChunkLoadError';
  constructor(cause: unknown) {
    super(cause instanceof Error ? cause.message : 'A part of the application could not be loaded', { cause });
  }
}

export function isChunkLoadError(error: unknown): error is ChunkLoadError {
  return error instanceof ChunkLoadError;
}

/** Reloads the page at a URL of this site (a plain reload when it is the current one). */
export function reloadAt(url: string): void {
  const target = new URL(url, window.location.href);
  if (target.href === window.location.href) pageLoader.reload();
  else pageLoader.assign(target.href);
}

export interface ChunkLoadWatchdog {
  /** A navigation to `url` started: reload there unless it finishes within the delay. */
  start(url: string): void;
  /** The navigation finished: cancel the timer and reset the count. */
  finish(): void;
  /** The code of `url` failed to load: reload there after the delay. */
  fail(url: string): void;
  /** Cancels the timer without touching the count. */
  stop(): void;
}

export interface ChunkLoadWatchdogOptions extends ChunkRetryDelayOptions {
  reload?: (url: string) => void;
}

export function createChunkLoadWatchdog(options: ChunkLoadWatchdogOptions = {}): ChunkLoadWatchdog {
  const { reload = reloadAt, ...delayOptions } = options;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const stop = () => {
    clearTimeout(timer);
    timer = undefined;
  };
  const schedule = (url: string) => {
    stop();
    const count = readChunkRetryCount();
    timer = setTimeout(
      () => {
        timer = undefined;
        writeChunkRetryCount(count + 1);
        reload(url);
      },
      chunkRetryDelay(count, delayOptions),
    );
  };
  return {
    start: schedule,
    fail: schedule,
    finish() {
      stop();
      writeChunkRetryCount(0);
    },
    stop,
  };
}
