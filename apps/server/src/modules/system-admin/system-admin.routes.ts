import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZListSystemLogsQuery, ZPipelineList, ZPipelineStats, ZPipelineStatsQuery, ZSystemLogList, ZSystemStatus } from '@strata/shared';
import { z } from 'zod';
import type { SystemAdminService } from './system-admin.service.js';

export const systemAdminRoutes: FastifyPluginAsyncZod<{ systemAdmin: SystemAdminService }> = async (app, { systemAdmin }) => {
  app.get(
    '/admin/system/status',
    {
      config: { permissions: ['ViewAuditLogs', 'ManageSystemSettings'] },
      schema: { tags: ['system'], summary: 'System status: database, jobs, websocket, storage, build', response: { 200: ZSystemStatus } },
    },
    () => systemAdmin.status(),
  );

  app.get(
    '/admin/system/logs',
    {
      config: { permissions: ['ViewAuditLogs'] },
      schema: { tags: ['system'], summary: 'Application errors and job failures', querystring: ZListSystemLogsQuery, response: { 200: ZSystemLogList } },
    },
    (req) => systemAdmin.logs(req.query),
  );

  app.get(
    '/pipelines',
    {
      config: { permissions: ['ManageSchedules', 'ViewAuditLogs'] },
      schema: { tags: ['system'], summary: 'Background pipelines with live counts and throughput', response: { 200: ZPipelineList } },
    },
    () => systemAdmin.pipelines(),
  );

  app.get(
    '/pipelines/:name/stats',
    {
      config: { permissions: ['ManageSchedules', 'ViewAuditLogs'] },
      schema: {
        tags: ['system'],
        summary: 'Completed and failed jobs of one pipeline per time bucket',
        params: z.object({ name: z.string().max(50) }),
        querystring: ZPipelineStatsQuery,
        response: { 200: ZPipelineStats },
      },
    },
    (req) => systemAdmin.pipelineStats(req.params.name, req.query),
  );
};
