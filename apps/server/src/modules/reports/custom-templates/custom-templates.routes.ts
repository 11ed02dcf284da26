import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  TEMPLATE_WORKBOOK_LIMITS,
  ZCustomizedList,
  ZCustomizedQuery,
  ZCustomTemplate,
  ZCustomTemplateBody,
  ZCustomTemplateList,
  ZCustomTemplateListQuery,
  ZIdText,
  ZReportCatalog,
  ZWorkbookProblems,
  type PermissionCode,
} from '@strata/shared';
import { z } from 'zod';
import { attachment, MIME } from '../../../lib/content-disposition.js';
import { readMultipart } from '../../../lib/upload.js';
import { requireActor } from '../../../plugins/route-config.js';
import type { AppContext } from '../../../context.js';
import type { Storage } from '../../../platform/storage.js';
import type { ReportsService } from '../reports.service.js';
import { CustomTemplatesService } from './custom-templates.service.js';
import { TemplateWorkbooks, workbookRefused } from './template-workbook.service.js';

const ZTemplateIdParam = z.object({ template_id: ZIdText });

/** The routes' services, for the engine's report types (their catalogs) and permissions. */
export function customTemplatesOptions(ctx: AppContext, storage: Storage, reports: ReportsService) {
  const templates = new CustomTemplatesService(ctx, reports.registry());
  return { templates, workbooks: new TemplateWorkbooks(templates, storage), reportPermissions: reports.permissions() };
}

/**
 * Custom report templates (issue 21, decision 041; spec §2.8 /report/customize, §7 GET /reports/customized): the
 * Customized Report tasks. `GET /reports/customized` is for every report generation page: any report task will do.
 */
export const customTemplatesRoutes: FastifyPluginAsyncZod<{
  templates: CustomTemplatesService;
  workbooks: TemplateWorkbooks;
  reportPermissions: readonly PermissionCode[];
}> = async (app, { templates, workbooks, reportPermissions }) => {
  if (!app.hasContentTypeParser('multipart/form-data')) await app.register(multipart);
  const tags = ['reports'];
  const view = { permissions: ['SearchorViewReportTemplates'] } as const;
  const base = '/reports/custom-templates';

  app.get(
    '/reports/customized',
    {
      config: { permissions: [...new Set<PermissionCode>([...reportPermissions, 'SearchorViewReportTemplates'])] },
      schema: {
        tags,
        summary: 'The report templates for a type and a contract: Default (template_id 0) first',
        querystring: ZCustomizedQuery,
        response: { 200: ZCustomizedList },
      },
    },
    (req) => templates.customized(requireActor(req.actor), req.query),
  );
  app.get(
    base,
    { config: view, schema: { tags, summary: 'Custom report templates', querystring: ZCustomTemplateListQuery, response: { 200: ZCustomTemplateList } } },
    (req) => templates.list(requireActor(req.actor), req.query),
  );
  app.get(
    `${base}/catalog/:type`,
    {
      config: { permissions: ['SearchorViewReportTemplates', 'CreateReportTemplates', 'EditReportTemplates'] },
      schema: {
        tags,
        summary: 'The sections and columns a template of the type may choose',
        params: z.object({ type: z.string().max(50) }),
        response: { 200: ZReportCatalog },
      },
    },
    (req) => templates.catalog(req.params.type),
  );
  app.post(
    base,
    {
      config: { permissions: ['CreateReportTemplates'] },
      schema: { tags, summary: 'Add a custom report template', body: ZCustomTemplateBody, response: { 200: ZCustomTemplate } },
    },
    (req) => templates.create(requireActor(req.actor), req.body),
  );
  app.get(
    `${base}/:template_id`,
    { config: view, schema: { tags, summary: 'A custom report template', params: ZTemplateIdParam, response: { 200: ZCustomTemplate } } },
    (req) => templates.get(requireActor(req.actor), req.params.template_id),
  );
  app.put(
    `${base}/:template_id`,
    {
      config: { permissions: ['EditReportTemplates'] },
      schema: { tags, summary: 'Edit a custom report template', params: ZTemplateIdParam, body: ZCustomTemplateBody, response: { 200: ZCustomTemplate } },
    },
    (req) => templates.update(requireActor(req.actor), req.params.template_id, req.body),
  );
  app.delete(
    `${base}/:template_id`,
    { config: { permissions: ['DeleteReportTemplates'] }, schema: { tags, summary: 'Delete a custom report template', params: ZTemplateIdParam } },
    async (req, reply) => {
      await templates.remove(requireActor(req.actor), req.params.template_id, (key) => workbooks.removeFile(key));
      return reply.status(204).send();
    },
  );

  app.put(
    `${base}/:template_id/workbook`,
    {
      config: { permissions: ['EditReportTemplates'] },
      schema: {
        tags,
        summary: `Upload the template's Excel workbook (multipart, field file; .xlsx of at most ${TEMPLATE_WORKBOOK_LIMITS.maxBytes} bytes)`,
        consumes: ['multipart/form-data'],
        params: ZTemplateIdParam,
        response: { 200: ZCustomTemplate, 400: z.union([ZWorkbookProblems, z.string(), z.record(z.string(), z.string())]) },
      },
    },
    async (req) => {
      const actor = requireActor(req.actor);
      if (!req.isMultipart()) throw workbookRefused(['Upload the workbook as the form field "file"']);
      const upload = await readMultipart(async () => {
        let found: { fileName: string; data: Buffer } | undefined;
        for await (const part of req.parts({ limits: { files: 1, fields: 5, fileSize: TEMPLATE_WORKBOOK_LIMITS.maxBytes } })) {
          if (part.type !== 'file') continue;
          if (part.fieldname !== 'file') {
            await part.toBuffer().catch(() => undefined);
            continue;
          }
          try {
            found = { fileName: part.filename, data: await part.toBuffer() };
          } catch (err) {
            if (err instanceof app.multipartErrors.RequestFileTooLargeError) {
              throw workbookRefused([`The file is larger than ${TEMPLATE_WORKBOOK_LIMITS.maxBytes} bytes, the most a template workbook may be`]);
            }
            throw err;
          }
        }
        return found;
      });
      if (!upload || upload.data.length === 0) throw workbookRefused(['Upload the workbook as the form field "file"']);
      return workbooks.upload(actor, req.params.template_id, upload.fileName, upload.data);
    },
  );
  app.get(
    `${base}/:template_id/workbook`,
    { config: { ...view, resourceToken: true }, schema: { tags, summary: "The template's Excel workbook", params: ZTemplateIdParam } },
    async (req, reply) => {
      const file = await workbooks.download(requireActor(req.actor), req.params.template_id);
      return reply
        .header('content-type', MIME.xlsx!)
        .header('content-disposition', attachment(file.fileName))
        .header('content-length', file.size)
        .send(file.stream);
    },
  );
  app.delete(
    `${base}/:template_id/workbook`,
    {
      config: { permissions: ['EditReportTemplates'] },
      schema: { tags, summary: "Remove the template's Excel workbook", params: ZTemplateIdParam, response: { 200: ZCustomTemplate } },
    },
    (req) => workbooks.remove(requireActor(req.actor), req.params.template_id),
  );
};
