import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZContractList, ZFilterContractsRequest, ZListContractsQuery, ZOk } from '@strata/shared';
import { requireActor } from '../../plugins/route-config.js';
import type { ContractsService } from './contracts.service.js';

export const contractsRoutes: FastifyPluginAsyncZod<{ contracts: ContractsService }> = async (app, { contracts }) => {
  app.get(
    '/contracts',
    {
      config: { permissions: [] },
      schema: { tags: ['contracts'], summary: "The caller's contracts", querystring: ZListContractsQuery, response: { 200: ZContractList } },
    },
    (req) => contracts.list(requireActor(req.actor), req.query),
  );

  app.post(
    '/filter-contracts',
    {
      config: { permissions: [] },
      schema: { tags: ['contracts'], summary: 'Save the active contracts', body: ZFilterContractsRequest, response: { 200: ZOk } },
    },
    async (req) => {
      await contracts.saveFilter(requireActor(req.actor), req.body);
      return { ok: true as const };
    },
  );
};
