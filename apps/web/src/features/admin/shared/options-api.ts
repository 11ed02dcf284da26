import { ZContractList, ZContractorList, ZRoleList, type TContract, type TContractor, type TRole } from '@strata/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { useCan } from '../../../lib/use-can';

/** Every option list is read in one page this large. */
export const OPTIONS_LIMIT = 1000;

/** The contracts the signed-in user can see (`GET /contracts`): what an administrator can assign or filter by. */
export function contractOptionsQuery() {
  return queryOptions({
    queryKey: ['admin', 'options', 'contracts'],
    queryFn: ({ signal }) => apiRequest('/contracts', { query: { limit: OPTIONS_LIMIT, skip: 0 }, schema: ZContractList, signal }),
    select: (data): TContract[] => [...data.records].sort((a, b) => a.no.localeCompare(b.no, undefined, { numeric: true })),
  });
}

export function useContractOptions() {
  return useQuery(contractOptionsQuery());
}

/** Roles to choose from; listing roles needs ManageRoles, so without it there are none (and no request). */
export function useRoleOptions() {
  const allowed = useCan('ManageRoles');
  const query = useQuery({
    queryKey: ['admin', 'roles', 'list', { limit: OPTIONS_LIMIT, skip: 0, keyword: '' }],
    queryFn: ({ signal }) => apiRequest('/roles', { query: { limit: OPTIONS_LIMIT, skip: 0 }, schema: ZRoleList, signal }),
    enabled: allowed,
  });
  return { ...query, allowed, roles: (query.data?.records ?? []) as TRole[] };
}

/** Contractors to choose from; needs SearchContractors (a Contractor user sees their own). */
export function useContractorOptions() {
  const allowed = useCan('SearchContractors');
  const query = useQuery({
    queryKey: ['admin', 'contractors', 'list', { limit: OPTIONS_LIMIT, skip: 0, keyword: '' }],
    queryFn: ({ signal }) =>
      apiRequest('/contractors', { query: { limit: OPTIONS_LIMIT, skip: 0 }, schema: ZContractorList, signal }),
    enabled: allowed,
  });
  return { ...query, allowed, contractors: (query.data?.records ?? []) as TContractor[] };
}
