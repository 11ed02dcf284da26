import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZCreateMapLayerRequest, ZIdParam, ZMapLayer, ZMapLayerList, ZOk, ZReorderMapLayersRequest, ZUpdateMapLayerRequest } from '@strata/shared';
import { attachment } from '../../lib/content-disposition.js';
import { readSingleUpload, uploadLimit } from '../../lib/upload.js';
import { requireActor } from '../../plugins/route-config.js';
import type { SettingsService } from '../settings/settings.service.js';
import type { MapLayersService } from './map-layers.service.js';

export const mapLayersRoutes: FastifyPluginAsyncZod<{ mapLayers: MapLayersService; settings: SettingsService }> = async (app, { mapLayers, settings }) => {
  const tags = ['map-layers'];
  const params = { params: ZIdParam };
  const manage = { permissions: ['ManageMapLayers'] as const };

  app.get(
    '/master-data/map-layers',
    {
      config: manage,
      schema: { tags, summary: 'Map layers in drawing order (every user gets them in the configuration)', response: { 200: ZMapLayerList } },
    },
    () => mapLayers.list(),
  );

  app.post(
    '/master-data/map-layers',
    {
      config: manage,
      schema: { tags, summary: 'Add a base map or overlay', body: ZCreateMapLayerRequest, response: { 200: ZMapLayer } },
    },
    (req) => mapLayers.create(requireActor(req.actor), req.body),
  );

  app.put(
    '/master-data/map-layers/order',
    {
      config: manage,
      schema: { tags, summary: 'Reorder the layers (every id once)', body: ZReorderMapLayersRequest, response: { 200: ZMapLayerList } },
    },
    (req) => mapLayers.reorder(requireActor(req.actor), req.body),
  );

  app.get(
    '/master-data/map-layers/:id',
    {
      config: manage,
      schema: { tags, summary: 'A map layer', ...params, response: { 200: ZMapLayer } },
    },
    (req) => mapLayers.get(req.params.id),
  );

  app.put(
    '/master-data/map-layers/:id',
    {
      config: manage,
      schema: { tags, summary: 'Edit a map layer (fields given change)', ...params, body: ZUpdateMapLayerRequest, response: { 200: ZMapLayer } },
    },
    (req) => mapLayers.update(requireActor(req.actor), req.params.id, req.body),
  );

  app.delete(
    '/master-data/map-layers/:id',
    {
      config: manage,
      schema: { tags, summary: 'Delete a map layer (and its file)', ...params, response: { 200: ZOk } },
    },
    (req) => mapLayers.remove(requireActor(req.actor), req.params.id),
  );

  app.post(
    '/master-data/map-layers/:id/file',
    {
      config: manage,
      schema: { tags, summary: 'Upload the GeoJSON or KML file of an overlay (upload type map)', ...params, response: { 200: ZMapLayer } },
    },
    async (req) => {
      const file = await readSingleUpload(req, uploadLimit(await settings.get(), 'map'));
      return mapLayers.uploadFile(requireActor(req.actor), req.params.id, file);
    },
  );

  app.get(
    '/map-layers/:id/file',
    {
      config: { permissions: [], resourceToken: true, cacheControl: 'private, no-cache' },
      schema: { tags, summary: 'The file of a GeoJSON/KML layer (`?_token=` the resource token)', ...params },
    },
    async (req, reply) => {
      const f = await mapLayers.file(req.params.id);
      return reply.header('content-type', f.contentType).header('content-disposition', attachment(f.fileName)).send(f.data);
    },
  );
};
