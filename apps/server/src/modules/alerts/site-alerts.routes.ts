import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZIdParam, ZSiteAlertList, ZSiteAlertsQuery } from '@strata/shared';
import { requireActor } from '../../plugins/route-config.js';
import { ALERT_READ } from './alerts.routes.js';
import type { SiteAlertsService } from './site-alerts.service.js';

/** /civil/construction-site's list: read by whoever reads the scenario-based alerts (`ALERT_READ`, as /alerts/scenario-based). */
export const siteAlertsRoutes: FastifyPluginAsyncZod<{ siteAlerts: SiteAlertsService }> = async (app, { siteAlerts }) => {
  app.get(
    '/civil/sites/:id/alerts',
    {
      config: { permissions: ALERT_READ },
      schema: {
        tags: ['alerts'],
        summary:
          'Scenario-based alerts (scenario, monitoring group, contract) whose instruments lie inside a construction site or within `distance` m of it (default 50), newest trigger first',
        params: ZIdParam,
        querystring: ZSiteAlertsQuery,
        response: { 200: ZSiteAlertList },
      },
    },
    (req) => siteAlerts.list(requireActor(req.actor), req.params.id, req.query),
  );
};
