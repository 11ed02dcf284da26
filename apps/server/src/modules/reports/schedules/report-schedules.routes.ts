import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ZOk,
  ZPageQuery,
  ZReportSchedule,
  ZReportScheduleBody,
  ZReportScheduleList,
  ZReportScheduleListQuery,
  ZReportScheduleRun,
  ZReportScheduleRunList,
  ZSchedulerIdParam,
  type PermissionCode,
} from '@strata/shared';
import { requireActor } from '../../../plugins/route-config.js';
import type { ReportSchedulesService } from './report-schedules.service.js';

/**
 * Scheduled reports (issue 21; spec §2.8 /report/scheduler, §6 Scheduled Report). Each route needs its task of the
 * "Scheduled Report" group; the service checks the report type's own tasks and the contracts' scope (404 outside it).
 */
export const reportSchedulesRoutes: FastifyPluginAsyncZod<{ schedules: ReportSchedulesService }> = async (app, { schedules }) => {
  const tags = ['reports'];
  const params = { params: ZSchedulerIdParam };
  const can = (...permissions: PermissionCode[]) => ({ permissions });

  app.get(
    '/reports/schedules',
    {
      config: can('SearchorViewScheduledReports'),
      schema: {
        tags,
        summary: 'Scheduled reports (keyword, report type), by name',
        querystring: ZReportScheduleListQuery,
        response: { 200: ZReportScheduleList },
      },
    },
    (req) => schedules.list(requireActor(req.actor), req.query),
  );

  app.post(
    '/reports/schedules',
    {
      config: can('CreateScheduledReports'),
      schema: { tags, summary: 'Create a scheduled report', body: ZReportScheduleBody, response: { 200: ZReportSchedule } },
    },
    (req) => schedules.create(requireActor(req.actor), req.body),
  );

  app.get(
    '/reports/schedules/:scheduler_id',
    {
      config: can('SearchorViewScheduledReports'),
      schema: { tags, summary: 'One scheduled report', ...params, response: { 200: ZReportSchedule } },
    },
    (req) => schedules.get(requireActor(req.actor), req.params.scheduler_id),
  );

  app.put(
    '/reports/schedules/:scheduler_id',
    {
      config: can('EditScheduledReports'),
      schema: { tags, summary: 'Edit a scheduled report', ...params, body: ZReportScheduleBody, response: { 200: ZReportSchedule } },
    },
    (req) => schedules.update(requireActor(req.actor), req.params.scheduler_id, req.body),
  );

  app.delete(
    '/reports/schedules/:scheduler_id',
    {
      config: can('DeleteScheduledReports'),
      schema: { tags, summary: 'Delete a scheduled report and its run history', ...params, response: { 200: ZOk } },
    },
    (req) => schedules.remove(requireActor(req.actor), req.params.scheduler_id),
  );

  app.post(
    '/reports/schedules/:scheduler_id/run',
    {
      config: can('CreateScheduledReports', 'EditScheduledReports'),
      schema: { tags, summary: 'Run now: the run is queued for the workers and mailed to the recipients', ...params, response: { 200: ZReportScheduleRun } },
    },
    (req) => schedules.runNow(requireActor(req.actor), req.params.scheduler_id),
  );

  app.get(
    '/reports/schedules/:scheduler_id/runs',
    {
      config: can('SearchorViewScheduledReports'),
      schema: {
        tags,
        summary: 'The run history of a scheduled report, newest first',
        ...params,
        querystring: ZPageQuery,
        response: { 200: ZReportScheduleRunList },
      },
    },
    (req) => schedules.runs(requireActor(req.actor), req.params.scheduler_id, req.query),
  );
};
