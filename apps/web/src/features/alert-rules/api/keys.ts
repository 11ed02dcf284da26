import { ApiError } from '../../../lib/api-client';
import { CONTRACTS_QUERY_KEY, useActiveContractIds } from '../../../lib/active-contracts';
import type { GroupListParams } from './groups';
import type { ScenarioListParams } from './scenarios';
import type { TemplateListParams } from './templates';

/**
 * Query keys of the alert rules. Every key starts with `all`: under `contracts`, so a new contract choice (or any save
 * of one) asks again, and under `alert-rules`. A saved template invalidates the templates; a saved group or scenario
 * invalidates `all` (scenarios name groups, and the forms' options list both).
 */
export const ruleKeys = {
  all: [...CONTRACTS_QUERY_KEY, 'alert-rules'] as const,
  templates: () => [...ruleKeys.all, 'templates'] as const,
  templateList: (params: TemplateListParams) => [...ruleKeys.templates(), 'list', params] as const,
  template: (id: number | undefined) => [...ruleKeys.templates(), 'one', id] as const,
  groups: () => [...ruleKeys.all, 'groups'] as const,
  groupList: (params: GroupListParams | null) => [...ruleKeys.groups(), 'list', params] as const,
  group: (id: number | undefined) => [...ruleKeys.groups(), 'one', id] as const,
  scenarios: () => [...ruleKeys.all, 'scenarios'] as const,
  scenarioList: (params: ScenarioListParams | null) => [...ruleKeys.scenarios(), 'list', params] as const,
  scenario: (id: number | undefined) => [...ruleKeys.scenarios(), 'one', id] as const,
  /** What the forms choose from (instruments, levels, roles, users). */
  options: () => [...ruleKeys.all, 'options'] as const,
  contractInstruments: (contractId: number | undefined) => [...ruleKeys.options(), 'instruments', contractId] as const,
  instrumentSearch: (keyword: string, contracts: string | undefined) => [...ruleKeys.options(), 'instrument-search', keyword, contracts] as const,
  instrument: (id: number) => [...ruleKeys.options(), 'instrument', id] as const,
  instrumentLevels: (contractId: number | undefined) => [...ruleKeys.options(), 'levels', contractId] as const,
  roles: () => [...ruleKeys.options(), 'roles'] as const,
  userSearch: (keyword: string) => [...ruleKeys.options(), 'users', keyword] as const,
  user: (id: number) => [...ruleKeys.options(), 'user', id] as const,
};

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
