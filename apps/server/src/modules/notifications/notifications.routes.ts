import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZBigIdParam, ZListNotificationsQuery, ZNotificationList, ZSystemNotificationRequest, ZSystemNotificationResponse, ZUnreadCount } from '@strata/shared';
import { requireActor } from '../../plugins/route-config.js';
import type { NotificationsService } from './notifications.service.js';

export const notificationsRoutes: FastifyPluginAsyncZod<{ notifications: NotificationsService }> = async (app, { notifications }) => {
  app.get(
    '/notifications',
    {
      config: { permissions: [] },
      schema: {
        tags: ['notifications'],
        summary: "The caller's notifications, newest first",
        querystring: ZListNotificationsQuery,
        response: { 200: ZNotificationList },
      },
    },
    (req) => notifications.list(requireActor(req.actor), req.query),
  );

  app.post(
    '/notifications/:id/read',
    {
      config: { permissions: [] },
      schema: { tags: ['notifications'], summary: 'Mark one of my notifications read', params: ZBigIdParam, response: { 200: ZUnreadCount } },
    },
    (req) => notifications.markRead(requireActor(req.actor), req.params.id),
  );

  app.post(
    '/notifications/read-all',
    {
      config: { permissions: [] },
      schema: { tags: ['notifications'], summary: 'Mark all my notifications read', response: { 200: ZUnreadCount } },
    },
    (req) => notifications.markAllRead(requireActor(req.actor)),
  );

  app.post(
    '/notifications/system',
    {
      config: { permissions: ['ManageSystemSettings'] },
      schema: {
        tags: ['notifications'],
        summary: 'Send a system notification to everyone or to the users of a contract',
        body: ZSystemNotificationRequest,
        response: { 200: ZSystemNotificationResponse },
      },
    },
    (req) => notifications.sendSystem(requireActor(req.actor), req.body),
  );
};
