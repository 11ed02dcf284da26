import type { Executor } from '../../db/client.js';
import { tooManyRequests } from '../../lib/errors.js';
import { clearLoginFailures, countLoginFailures, recordLoginFailure } from '../auth/auth.service.js';

/**
 * Counting throttles over the sign-in failure table (`login_attempts`), in their own namespace so they never count as
 * sign-in failures: the key `<bucket>:<key>` goes in the login-name column, `<bucket>:<address>` in the address column.
 */
export interface ThrottleRule {
  bucket: 'tfa' | 'pwcheck' | 'forgot' | 'register';
  windowMs: number;
  /** Hits allowed per key (a login name, an e-mail) within the window. */
  perKey: number;
  /** Hits allowed per client address within the window. */
  perAddress: number;
}

export async function throttleCount(db: Executor, rule: ThrottleRule, key: string, address: string, now: Date) {
  const counts = await countLoginFailures(db, new Date(now.getTime() - rule.windowMs), `${rule.bucket}:${key}`, `${rule.bucket}:${address}`);
  return { ...counts, keyBlocked: counts.byName >= rule.perKey, addressBlocked: counts.byAddress >= rule.perAddress };
}

/** Throws 429 (the spec's message, with Retry-After) when the key or the address is over its limit. */
export async function throttleCheck(db: Executor, rule: ThrottleRule, key: string, address: string, now: Date): Promise<void> {
  const c = await throttleCount(db, rule, key, address, now);
  if (c.keyBlocked || c.addressBlocked) throw tooManyRequests(Math.ceil(rule.windowMs / 1000));
}

export async function throttleHit(db: Executor, rule: ThrottleRule, key: string, address: string, now: Date): Promise<void> {
  await recordLoginFailure(db, `${rule.bucket}:${key}`, `${rule.bucket}:${address}`, now);
}

export async function throttleClear(db: Executor, rule: ThrottleRule, key: string): Promise<void> {
  await clearLoginFailures(db, `${rule.bucket}:${key}`);
}
