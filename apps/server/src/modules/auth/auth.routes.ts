import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { CSRF_HEADER, ZAuthRequest, ZFieldErrors, ZLoginResponse, ZOk } from '@strata/shared';
import { z } from 'zod';
import { requireActor } from '../../plugins/route-config.js';
import type { AuthService } from './auth.service.js';

export const authRoutes: FastifyPluginAsyncZod<{ auth: AuthService }> = async (app, { auth }) => {
  app.post(
    '/auth',
    {
      config: { public: true },
      schema: {
        tags: ['auth'],
        summary: 'Sign in (form-encoded username and password)',
        consumes: ['application/x-www-form-urlencoded', 'application/json'],
        body: ZAuthRequest,
        response: { 200: ZLoginResponse, 400: ZFieldErrors, 401: z.string(), 429: z.string() },
      },
    },
    async (req, reply) => {
      const result = await auth.signIn({ ...req.body, clientAddress: req.ip, userAgent: req.headers['user-agent'] });
      reply.header(CSRF_HEADER, result.csrfToken);
      return result.response;
    },
  );

  app.post(
    '/signout',
    {
      config: { permissions: [], allowExpiredPassword: true },
      schema: { tags: ['auth'], summary: 'End the current session', response: { 200: ZOk } },
    },
    async (req) => {
      await auth.signOut(requireActor(req.actor));
      return { ok: true as const };
    },
  );
};
