import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZAuditLogList, ZListAuditLogsQuery } from '@strata/shared';
import { requireActor } from '../../plugins/route-config.js';
import type { AuditLogsService } from './audit-logs.service.js';

/** Read only on purpose: there is no PUT, PATCH or DELETE on /audit-logs. */
export const auditLogsRoutes: FastifyPluginAsyncZod<{ auditLogs: AuditLogsService }> = async (app, { auditLogs }) => {
  app.get(
    '/audit-logs',
    {
      config: { permissions: ['ViewAuditLogs'] },
      schema: { tags: ['audit'], summary: 'Audit log, newest first, with filters', querystring: ZListAuditLogsQuery, response: { 200: ZAuditLogList } },
    },
    (req) => auditLogs.list(requireActor(req.actor), req.query),
  );
};
