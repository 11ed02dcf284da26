import { LIMITS, ZContractList, type TContract, type TContractList, type TFilterContractsRequest } from '@strata/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { apiRequest } from './api-client';
import { sessionStore, useSession } from './auth-store';
import { sameSelection } from './contract-selection';
import { createStore, useStore } from './create-store';
import { appEvents } from './events';
import { translateMessage } from './i18n';
import { queryClient } from './query-client';
import { useSystemState } from './system-store';

/**
 * The contracts the user chose as active (the shell's contract toolbar, spec §4 "Contract selection").
 * Contract-scoped queries follow the choice in two ways: their keys start with `['contracts', …]` (every such
 * query is invalidated after a save), or they put `useActiveContractIds()` in their key.
 */
export const CONTRACTS_QUERY_KEY = ['contracts'] as const;

/** The user's contracts and their saved choice (the contract toolbar's list). */
export const MY_CONTRACTS_QUERY_KEY = [...CONTRACTS_QUERY_KEY, 'mine'] as const;

/** Saving waits this long after the last click, so several clicks make one request. */
export const CONTRACT_FILTER_SAVE_DELAY_MS = 400;

/** GET /contracts: the user's contracts (first page of 100, spec §9) and their saved choice. */
export function getContracts(): Promise<TContractList> {
  return apiRequest('/contracts', { query: { limit: LIMITS.shellPageSize, skip: 0 }, schema: ZContractList });
}

export function getContractsQueryOptions() {
  return queryOptions({ queryKey: MY_CONTRACTS_QUERY_KEY, queryFn: getContracts });
}

/** POST /filter-contracts. Its failure is shown by the toolbar as a toast, not as the screen's alert. */
export async function filterContracts(body: TFilterContractsRequest): Promise<void> {
  await apiRequest('/filter-contracts', { method: 'POST', json: body, emitHttpError: false });
}

export interface ActiveContractsState {
  /** The choice shown and used by contract-scoped queries (may be ahead of the server while a save waits). */
  ids: readonly number[];
  /** The choice the server holds (its `last_filtered`). */
  saved: readonly number[];
  /** The last save failure, in the server's words. */
  error: string | null;
}

const NONE: readonly number[] = [];

export const activeContractsStore = createStore<ActiveContractsState>(() => ({ ids: NONE, saved: NONE, error: null }));

let timer: ReturnType<typeof setTimeout> | undefined;
let inFlight = false;

/** True while a change waits to be saved or is being saved: answers from the server must not overwrite it. */
function saving(): boolean {
  return timer !== undefined || inFlight;
}

/** The server's choice arrived (sync or GET /contracts): take it unless a change of ours is on its way. */
export function receiveSavedContracts(lastFiltered: readonly number[]): void {
  if (saving()) return;
  activeContractsStore.setState({ ids: lastFiltered, saved: lastFiltered });
}

async function save(): Promise<void> {
  timer = undefined;
  const { ids, saved } = activeContractsStore.getState();
  if (sameSelection(ids, saved)) return;
  inFlight = true;
  try {
    await filterContracts({ contract_ids: [...ids], last_filtered: [...saved] });
    activeContractsStore.setState({ saved: ids });
    sessionStore.setState((state) => ({ contracts: { ...state.contracts, last_filtered: ids } }));
    inFlight = false;
    await queryClient.invalidateQueries({ queryKey: CONTRACTS_QUERY_KEY });
  } catch (error) {
    inFlight = false;
    clearTimeout(timer);
    timer = undefined;
    const message = error instanceof Error ? error.message : String(error);
    activeContractsStore.setState((state) => ({ ids: state.saved, error: translateMessage(message) }));
  }
}

/** A new choice: shown at once, saved 400 ms after the last change; a failure puts the saved choice back. */
export function selectActiveContracts(ids: readonly number[]): void {
  activeContractsStore.setState({ ids, error: null });
  clearTimeout(timer);
  timer = setTimeout(() => void save(), CONTRACT_FILTER_SAVE_DELAY_MS);
}

export function dismissActiveContractsError(): void {
  activeContractsStore.setState({ error: null });
}

/** The active contract ids, for the keys of contract-scoped queries. */
export function useActiveContractIds(): readonly number[] {
  return useStore(activeContractsStore, (state) => state.ids);
}

export function useActiveContractsError(): string | null {
  return useStore(activeContractsStore, (state) => state.error);
}

/**
 * The user's contracts with the active choice: from the sync data at once, then from GET /contracts
 * (refetched after each save). Keeps the shared store in step with the server.
 */
export function useContractList(): { contracts: readonly TContract[]; selected: readonly number[] } {
  const sync = useSystemState((state) => state.sync);
  const fromSync = useSession((state) => state.contracts);
  const { data } = useQuery({ ...getContractsQueryOptions(), enabled: sync });
  const lastFiltered = data?.last_filtered ?? fromSync.last_filtered;
  useEffect(() => {
    if (sync) receiveSavedContracts(lastFiltered);
  }, [sync, lastFiltered]);
  return { contracts: data?.records ?? fromSync.records, selected: useActiveContractIds() };
}

/** Forgets the choice and any change waiting to be saved (a new session; tests). */
export function resetActiveContracts(): void {
  clearTimeout(timer);
  timer = undefined;
  inFlight = false;
  activeContractsStore.reset();
}

appEvents.on('session-cleared', resetActiveContracts);
