import { describe, expect, it } from 'vitest';
import { nextSelection, normalizeSelection } from './contract-selection';

const contracts = [
  { contract_id: 1, active: false },
  { contract_id: 2, active: true },
  { contract_id: 3, active: true },
];

describe('contract selection rules', () => {
  it('clickable: each click toggles a contract; several may be selected, in list order', () => {
    expect(nextSelection('clickable', contracts, [3], 2)).toEqual([2, 3]);
    expect(nextSelection('clickable', contracts, [2, 3], 3)).toEqual([2]);
    expect(nextSelection('clickable', contracts, [2], 2)).toEqual([2]); // the last selected one stays
    expect(nextSelection('clickable', contracts, [], 1)).toEqual([1]);
  });

  it('optional: one at most; clicking the selected contract deselects it', () => {
    expect(nextSelection('optional', contracts, [], 2)).toEqual([2]);
    expect(nextSelection('optional', contracts, [2], 3)).toEqual([3]);
    expect(nextSelection('optional', contracts, [3], 3)).toEqual([]);
  });

  it('emit-event: one at most, a click selects', () => {
    expect(nextSelection('emit-event', contracts, [2], 3)).toEqual([3]);
    expect(nextSelection('emit-event', contracts, [3], 3)).toEqual([3]);
  });

  it('single: exactly one active contract, clicking the selected one keeps it', () => {
    expect(nextSelection('single', contracts, [2], 3)).toEqual([3]);
    expect(nextSelection('single', contracts, [3], 3)).toEqual([3]);
    // an inactive contract cannot be the one
    expect(nextSelection('single', contracts, [3], 1)).toEqual([3]);
  });

  it('single: defaults to the first active contract and never holds more than one', () => {
    expect(normalizeSelection('single', contracts, [])).toEqual([2]);
    expect(normalizeSelection('single', contracts, [1])).toEqual([2]);
    expect(normalizeSelection('single', contracts, [1, 3, 2])).toEqual([2]);
    expect(normalizeSelection('single', contracts, [99])).toEqual([2]);
    expect(normalizeSelection('single', [{ contract_id: 1, active: false }], [])).toEqual([]);
  });

  it('drops ids that are not among the contracts', () => {
    expect(normalizeSelection('clickable', contracts, [3, 99, 1])).toEqual([1, 3]);
    expect(normalizeSelection('optional', contracts, [99])).toEqual([]);
  });
});
