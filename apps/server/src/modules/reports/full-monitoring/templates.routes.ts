import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ZMonitoringTemplate,
  ZMonitoringTemplateCopy,
  ZMonitoringTemplateIdParam,
  ZMonitoringTemplateInput,
  ZMonitoringTemplateList,
  ZMonitoringTemplateQuery,
} from '@strata/shared';
import { requireActor } from '../../../plugins/route-config.js';
import type { MonitoringTemplatesService } from './templates.service.js';

/** Monitoring templates (spec §7 `GET /reports/monitoring-template`; decision 040): the Full Monitoring Reporting task. */
export const monitoringTemplatesRoutes: FastifyPluginAsyncZod<{ templates: MonitoringTemplatesService }> = async (app, { templates }) => {
  const tags = ['reports'];
  const config = { permissions: ['GenerateFullMonitoringReport'] } as const;
  const base = '/reports/monitoring-template';
  app.get(
    base,
    {
      config,
      schema: {
        tags,
        summary: 'Monitoring templates of the caller’s contracts',
        querystring: ZMonitoringTemplateQuery,
        response: { 200: ZMonitoringTemplateList },
      },
    },
    (req) => templates.list(requireActor(req.actor), req.query),
  );
  app.get(
    `${base}/:template_id`,
    { config, schema: { tags, summary: 'A monitoring template', params: ZMonitoringTemplateIdParam, response: { 200: ZMonitoringTemplate } } },
    (req) => templates.get(requireActor(req.actor), req.params.template_id),
  );
  app.post(
    base,
    { config, schema: { tags, summary: 'Add a monitoring template', body: ZMonitoringTemplateInput, response: { 200: ZMonitoringTemplate } } },
    (req) => templates.create(requireActor(req.actor), req.body),
  );
  app.put(
    `${base}/:template_id`,
    {
      config,
      schema: {
        tags,
        summary: 'Edit a monitoring template',
        params: ZMonitoringTemplateIdParam,
        body: ZMonitoringTemplateInput,
        response: { 200: ZMonitoringTemplate },
      },
    },
    (req) => templates.update(requireActor(req.actor), req.params.template_id, req.body),
  );
  app.post(
    `${base}/:template_id/copy`,
    {
      config,
      schema: {
        tags,
        summary: 'Copy a monitoring template',
        params: ZMonitoringTemplateIdParam,
        body: ZMonitoringTemplateCopy,
        response: { 200: ZMonitoringTemplate },
      },
    },
    (req) => templates.copy(requireActor(req.actor), req.params.template_id, req.body),
  );
  app.delete(
    `${base}/:template_id`,
    { config, schema: { tags, summary: 'Delete a monitoring template', params: ZMonitoringTemplateIdParam } },
    async (req, reply) => {
      await templates.remove(requireActor(req.actor), req.params.template_id);
      return reply.status(204).send();
    },
  );
};
