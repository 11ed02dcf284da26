import { CONTRACTS_QUERY_KEY } from './active-contracts';

/*
 * Keys of queries that more than one feature reads. No feature imports another, so the key two features share lives
 * here and each feature's own key factory builds on it: a save in one feature then refreshes what the other shows.
 * The other shared keys sit beside their queries: CONTRACTS_QUERY_KEY (lib/active-contracts), SITES_QUERY_KEY
 * (lib/site-queries), CONFIG_QUERY_KEY (lib/config), CONTRACT_OPTIONS_KEY (lib/contract-options).
 */

/** The user's bookmarks: the account pages' list and the work space's saved views are one cache entry. */
export const BOOKMARKS_QUERY_KEY = ['account', 'bookmarks'] as const;

/** The account preferences: the Preference page and the work-space map (labels, legend, layers) read one entry. */
export const PREFERENCES_QUERY_KEY = ['preferences'] as const;

/**
 * Every query of the Log of Actions Taken: under `contracts` (a new contract choice refetches them); the action-log
 * feature invalidates it after each change of a case and on the live `action-log` and `alerts` events.
 */
export const ACTION_LOG_QUERY_KEY = [...CONTRACTS_QUERY_KEY, 'action-log'] as const;

/**
 * `GET /action-cases/summary` of the active contracts (a JSON list): the action-log pages' counts and the alert
 * landing's "Logs of Action Taken" tile, so either page's answer serves both and a change of a case refreshes the tile.
 */
export const actionCaseSummaryKey = (contracts: string | null) => [...ACTION_LOG_QUERY_KEY, 'summary', contracts] as const;

/**
 * The user manual's documents (`GET /user-manual/documents`): the master-data Documentations page and the User Manual
 * page, so an upload or a delete on the first refreshes the second.
 */
export const MANUAL_DOCUMENTS_QUERY_KEY = ['master-data', 'documentations'] as const;
