import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZIdParam, ZInstrumentReadings, ZLatestReadings, ZLatestReadingsQuery, ZReadingsQuery } from '@strata/shared';
import { requireActor } from '../../plugins/route-config.js';
import type { ReadingsService } from './readings.service.js';

export interface ReadingsRoutesOptions {
  readings: ReadingsService;
}

export const readingsRoutes: FastifyPluginAsyncZod<ReadingsRoutesOptions> = async (app, { readings }) => {
  const tags = ['readings'];
  const view = { permissions: ['ViewInstrumentData', 'ViewInstrumentCharts'] as const };

  app.get(
    '/instruments/latest',
    {
      config: view,
      schema: {
        tags,
        summary: "The latest reading of every series of these instruments (ids in the caller's contracts; others left out)",
        querystring: ZLatestReadingsQuery,
        response: { 200: ZLatestReadings },
      },
    },
    (req) => readings.latest(requireActor(req.actor), req.query.ids),
  );

  app.get(
    '/instruments/:id/readings',
    {
      config: view,
      schema: {
        tags,
        summary:
          'Readings of an instrument per series (codes, from, to), downsampled on the server to at most max_points per series (min and max per time bucket)',
        params: ZIdParam,
        querystring: ZReadingsQuery,
        response: { 200: ZInstrumentReadings },
      },
    },
    (req) => readings.readings(requireActor(req.actor), req.params.id, req.query),
  );
};
