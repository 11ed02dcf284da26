import { LIMITS, STORAGE_KEYS } from '@strata/shared';

/**
 * Idle session timing (spec §4 "Idle session", §9), as pure functions of timestamps so every tab of the browser
 * computes the same moments from what they share in localStorage:
 *
 * - `idle_start` (STORAGE_KEYS.idleStart): the user's last activity (mouse, keyboard, touch, scroll), written by
 *   whichever tab saw it.
 * - `idle_refresh` (IDLE_REFRESH_KEY): the last time a tab told the server the user is there (an "idle refresh",
 *   POST /last-url). The server expires a session after the same age without requests, so the client counts from
 *   the older of the two: it never lets the server expire a session it still shows as open.
 *
 * From that start: the notice shows `noticeLeadMs` before the limit, and if nobody cancels it the user is logged
 * out `countdownMs` (15 s) later, still before the server's own expiry. Activity refreshes the server at most every
 * `refreshEveryMs` (40 s for a 30-minute session), so an active user never reaches the notice, and an idle one
 * sees it within that much of the nominal time.
 */
export const IDLE_REFRESH_KEY = 'idle_refresh';

/** The notice shows one minute before the limit… */
export const NOTICE_LEAD_MS = 60_000;
/** …or, for short session ages, at 80 % of it… */
export const SHORT_AGE_SHARE = 0.2;
/** …but always early enough that the countdown ends this long before the server's expiry. */
export const SAFETY_MARGIN_MS = 5_000;

export interface IdlePolicy {
  /** The session age: GET /config `session_age` / 1e6, default 30 minutes. */
  maxIdleMs: number;
  /** How long before the limit the notice shows. */
  noticeLeadMs: number;
  /** The notice's countdown to logout (15 s). */
  countdownMs: number;
  /** Activity tells the server the user is there at most this often. */
  refreshEveryMs: number;
}

export interface IdleTimes {
  /** Last activity (ms since the epoch). */
  idleStart: number;
  /** Last idle refresh sent to the server (ms since the epoch). */
  refreshedAt: number;
}

export type IdleState = { phase: 'active'; noticeAt: number } | { phase: 'notice'; noticeAt: number; logoutAt: number } | { phase: 'expired' };

/** The maximum idle time in ms: `session_age` is in nanoseconds (spec §9: divided by 1e6); default 1,800,000. */
export function maxIdleMs(sessionAge: number | null | undefined): number {
  return typeof sessionAge === 'number' && Number.isFinite(sessionAge) && sessionAge > 0 ? sessionAge / 1e6 : LIMITS.maxIdleMs;
}

export function idlePolicy(sessionAge?: number | null): IdlePolicy {
  const max = maxIdleMs(sessionAge);
  const countdown = LIMITS.logoutCountdownMs;
  const lead = Math.min(max, Math.max(countdown + SAFETY_MARGIN_MS, Math.min(NOTICE_LEAD_MS, max * SHORT_AGE_SHARE)));
  // The notice comes at most this much earlier than the nominal idle time (the server was told less recently).
  const refreshEvery = Math.max(LIMITS.idleThrottleMs, Math.min(NOTICE_LEAD_MS, lead - countdown - SAFETY_MARGIN_MS));
  return { maxIdleMs: max, noticeLeadMs: lead, countdownMs: countdown, refreshEveryMs: refreshEvery };
}

/**
 * Where the session stands at `now`: active (the notice is due at `noticeAt`), showing the notice (logout at
 * `logoutAt`), or expired (log out now — also "at start, a stored idle start older than the maximum").
 */
export function idleState(policy: IdlePolicy, times: IdleTimes, now: number): IdleState {
  const start = Math.min(times.idleStart, times.refreshedAt);
  const noticeAt = start + policy.maxIdleMs - policy.noticeLeadMs;
  const logoutAt = noticeAt + policy.countdownMs;
  if (now >= logoutAt) return { phase: 'expired' };
  if (now >= noticeAt) return { phase: 'notice', noticeAt, logoutAt };
  return { phase: 'active', noticeAt };
}

/** The N of the notice: the idle minutes, rounded (at least 1). */
export function noticeMinutes(policy: IdlePolicy): number {
  return Math.max(1, Math.round(policy.maxIdleMs / 60_000));
}

/** Activity at `now` should also tell the server (an idle refresh). */
export function shouldRefresh(policy: IdlePolicy, times: IdleTimes, now: number): boolean {
  return now - times.refreshedAt >= policy.refreshEveryMs;
}

/** Activity events closer together than this count once (spec §9: 500 ms). */
export function isThrottled(lastActivity: number, now: number): boolean {
  return now - lastActivity < LIMITS.idleThrottleMs;
}

function readStamp(raw: string | null): number | null {
  if (raw === null || !/^\d+$/.test(raw)) return null;
  const value = Number(raw);
  return Number.isSafeInteger(value) && value > 0 ? value : null;
}

type KeyValueStorage = Pick<Storage, 'getItem' | 'setItem'>;

function storage(): KeyValueStorage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

/** The shared times, or null when none are stored (a new sign-in, or storage unavailable). */
export function readIdleTimes(store: KeyValueStorage | null = storage()): IdleTimes | null {
  if (!store) return null;
  const idleStart = readStamp(store.getItem(STORAGE_KEYS.idleStart));
  if (idleStart === null) return null;
  return { idleStart, refreshedAt: readStamp(store.getItem(IDLE_REFRESH_KEY)) ?? idleStart };
}

export function writeIdleTimes(times: Partial<IdleTimes>, store: KeyValueStorage | null = storage()): void {
  if (!store) return;
  try {
    if (times.idleStart !== undefined) store.setItem(STORAGE_KEYS.idleStart, String(Math.round(times.idleStart)));
    if (times.refreshedAt !== undefined) store.setItem(IDLE_REFRESH_KEY, String(Math.round(times.refreshedAt)));
  } catch {
    // storage full or unavailable: this tab keeps its own timing
  }
}

/** True when a storage event concerns the idle times (or clears everything). */
export function isIdleStorageKey(key: string | null): boolean {
  return key === null || key === STORAGE_KEYS.idleStart || key === IDLE_REFRESH_KEY;
}
