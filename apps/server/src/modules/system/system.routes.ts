import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZAppInfo, ZConfig } from '@strata/shared';
import { z } from 'zod';
import type { SystemService } from './system.service.js';

const ZHealth = z.object({ status: z.enum(['ok', 'unavailable']) });
const HEALTH_OK = JSON.stringify({ status: 'ok' } satisfies z.infer<typeof ZHealth>);

export const systemRoutes: FastifyPluginAsyncZod<{ system: SystemService }> = async (app, { system }) => {
  app.get(
    '/health',
    {
      config: { public: true },
      schema: { tags: ['system'], summary: 'The process is alive', response: { 200: ZHealth } },
      // Called every few seconds by every load balancer and probe: the same bytes each time, not serialised anew (only
      // the 200 has a schema, so only it comes here; any other answer goes through Fastify's own serialiser).
      serializerCompiler: ({ httpStatus }) => (httpStatus === '200' ? () => HEALTH_OK : (data) => JSON.stringify(data)),
    },
    () => ({ status: 'ok' as const }),
  );

  app.get(
    '/ready',
    {
      config: { public: true },
      schema: { tags: ['system'], summary: 'The database answers', response: { 200: ZHealth, 503: ZHealth } },
    },
    async (_req, reply) => {
      if (await system.ready()) return { status: 'ok' as const };
      return reply.status(503).send({ status: 'unavailable' as const });
    },
  );

  app.get(
    '/info',
    {
      config: { public: true },
      schema: { tags: ['system'], summary: 'Application info', response: { 200: ZAppInfo } },
    },
    () => system.info(),
  );

  app.get(
    '/config',
    {
      config: { permissions: [], allowExpiredPassword: true },
      schema: { tags: ['system'], summary: 'Configuration', response: { 200: ZConfig } },
    },
    (req) => system.config(req.actor),
  );
};
