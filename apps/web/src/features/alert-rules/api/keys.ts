import { ApiError } from '../../../lib/api-client';
import { CONTRACTS_QUERY_KEY, useActiveContractIds } from '../../../lib/active-contracts';

/**
 * Every alert-rule query's key starts here: under `contracts`, so a new contract choice (or any save of it) asks
 * again, and under `alert-rules`, which each save invalidates.
 */
export const RULES_KEY = [...CONTRACTS_QUERY_KEY, 'alert-rules'] as const;

/** The `contracts` query parameter of the active choice (a JSON list), or null when no contract is active. */
export function contractsParam(ids: readonly number[]): string | null {
  return ids.length > 0 ? JSON.stringify([...ids].sort((a, b) => a - b)) : null;
}

/** The active contracts as the list calls send them (null: none active, nothing to ask). */
export function useRuleContracts(): string | null {
  return contractsParam(useActiveContractIds());
}

/** Not found, forbidden (another contract's) or a bad request is an answer, not a failure to retry. */
export function retryServerErrors(count: number, error: unknown): boolean {
  return count < 2 && !(error instanceof ApiError && error.status > 0 && error.status < 500);
}
