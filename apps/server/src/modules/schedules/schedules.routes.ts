import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZIdParam, ZOk, ZPageQuery, ZSchedule, ZScheduleBody, ZScheduleJobList, ZScheduleList, ZScheduleRun, ZScheduleRunList } from '@strata/shared';
import { z } from 'zod';
import { requireActor } from '../../plugins/route-config.js';
import type { SchedulesService } from './schedules.service.js';

export const schedulesRoutes: FastifyPluginAsyncZod<{ schedules: SchedulesService }> = async (app, { schedules }) => {
  const tags = ['schedules'];
  const config = { permissions: ['ManageSchedules'] as const };
  const params = { params: ZIdParam };

  app.get(
    '/schedules',
    {
      config,
      schema: {
        tags,
        summary: 'Schedules',
        querystring: ZPageQuery.extend({ keyword: z.string().trim().max(100).optional() }),
        response: { 200: ZScheduleList },
      },
    },
    (req) => schedules.list(req.query),
  );

  app.get(
    '/schedules/jobs',
    {
      config,
      schema: { tags, summary: 'The jobs a schedule can run', response: { 200: ZScheduleJobList } },
    },
    () => schedules.jobs(),
  );

  app.post(
    '/schedules',
    {
      config,
      schema: { tags, summary: 'Create a schedule', body: ZScheduleBody, response: { 200: ZSchedule } },
    },
    (req) => schedules.create(requireActor(req.actor), req.body),
  );

  app.get(
    '/schedules/:id',
    {
      config,
      schema: { tags, summary: 'One schedule', ...params, response: { 200: ZSchedule } },
    },
    (req) => schedules.get(req.params.id),
  );

  app.put(
    '/schedules/:id',
    {
      config,
      schema: { tags, summary: 'Edit a schedule (enable/disable with `enabled`)', ...params, body: ZScheduleBody, response: { 200: ZSchedule } },
    },
    (req) => schedules.update(requireActor(req.actor), req.params.id, req.body),
  );

  app.delete(
    '/schedules/:id',
    {
      config,
      schema: { tags, summary: 'Delete a schedule and its logs', ...params, response: { 200: ZOk } },
    },
    (req) => schedules.remove(requireActor(req.actor), req.params.id),
  );

  app.post(
    '/schedules/:id/run',
    {
      config,
      schema: { tags, summary: 'Run now', ...params, response: { 200: ZScheduleRun } },
    },
    (req) => schedules.runNow(requireActor(req.actor), req.params.id),
  );

  app.get(
    '/schedules/:id/logs',
    {
      config,
      schema: { tags, summary: 'Runs of a schedule, newest first', ...params, querystring: ZPageQuery, response: { 200: ZScheduleRunList } },
    },
    (req) => schedules.logs(req.params.id, req.query),
  );
};
