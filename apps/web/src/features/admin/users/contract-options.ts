import { USER_TYPE } from '@strata/shared';
import { useContractor } from '../contractors/api';
import { idOrUndefined } from '../../../lib/page-nav';
import { useContractOptions } from '../../../lib/contract-options';
import type { ContractOption } from '../shared/contract-checklist';

/**
 * The contracts a user of this type can be given: a Contractor user only their contractor's (spec issue 5);
 * others, every contract the administrator sees. `restricted` tells whether the list was narrowed.
 */
export function useAssignableContracts(userType: string | number, contractorId: string | number | null | undefined) {
  const all = useContractOptions();
  const isContractor = String(userType) === String(USER_TYPE.Contractor);
  const id = isContractor ? idOrUndefined(contractorId == null ? '' : String(contractorId)) : undefined;
  const contractor = useContractor(id, isContractor);
  const own = contractor.data ? new Set(contractor.data.contracts.map((c) => c.contract_id)) : null;
  const options: ContractOption[] = (all.data ?? []).filter((c) => {
    if (!isContractor) return true;
    if (id === undefined) return false;
    // A contractor the administrator cannot read: every contract is offered and the server decides.
    return own ? own.has(c.contract_id) : true;
  });
  return {
    options,
    loading: all.isPending || (id !== undefined && contractor.isPending && contractor.fetchStatus !== 'idle'),
    error: all.error,
    restricted: isContractor,
    contractorName: contractor.data?.name,
  };
}
