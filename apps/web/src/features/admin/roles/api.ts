import { ZDeleteRoleResponse, ZPermissionCatalogue, ZRole, ZRoleList, type TRole, type TRoleBody } from '@strata/shared';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export interface RoleListParams {
  limit: number;
  skip: number;
  keyword: string;
}

/**
 * Query keys of the role screens: everything starts with `['admin', 'roles']`, so a deleted role refreshes it all (the
 * admin option list of roles reads `list` with the option page, see shared/options-api.ts). The permission catalogue
 * never changes while the app runs.
 */
export const roleKeys = {
  all: ['admin', 'roles'] as const,
  lists: () => [...roleKeys.all, 'list'] as const,
  list: (params: RoleListParams) => [...roleKeys.lists(), params] as const,
  one: (roleId: number | undefined) => [...roleKeys.all, 'one', roleId] as const,
  permissions: () => ['admin', 'permissions'] as const,
};

/** `GET /roles` (ManageRoles): roles with their permissions and holders. */
export function rolesQuery(params: RoleListParams) {
  return queryOptions({
    queryKey: roleKeys.list(params),
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
    queryKey: roleKeys.one(roleId),
    queryFn: ({ signal }) => apiRequest(`/roles/${roleId}`, { schema: ZRole, signal }),
    enabled: roleId !== undefined,
  });
}

/** `GET /permissions`: the catalogue, grouped, in catalogue order. */
export function usePermissionCatalogue() {
  return useQuery({
    queryKey: roleKeys.permissions(),
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
      client.setQueryData(roleKeys.one(role.role_id), role);
      return client.invalidateQueries({ queryKey: roleKeys.lists() });
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
      client.removeQueries({ queryKey: roleKeys.one(roleId) });
      return client.invalidateQueries({ queryKey: roleKeys.all });
    },
  });
}
