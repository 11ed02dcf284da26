import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config.js';
import type { Database } from './db/client.js';
import type { Bus } from './platform/bus.js';
import type { Jobs } from './platform/jobs.js';

/** What every module gets: configuration, the database, the bus, the job queue, the clock and a logger. */
export interface AppContext {
  config: Config;
  db: Database;
  bus: Bus;
  jobs: Jobs | undefined;
  /** The clock; tests replace it to move time. */
  now: () => Date;
  log: FastifyBaseLogger;
}

/** The signed-in caller, resolved from the bearer token by the auth plugin. */
export interface Actor {
  userId: number;
  loginName: string;
  fullname: string;
  userType: number;
  roleId: number | null;
  permissions: ReadonlySet<string>;
  sessionId: number;
  csrfToken: string;
  /** `access` for the bearer access token; `resource` for the resource token (downloads and the websocket only). */
  via: 'access' | 'resource';
  /**
   * False only between the two sign-in steps of a user with two-factor authentication; such a session is accepted
   * only on routes that declare `unverifiedSession` (POST /auth/tfa) and holds no permissions.
   */
  verified: boolean;
  /** The password is older than the `password_expiry_days` setting: only routes declaring `allowExpiredPassword` answer. */
  passwordExpired: boolean;
  clientAddress: string;
}

/** Who did something, for audit rows: an actor, or an anonymous caller known by address (a failed sign-in). */
export interface AuditActor {
  userId: number | null;
  loginName: string | null;
  clientAddress: string | null;
}
