import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ZBoundaryImportQuery,
  ZBoundaryImportRequest,
  ZBoundaryImportResult,
  ZContractBoundaryRequest,
  ZContractDetail,
  ZContractUserCandidates,
  ZContractUserCandidatesQuery,
  ZContractUsers,
  ZCreateContractRequest,
  ZIdParam,
  ZListManagedContractsQuery,
  ZManagedContractList,
  ZOk,
  ZSetContractUsersRequest,
  ZUpdateContractRequest,
} from '@strata/shared';
import { parseOrBadRequest } from '../../lib/filters.js';
import { readSingleUpload, uploadLimit } from '../../lib/upload.js';
import { requireActor } from '../../plugins/route-config.js';
import type { SettingsService } from '../settings/settings.service.js';
import type { ContractsAdminService } from './contracts-admin.service.js';

/** Contracts management (`/contracts/management` screens). `GET /contracts` (the toolbar's list) stays in contracts.routes.ts. */
export const contractsAdminRoutes: FastifyPluginAsyncZod<{ contractsAdmin: ContractsAdminService; settings: SettingsService }> = async (
  app,
  { contractsAdmin, settings },
) => {
  const tags = ['contracts'];
  const params = { params: ZIdParam };

  app.get(
    '/contracts/manage',
    {
      config: { permissions: ['SearchContracts'] },
      schema: { tags, summary: 'Search contracts (management)', querystring: ZListManagedContractsQuery, response: { 200: ZManagedContractList } },
    },
    (req) => contractsAdmin.list(requireActor(req.actor), req.query),
  );

  app.post(
    '/contracts',
    {
      config: { permissions: ['CreateorDeleteContracts'] },
      schema: { tags, summary: 'Create a contract', body: ZCreateContractRequest, response: { 200: ZContractDetail } },
    },
    (req) => contractsAdmin.create(requireActor(req.actor), req.body),
  );

  app.get(
    '/contracts/:id',
    {
      config: { permissions: ['SearchContracts', 'VieworEditContracts'] },
      schema: { tags, summary: 'A contract (tab Information), with its boundary', ...params, response: { 200: ZContractDetail } },
    },
    (req) => contractsAdmin.get(requireActor(req.actor), req.params.id),
  );

  app.put(
    '/contracts/:id',
    {
      config: { permissions: ['VieworEditContracts'] },
      schema: { tags, summary: 'Edit a contract (fields given change)', ...params, body: ZUpdateContractRequest, response: { 200: ZContractDetail } },
    },
    (req) => contractsAdmin.update(requireActor(req.actor), req.params.id, req.body),
  );

  app.delete(
    '/contracts/:id',
    {
      config: { permissions: ['CreateorDeleteContracts'] },
      schema: { tags, summary: 'Delete a contract (409 while it has instruments or construction sites)', ...params, response: { 200: ZOk } },
    },
    (req) => contractsAdmin.remove(requireActor(req.actor), req.params.id),
  );

  app.put(
    '/contracts/:id/boundary',
    {
      config: { permissions: ['VieworEditContracts'] },
      schema: {
        tags,
        summary: 'Set or clear the boundary polygon (GeoJSON, SVY21 or WGS84)',
        ...params,
        body: ZContractBoundaryRequest,
        response: { 200: ZContractDetail },
      },
    },
    (req) => contractsAdmin.setBoundary(requireActor(req.actor), req.params.id, req.body),
  );

  app.post(
    '/contracts/:id/boundary/import',
    {
      // KML is XML: its text is read as a file, not shown, so the unsafe-input rule does not apply to it.
      config: { permissions: ['VieworEditContracts'], rawTextFields: ['text'] },
      schema: {
        tags,
        summary: 'Import the boundary from a GeoJSON or KML file (JSON {text, format} or multipart with one file); WGS84 is converted to SVY21',
        ...params,
        querystring: ZBoundaryImportQuery,
        response: { 200: ZBoundaryImportResult },
      },
    },
    async (req) => {
      const actor = requireActor(req.actor);
      if (req.isMultipart()) {
        const file = await readSingleUpload(req, uploadLimit(await settings.get(), 'map'));
        const format = /\.kml$/i.test(file.fileName) ? 'kml' : undefined;
        return contractsAdmin.importBoundary(actor, req.params.id, file.data.toString('utf8'), format, req.query.dry_run ?? false);
      }
      const body = parseOrBadRequest(ZBoundaryImportRequest, req.body);
      return contractsAdmin.importBoundary(actor, req.params.id, body.text, body.format, req.query.dry_run ?? false);
    },
  );

  app.get(
    '/contracts/:id/users',
    {
      config: { permissions: ['ManageProjectAssignment'] },
      schema: { tags, summary: 'Users assigned to the contract', ...params, response: { 200: ZContractUsers } },
    },
    (req) => contractsAdmin.users(requireActor(req.actor), req.params.id),
  );

  app.get(
    '/contracts/:id/users/candidates',
    {
      config: { permissions: ['ManageProjectAssignment'] },
      schema: {
        tags,
        summary: 'Users who may be assigned to the contract and are not yet (the assign-user picker)',
        ...params,
        querystring: ZContractUserCandidatesQuery,
        response: { 200: ZContractUserCandidates },
      },
    },
    (req) => contractsAdmin.candidates(requireActor(req.actor), req.params.id, req.query),
  );

  app.put(
    '/contracts/:id/users',
    {
      config: { permissions: ['ManageProjectAssignment'] },
      schema: {
        tags,
        summary: "Assign users (a Contractor user: only to their contractor's contracts)",
        ...params,
        body: ZSetContractUsersRequest,
        response: { 200: ZContractUsers },
      },
    },
    (req) => contractsAdmin.setUsers(requireActor(req.actor), req.params.id, req.body),
  );
};
