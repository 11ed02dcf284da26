import { USER_STATUS, USER_TYPE, type UserStatus } from '@strata/shared';
import type { TranslationKey } from '../../../lib/i18n';

export const USER_TYPE_OPTIONS = [USER_TYPE.Authority, USER_TYPE.Contractor, USER_TYPE.AppAdmin] as const;

const USER_TYPE_KEYS: Record<number, TranslationKey> = { 0: 'userType.0', 1: 'userType.1', 2: 'userType.2' };

/** The i18n key of a user type (Authority, Contractor, Application Admin); unknown codes show as numbers. */
export function userTypeKey(type: number): TranslationKey | undefined {
  return USER_TYPE_KEYS[type];
}

export const USER_STATUS_KEYS: Record<UserStatus, TranslationKey> = {
  active: 'admin.userStatus.active',
  pending: 'admin.userStatus.pending',
  suspended: 'admin.userStatus.suspended',
  terminated: 'admin.userStatus.terminated',
};

export const USER_STATUS_COLORS: Record<UserStatus, 'success' | 'warning' | 'default' | 'error'> = {
  active: 'success',
  pending: 'warning',
  suspended: 'default',
  terminated: 'error',
};

export function isUserStatus(value: string): value is UserStatus {
  return (USER_STATUS as readonly string[]).includes(value);
}

/** `''` or a positive integer in a query string / select value, as a number or undefined. */
export function idOrUndefined(value: string | null | undefined): number | undefined {
  if (!value || !/^\d+$/.test(value)) return undefined;
  const n = Number(value);
  return n > 0 ? n : undefined;
}
