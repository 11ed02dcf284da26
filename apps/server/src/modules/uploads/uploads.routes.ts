import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ZIdParam,
  ZListUploadsQuery,
  ZUpload,
  ZUploadCreated,
  ZUploadCreateQuery,
  ZUploadList,
  ZUploadReport,
  ZUploadReportQuery,
  ZUploadTemplateQuery,
} from '@strata/shared';
import { attachment, MIME } from '../../lib/content-disposition.js';
import { readSingleUpload, uploadLimit } from '../../lib/upload.js';
import { requireActor } from '../../plugins/route-config.js';
import type { SettingsService } from '../settings/settings.service.js';
import type { UploadsService } from './uploads.service.js';

export interface UploadsRoutesOptions {
  uploads: UploadsService;
  settings: SettingsService;
}

export const uploadsRoutes: FastifyPluginAsyncZod<UploadsRoutesOptions> = async (app, { uploads, settings }) => {
  const tags = ['uploads'];
  const params = { params: ZIdParam };
  const upload = { permissions: ['UploadInstrumentationFiles'] as const };
  const follow = { permissions: ['UploadInstrumentationFiles', 'ViewInstrumentationUploadHistory', 'ApproveUpload'] as const };
  const approve = { permissions: ['ApproveUpload'] as const };

  app.post(
    '/uploads/instrument',
    {
      config: upload,
      schema: {
        tags,
        summary:
          'Upload an instrument readings file (CSV/XLSX, long or wide layout; form field contract_id optional): stored, then validated by a job. 202 with the upload id; 409 when the same file was already uploaded (force=true to process it again)',
        querystring: ZUploadCreateQuery,
        response: { 202: ZUploadCreated },
      },
    },
    async (req, reply) => {
      const file = await readSingleUpload(req, uploadLimit(await settings.get(), 'instrument'));
      return reply.status(202).send(await uploads.create(requireActor(req.actor), file, req.query.force));
    },
  );

  app.get(
    '/uploads',
    {
      config: { permissions: ['ViewInstrumentationUploadHistory'] },
      schema: {
        tags,
        summary: "Upload history of the caller's contracts: type, contract, status, skip, limit (newest first)",
        querystring: ZListUploadsQuery,
        response: { 200: ZUploadList },
      },
    },
    (req) => uploads.list(requireActor(req.actor), req.query),
  );

  for (const format of ['csv', 'xlsx'] as const) {
    app.get(
      `/uploads/templates/instrument.${format}`,
      {
        config: upload,
        schema: { tags, summary: `The instrument readings template as ${format.toUpperCase()} (layout long or wide)`, querystring: ZUploadTemplateQuery },
      },
      async (req, reply) => {
        const body = await uploads.template(format, req.query.layout);
        return reply
          .header('content-type', MIME[format])
          .header('content-disposition', attachment(`instrument-readings-${req.query.layout}.${format}`))
          .send(body);
      },
    );
  }

  app.get(
    '/uploads/:id',
    {
      config: follow,
      schema: { tags, summary: 'An upload: status, progress, counts', ...params, response: { 200: ZUpload } },
    },
    (req) => uploads.get(requireActor(req.actor), req.params.id),
  );

  app.get(
    '/uploads/:id/report',
    {
      config: follow,
      schema: {
        tags,
        summary: 'The per-row validation report of an upload (paged; at most 10 000 errors kept)',
        ...params,
        querystring: ZUploadReportQuery,
        response: { 200: ZUploadReport },
      },
    },
    (req) => uploads.report(requireActor(req.actor), req.params.id, req.query),
  );

  app.post(
    '/uploads/:id/approve',
    {
      config: approve,
      schema: { tags, summary: 'Approve a validated upload: a job loads its valid readings in one transaction', ...params, response: { 200: ZUpload } },
    },
    (req) => uploads.approve(requireActor(req.actor), req.params.id),
  );

  app.post(
    '/uploads/:id/reject',
    {
      config: approve,
      schema: { tags, summary: 'Reject an upload (validated, invalid or failed): nothing is loaded', ...params, response: { 200: ZUpload } },
    },
    (req) => uploads.reject(requireActor(req.actor), req.params.id),
  );
};
