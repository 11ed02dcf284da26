import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZManagedSettings, ZRiskRating, ZRiskRatingResponse, ZSystemSettingsUpdate } from '@strata/shared';
import { requireActor } from '../../plugins/route-config.js';
import type { MasterSettingsService } from './master-settings.service.js';

export const masterSettingsRoutes: FastifyPluginAsyncZod<{ masterSettings: MasterSettingsService }> = async (app, { masterSettings }) => {
  const tags = ['master-data'];

  app.get(
    '/master-data/settings',
    {
      config: { permissions: ['ManageSystemSettings'] },
      schema: { tags, summary: 'System settings (every key, with `<type>_max_upload` per upload type)', response: { 200: ZManagedSettings } },
    },
    () => masterSettings.get(),
  );

  app.put(
    '/master-data/settings',
    {
      config: { permissions: ['ManageSystemSettings'] },
      schema: {
        tags,
        summary: 'Save system settings (keys given change); open clients reload their configuration',
        body: ZSystemSettingsUpdate,
        response: { 200: ZManagedSettings },
      },
    },
    (req) => masterSettings.update(requireActor(req.actor), req.body),
  );

  app.get(
    '/master-data/risk-rating',
    {
      config: { permissions: ['ManageRiskRatingSettings'] },
      schema: {
        tags,
        summary: 'Risk rating settings: weights per alert level and per open-alert count band, rating thresholds',
        response: { 200: ZRiskRatingResponse },
      },
    },
    () => masterSettings.riskRating(),
  );

  app.put(
    '/master-data/risk-rating',
    {
      config: { permissions: ['ManageRiskRatingSettings'] },
      schema: { tags, summary: 'Save the risk rating settings', body: ZRiskRating, response: { 200: ZRiskRatingResponse } },
    },
    (req) => masterSettings.setRiskRating(requireActor(req.actor), req.body),
  );
};
