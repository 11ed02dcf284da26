import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZListOutboxQuery, ZOutboxList } from '@strata/shared';
import type { OutboxService } from './outbox.service.js';

export const outboxRoutes: FastifyPluginAsyncZod<{ outbox: OutboxService }> = async (app, { outbox }) => {
  app.get(
    '/admin/outbox',
    {
      config: { permissions: ['ViewAuditLogs'] },
      schema: {
        tags: ['admin'],
        summary: 'Mails the application wrote (newest first), with their delivery state',
        querystring: ZListOutboxQuery,
        response: { 200: ZOutboxList },
      },
    },
    (req) => outbox.list(req.query),
  );
};
