import type { TContract } from '@strata/shared';
import { useCallback, useEffect, useMemo } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useContractList } from '../../../lib/active-contracts';
import { useSession } from '../../../lib/auth-store';
import { createStore, useStore } from '../../../lib/create-store';
import { appEvents } from '../../../lib/events';
import { readStorage } from '../../../lib/system-store';

/** The work space's choice meaning "every contract offered" (spec §4: -1 means all contracts). */
export const ALL_CONTRACTS = -1;
/** Where the choice is remembered (local storage; sign-out wipes it with the rest). */
export const WORKSPACE_CONTRACT_KEY = 'workspace_contract';

function readSaved(): number | null {
  const text = readStorage(WORKSPACE_CONTRACT_KEY);
  const value = text === null ? NaN : Number(text);
  return Number.isInteger(value) && (value === ALL_CONTRACTS || value > 0) ? value : null;
}

/**
 * The work space's contract selection (spec §4 "Contract selection (work space)"): one store, so the map, the list and
 * the location search follow the same choice at once; a change is remembered in local storage.
 */
export const workspaceContractStore = createStore<{ saved: number | null }>(() => ({ saved: readSaved() }));

appEvents.on('session-cleared', () => workspaceContractStore.reset());

/**
 * The choice shown: the saved one when it is still offered (or -1 while there are several contracts to choose among:
 * with one, "all" is that contract, and the selector offers no "All contracts"), otherwise the first contract offered.
 */
export function resolveWorkspaceContract(saved: number | null, offered: readonly number[]): number {
  if (offered.length === 0) return ALL_CONTRACTS;
  if (saved === ALL_CONTRACTS) return offered.length > 1 ? ALL_CONTRACTS : offered[0]!;
  if (saved !== null && offered.includes(saved)) return saved;
  return offered[0]!;
}

/** The contract ids a choice stands for. */
export function contractIdsOf(choice: number, offered: readonly number[]): number[] {
  if (choice === ALL_CONTRACTS) return [...offered];
  return offered.includes(choice) ? [choice] : [];
}

export function setWorkspaceContract(choice: number): void {
  try {
    window.localStorage.setItem(WORKSPACE_CONTRACT_KEY, String(choice));
  } catch {
    // not remembered: the choice still applies to this visit
  }
  workspaceContractStore.setState({ saved: choice });
}

export interface WorkspaceContracts {
  /** The contracts offered: the user's contracts that are active in the contract bar, in its order. */
  contracts: readonly TContract[];
  /** -1 (all) or a contract id. */
  choice: number;
  /** What the map and lists show. */
  contractIds: readonly number[];
  setChoice: (choice: number) => void;
}

/** The work space's contracts and the current choice. */
export function useWorkspaceContracts(): WorkspaceContracts {
  const { contracts, selected } = useContractList();
  const saved = useStore(workspaceContractStore, (s) => s.saved);
  // Until the contract bar's store has the saved choice (an effect after the first render), the sync data has it.
  const fromSync = useSession((s) => s.contracts.last_filtered);
  const chosen = selected.length === 0 && fromSync.length > 0 ? fromSync : selected;
  const offered = useMemo(() => {
    const active = new Set(chosen);
    return contracts.filter((c) => active.has(c.contract_id));
  }, [contracts, chosen]);
  const offeredIds = useMemo(() => offered.map((c) => c.contract_id), [offered]);
  const choice = resolveWorkspaceContract(saved, offeredIds);
  const key = contractIdsOf(choice, offeredIds).join(',');
  const contractIds = useMemo(() => (key ? key.split(',').map(Number) : []), [key]);
  const setChoice = useCallback((next: number) => setWorkspaceContract(next), []);
  return { contracts: offered, choice, contractIds, setChoice };
}

/** The query parameter a saved view (a bookmark) carries its contract choice in: -1 or a contract id. */
export const CONTRACT_PARAM = 'contract';

/** `path` (with or without a query string) with the contract choice in it, for a bookmark of the view. */
export function withContractParam(path: string, choice: number): string {
  const at = path.indexOf('?');
  const params = new URLSearchParams(at < 0 ? '' : path.slice(at + 1));
  params.set(CONTRACT_PARAM, String(choice));
  return `${at < 0 ? path : path.slice(0, at)}?${params.toString()}`;
}

/**
 * Opens a saved view on its contracts: a `contract` in the address (a bookmark) becomes the work space's choice —
 * remembered like a choice made in the selector — and is then taken out of the address, which keeps the spec's state
 * only. An id that is not offered any more falls back as a saved choice does (the first contract offered).
 */
export function useContractFromAddress(): void {
  const location = useLocation();
  const navigate = useNavigate();
  useEffect(() => {
    const params = new URLSearchParams(location.search);
    const raw = params.get(CONTRACT_PARAM);
    if (raw === null) return;
    const value = Number(raw);
    if (Number.isInteger(value) && (value === ALL_CONTRACTS || value > 0)) setWorkspaceContract(value);
    params.delete(CONTRACT_PARAM);
    const rest = params.toString();
    void navigate({ search: rest ? `?${rest}` : '' }, { replace: true });
  }, [location.search, navigate]);
}
