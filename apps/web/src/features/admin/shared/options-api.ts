import { ZContractorList, ZRoleList, type TContractor, type TRole } from '@strata/shared';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { OPTIONS_LIMIT } from '../../../lib/contract-options';
import { useCan } from '../../../lib/use-can';
import { contractorKeys } from '../contractors/api';
import { roleKeys } from '../roles/api';

/** Roles to choose from; listing roles needs ManageRoles, so without it there are none (and no request). */
export function useRoleOptions() {
  const allowed = useCan('ManageRoles');
  const query = useQuery({
    queryKey: roleKeys.list({ limit: OPTIONS_LIMIT, skip: 0, keyword: '' }),
    queryFn: ({ signal }) => apiRequest('/roles', { query: { limit: OPTIONS_LIMIT, skip: 0 }, schema: ZRoleList, signal }),
    enabled: allowed,
  });
  return { ...query, allowed, roles: (query.data?.records ?? []) as TRole[] };
}

/** Contractors to choose from; needs SearchContractors (a Contractor user sees their own). */
export function useContractorOptions() {
  const allowed = useCan('SearchContractors');
  const query = useQuery({
    queryKey: contractorKeys.list({ limit: OPTIONS_LIMIT, skip: 0, keyword: '' }),
    queryFn: ({ signal }) => apiRequest('/contractors', { query: { limit: OPTIONS_LIMIT, skip: 0 }, schema: ZContractorList, signal }),
    enabled: allowed,
  });
  return { ...query, allowed, contractors: (query.data?.records ?? []) as TContractor[] };
}
