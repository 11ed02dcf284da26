import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ZCreateExportRequest,
  ZCreateExportResponse,
  ZExportCheck,
  ZExportIdParam,
  ZExportTypeParam,
  ZGeneratedFileList,
  ZListGeneratedFilesQuery,
} from '@strata/shared';
import { attachment, MIME } from '../../lib/content-disposition.js';
import { requireActor } from '../../plugins/route-config.js';
import { EXPORT_CREATE_PERMISSIONS, EXPORT_DOWNLOAD_PERMISSIONS, EXPORT_PERMISSIONS } from './export-types.js';
import type { ExportsService } from './exports.service.js';

/** Every route admits the union of the export permissions; the service checks the type's own (create vs download). */
export const exportsRoutes: FastifyPluginAsyncZod<{ exports: ExportsService }> = async (app, { exports }) => {
  const tags = ['exports'];

  app.post(
    '/exports/:type',
    {
      config: { permissions: EXPORT_CREATE_PERMISSIONS },
      schema: {
        tags,
        summary: 'Start an export or report (audit-logs: xlsx|csv; users: xlsx|pdf; roles: xlsx|pdf); poll /exports/{id}/check',
        params: ZExportTypeParam,
        body: ZCreateExportRequest.optional(),
        response: { 200: ZCreateExportResponse },
      },
    },
    (req) => exports.create(requireActor(req.actor), req.params.type, req.body ?? {}),
  );

  app.get(
    '/exports/:id/check',
    {
      config: { permissions: EXPORT_PERMISSIONS },
      schema: {
        tags,
        summary: 'Status: 1 in progress, 2 completed (with url), 3 failed, 4 too large',
        params: ZExportIdParam,
        response: { 200: ZExportCheck },
      },
    },
    (req) => exports.check(requireActor(req.actor), req.params.id),
  );

  app.get(
    '/exports/:id/download',
    {
      config: { permissions: EXPORT_DOWNLOAD_PERMISSIONS, resourceToken: true },
      schema: { tags, summary: 'The file, as an attachment (`?_token=` the resource token)', params: ZExportIdParam },
    },
    async (req, reply) => {
      const file = await exports.download(requireActor(req.actor), req.params.id);
      return reply
        .header('content-type', MIME[file.format] ?? 'application/octet-stream')
        .header('content-disposition', attachment(file.fileName))
        .send(file.data);
    },
  );

  app.get(
    '/generated-files',
    {
      config: { permissions: EXPORT_PERMISSIONS },
      schema: {
        tags,
        summary: 'Generated reports and exports (who, when, size, status, download link)',
        querystring: ZListGeneratedFilesQuery,
        response: { 200: ZGeneratedFileList },
      },
    },
    (req) => exports.list(requireActor(req.actor), req.query),
  );
};
