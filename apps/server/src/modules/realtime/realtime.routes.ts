import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Hub } from './hub.js';

export const realtimeRoutes: FastifyPluginAsyncZod<{ hub: Hub }> = async (app, { hub }) => {
  app.get(
    '/rtc/ws',
    {
      websocket: true,
      // Public at the HTTP layer on purpose: a browser cannot set an Authorization header on a WebSocket, so the
      // socket authenticates inside the protocol (ws-events.ts) — the resource token in `_token` (resolved by the auth
      // plugin, hence `resourceToken`) or the access token as the first message — and the hub closes every socket that
      // does not with 4401 `unauthorized`. Nothing is sent to a socket before it authenticates except
      // `client_connection`. No cookie authenticates it, so a cross-site page cannot open one on a user's behalf.
      config: { public: true, resourceToken: true },
      schema: {
        tags: ['realtime'],
        summary: 'Live connection (websocket)',
        querystring: z.object({ _token: z.string().optional() }),
      },
    },
    (socket, req) => {
      hub.accept(socket, { ip: req.ip, queryToken: req.query._token, actor: req.actor });
    },
  );
};
