import type { PermissionCode } from '@strata/shared';
import type { Actor } from '../context.js';

/** What every route declares in `config`: `public: true`, or the permission codes it needs (`[]` = any signed-in user). */
export interface RouteAccess {
  public?: boolean;
  permissions?: readonly PermissionCode[];
  /** Accepts the resource token in the `_token` query parameter (downloads, images, the websocket). */
  resourceToken?: boolean;
  /** Accepts a session whose second factor is not yet passed (the second sign-in step only). */
  unverifiedSession?: boolean;
  /**
   * Answers a caller whose password has expired (setting `password_expiry_days`): changing the password and what the
   * shell needs meanwhile (sync, preferences, configuration, last URL, sign-out). Every other route answers 403.
   */
  allowExpiredPassword?: boolean;
  /**
   * Cache-Control of the route's successful answers (plugins/cache-control.ts); without it, and on every error,
   * `no-store`. Declared only by routes whose answers may be kept (images shown again and again).
   */
  cacheControl?: string;
  /** Text fields the safe-input rule leaves alone (passwords are always left alone). */
  rawTextFields?: readonly string[];
}

declare module 'fastify' {
  // Declaration merging needs an interface.
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface FastifyContextConfig extends RouteAccess {}
  interface FastifyRequest {
    actor: Actor | undefined;
  }
}

/** The actor of a route that is not public: the authorize plugin has already refused anonymous callers. */
export function requireActor(actor: Actor | undefined): Actor {
  if (!actor) throw new Error('requireActor on a route without authentication');
  return actor;
}
