import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZCreateZoneRequest, ZIdParam, ZListZonesQuery, ZOk, ZUpdateZoneRequest, ZZone, ZZoneList } from '@strata/shared';
import { requireActor } from '../../plugins/route-config.js';
import type { ZonesService } from './zones.service.js';

export const zonesRoutes: FastifyPluginAsyncZod<{ zones: ZonesService }> = async (app, { zones }) => {
  const tags = ['zones'];
  const params = { params: ZIdParam };

  app.get(
    '/zones',
    {
      config: { permissions: [] },
      schema: {
        tags,
        summary: "Zones of the caller's contracts (filter: a JSON list of contract ids)",
        querystring: ZListZonesQuery,
        response: { 200: ZZoneList },
      },
    },
    (req) => zones.list(requireActor(req.actor), req.query),
  );

  app.get(
    '/zones/:id',
    {
      config: { permissions: [] },
      schema: { tags, summary: 'A zone with its polygon', ...params, response: { 200: ZZone } },
    },
    (req) => zones.get(requireActor(req.actor), req.params.id),
  );

  app.post(
    '/zones',
    {
      config: { permissions: ['ManageZones'] },
      schema: { tags, summary: 'Create a zone', body: ZCreateZoneRequest, response: { 200: ZZone } },
    },
    (req) => zones.create(requireActor(req.actor), req.body),
  );

  app.put(
    '/zones/:id',
    {
      config: { permissions: ['ManageZones'] },
      schema: { tags, summary: 'Edit a zone (fields given change)', ...params, body: ZUpdateZoneRequest, response: { 200: ZZone } },
    },
    (req) => zones.update(requireActor(req.actor), req.params.id, req.body),
  );

  app.delete(
    '/zones/:id',
    {
      config: { permissions: ['ManageZones'] },
      schema: { tags, summary: 'Delete a zone (its instruments stay, without a zone)', ...params, response: { 200: ZOk } },
    },
    (req) => zones.remove(requireActor(req.actor), req.params.id),
  );
};
