import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { DESIGN_VALUE_TASKS, ZDesignValueParams, ZIdParam, ZInstrumentDesignValues, ZInstrumentPlanList, ZInstrumentPlanQuery, ZOk } from '@strata/shared';
import { requireActor } from '../../plugins/route-config.js';
import type { DesignValuesService } from './design-values.service.js';

export interface DesignValuesRoutesOptions {
  designValues: DesignValuesService;
}

/** The QP(D) design values of an instrument and the instrument plans (issue 19; design-values.service.ts). */
export const designValuesRoutes: FastifyPluginAsyncZod<DesignValuesRoutesOptions> = async (app, { designValues }) => {
  const tags = ['construction'];

  app.get(
    '/instruments/:id/design-values',
    {
      // What its chart reads beside the readings: the readings' permissions.
      config: { permissions: ['ViewInstrumentData', 'ViewInstrumentCharts'] },
      schema: {
        tags,
        summary:
          "The QP(D) design values of an instrument by construction site: every row, the site's current stage and the rows of that stage (the chart's predicted line); 404 outside the caller's contracts",
        params: ZIdParam,
        response: { 200: ZInstrumentDesignValues },
      },
    },
    (req) => designValues.designValues(requireActor(req.actor), req.params.id),
  );

  app.delete(
    '/instruments/:id/design-values/:predictionId',
    {
      config: { permissions: [DESIGN_VALUE_TASKS.delete] },
      schema: { tags, summary: 'Delete one QP(D) design value of an instrument (audited)', params: ZDesignValueParams, response: { 200: ZOk } },
    },
    (req) => designValues.deletePrediction(requireActor(req.actor), req.params.id, req.params.predictionId),
  );

  app.get(
    '/instrument-plans',
    {
      // Like GET /instruments: any signed-in user, within their contracts.
      config: { permissions: [] },
      schema: {
        tags,
        summary:
          "The planned instruments of the caller's contracts (contracts: a JSON list of ids), each with the instrument of its name (planned, installed or reading, first reading time), and totals per type",
        querystring: ZInstrumentPlanQuery,
        response: { 200: ZInstrumentPlanList },
      },
    },
    (req) => designValues.plans(requireActor(req.actor), req.query),
  );
};
