import { describe, expect, it } from 'vitest';
import {
  ALL_CONTRACTS,
  contractIdsOf,
  resolveWorkspaceContract,
  setWorkspaceContract,
  withContractParam,
  WORKSPACE_CONTRACT_KEY,
  workspaceContractStore,
} from './workspace-contract';

describe('work-space contract selection (spec §4)', () => {
  it('puts the contract choice into a saved view\u2019s address, replacing one already there', () => {
    expect(withContractParam('/dashboard/search/instrument/list', 12)).toBe('/dashboard/search/instrument/list?contract=12');
    expect(withContractParam('/dashboard/search/instrument/list?keyword=SM&contract=11', ALL_CONTRACTS)).toBe(
      '/dashboard/search/instrument/list?keyword=SM&contract=-1',
    );
  });

  it('restores the saved choice while it is still offered', () => {
    expect(resolveWorkspaceContract(12, [11, 12])).toBe(12);
  });

  it('chooses the first contract when nothing is saved or the saved one is gone', () => {
    expect(resolveWorkspaceContract(null, [11, 12])).toBe(11);
    expect(resolveWorkspaceContract(99, [11, 12])).toBe(11);
  });

  it('keeps -1, all contracts, which stands for every contract offered', () => {
    expect(resolveWorkspaceContract(ALL_CONTRACTS, [11, 12])).toBe(ALL_CONTRACTS);
    // With one contract offered the selector has no "All contracts": the choice is that contract.
    expect(resolveWorkspaceContract(ALL_CONTRACTS, [11])).toBe(11);
    expect(contractIdsOf(ALL_CONTRACTS, [11, 12])).toEqual([11, 12]);
    expect(contractIdsOf(12, [11, 12])).toEqual([12]);
    expect(contractIdsOf(13, [11, 12])).toEqual([]);
  });

  it('remembers a change and tells every listener', () => {
    const seen: (number | null)[] = [];
    const stop = workspaceContractStore.subscribe(() => seen.push(workspaceContractStore.getState().saved));
    setWorkspaceContract(ALL_CONTRACTS);
    stop();
    expect(seen).toEqual([ALL_CONTRACTS]);
    expect(localStorage.getItem(WORKSPACE_CONTRACT_KEY)).toBe('-1');
    workspaceContractStore.reset();
  });
});
