import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZAnnouncement, ZClearAnnouncementResponse, ZCurrentAnnouncement, ZBigIdParam, ZOk, ZPutAnnouncementRequest } from '@strata/shared';
import { requireActor } from '../../plugins/route-config.js';
import type { AnnouncementsService } from './announcements.service.js';

export const announcementsRoutes: FastifyPluginAsyncZod<{ announcements: AnnouncementsService }> = async (app, { announcements }) => {
  app.get(
    '/announcement',
    {
      config: { permissions: [] },
      schema: { tags: ['announcement'], summary: 'The current announcement, unless I acknowledged it (else null)', response: { 200: ZCurrentAnnouncement } },
    },
    (req) => announcements.current(requireActor(req.actor)),
  );

  app.post(
    '/announcement/:id/ack',
    {
      config: { permissions: [] },
      schema: { tags: ['announcement'], summary: 'Acknowledge the announcement (shown once per user)', params: ZBigIdParam, response: { 200: ZOk } },
    },
    async (req) => {
      await announcements.acknowledge(requireActor(req.actor), req.params.id);
      return { ok: true as const };
    },
  );

  app.put(
    '/announcement',
    {
      config: { permissions: ['ManageSystemSettings'] },
      schema: { tags: ['announcement'], summary: 'Replace the current announcement', body: ZPutAnnouncementRequest, response: { 200: ZAnnouncement } },
    },
    (req) => announcements.put(requireActor(req.actor), req.body),
  );

  app.delete(
    '/announcement',
    {
      config: { permissions: ['ManageSystemSettings'] },
      schema: { tags: ['announcement'], summary: 'Clear the current announcement', response: { 200: ZClearAnnouncementResponse } },
    },
    async (req) => ({ cleared: await announcements.clear(requireActor(req.actor)) }),
  );
};
