import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ZBoolQuery,
  ZFullMonitoringCreated,
  ZFullMonitoringParams,
  ZMonitoringReport,
  ZMonitoringReportActionBody,
  ZMonitoringReportActionParams,
  ZMonitoringReportIdParam,
  ZMonitoringReportList,
  ZMonitoringReportQuery,
  ZReportCreateQuery,
} from '@strata/shared';
import { attachment, inline, MIME } from '../../../lib/content-disposition.js';
import { requireActor } from '../../../plugins/route-config.js';
import { allowFraming } from '../reports.routes.js';
import { WORKER_PERMISSIONS, type MonitoringFile, type MonitoringReportsService } from './monitoring-reports.service.js';

function sendPdf(reply: FastifyReply, file: MonitoringFile, download: boolean | undefined) {
  const disposition = download === true ? attachment : inline;
  reply.header('content-type', MIME.pdf!).header('content-disposition', disposition(file.fileName)).header('content-length', file.data.length);
  if (disposition === inline) allowFraming(reply);
  return reply.send(file.data);
}

/**
 * Full monitoring reports (spec §7 `POST /reports/full-monitoring?tzo=&on_demand=`; decision 040). The published list
 * and file admit every signed-in user at the route (`[]`): the service lets in the report tasks and Authority users
 * and refuses everyone else (403), and the contract scope decides which reports.
 */
export const monitoringReportsRoutes: FastifyPluginAsyncZod<{ monitoring: MonitoringReportsService }> = async (app, { monitoring }) => {
  const tags = ['reports'];
  const workers = { permissions: WORKER_PERMISSIONS };
  const base = '/reports/full-monitoring';

  app.post(
    base,
    {
      config: { permissions: ['GenerateFullMonitoringReport'] },
      schema: {
        tags,
        summary: 'Generate a full monitoring report from a template (a new revision of its number); poll /reports/{report_id}/check',
        querystring: ZReportCreateQuery,
        body: ZFullMonitoringParams,
        response: { 200: ZFullMonitoringCreated },
      },
    },
    (req) => monitoring.create(requireActor(req.actor), req.body, req.query),
  );
  app.get(
    base,
    {
      config: workers,
      schema: {
        tags,
        summary: 'Full monitoring reports of the caller’s contracts',
        querystring: ZMonitoringReportQuery,
        response: { 200: ZMonitoringReportList },
      },
    },
    (req) => monitoring.list(requireActor(req.actor), req.query),
  );
  app.get(
    `${base}/published`,
    {
      config: { permissions: [] },
      schema: {
        tags,
        summary: 'Published full monitoring reports (report tasks and Authority users)',
        querystring: ZMonitoringReportQuery,
        response: { 200: ZMonitoringReportList },
      },
    },
    (req) => monitoring.published(requireActor(req.actor), req.query),
  );
  app.get(
    `${base}/:id`,
    {
      config: workers,
      schema: {
        tags,
        summary: 'A full monitoring report with its steps and the caller’s actions',
        params: ZMonitoringReportIdParam,
        response: { 200: ZMonitoringReport },
      },
    },
    (req) => monitoring.get(requireActor(req.actor), req.params.id),
  );
  app.post(
    `${base}/:id/:action`,
    {
      config: workers,
      schema: {
        tags,
        summary: 'A step of the approval: submit, check, approve (publishes) or return (with a comment)',
        params: ZMonitoringReportActionParams,
        body: ZMonitoringReportActionBody,
        response: { 200: ZMonitoringReport },
      },
    },
    (req) => monitoring.workflow.act(requireActor(req.actor), req.params.id, req.params.action, req.body),
  );
  app.get(
    `${base}/:id/draft`,
    {
      config: { ...workers, resourceToken: true },
      schema: { tags, summary: 'The draft PDF (inline), its bytes checked against their hash', params: ZMonitoringReportIdParam },
    },
    async (req, reply) => sendPdf(reply, await monitoring.draft(requireActor(req.actor), req.params.id), false),
  );
  app.get(
    `${base}/:id/file`,
    {
      config: { permissions: [], resourceToken: true },
      schema: {
        tags,
        summary: 'The published PDF, its bytes checked against their hash',
        params: ZMonitoringReportIdParam,
        querystring: z.object({ download: ZBoolQuery }),
      },
    },
    async (req, reply) => sendPdf(reply, await monitoring.file(requireActor(req.actor), req.params.id), req.query.download),
  );
};
