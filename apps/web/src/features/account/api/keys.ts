import { BOOKMARKS_QUERY_KEY, PREFERENCES_QUERY_KEY } from '../../../lib/query-keys';
import type { NotificationQuery } from './get-notifications';

/**
 * Query keys of the account pages, used by the hooks and by the invalidations alike. The user's own lists start with
 * `['account']`; the bookmarks and the preferences keep the keys the work space shares (lib/query-keys.ts); the
 * session sync and the public list of contractors to register with are not account data and stand apart.
 */
export const accountKeys = {
  all: ['account'] as const,
  bookmarks: () => BOOKMARKS_QUERY_KEY,
  notifications: () => [...accountKeys.all, 'notifications'] as const,
  notificationList: (query: NotificationQuery) => [...accountKeys.notifications(), query] as const,
  tfaStatus: () => [...accountKeys.all, 'tfa'] as const,
  recents: () => [...accountKeys.all, 'recents'] as const,
  /** Never invalidated: a mailed token works once (the query runs once per token). */
  activation: (token: string | null) => [...accountKeys.all, 'activate', token] as const,
  preferences: () => PREFERENCES_QUERY_KEY,
  sync: () => ['sync'] as const,
  registerContractors: () => ['register', 'contractors'] as const,
};
