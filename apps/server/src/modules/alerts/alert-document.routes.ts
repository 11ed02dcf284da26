import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { DEFAULT_TIMEZONE, ZIdParam } from '@strata/shared';
import type { AppContext } from '../../context.js';
import { attachment, MIME } from '../../lib/content-disposition.js';
import { isTimeZone } from '../../lib/zoned-time.js';
import { requireActor } from '../../plugins/route-config.js';
import type { SettingsService } from '../settings/settings.service.js';
import { alertDocument, alertDocumentName } from './alert-document.js';
import { ALERT_READ } from './alerts.routes.js';
import type { AlertsService } from './alerts.service.js';

/** `GET /alerts/{id}/document`: the alert as a PDF (the scenario-based alert lists' download document action, §2.6). */
export const alertDocumentRoutes: FastifyPluginAsyncZod<{ alerts: AlertsService; settings: SettingsService; ctx: AppContext }> = async (
  app,
  { alerts, settings, ctx },
) => {
  app.get(
    '/alerts/:id/document',
    {
      config: { permissions: ALERT_READ, resourceToken: true },
      schema: { tags: ['alerts'], summary: 'The alert as a PDF document: its facts, thresholds, instruments and history', params: ZIdParam },
    },
    async (req, reply) => {
      // Scoped like the alert itself: another contract's alert is 404.
      const detail = await alerts.get(requireActor(req.actor), req.params.id);
      const tz = (await settings.get()).timezone;
      const body = await alertDocument(detail, { appName: ctx.config.appName, timezone: isTimeZone(tz) ? tz : DEFAULT_TIMEZONE, now: ctx.now() });
      return reply
        .header('content-type', MIME.pdf)
        .header('content-disposition', attachment(alertDocumentName(detail.alert.alert_id)))
        .send(body);
    },
  );
};
