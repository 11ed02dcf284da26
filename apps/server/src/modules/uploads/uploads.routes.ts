import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ZAgsReport,
  DESIGN_VALUE_TASKS,
  INSTRUMENT_PLAN_TASKS,
  ZConstructionTemplateQuery,
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
import { agsReportText, agsReportXlsx } from '../boreholes/borehole-upload.js';
import { CONSTRUCTION_UPLOAD_TYPES, uploadTasksOf } from '../construction/construction-upload.js';
import { DESIGN_UPLOAD_TYPES, FOLLOW_PERMISSIONS, HISTORY_PERMISSIONS, type UploadsService } from './uploads.service.js';

export interface UploadsRoutesOptions {
  uploads: UploadsService;
  settings: SettingsService;
}

export const uploadsRoutes: FastifyPluginAsyncZod<UploadsRoutesOptions> = async (app, { uploads, settings }) => {
  const tags = ['uploads'];
  const params = { params: ZIdParam };
  const upload = { permissions: ['UploadInstrumentationFiles'] as const };
  const uploadBoreholes = { permissions: ['UploadSIBoreholeFiles'] as const };
  // An upload's own permissions depend on its type: the service checks them (instrument or borehole).
  const follow = { permissions: FOLLOW_PERMISSIONS };
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

  app.post(
    '/uploads/borehole',
    {
      config: uploadBoreholes,
      schema: {
        tags,
        summary:
          'Upload SI borehole data: an AGS4/AGS3 file or a ZIP holding .ags files (form fields contract_id, crs 3414 or 27700): stored, then checked by a job. 202 with the upload id; 409 when the same file was already uploaded (force=true to process it again)',
        querystring: ZUploadCreateQuery,
        response: { 202: ZUploadCreated },
      },
    },
    async (req, reply) => {
      const file = await readSingleUpload(req, uploadLimit(await settings.get(), 'borehole'));
      return reply.status(202).send(await uploads.createBorehole(requireActor(req.actor), file, req.query.force));
    },
  );

  // Construction activity (issue 19, decision 038): MC excavation activity and mined tunnel files, and their templates.
  const constructionSummary = {
    excavation:
      'Upload an MC excavation activity file (CSV/XLSX; level, strut, anchor and design rows; form field contract_id): stored, then checked row by row by a job. 202 with the upload id; 409 when the same file was already uploaded (force=true to process it again)',
    tunnel:
      'Upload a mined tunnel file (CSV/XLSX; shift and sequence rows; form field contract_id): stored, then checked row by row by a job. 202 with the upload id; 409 when the same file was already uploaded (force=true to process it again)',
  } as const;
  for (const type of CONSTRUCTION_UPLOAD_TYPES) {
    // Any task of the type's lists; the rows each needs are checked per row by the validation.
    const access = { permissions: uploadTasksOf(type) };
    app.post(
      `/uploads/${type}`,
      { config: access, schema: { tags, summary: constructionSummary[type], querystring: ZUploadCreateQuery, response: { 202: ZUploadCreated } } },
      async (req, reply) => {
        const file = await readSingleUpload(req, uploadLimit(await settings.get(), type));
        return reply.status(202).send(await uploads.createConstruction(requireActor(req.actor), type, file, req.query.force));
      },
    );
    app.get(
      `/uploads/templates/${type}`,
      {
        config: access,
        schema: {
          tags,
          summary: `The ${type} upload template (format csv or xlsx): the columns and example rows of each record kind`,
          querystring: ZConstructionTemplateQuery,
        },
      },
      async (req, reply) => {
        const format = req.query.format;
        return reply
          .header('content-type', MIME[format])
          .header('content-disposition', attachment(`${type}-template.${format}`))
          .send(await uploads.constructionTemplate(type, format));
      },
    );
  }

  // QP(D) design values and instrument plans (issue 19): one sheet for a contract each, and their templates. The plan's
  // upload task is Manage Instruments (INSTRUMENT_PLAN_TASKS: spec §6 names no instrument-plan task).
  const designSummary = {
    qpd: 'Upload a QP(D) design values file (CSV/XLSX; instrument, reading_code, depth, site, stage, value; form field contract_id): stored, then checked row by row by a job. 202 with the upload id; 409 when the same file was already uploaded (force=true to process it again)',
    'instrument-plan':
      'Upload an instrument plan (CSV/XLSX; name, type, easting, northing, planned_install_date, planned_frequency; form field contract_id): stored, then checked row by row by a job. 202 with the upload id; 409 when the same file was already uploaded (force=true to process it again)',
  } as const;
  const designTask = { qpd: DESIGN_VALUE_TASKS.upload, 'instrument-plan': INSTRUMENT_PLAN_TASKS.upload } as const;
  for (const type of DESIGN_UPLOAD_TYPES) {
    const access = { permissions: [designTask[type]] };
    app.post(
      `/uploads/${type}`,
      { config: access, schema: { tags, summary: designSummary[type], querystring: ZUploadCreateQuery, response: { 202: ZUploadCreated } } },
      async (req, reply) => {
        const file = await readSingleUpload(req, uploadLimit(await settings.get(), type));
        return reply.status(202).send(await uploads.createConstruction(requireActor(req.actor), type, file, req.query.force));
      },
    );
    app.get(
      `/uploads/templates/${type}`,
      {
        config: access,
        schema: { tags, summary: `The ${type} upload template (format csv or xlsx): the columns and example rows`, querystring: ZConstructionTemplateQuery },
      },
      async (req, reply) => {
        const format = req.query.format;
        return reply
          .header('content-type', MIME[format])
          .header('content-disposition', attachment(`${type}-template.${format}`))
          .send(await uploads.designTemplate(type, format));
      },
    );
  }

  app.get(
    '/uploads',
    {
      config: { permissions: HISTORY_PERMISSIONS },
      schema: {
        tags,
        summary: "Upload history of the caller's contracts: type, contract, status, skip, limit (newest first); the types whose history the caller may view",
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

  app.get(
    '/uploads/:id/ags-report',
    {
      config: follow,
      schema: { tags, summary: 'The AGS checker report of a borehole upload (once validated)', ...params, response: { 200: ZAgsReport } },
    },
    (req) => uploads.agsReport(requireActor(req.actor), req.params.id),
  );

  app.get(
    '/uploads/:id/ags-report.txt',
    { config: follow, schema: { tags, summary: 'The AGS checker report of a borehole upload as text', ...params } },
    async (req, reply) => {
      const report = await uploads.agsReport(requireActor(req.actor), req.params.id);
      return reply
        .header('content-type', 'text/plain; charset=utf-8')
        .header('content-disposition', attachment(`ags-report-${req.params.id}.txt`))
        .send(agsReportText(report));
    },
  );

  app.get(
    '/uploads/:id/ags-report.xlsx',
    { config: follow, schema: { tags, summary: 'The AGS checker report of a borehole upload as XLSX (summary and findings)', ...params } },
    async (req, reply) => {
      const report = await uploads.agsReport(requireActor(req.actor), req.params.id);
      return reply
        .header('content-type', MIME.xlsx)
        .header('content-disposition', attachment(`ags-report-${req.params.id}.xlsx`))
        .send(await agsReportXlsx(report));
    },
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
