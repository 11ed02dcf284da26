import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  CONSTRUCTION_DELETE_TASKS,
  ZConstructionProgressList,
  ZConstructionProgressQuery,
  ZConstructionRowParams,
  ZExcavationProgress,
  ZIdParam,
  ZOk,
  ZTunnelProgress,
} from '@strata/shared';
import { requireActor } from '../../plugins/route-config.js';
import type { ConstructionService, ProgressRowKind } from './construction.service.js';

/** The deletion routes: the path under /civil/sites/{id}/, the row kind and the task it needs. */
const DELETE_ROUTES: { path: string; kind: ProgressRowKind; task: keyof typeof CONSTRUCTION_DELETE_TASKS; summary: string }[] = [
  { path: 'excavation-progress', kind: 'level', task: 'progress', summary: "Delete an excavation site's level row" },
  { path: 'excavation-supports', kind: 'support', task: 'progress', summary: "Delete an excavation site's strut or anchor" },
  { path: 'excavation-design', kind: 'design', task: 'design', summary: "Delete an excavation site's design values of a stage" },
  { path: 'tunnel-shifts', kind: 'shift', task: 'progress', summary: "Delete a mined tunnel's shift report row" },
];

/**
 * Construction progress (decision 038): read by any signed-in user within their contracts (like GET /civil/sites);
 * rows deleted with CONSTRUCTION_DELETE_TASKS. The uploads that write the rows are the upload pipeline's.
 */
export const constructionRoutes: FastifyPluginAsyncZod<{ construction: ConstructionService }> = async (app, { construction }) => {
  const tags = ['construction'];

  app.get(
    '/civil/progress',
    {
      config: { permissions: [] },
      schema: {
        tags,
        summary: "Excavation sites (type E) or mined tunnels (MT) of the caller's contracts with their current progress (contracts, keyword)",
        querystring: ZConstructionProgressQuery,
        response: { 200: ZConstructionProgressList },
      },
    },
    (req) => construction.list(requireActor(req.actor), req.query),
  );

  app.get(
    '/civil/sites/:id/excavation-progress',
    {
      config: { permissions: [] },
      schema: {
        tags,
        summary: "An excavation site's progress: summary, stages with actual dates, levels, zones, struts and anchors, design values",
        params: ZIdParam,
        response: { 200: ZExcavationProgress },
      },
    },
    (req) => construction.excavation(requireActor(req.actor), req.params.id),
  );

  app.get(
    '/civil/sites/:id/tunnel-progress',
    {
      config: { permissions: [] },
      schema: {
        tags,
        summary: "A mined tunnel's progress: summary, steps with actual dates, faces on the alignment, shift rows, advance per day",
        params: ZIdParam,
        response: { 200: ZTunnelProgress },
      },
    },
    (req) => construction.tunnel(requireActor(req.actor), req.params.id),
  );

  for (const r of DELETE_ROUTES) {
    app.delete(
      `/civil/sites/:id/${r.path}/:rowId`,
      {
        config: { permissions: [CONSTRUCTION_DELETE_TASKS[r.task]] },
        schema: { tags, summary: r.summary, params: ZConstructionRowParams, response: { 200: ZOk } },
      },
      (req) => construction.deleteRow(requireActor(req.actor), r.kind, req.params.id, req.params.rowId),
    );
  }
};
