import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZDeleteRoleQuery, ZDeleteRoleResponse, ZListRolesQuery, ZPermissionCatalogue, ZRole, ZRoleBody, ZRoleIdParam, ZRoleList } from '@strata/shared';
import { requireActor } from '../../plugins/route-config.js';
import type { RolesService } from './roles.service.js';

export const rolesRoutes: FastifyPluginAsyncZod<{ roles: RolesService }> = async (app, { roles }) => {
  app.get(
    '/permissions',
    {
      config: { permissions: [] },
      schema: { tags: ['roles'], summary: 'The permission catalogue, grouped', response: { 200: ZPermissionCatalogue } },
    },
    () => roles.catalogue(),
  );

  app.get(
    '/roles',
    {
      config: { permissions: ['ManageRoles'] },
      schema: { tags: ['roles'], summary: 'Roles with their permissions and holders', querystring: ZListRolesQuery, response: { 200: ZRoleList } },
    },
    (req) => roles.list(req.query),
  );

  app.post(
    '/roles',
    {
      config: { permissions: ['ManageRoles'] },
      schema: { tags: ['roles'], summary: 'Create a role', body: ZRoleBody, response: { 200: ZRole } },
    },
    (req) => roles.create(requireActor(req.actor), req.body),
  );

  app.get(
    '/roles/:role_id',
    {
      config: { permissions: ['ManageRoles'] },
      schema: { tags: ['roles'], summary: 'One role', params: ZRoleIdParam, response: { 200: ZRole } },
    },
    (req) => roles.get(req.params.role_id),
  );

  app.put(
    '/roles/:role_id',
    {
      config: { permissions: ['ManageRoles'] },
      schema: { tags: ['roles'], summary: 'Edit a role and save its permissions', params: ZRoleIdParam, body: ZRoleBody, response: { 200: ZRole } },
    },
    (req) => roles.update(requireActor(req.actor), req.params.role_id, req.body),
  );

  app.delete(
    '/roles/:role_id',
    {
      config: { permissions: ['ManageRoles'] },
      schema: {
        tags: ['roles'],
        summary: 'Delete a role; its holders move to `move_to` (required while users hold it)',
        params: ZRoleIdParam,
        querystring: ZDeleteRoleQuery,
        response: { 200: ZDeleteRoleResponse },
      },
    },
    (req) => roles.remove(requireActor(req.actor), req.params.role_id, req.query.move_to),
  );
};
