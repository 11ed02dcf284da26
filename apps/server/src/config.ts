import { WS_AUTH_TIMEOUT_MS, WS_PING_MS } from '@strata/shared';
import { randomBytes } from 'node:crypto';
import { isIP } from 'node:net';
import { z } from 'zod';
import { keyFileSecret, parseSecretKey } from './lib/secret-box.js';

const bool = z.enum(['1', '0', 'true', 'false', 'yes', 'no', 'on', 'off']).transform((v) => ['1', 'true', 'yes', 'on'].includes(v));

/**
 * Where to report a vulnerability (security.txt's `Contact`, RFC 9116): an e-mail address (sent as `mailto:`), or a
 * `mailto:`, `https:` or `tel:` URI.
 */
const ZSecurityContact = z
  .string()
  .trim()
  .transform((v) => (/^[^\s@:/]+@[^\s@/]+\.[^\s@/]+$/.test(v) ? `mailto:${v}` : v))
  .refine((v) => /^(mailto:[^\s@]+@[^\s@]+|https:\/\/\S+|tel:\+?[\d\s().-]+)$/i.test(v), 'an e-mail address, or a mailto:, https: or tel: URI');

/** The proxy-addr names Fastify's `trustProxy` takes for whole ranges. */
const NAMED_RANGES = new Set(['loopback', 'linklocal', 'uniquelocal']);

/** An address, a CIDR (`10.0.0.0/8`, `fd00::/8`) or a named range (`loopback`, `linklocal`, `uniquelocal`). */
function isProxyAddress(entry: string): boolean {
  if (NAMED_RANGES.has(entry)) return true;
  const [address = '', prefix, extra] = entry.split('/');
  const family = isIP(address);
  if (family === 0 || extra !== undefined) return false;
  if (prefix === undefined) return true;
  if (!/^\d{1,3}$/.test(prefix)) return false;
  return Number(prefix) <= (family === 4 ? 32 : 128);
}

/**
 * Which peers may tell the client's address in `X-Forwarded-For` (Fastify's `trustProxy`): unset or `0`, none — the
 * address is the connection's peer; a number, that many proxy hops; otherwise the proxies' addresses and CIDRs,
 * comma-separated. Trusting every peer (`true`) is not offered: any caller could then name its own address.
 */
const ZTrustProxy = z.preprocess(
  (v) => (typeof v === 'string' && v.trim() === '' ? undefined : v),
  z
    .string()
    .optional()
    .transform((v, ctx): false | number | string[] => {
      if (v === undefined) return false;
      const text = v.trim();
      if (/^\d+$/.test(text)) return Number(text) === 0 ? false : Number(text);
      const entries = text.split(',').map((e) => e.trim());
      if (entries.every((e) => e !== '' && isProxyAddress(e))) return entries;
      ctx.addIssue({ code: 'custom', message: 'the addresses or CIDRs of the proxies (comma-separated), or a number of proxy hops' });
      return z.NEVER;
    }),
);

/**
 * The `trustProxy` option Fastify is given. A hop count becomes a function: Fastify 5 takes a number but trusts
 * nothing with it (a direct caller could name any address), so the count is applied as proxy-addr applies it — the
 * peer and the next `hops - 1` addresses of X-Forwarded-For, from the right, are proxies; the one before them is the
 * client. Only for a server no one reaches but through those proxies (README, TRUST_PROXY).
 */
export function trustProxyOption(trust: Config['trustProxy']): false | string[] | ((address: string, hop: number) => boolean) {
  if (typeof trust !== 'number') return trust;
  return (_address, hop) => hop < trust;
}

