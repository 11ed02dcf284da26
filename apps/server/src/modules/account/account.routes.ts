import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZLastUrlRequest, ZOk, ZPreferences, ZRecentPageList, ZRecentPagesQuery, ZSyncResponse } from '@strata/shared';
import { requireActor } from '../../plugins/route-config.js';
import type { AccountService } from './account.service.js';

export const accountRoutes: FastifyPluginAsyncZod<{ account: AccountService }> = async (app, { account }) => {
  app.get(
    '/sync',
    {
      config: { permissions: [], allowExpiredPassword: true },
      schema: { tags: ['account'], summary: 'Profile, permissions and contracts of the caller', response: { 200: ZSyncResponse } },
    },
    (req) => account.sync(requireActor(req.actor)),
  );

  app.get(
    '/preferences',
    {
      config: { permissions: [], allowExpiredPassword: true },
      schema: { tags: ['account'], response: { 200: ZPreferences } },
    },
    (req) => account.preferences(requireActor(req.actor)),
  );

  app.post(
    '/preferences',
    {
      config: { permissions: [] },
      schema: { tags: ['account'], body: ZPreferences, response: { 200: ZOk } },
    },
    async (req) => {
      await account.savePreferences(requireActor(req.actor), req.body);
      return { ok: true as const };
    },
  );

  app.post(
    '/last-url',
    {
      config: { permissions: [], allowExpiredPassword: true },
      schema: { tags: ['account'], body: ZLastUrlRequest, response: { 200: ZOk } },
    },
    async (req) => {
      await account.saveLastUrl(requireActor(req.actor), req.body.url);
      return { ok: true as const };
    },
  );

  app.get(
    '/account/recents',
    {
      config: { permissions: [] },
      schema: {
        tags: ['account'],
        summary: 'Pages the caller opened lately (Recents), newest first',
        querystring: ZRecentPagesQuery,
        response: { 200: ZRecentPageList },
      },
    },
    (req) => account.recents(requireActor(req.actor), req.query.limit),
  );
};
