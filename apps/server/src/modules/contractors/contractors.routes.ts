import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ZContractorBody,
  ZContractorContracts,
  ZContractorDetail,
  ZContractorList,
  ZIdParam,
  ZListContractorsQuery,
  ZOk,
  ZSetContractorContractsRequest,
} from '@strata/shared';
import { requireActor } from '../../plugins/route-config.js';
import type { ContractorsService } from './contractors.service.js';

export const contractorsRoutes: FastifyPluginAsyncZod<{ contractors: ContractorsService }> = async (app, { contractors }) => {
  const tags = ['contractors'];
  const params = { params: ZIdParam };

  app.get(
    '/contractors',
    {
      config: { permissions: ['SearchContractors'] },
      schema: { tags, summary: 'Contractors (a Contractor user: their own)', querystring: ZListContractorsQuery, response: { 200: ZContractorList } },
    },
    (req) => contractors.list(requireActor(req.actor), req.query),
  );

  app.post(
    '/contractors',
    {
      config: { permissions: ['CreateorDeleteContractors'] },
      schema: { tags, summary: 'Add a contractor', body: ZContractorBody, response: { 200: ZContractorDetail } },
    },
    (req) => contractors.create(requireActor(req.actor), req.body),
  );

  app.get(
    '/contractors/:id',
    {
      config: { permissions: ['VieworEditContractors', 'SearchContractors'] },
      schema: { tags, summary: 'A contractor with its users and contracts', ...params, response: { 200: ZContractorDetail } },
    },
    (req) => contractors.get(requireActor(req.actor), req.params.id),
  );

  app.put(
    '/contractors/:id',
    {
      config: { permissions: ['VieworEditContractors'] },
      schema: { tags, summary: 'Edit a contractor', ...params, body: ZContractorBody, response: { 200: ZContractorDetail } },
    },
    (req) => contractors.update(requireActor(req.actor), req.params.id, req.body),
  );

  app.delete(
    '/contractors/:id',
    {
      config: { permissions: ['CreateorDeleteContractors'] },
      schema: { tags, summary: 'Delete a contractor without users or contracts (409 otherwise)', ...params, response: { 200: ZOk } },
    },
    (req) => contractors.remove(requireActor(req.actor), req.params.id),
  );

  app.get(
    '/contractors/:id/contracts',
    {
      config: { permissions: ['ManageContractorContracts'] },
      schema: { tags, summary: 'Contracts of a contractor', ...params, response: { 200: ZContractorContracts } },
    },
    (req) => contractors.contracts(requireActor(req.actor), req.params.id),
  );

  app.put(
    '/contractors/:id/contracts',
    {
      config: { permissions: ['ManageContractorContracts'] },
      schema: {
        tags,
        summary: 'Assign Contracts: the contractor holds exactly these',
        ...params,
        body: ZSetContractorContractsRequest,
        response: { 200: ZContractorContracts },
      },
    },
    (req) => contractors.setContracts(requireActor(req.actor), req.params.id, req.body),
  );
};