const ZEnv = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  HOST: z.string().default('0.0.0.0'),
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z.string().url().optional(),
  DEMO: bool.optional(),
  /** In demo mode, the demo data feed schedule gives the demo instruments their readings (off: they go late). */
  DEMO_FEED: bool.default(true),
  SMTP_URL: z.string().url().optional(),
  MAIL_FROM: z.string().default('Strata <no-reply@strata.local>'),
  APP_NAME: z.string().min(1).default('Strata'),
  APP_DESCRIPTION: z.string().default('Strata tunnel and construction monitoring'),
  APP_AUTHOR: z.string().optional(),
  PUBLIC_URL: z.string().url().optional(),
  /** Empty counts as not set. */
  SECURITY_CONTACT: z.preprocess((v) => (v === '' ? undefined : v), ZSecurityContact.optional()),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Session idle age in minutes (the default; the system setting overrides it). */
  SESSION_IDLE_MINUTES: z.coerce.number().positive().default(30),
  SESSION_ABSOLUTE_HOURS: z.coerce.number().positive().default(12),
  LOGIN_MAX_FAILURES: z.coerce.number().int().min(1).default(5),
  LOGIN_WINDOW_SECONDS: z.coerce.number().int().min(1).default(300),
  LOGIN_MAX_FAILURES_PER_IP: z.coerce.number().int().min(1).default(50),
  WEB_DIST: z.string().optional(),
  TRUST_PROXY: ZTrustProxy,
  WORKERS: bool.default(true),
  /** 64 hex digits (or base64 of 32 bytes): seals secrets kept in the database. Default: DATA_DIR/secret.key. */
  SECRET_KEY: z
    .string()
    .refine((v) => parseSecretKey(v) !== undefined, '64 hex digits or base64 of 32 bytes')
    .optional(),
});

export type Config = {
  env: 'development' | 'production' | 'test';
  host: string;
  port: number;
  dataDir: string;
  databaseUrl: string | undefined;
  demo: boolean;
  /** The demo data feed runs (demo mode only). */
  demoFeed: boolean;
  smtpUrl: string | undefined;
  mailFrom: string;
  appName: string;
  appDescription: string;
  appAuthor: string | undefined;
  publicUrl: string;
  /** Where to report a vulnerability (a `mailto:`, `https:` or `tel:` URI); undefined when none is set up. */
  securityContact: string | undefined;
  logLevel: string;
  session: { idleMs: number; absoluteMs: number };
  loginThrottle: { maxFailures: number; windowMs: number; maxFailuresPerIp: number };
  webDist: string | undefined;
  /**
   * Fastify's `trustProxy`: `false` (the default: the client address is the connection's peer), a number of proxy
   * hops, or the proxies' addresses and CIDRs. Decides `request.ip`: the sign-in throttle, audit rows and sessions.
   */
  trustProxy: false | number | string[];
  workers: boolean;
  /** Seals secrets kept in the database (lib/secret-box.ts); read lazily from DATA_DIR/secret.key when not given. */
  secretKey: () => Buffer;
  /** The websocket hub: time allowed to authenticate, and the keepalive ping interval (tests shorten them). */
  realtime: { authTimeoutMs: number; pingMs: number };
};

export class ConfigError extends Error {}

/** Parses the environment; a bad value throws a ConfigError naming the variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = ZEnv.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message} (got ${JSON.stringify(env[String(i.path[0])])})`);
    throw new ConfigError(`Invalid configuration:\n  ${lines.join('\n  ')}`);
  }
  const e = parsed.data;
  return {
    env: e.NODE_ENV,
    host: e.HOST,
    port: e.PORT,
    dataDir: e.DATA_DIR,
    databaseUrl: e.DATABASE_URL,
    demo: e.DEMO ?? !e.DATABASE_URL,
    demoFeed: e.DEMO_FEED,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    appName: e.APP_NAME,
    appDescription: e.APP_DESCRIPTION,
    appAuthor: e.APP_AUTHOR,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, ''),
    securityContact: e.SECURITY_CONTACT,
    logLevel: e.LOG_LEVEL,
    session: { idleMs: e.SESSION_IDLE_MINUTES * 60_000, absoluteMs: e.SESSION_ABSOLUTE_HOURS * 3_600_000 },
    loginThrottle: {
      maxFailures: e.LOGIN_MAX_FAILURES,
      windowMs: e.LOGIN_WINDOW_SECONDS * 1000,
      maxFailuresPerIp: e.LOGIN_MAX_FAILURES_PER_IP,
    },
    webDist: e.WEB_DIST,
    trustProxy: e.TRUST_PROXY,
    workers: e.WORKERS,
    secretKey: e.SECRET_KEY ? constant(parseSecretKey(e.SECRET_KEY)!) : once(() => keyFileSecret(e.DATA_DIR)),
    realtime: { authTimeoutMs: WS_AUTH_TIMEOUT_MS, pingMs: WS_PING_MS },
  };
}

const constant =
  <T>(value: T) =>
  () =>
    value;
function once<T>(make: () => T): () => T {
  let value: T | undefined;
  return () => (value ??= make());
}

/** A configuration for tests: defaults, no environment, a random secret key. */
export function testConfig(overrides: Partial<Config> = {}): Config {
  return { ...loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent' }), demo: false, workers: false, secretKey: constant(randomBytes(32)), ...overrides };
}
