import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZFieldErrors, ZGeocodeQuery, ZGeocodeResult } from '@strata/shared';
import { z } from 'zod';
import { requireActor } from '../../plugins/route-config.js';
import type { GeocodeService } from './geocode.service.js';

export const geocodeRoutes: FastifyPluginAsyncZod<{ geocode: GeocodeService }> = async (app, { geocode }) => {
  app.get(
    '/geocode',
    {
      config: { permissions: [] },
      schema: {
        tags: ['work space'],
        summary: 'Places for an address or postal code from the configured online geocoder (404 when none is configured)',
        querystring: ZGeocodeQuery,
        response: { 200: ZGeocodeResult, 400: z.union([z.string(), ZFieldErrors]), 404: z.string(), 429: z.string(), 502: z.string() },
      },
    },
    (req) => geocode.search(requireActor(req.actor).userId, req.query.q),
  );
};
