import type { TContract } from '@strata/shared';

/**
 * How a contract toolbar selects (spec §4 "Contract selection"):
 * - `clickable`: several at once; each click toggles a contract, except that the last selected one stays (one must).
 * - `optional`: one or none; clicking the selected contract deselects it.
 * - `emit-event`: one or none; a click selects that contract and tells the owner, who does not save it.
 * - `single` (the default): exactly one active contract is always selected, the first active one by default.
 */
export type ContractSelectionMode = 'clickable' | 'optional' | 'emit-event' | 'single';

type ContractRef = Pick<TContract, 'contract_id' | 'active'>;

/** Only `single` refuses inactive contracts: it must always hold exactly one active contract. */
export function isSelectable(mode: ContractSelectionMode, contract: ContractRef): boolean {
  return mode !== 'single' || contract.active;
}

/** In `clickable` mode the last selected contract cannot be switched off: the contract bar always holds one. */
export function isLastSelected(mode: ContractSelectionMode, selected: readonly number[], contractId: number): boolean {
  return mode === 'clickable' && selected.length === 1 && selected[0] === contractId;
}

/** The selection after a click on `clickedId`, in the order of `contracts`. */
export function nextSelection(mode: ContractSelectionMode, contracts: readonly ContractRef[], selected: readonly number[], clickedId: number): number[] {
  const clicked = contracts.find((contract) => contract.contract_id === clickedId);
  const current = normalizeSelection(mode, contracts, selected);
  if (!clicked || !isSelectable(mode, clicked) || isLastSelected(mode, current, clickedId)) return current;
  switch (mode) {
    case 'clickable': {
      const wanted = new Set(current);
      if (wanted.has(clickedId)) wanted.delete(clickedId);
      else wanted.add(clickedId);
      return contracts.map((contract) => contract.contract_id).filter((id) => wanted.has(id));
    }
    case 'optional':
      return current.includes(clickedId) ? [] : [clickedId];
    case 'emit-event':
    case 'single':
      return [clickedId];
  }
}

/**
 * The selection a toolbar shows for a stored one: unknown ids dropped, at most one outside `clickable`, and in
 * `single` mode exactly one active contract (the first selected active one, else the first active contract).
 */
export function normalizeSelection(mode: ContractSelectionMode, contracts: readonly ContractRef[], selected: readonly number[]): number[] {
  const wanted = new Set(selected);
  const known = contracts.filter((contract) => wanted.has(contract.contract_id));
  switch (mode) {
    case 'clickable':
      return known.map((contract) => contract.contract_id);
    case 'optional':
    case 'emit-event':
      return known.slice(0, 1).map((contract) => contract.contract_id);
    case 'single': {
      const chosen = known.find((contract) => contract.active) ?? contracts.find((contract) => contract.active);
      return chosen ? [chosen.contract_id] : [];
    }
  }
}

export function sameSelection(a: readonly number[], b: readonly number[]): boolean {
  if (a.length !== b.length) return false;
  const set = new Set(a);
  return b.every((id) => set.has(id));
}
