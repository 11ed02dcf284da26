import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ZIdParam,
  ZInstrumentProfile,
  ZInstrumentReadings,
  ZInstrumentStatuses,
  ZInstrumentStatusQuery,
  ZLatestReadings,
  ZLatestReadingsQuery,
  ZReadingProfileQuery,
  ZReadingRowList,
  ZReadingRowsQuery,
  ZReadingsExportQuery,
  ZReadingsQuery,
} from '@strata/shared';
import { attachment, MIME } from '../../lib/content-disposition.js';
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
      // The chart's hot path: the answer (up to chart_instrument_detail_limit points per series) is built field by field
      // by the service in exactly this shape, so it is sent with JSON.stringify rather than checked point by point by
      // zod on the way out (about a millisecond a request; docs/benchmarks.md). The schema still documents it.
      serializerCompiler: () => (data) => JSON.stringify(data),
    },
    (req) => readings.readings(requireActor(req.actor), req.params.id, req.query),
  );

  app.get(
    '/instruments/:id/reading-rows',
    {
      config: view,
      schema: {
        tags,
        summary:
          'One page of the stored readings of an instrument (codes, depths, from, to; skip, limit: 20 by default, at most 1000), not downsampled, newest first; total_records counts every reading of the range',
        params: ZIdParam,
        querystring: ZReadingRowsQuery,
        response: { 200: ZReadingRowList },
      },
    },
    (req) => readings.rows(requireActor(req.actor), req.params.id, req.query),
  );

  app.get(
    '/instruments/status',
    {
      config: view,
      schema: {
        tags,
        summary:
          "The status level of every instrument of the caller's contracts (contracts: a JSON list or comma-separated ids; -1 or absent: all): the most severe level its latest readings pass",
        querystring: ZInstrumentStatusQuery,
        response: { 200: ZInstrumentStatuses },
      },
    },
    (req) => readings.statuses(requireActor(req.actor), req.query),
  );

  app.get(
    '/instruments/:id/readings/export',
    {
      // Raw data leaving the system: View Instrument Data (charts alone do not give the numbers away).
      config: { permissions: ['ViewInstrumentData'], resourceToken: true },
      schema: {
        tags,
        summary:
          'Every reading of the range (codes, depths, from, to), not downsampled, as a CSV or XLSX attachment (XLSX: at most 1,000,000 rows; `?_token=` the resource token)',
        params: ZIdParam,
        querystring: ZReadingsExportQuery,
      },
    },
    async (req, reply) => {
      const file = await readings.exportReadings(requireActor(req.actor), req.params.id, req.query);
      return reply
        .header('content-type', MIME[file.format] ?? 'application/octet-stream')
        .header('content-disposition', attachment(file.fileName))
        .send(file.body);
    },
  );

  app.get(
    '/instruments/:id/profile',
    {
      config: view,
      schema: {
        tags,
        summary:
          'Inclinometer profiles: for each date (at: 1–6, comma-separated) and reading code (default: those with depths), per depth the latest reading at or before it',
        params: ZIdParam,
        querystring: ZReadingProfileQuery,
        response: { 200: ZInstrumentProfile },
      },
    },
    (req) => readings.profile(requireActor(req.actor), req.params.id, req.query),
  );
};
