import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ZAlert,
  ZAlertDetail,
  ZAlertInstrumentStatusList,
  ZAlertInstrumentStatusQuery,
  ZAlertList,
  ZAlertSummary,
  ZBreachedList,
  ZBreachedQuery,
  ZCloseAlertRequest,
  ZContractsQuery,
  ZIdParam,
  ZListAlertsQuery,
  ZProjectRisks,
  type PermissionCode,
} from '@strata/shared';
import { attachment, MIME } from '../../lib/content-disposition.js';
import { requireActor } from '../../plugins/route-config.js';
import type { AlertsService } from './alerts.service.js';

/** Reading alerts: Manage Alert's task, the breached status and scenario-based alert viewers (decision 016). */
export const ALERT_READ: readonly PermissionCode[] = ['SearchorViewAlertMessage', 'ViewBreachedStatus', 'ViewScenarioBasedAlert'];
/** Closing an alert (the service narrows by kind). */
export const ALERT_CLOSE: readonly PermissionCode[] = ['UpdateBreachedStatus', 'CloseBreachedInstrumentCases', 'CloseTriggeredScenarioBasedAlertCases'];

export const alertsRoutes: FastifyPluginAsyncZod<{ alerts: AlertsService }> = async (app, { alerts }) => {
  const tags = ['alerts'];
  const read = { permissions: ALERT_READ };

  app.get(
    '/alerts/summary',
    {
      config: read,
      schema: {
        tags,
        summary: 'Open alerts per tile of the /alert landing, and open breached alerts per level',
        querystring: ZContractsQuery,
        response: { 200: ZAlertSummary },
      },
    },
    (req) => alerts.summary(requireActor(req.actor), req.query.contracts),
  );

  app.get(
    '/alerts/breached',
    {
      config: read,
      schema: {
        tags,
        summary: 'Instruments with an open breached alert at a level (default WSL), for the list and the map',
        querystring: ZBreachedQuery,
        response: { 200: ZBreachedList },
      },
    },
    (req) => alerts.breached(requireActor(req.actor), req.query),
  );

  app.get(
    '/alerts/instrument-status',
    {
      config: { permissions: ['ViewBreachedStatus', 'SearchorViewAlertMessage'], resourceToken: true },
      schema: {
        tags,
        summary: "Every instrument's current level, last reading time and open alerts; format=csv|xlsx downloads the whole filtered list",
        querystring: ZAlertInstrumentStatusQuery,
        response: { 200: ZAlertInstrumentStatusList },
      },
    },
    async (req, reply) => {
      const actor = requireActor(req.actor);
      const { format } = req.query;
      if (!format) return alerts.instrumentStatus(actor, req.query);
      const body = await alerts.exportInstrumentStatus(actor, req.query, format);
      return reply
        .header('content-type', MIME[format])
        .header('content-disposition', attachment(`instrument-status-${new Date().toISOString().slice(0, 10)}.${format}`))
        .send(body as never); // a file: the JSON schema does not apply
    },
  );

  app.get(
    '/alerts/project-risks',
    {
      config: { permissions: [...ALERT_READ, 'ViewManagementDashboard'] },
      schema: {
        tags,
        summary: 'Project Performance Risk Rating: score per contract and zone, with the daily trend of the last 30 days',
        querystring: ZContractsQuery,
        response: { 200: ZProjectRisks },
      },
    },
    (req) => alerts.projectRisks(requireActor(req.actor), req.query.contracts),
  );

  app.get(
    '/alerts',
    {
      config: read,
      schema: {
        tags,
        summary: "Alerts of the caller's contracts, newest trigger first (kind, level, status, keyword, instrument, dates)",
        querystring: ZListAlertsQuery,
        response: { 200: ZAlertList },
      },
    },
    (req) => alerts.list(requireActor(req.actor), req.query),
  );

  app.get(
    '/alerts/:id',
    {
      config: read,
      schema: {
        tags,
        summary: 'An alert with its instrument, the thresholds of its series and its history',
        params: ZIdParam,
        response: { 200: ZAlertDetail },
      },
    },
    (req) => alerts.get(requireActor(req.actor), req.params.id),
  );

  app.post(
    '/alerts/:id/close',
    {
      config: { permissions: ALERT_CLOSE },
      schema: {
        tags,
        summary: 'Close an open alert with a reason (a later trigger opens a new alert)',
        params: ZIdParam,
        body: ZCloseAlertRequest,
        response: { 200: ZAlert },
      },
    },
    (req) => alerts.close(requireActor(req.actor), req.params.id, req.body),
  );
};
