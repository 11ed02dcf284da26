import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ZBorehole,
  ZBoreholeGroupPage,
  ZBoreholeGroupParams,
  ZBoreholeGroupQuery,
  ZBoreholeList,
  ZBoreholeListQuery,
  ZBoreholeLog,
  ZBoreholeReportRequest,
  ZBoreholeSection,
  ZBoreholeSectionQuery,
  ZBoreholeVersionQuery,
  ZBoreholeVersions,
  ZIdParam,
} from '@strata/shared';
import { attachment, inline, MIME } from '../../lib/content-disposition.js';
import { requireActor } from '../../plugins/route-config.js';
import { boreholeAgs4, boreholeHtml, boreholePdf, boreholeXlsx, downloadName, sanitise } from './borehole-downloads.js';
import type { BoreholesService } from './boreholes.service.js';

export interface BoreholesRoutesOptions {
  boreholes: BoreholesService;
}

const ZTypes = z.object({ records: z.array(z.string()) });

/**
 * Site-investigation boreholes (spec §7, issue 18): reads for every signed-in user within their contracts (another
 * contract's borehole is 404), and the si-borehole report (the downloads) with ExportSiteInvestigation.
 */
export const boreholesRoutes: FastifyPluginAsyncZod<BoreholesRoutesOptions> = async (app, { boreholes }) => {
  const tags = ['boreholes'];
  const read = { permissions: [] };

  app.get(
    '/boreholes',
    {
      config: read,
      schema: {
        tags,
        summary: "The caller's boreholes: keyword (borehole no, type, contract no), contract, type, final depth range, WGS84 bounds; limit -1 for all",
        querystring: ZBoreholeListQuery,
        response: { 200: ZBoreholeList },
      },
    },
    (req) => boreholes.list(requireActor(req.actor), req.query),
  );

  app.get(
    '/boreholes/types',
    { config: read, schema: { tags, summary: "Borehole types among the caller's boreholes (the list's filter)", response: { 200: ZTypes } } },
    (req) => boreholes.types(requireActor(req.actor)),
  );

  app.get(
    '/boreholes/section',
    {
      config: read,
      schema: {
        tags,
        summary: 'A section: the boreholes given (ids, in order) or those within buffer metres of a WGS84 line, at their distance along it',
        querystring: ZBoreholeSectionQuery,
        response: { 200: ZBoreholeSection },
      },
    },
    (req) => boreholes.section(requireActor(req.actor), req.query),
  );

  app.get(
    '/boreholes/:id',
    {
      config: read,
      schema: { tags, summary: 'A borehole at a version (default the newest)', params: ZIdParam, querystring: ZBoreholeVersionQuery, response: { 200: ZBorehole } },
    },
    (req) => boreholes.get(requireActor(req.actor), req.params.id, req.query.version),
  );

  app.get(
    '/boreholes/:id/versions',
    { config: read, schema: { tags, summary: 'Every load of a borehole, newest first', params: ZIdParam, response: { 200: ZBoreholeVersions } } },
    (req) => boreholes.versions(requireActor(req.actor), req.params.id),
  );

  app.get(
    '/boreholes/:id/logs',
    {
      config: read,
      schema: {
        tags,
        summary: 'The borehole log: header and every geol, ispt, core and stcn record',
        params: ZIdParam,
        querystring: ZBoreholeVersionQuery,
        response: { 200: ZBoreholeLog },
      },
    },
    (req) => boreholes.logs(requireActor(req.actor), req.params.id, req.query.version),
  );

  app.get(
    '/boreholes/:id/:group',
    {
      config: read,
      schema: {
        tags,
        summary: "A page of a group's records (geol, core, ispt, stcn, samp, rock) keyed by the spec's field names; limit -1 for all",
        params: ZBoreholeGroupParams,
        querystring: ZBoreholeGroupQuery,
        response: { 200: ZBoreholeGroupPage },
      },
    },
    (req) => boreholes.group(requireActor(req.actor), req.params.id, req.params.group, req.query),
  );

  app.post(
    '/reports/si-borehole',
    {
      config: { permissions: ['ExportSiteInvestigation'] },
      schema: {
        tags,
        summary: 'The si-borehole report: the borehole as PDF (header, log, group tables), XLSX, HTML or AGS4, as an attachment (download false: PDF, XLSX and AGS4 inline)',
        body: ZBoreholeReportRequest,
      },
    },
    async (req, reply) => {
      const actor = requireActor(req.actor);
      const { borehole_id: id, version, output } = req.body;
      // download false: shown in the browser (the report dialog's PDF), under the same name for "save as".
      const disposition = req.body.download ? attachment : inline;
      if (output === 'ags4') {
        const { borehole, groups } = await boreholes.agsGroups(actor, id, version);
        return reply
          .header('content-type', 'text/plain; charset=utf-8')
          .header('content-disposition', disposition(`${sanitise(borehole.borehole_no)}.ags`))
          .send(boreholeAgs4(groups));
      }
      const data = await boreholes.reportData(actor, id, version);
      if (output === 'pdf') {
        return reply.header('content-type', MIME.pdf).header('content-disposition', disposition(downloadName(data.header, 'pdf'))).send(await boreholePdf(data));
      }
      if (output === 'xls') {
        return reply.header('content-type', MIME.xlsx).header('content-disposition', disposition(downloadName(data.header, 'xlsx'))).send(await boreholeXlsx(data));
      }
      return reply
        .header('content-type', 'text/html; charset=utf-8')
        // Always saved, never rendered on the app's origin (the page holds file text, escaped, but still).
        .header('content-disposition', attachment(downloadName(data.header, 'html')))
        .send(boreholeHtml(data));
    },
  );
};
