import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { CSRF_HEADER, MESSAGES } from '@strata/shared';
import { safeEqual } from '../lib/crypto.js';
import { forbidden, unauthorized } from '../lib/errors.js';
import type { AuthService } from '../modules/auth/auth.service.js';
import { writeAudit } from '../platform/audit.js';
import type { AppContext } from '../context.js';
import './route-config.js';

export interface ApiRoute {
  url: string;
  method: string | string[];
  config: unknown;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Every route under /api/v1 with its access declaration (the authorisation walk reads it). */
    apiRoutes: readonly ApiRoute[];
  }
}

const UNSAFE = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

function bearer(header: string | undefined): string | undefined {
  const m = header?.match(/^Bearer\s+(\S+)$/i);
  return m?.[1];
}

/**
 * Authentication, authorisation and CSRF, in one onRequest hook so nothing of a route runs for a caller it refuses.
 * - The bearer access token resolves to `request.actor`; the resource token is accepted only in `_token` on routes that
 *   declare `resourceToken`.
 * - Deny by default: a route must declare `public: true` or `permissions` (at start-up every /api route is checked).
 * - Unsafe methods with a session must echo the session's CSRF token; every authenticated response carries it.
 * - A session between the two sign-in steps (two-factor) is accepted only on routes declaring `unverifiedSession`;
 *   a caller whose password expired only on routes declaring `allowExpiredPassword` (403 with the reason elsewhere).
 */
export const authPlugin = fp<{ ctx: AppContext; auth: AuthService }>(async (app, { ctx, auth }) => {
  app.decorateRequest('actor', undefined);
  const apiRoutes: ApiRoute[] = [];
  app.decorate('apiRoutes', apiRoutes);

  app.addHook('onRoute', (route) => {
    if (route.url.startsWith('/api/v1')) apiRoutes.push({ url: route.url, method: route.method, config: route.config });
  });

  app.addHook('onReady', async () => {
    const undeclared = apiRoutes.filter((r) => {
      const c = r.config as { public?: boolean; permissions?: unknown } | undefined;
      return c?.public !== true && !Array.isArray(c?.permissions);
    });
    if (undeclared.length > 0) {
      throw new Error(`Routes without public or permissions: ${undeclared.map((r) => `${String(r.method)} ${r.url}`).join(', ')}`);
    }
  });

  // A change the caller made to their own account (password, name, two-factor, signing out) is seen by their next
  // request on this instance at once, without waiting for the database's notification to come round.
  app.addHook('onSend', (request, _reply, payload, done) => {
    if (request.actor && UNSAFE.has(request.method)) auth.sessions.forgetUsers([request.actor.userId]);
    done(null, payload);
  });

  // A public route called without credentials (/health, /config, the sign-in) has nothing to check: answered without
  // the promise an async hook makes per request; everything else goes through `authorise`.
  app.addHook('onRequest', (request, reply, done) => {
    const config = request.routeOptions.config;
    const token = bearer(request.headers.authorization);
    if (!token && !config.resourceToken && config.public === true) return done();
    authorise(request, reply, token).then(() => done(), done);
  });

  async function authorise(request: FastifyRequest, reply: FastifyReply, token: string | undefined): Promise<void> {
    const config = request.routeOptions.config;
    if (token) {
      request.actor = await auth.authenticate(token, 'access', request.ip, { allowUnverified: config.unverifiedSession === true });
    } else if (config.resourceToken) {
      const q = request.query as Record<string, unknown> | undefined;
      const rt = typeof q?._token === 'string' ? q._token : undefined;
      if (rt) request.actor = await auth.authenticate(rt, 'resource', request.ip);
    }
    if (request.actor) reply.header(CSRF_HEADER, request.actor.csrfToken);

    if (config.public === true) return;
    if (!Array.isArray(config.permissions)) {
      // Not an API route of ours (the not-found handler) or an undeclared one: nothing to authorise here.
      if (request.url.startsWith('/api/v1') && request.routeOptions.url) throw forbidden();
      return;
    }
    const actor = request.actor;
    if (!actor) throw unauthorized(token ? MESSAGES.unauthorized : undefined);
    if (UNSAFE.has(request.method) && actor.via === 'access') {
      const sent = request.headers[CSRF_HEADER];
      if (typeof sent !== 'string' || !safeEqual(sent, actor.csrfToken)) throw forbidden(MESSAGES.csrf);
    }
    if (actor.passwordExpired && config.allowExpiredPassword !== true) throw forbidden(MESSAGES.passwordExpired);
    const needed = config.permissions;
    if (needed.length > 0 && !needed.some((code) => actor.permissions.has(code))) {
      await writeAudit(ctx.db.orm, actor, {
        action: 'permission.denied',
        entityType: 'route',
        entityId: `${request.method} ${request.routeOptions.url ?? request.url}`,
      });
      throw forbidden();
    }
  }
});
