import { ZDeleteRoleResponse, ZPermissionCatalogue, ZRole, ZRoleList, type TRole, type TRoleBody } from '@strata/shared';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export interface RoleListParams {
  limit: number;
  skip: number;
  keyword: string;
}

const rolesKey = ['admin', 'roles'] as const;

/** `GET /roles` (ManageRoles): roles with their permissions and holders. */
export function rolesQuery(params: RoleListParams) {
  return queryOptions({
    queryKey: [...rolesKey, 'list', params],
    queryFn: ({ signal }) =>
      apiRequest('/roles', { query: { limit: params.limit, skip: params.skip, keyword: params.keyword || undefined }, schema: ZRoleList, signal }),
  });
}

export function useRoles(params: RoleListParams) {
  return useQuery(rolesQuery(params));
}

/** `GET /roles/{id}`. */
export function useRole(roleId: number | undefined) {
  return useQuery({
    queryKey: [...rolesKey, 'one', roleId],
    queryFn: ({ signal }) => apiRequest(`/roles/${roleId}`, { schema: ZRole, signal }),
    enabled: roleId !== undefined,
  });
}

/** `GET /permissions`: the catalogue, grouped, in catalogue order. */
export function usePermissionCatalogue() {
  return useQuery({
    queryKey: ['admin', 'permissions'],
    queryFn: ({ signal }) => apiRequest('/permissions', { schema: ZPermissionCatalogue, signal }),
    staleTime: Infinity,
  });
}

/** Create (no id) or save a role with its permissions. */
export function useSaveRole() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ roleId, body }: { roleId?: number; body: TRoleBody }): Promise<TRole> =>
      apiRequest(roleId ? `/roles/${roleId}` : '/roles', { method: roleId ? 'PUT' : 'POST', json: body, schema: ZRole }),
    onSuccess: (role) => {
      client.setQueryData([...rolesKey, 'one', role.role_id], role);
      return client.invalidateQueries({ queryKey: [...rolesKey, 'list'] });
    },
  });
}

/** `DELETE /roles/{id}?move_to=`: the holders move to `moveTo` (required while users hold the role). */
export function useDeleteRole() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ roleId, moveTo }: { roleId: number; moveTo?: number }) =>
      apiRequest(`/roles/${roleId}`, { method: 'DELETE', query: { move_to: moveTo }, schema: ZDeleteRoleResponse, emitHttpError: false }),
    onSuccess: (_data, { roleId }) => {
      client.removeQueries({ queryKey: [...rolesKey, 'one', roleId] });
      return client.invalidateQueries({ queryKey: rolesKey });
    },
  });
}
