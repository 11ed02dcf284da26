import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZIdParam, ZManualDocument, ZManualDocumentList, ZManualDocumentsQuery, ZOk } from '@strata/shared';
import { attachment } from '../../lib/content-disposition.js';
import { readSingleUpload, uploadLimit } from '../../lib/upload.js';
import { requireActor } from '../../plugins/route-config.js';
import type { SettingsService } from '../settings/settings.service.js';
import type { DocumentationService } from './documentation.service.js';

export const documentationRoutes: FastifyPluginAsyncZod<{ documentation: DocumentationService; settings: SettingsService }> = async (
  app,
  { documentation, settings },
) => {
  const tags = ['documentation'];
  const params = { params: ZIdParam };

  app.get(
    '/user-manual/documents',
    {
      config: { permissions: [] },
      schema: { tags, summary: 'The user manual documents', querystring: ZManualDocumentsQuery, response: { 200: ZManualDocumentList } },
    },
    (req) => documentation.list(req.query),
  );

  app.get(
    '/user-manual/documents/:id/download',
    {
      config: { permissions: [], resourceToken: true, cacheControl: 'private, no-cache' },
      schema: { tags, summary: 'Download a manual document (`?_token=` the resource token)', ...params },
    },
    async (req, reply) => {
      const f = await documentation.file(req.params.id);
      return reply.header('content-type', f.contentType).header('content-disposition', attachment(f.fileName)).send(f.data);
    },
  );

  app.post(
    '/master-data/documentations',
    {
      config: { permissions: ['ManageDocumentation'] },
      schema: { tags, summary: 'Upload a manual document (multipart: one PDF or DOCX file, optional field title)', response: { 200: ZManualDocument } },
    },
    async (req) => {
      const file = await readSingleUpload(req, uploadLimit(await settings.get(), 'document'));
      return documentation.upload(requireActor(req.actor), file);
    },
  );

  app.delete(
    '/master-data/documentations/:id',
    {
      config: { permissions: ['ManageDocumentation'] },
      schema: { tags, summary: 'Delete a manual document', ...params, response: { 200: ZOk } },
    },
    (req) => documentation.remove(requireActor(req.actor), req.params.id),
  );
};
