import { STORAGE_KEYS } from '@strata/shared';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  IDLE_REFRESH_KEY,
  idlePolicy,
  idleState,
  isIdleStorageKey,
  isThrottled,
  maxIdleMs,
  noticeMinutes,
  readIdleTimes,
  shouldRefresh,
  writeIdleTimes,
} from './idle-session';

const MINUTE = 60_000;

describe('idle session timing', () => {
  it('takes the maximum idle time from session_age (nanoseconds), default 30 minutes', () => {
    expect(maxIdleMs(undefined)).toBe(1_800_000);
    expect(maxIdleMs(null)).toBe(1_800_000);
    expect(maxIdleMs(0)).toBe(1_800_000);
    expect(maxIdleMs(Number.NaN)).toBe(1_800_000);
    expect(maxIdleMs(600_000 * 1e6)).toBe(600_000);
  });

  it('warns one minute before the limit of a 30-minute session and logs out 15 s later', () => {
    const policy = idlePolicy(30 * MINUTE * 1e6);
    expect(policy).toEqual({ maxIdleMs: 30 * MINUTE, noticeLeadMs: MINUTE, countdownMs: 15_000, refreshEveryMs: 40_000 });
    const times = { idleStart: 0, refreshedAt: 0 };
    expect(idleState(policy, times, 29 * MINUTE - 1)).toEqual({ phase: 'active', noticeAt: 29 * MINUTE });
    expect(idleState(policy, times, 29 * MINUTE)).toEqual({
      phase: 'notice',
      noticeAt: 29 * MINUTE,
      logoutAt: 29 * MINUTE + 15_000,
    });
    expect(idleState(policy, times, 29 * MINUTE + 15_000)).toEqual({ phase: 'expired' });
    expect(noticeMinutes(policy)).toBe(30);
  });

  it('warns at 80 % of a short session, but never so late that the server expires first', () => {
    const five = idlePolicy(5 * MINUTE * 1e6);
    expect(five.noticeLeadMs).toBe(MINUTE);
    const two = idlePolicy(2 * MINUTE * 1e6);
    expect(two.noticeLeadMs).toBe(24_000);
    const half = idlePolicy(0.5 * MINUTE * 1e6);
    // 20 % of 30 s is 6 s, shorter than the 15 s countdown: the notice comes 20 s before the limit.
    expect(half.noticeLeadMs).toBe(20_000);
    expect(noticeMinutes(half)).toBe(1);
  });

  it('logs out at once when the stored idle start is older than the maximum idle time', () => {
    const policy = idlePolicy();
    const now = 10 * 60 * MINUTE;
    expect(idleState(policy, { idleStart: now - 31 * MINUTE, refreshedAt: now - 31 * MINUTE }, now)).toEqual({
      phase: 'expired',
    });
  });

  it('counts from the older of the last activity and the last idle refresh', () => {
    const policy = idlePolicy();
    const state = idleState(policy, { idleStart: 20 * MINUTE, refreshedAt: 5 * MINUTE }, 20 * MINUTE);
    expect(state).toEqual({ phase: 'active', noticeAt: 34 * MINUTE });
  });

  it('refreshes the server often enough that an active user never sees the notice', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 3, max: 24 * 60 * 60 }).map((seconds) => seconds * 1000),
        fc.array(fc.integer({ min: 1, max: 600_000 }), { minLength: 1, maxLength: 50 }),
        (age, gaps) => {
          const policy = idlePolicy(age * 1e6);
          // The countdown always ends before the server's own expiry, when the age leaves room for it.
          if (age > 20_000) expect(policy.noticeLeadMs).toBeGreaterThanOrEqual(policy.countdownMs + 5000);
          expect(policy.noticeLeadMs).toBeLessThanOrEqual(policy.maxIdleMs);
          expect(policy.refreshEveryMs).toBeLessThanOrEqual(60_000);
          if (age <= 25_000) return;
          // An active user (activity gaps shorter than the notice time) is never shown the notice.
          let times = { idleStart: 0, refreshedAt: 0 };
          let now = 0;
          for (const gap of gaps) {
            now += Math.min(gap, policy.maxIdleMs - policy.noticeLeadMs - policy.refreshEveryMs - 1);
            expect(idleState(policy, times, now).phase).toBe('active');
            times = { idleStart: now, refreshedAt: shouldRefresh(policy, times, now) ? now : times.refreshedAt };
          }
        },
      ),
      { numRuns: 300 },
    );
  });

  it('throttles activity to one every 500 ms', () => {
    expect(isThrottled(1000, 1499)).toBe(true);
    expect(isThrottled(1000, 1500)).toBe(false);
  });
});

describe('idle times in storage', () => {
  it('reads and writes the shared idle start and refresh times', () => {
    localStorage.clear();
    expect(readIdleTimes()).toBeNull();
    writeIdleTimes({ idleStart: 1_000_000 });
    expect(readIdleTimes()).toEqual({ idleStart: 1_000_000, refreshedAt: 1_000_000 });
    writeIdleTimes({ refreshedAt: 900_000 });
    expect(localStorage.getItem(STORAGE_KEYS.idleStart)).toBe('1000000');
    expect(localStorage.getItem(IDLE_REFRESH_KEY)).toBe('900000');
    expect(readIdleTimes()).toEqual({ idleStart: 1_000_000, refreshedAt: 900_000 });
  });

  it('ignores values that are not times', () => {
    localStorage.setItem(STORAGE_KEYS.idleStart, 'yesterday');
    expect(readIdleTimes()).toBeNull();
    localStorage.setItem(STORAGE_KEYS.idleStart, '-5');
    expect(readIdleTimes()).toBeNull();
  });

  it('recognises the storage events that concern the idle times', () => {
    expect(isIdleStorageKey(STORAGE_KEYS.idleStart)).toBe(true);
    expect(isIdleStorageKey(IDLE_REFRESH_KEY)).toBe(true);
    expect(isIdleStorageKey(null)).toBe(true);
    expect(isIdleStorageKey(STORAGE_KEYS.token)).toBe(false);
  });
});
