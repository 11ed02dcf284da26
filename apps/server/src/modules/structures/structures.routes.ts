import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  STRUCTURE_API_PATHS,
  STRUCTURE_KINDS,
  STRUCTURE_PERMISSIONS,
  ZCreateStructureRequest,
  ZIdParam,
  ZListStructuresQuery,
  ZOk,
  ZStructure,
  ZStructureInstruments,
  ZStructureList,
  ZStructureMonitoring,
  ZUpdateStructureRequest,
} from '@strata/shared';
import { requireActor } from '../../plugins/route-config.js';
import type { StructuresService } from './structures.service.js';

const LABEL = { 'critical-interface': 'critical interface', 'mining-works': 'mining works record' } as const;

/**
 * `/critical-interfaces` and `/mining-works`: the same routes for each kind. Reading needs the kind's Search or View or
 * its Manage permission; writing needs Manage.
 */
export const structuresRoutes: FastifyPluginAsyncZod<{ structures: StructuresService }> = async (app, { structures }) => {
  for (const kind of STRUCTURE_KINDS) {
    const base = STRUCTURE_API_PATHS[kind];
    const { manage, view } = STRUCTURE_PERMISSIONS[kind];
    const read = { permissions: [manage, view] };
    const write = { permissions: [manage] };
    const tags = ['structures'];
    const label = LABEL[kind];
    const params = { params: ZIdParam };

    app.get(
      base,
      {
        config: read,
        schema: {
          tags,
          summary: `Each ${label} of the caller's contracts (keyword, filter: a JSON list of contract ids, skip, limit)`,
          querystring: ZListStructuresQuery,
          response: { 200: ZStructureList },
        },
      },
      (req) => structures.list(requireActor(req.actor), kind, req.query),
    );

    app.get(
      `${base}/:id`,
      { config: read, schema: { tags, summary: `A ${label} with its outline, contacts and instruments`, ...params, response: { 200: ZStructure } } },
      (req) => structures.get(requireActor(req.actor), kind, req.params.id),
    );

    app.get(
      `${base}/:id/instruments`,
      { config: read, schema: { tags, summary: `The instruments linked to a ${label}`, ...params, response: { 200: ZStructureInstruments } } },
      (req) => structures.instruments(requireActor(req.actor), kind, req.params.id),
    );

    app.get(
      `${base}/:id/monitoring`,
      {
        config: read,
        schema: {
          tags,
          summary: `A ${label}'s instruments with status, latest values and trend; their open alerts and cases; the construction sites within its zone of influence`,
          ...params,
          response: { 200: ZStructureMonitoring },
        },
      },
      (req) => structures.monitoring(requireActor(req.actor), kind, req.params.id),
    );

    app.post(base, { config: write, schema: { tags, summary: `Create a ${label}`, body: ZCreateStructureRequest, response: { 200: ZStructure } } }, (req) =>
      structures.create(requireActor(req.actor), kind, req.body),
    );

    app.put(
      `${base}/:id`,
      {
        config: write,
        schema: { tags, summary: `Edit a ${label} (fields given change)`, ...params, body: ZUpdateStructureRequest, response: { 200: ZStructure } },
      },
      (req) => structures.update(requireActor(req.actor), kind, req.params.id, req.body),
    );

    app.delete(`${base}/:id`, { config: write, schema: { tags, summary: `Delete a ${label}`, ...params, response: { 200: ZOk } } }, (req) =>
      structures.remove(requireActor(req.actor), kind, req.params.id),
    );
  }
};
