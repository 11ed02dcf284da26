import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ZCivilSiteList,
  ZCivilSitesQuery,
  ZCreateSiteRequest,
  ZIdParam,
  ZListSitesQuery,
  ZOk,
  ZSite,
  ZSiteActivityRequest,
  ZSiteDrawing,
  ZSiteDrawingList,
  ZSiteList,
  ZSiteUploadsQuery,
  ZUpdateSiteDrawingRequest,
  ZUpdateSiteRequest,
} from '@strata/shared';
import { attachment } from '../../lib/content-disposition.js';
import { readSingleUpload, uploadLimit } from '../../lib/upload.js';
import { requireActor } from '../../plugins/route-config.js';
import type { SettingsService } from '../settings/settings.service.js';
import type { SitesService } from './sites.service.js';

export const sitesRoutes: FastifyPluginAsyncZod<{ sites: SitesService; settings: SettingsService }> = async (app, { sites, settings }) => {
  const tags = ['sites'];
  const params = { params: ZIdParam };
  /** The three tiles that work with sites: Construction Sites, Excavation Activity, Mined Tunnel Activity. */
  const anySiteTask = { permissions: ['ManageConstructionSites', 'ManageExcavationActivities', 'ManageMinedTunnelActivities'] as const };

  app.get(
    '/civil/sites',
    {
      config: { permissions: [] },
      schema: {
        tags,
        summary: "Construction sites of the caller's contracts (contracts: a JSON list of ids; type E or MT)",
        querystring: ZCivilSitesQuery,
        response: { 200: ZCivilSiteList },
      },
    },
    (req) => sites.civil(requireActor(req.actor), req.query),
  );

  app.get(
    '/civil/sites/:id',
    {
      config: { permissions: [] },
      schema: { tags, summary: 'A construction site with its geometry, stages and design values', ...params, response: { 200: ZSite } },
    },
    (req) => sites.get(requireActor(req.actor), req.params.id),
  );

  app.get(
    '/civil/sites/:id/drawings',
    {
      config: { permissions: [] },
      schema: {
        tags,
        summary: "A site's drawings with their progress dates and places on the map (newest date first, undated last)",
        ...params,
        response: { 200: ZSiteDrawingList },
      },
    },
    (req) => sites.siteDrawings(requireActor(req.actor), req.params.id),
  );

  app.get(
    '/master-data/sites',
    {
      config: anySiteTask,
      schema: { tags, summary: 'Construction sites (master data)', querystring: ZListSitesQuery, response: { 200: ZSiteList } },
    },
    (req) => sites.list(requireActor(req.actor), req.query),
  );

  app.get(
    '/master-data/sites/uploads',
    {
      config: anySiteTask,
      schema: {
        tags,
        summary: 'Drawing upload history (filters: site, contract, type, keyword, from, to)',
        querystring: ZSiteUploadsQuery,
        response: { 200: ZSiteDrawingList },
      },
    },
    (req) => sites.uploads(requireActor(req.actor), req.query),
  );

  app.get(
    '/master-data/sites/:id',
    {
      config: anySiteTask,
      schema: { tags, summary: 'A construction site', ...params, response: { 200: ZSite } },
    },
    (req) => sites.get(requireActor(req.actor), req.params.id),
  );

  app.post(
    '/master-data/sites',
    {
      config: { permissions: ['ManageConstructionSites'] },
      schema: { tags, summary: 'Create a construction site', body: ZCreateSiteRequest, response: { 200: ZSite } },
    },
    (req) => sites.create(requireActor(req.actor), req.body),
  );

  app.put(
    '/master-data/sites/:id',
    {
      config: { permissions: ['ManageConstructionSites'] },
      schema: {
        tags,
        summary: 'Edit a construction site (name, contract, description, geometry)',
        ...params,
        body: ZUpdateSiteRequest,
        response: { 200: ZSite },
      },
    },
    (req) => sites.update(requireActor(req.actor), req.params.id, req.body),
  );

  app.put(
    '/master-data/sites/:id/activity',
    {
      config: anySiteTask,
      schema: {
        tags,
        summary: 'Edit stages and design values (E: ManageExcavationActivities, MT: ManageMinedTunnelActivities, or ManageConstructionSites)',
        ...params,
        body: ZSiteActivityRequest,
        response: { 200: ZSite },
      },
    },
    (req) => sites.setActivity(requireActor(req.actor), req.params.id, req.body),
  );

  app.delete(
    '/master-data/sites/:id',
    {
      config: { permissions: ['ManageConstructionSites'] },
      schema: { tags, summary: 'Delete a construction site with its drawings', ...params, response: { 200: ZOk } },
    },
    (req) => sites.remove(requireActor(req.actor), req.params.id),
  );

  app.post(
    '/master-data/sites/:id/drawings',
    {
      config: anySiteTask,
      schema: {
        tags,
        summary:
          'Upload a drawing (PDF, PNG, JPEG or DXF, checked by content); fields `drawing_date` (YYYY-MM-DD) and, PNG or JPEG, `extent` (JSON [minE, minN, maxE, maxN], SVY21 m)',
        ...params,
        response: { 200: ZSiteDrawing },
      },
    },
    async (req) => {
      const actor = requireActor(req.actor);
      const type = await sites.drawingUploadType(actor, req.params.id);
      const file = await readSingleUpload(req, uploadLimit(await settings.get(), type));
      return sites.uploadDrawing(actor, req.params.id, file);
    },
  );

  app.patch(
    '/master-data/site-drawings/:id',
    {
      config: anySiteTask,
      schema: {
        tags,
        summary: "Change a drawing's progress date and place on the map (PNG and JPEG only; null clears)",
        ...params,
        body: ZUpdateSiteDrawingRequest,
        response: { 200: ZSiteDrawing },
      },
    },
    (req) => sites.updateDrawing(requireActor(req.actor), req.params.id, req.body),
  );

  app.delete(
    '/master-data/site-drawings/:id',
    {
      config: anySiteTask,
      schema: { tags, summary: 'Delete a drawing', ...params, response: { 200: ZOk } },
    },
    (req) => sites.deleteDrawing(requireActor(req.actor), req.params.id),
  );

  app.get(
    '/site-drawings/:id/download',
    {
      config: { permissions: [], resourceToken: true },
      schema: { tags, summary: 'Download a drawing (`?_token=` the resource token)', params: ZIdParam },
    },
    async (req, reply) => {
      const f = await sites.drawingFile(requireActor(req.actor), req.params.id);
      return reply.header('content-type', f.contentType).header('content-disposition', attachment(f.fileName)).send(f.data);
    },
  );
};
