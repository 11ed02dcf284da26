import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ZReportCheck,
  ZReportCreated,
  ZReportCreateQuery,
  ZReportGetOldParams,
  ZReportGetQuery,
  ZReportIdParam,
  ZReportList,
  ZReportListQuery,
  ZReportParams,
  ZReportTypeParam,
} from '@strata/shared';
import { attachment, inline } from '../../lib/content-disposition.js';
import { requireActor } from '../../plugins/route-config.js';
import { reportProtectionRoutes } from './protection/report-protection.routes.js';
import type { ReportFile, ReportsService } from './reports.service.js';

export { customTemplatesOptions, customTemplatesRoutes } from './custom-templates/custom-templates.routes.js';

/**
 * The report dialog shows a PDF in a frame of the app's own pages: this one answer may be framed by them (every other
 * answer keeps frame-ancestors 'none').
 */
export function allowFraming(reply: FastifyReply): void {
  const csp = reply.raw.getHeader('content-security-policy');
  if (typeof csp === 'string') reply.header('content-security-policy', csp.replace("frame-ancestors 'none'", "frame-ancestors 'self'"));
  reply.header('x-frame-options', 'SAMEORIGIN');
}

/**
 * A report file: a PDF is shown (the report dialog) unless `download=true`; a workbook or an HTML page is always saved.
 * The HTML page is sandboxed (no script, no same origin) in case a browser renders it on the app's origin anyway.
 */
function sendReport(reply: FastifyReply, file: ReportFile, download: boolean | undefined) {
  const disposition = file.output === 'pdf' && download !== true ? inline : attachment;
  reply.header('content-type', file.contentType).header('content-disposition', disposition(file.fileName)).header('content-length', file.size);
  if (disposition === inline) allowFraming(reply);
  if (file.output === 'html') {
    reply.header('content-security-policy', "sandbox; default-src 'none'; img-src data:; style-src 'unsafe-inline'; font-src data:");
  }
  return reply.send(file.stream);
}

/**
 * Monitoring reports (issue 20, spec §7): `POST /reports/{type}` then polling `GET /reports/{id}/check`, then
 * `GET /reports/{id}/get?token=` (and the older paths `/report/check/{id}`, `/report/get/{id}/{x}`). Every route admits
 * the union of the report permissions; the service checks the type's own and the contracts' scope.
 */
export const reportsRoutes: FastifyPluginAsyncZod<{ reports: ReportsService }> = async (app, { reports }) => {
  const tags = ['reports'];
  const permissions = reports.permissions();
  // GET/PUT /reports/settings (issue 21): the protection settings, with their own permission.
  await app.register(reportProtectionRoutes, { protection: reports.protection.settings });

  app.get(
    '/reports',
    {
      config: { permissions },
      schema: {
        tags,
        summary: 'The reports the caller may see (their type’s permission, every contract in scope), newest first',
        querystring: ZReportListQuery,
        response: { 200: ZReportList },
      },
    },
    (req) => reports.list(requireActor(req.actor), req.query),
  );

  app.post(
    '/reports/:type',
    {
      config: { permissions },
      schema: {
        tags,
        summary: 'Ask for a report (tzo: the browser’s offset from UTC in hours); poll /reports/{id}/check',
        params: ZReportTypeParam,
        querystring: ZReportCreateQuery,
        body: ZReportParams,
        response: { 200: ZReportCreated },
      },
    },
    (req) => reports.create(requireActor(req.actor), req.params.type, req.body, req.query),
  );

  const checkSchema = {
    tags,
    summary: 'Report status: 1 in progress (with progress), 2 completed (with url), 3 failed, 4 over the size limit',
    params: ZReportIdParam,
    response: { 200: ZReportCheck },
  };
  app.get('/reports/:id/check', { config: { permissions }, schema: checkSchema }, (req) => reports.check(requireActor(req.actor), req.params.id));
  app.get('/report/check/:id', { config: { permissions }, schema: { ...checkSchema, summary: `${checkSchema.summary} (older path)` } }, (req) =>
    reports.check(requireActor(req.actor), req.params.id),
  );

  app.get(
    '/reports/:id/get',
    {
      config: { permissions, resourceToken: true },
      schema: {
        tags,
        summary: 'The report file: needs the session (`?_token=` the resource token in a browser) and the report access token',
        params: ZReportIdParam,
        querystring: ZReportGetQuery,
      },
    },
    async (req, reply) => sendReport(reply, await reports.get(requireActor(req.actor), req.params.id, req.query.token), req.query.download),
  );
  app.get(
    '/report/get/:id/:x',
    {
      config: { permissions, resourceToken: true },
      schema: {
        tags,
        summary: 'The report file (older path; `x` and `datetime` are accepted and not needed)',
        params: ZReportGetOldParams,
        querystring: ZReportGetQuery,
      },
    },
    async (req, reply) => sendReport(reply, await reports.get(requireActor(req.actor), req.params.id, req.query.token), req.query.download),
  );
};
