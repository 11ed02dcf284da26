/**
 * The real-time bus between app instances: Postgres LISTEN/NOTIFY on the shared database.
 *
 * - `publish(channel, event)` sends `{"origin", "event"}` with NOTIFY. Every instance subscribed to the channel
 *   receives it — the publisher included (its hub delivers to its own sockets that way). `origin` is the
 *   publishing bus's id; handlers get `{ origin, local }` to tell their own messages from others' if they care.
 * - NOTIFY payloads must stay under 8000 bytes. A larger event is stored in `bus_payloads` (a Drizzle-migrated
 *   table) and the NOTIFY carries `{"origin", "ref": id}`; subscribers read the row. Insert and NOTIFY are one
 *   statement, so the row is committed before anyone is notified. Rows older than an hour are deleted by that
 *   same statement (i.e. opportunistically, on large publishes).
 * - Publish after commit: call `publish` once `await db.orm.transaction(...)` has resolved, never inside the
 *   callback. Inside it, on pg the NOTIFY goes out on another connection before the data it announces is
 *   committed (or even if it rolls back); on PGlite it deadlocks (the one connection is held by the transaction).
 * - Delivery per channel is in order: messages are decoded one after another, and each handler is called in turn.
 *   A handler's error (thrown or rejected) is logged and never stops the listener or the other handlers.
 *   Handlers share one decoded event object: do not mutate it.
 * - Channel names: `/^[a-z_][a-z0-9_]{0,62}$/` (plain Postgres identifiers; the channel namespace is per database).
 *
 * Works the same on PGlite (one process: every bus on it sees every message) and on pg (one LISTEN connection per
 * `Database`, see db/client.ts).
 */
import { randomUUID } from 'node:crypto';
import type { Database } from '../db/client.js';
import { safeError } from './safe-error.js';

export interface BusLogger {
  error(obj: unknown, msg?: string): void;
}

export interface BusOptions {
  /** This instance's id, carried by every message it publishes (default: a random UUID). */
  origin?: string;
  logger?: BusLogger;
}

export interface BusMeta {
  channel: string;
  /** The publishing bus's id. */
  origin: string;
  /** True when this bus published the message. */
  local: boolean;
}

export type BusHandler<T = unknown> = (event: T, meta: BusMeta) => void | Promise<void>;

export interface Bus {
  readonly origin: string;
  /** JSON-serialises `event` and sends it to every subscriber of `channel` on every instance, this one included. */
  publish<T>(channel: string, event: T): Promise<void>;
  /** Resolves once listening; returns the unsubscribe function. */
  subscribe<T = unknown>(channel: string, handler: BusHandler<T>): Promise<() => Promise<void>>;
  /**
   * Told when messages may have been missed: `lost` as soon as the connection carrying them drops, `restored` once
   * listening again (never on PGlite). A cache kept fresh by messages stops trusting itself in between. Returns the
   * function that stops telling.
   */
  onReset(handler: (state: 'lost' | 'restored') => void): () => void;
  /** Stops listening and waits for deliveries under way. Safe to call after the database was closed. */
  close(): Promise<void>;
}

const CHANNEL = /^[a-z_][a-z0-9_]{0,62}$/;
/** NOTIFY rejects payloads of 8000 bytes or more. */
const NOTIFY_MAX_BYTES = 7999;

type Wire = { origin: string; event: unknown } | { origin: string; ref: number | string };

const consoleLogger: BusLogger = {
  error: (obj, msg) => console.error(msg ?? 'bus error', obj),
};

export function assertChannel(channel: string): void {
  if (typeof channel !== 'string' || !CHANNEL.test(channel)) {
    throw new Error(`bus: invalid channel name ${JSON.stringify(channel)} (expected ${CHANNEL})`);
  }
}

interface ChannelState {
  handlers: Set<BusHandler<never>>;
  /** Resolves to the database unlisten function once LISTEN is in place. */
  listening: Promise<() => Promise<void>>;
  /** Tail of this channel's delivery chain (keeps order). */
  tail: Promise<void>;
}

export function createBus(db: Database, opts: BusOptions = {}): Bus {
  const origin = opts.origin ?? randomUUID();
  const logger = opts.logger ?? consoleLogger;
  const channels = new Map<string, ChannelState>();
  const pendingHandlers = new Set<Promise<unknown>>();
  /** The reset handlers given to the database, removed on close (the database may outlive this bus). */
  const resetOffs = new Set<() => void>();
  let closed = false;

  async function decode(channel: string, raw: string): Promise<{ event: unknown; origin: string } | undefined> {
    let msg: Wire;
    try {
      msg = JSON.parse(raw) as Wire;
    } catch (err) {
      logger.error({ err: safeError(err), channel }, 'bus: unreadable message');
      return undefined;
    }
    if ('ref' in msg) {
      const r = await db.query<{ payload: unknown }>('SELECT payload FROM bus_payloads WHERE id = $1', [msg.ref]);
      const row = r.rows[0];
      if (!row) {
        logger.error({ channel, ref: msg.ref }, 'bus: stored payload is gone');
        return undefined;
      }
      return { event: row.payload, origin: msg.origin };
    }
    return { event: msg.event, origin: msg.origin };
  }

  async function deliver(channel: string, state: ChannelState, raw: string) {
    if (closed || state.handlers.size === 0) return;
    const decoded = await decode(channel, raw);
    if (!decoded) return;
    const meta: BusMeta = { channel, origin: decoded.origin, local: decoded.origin === origin };
    for (const handler of [...state.handlers]) {
      if (!state.handlers.has(handler)) continue; // unsubscribed meanwhile
      try {
        const result = (handler as BusHandler)(decoded.event, meta);
        if (result && typeof (result as Promise<void>).then === 'function') {
          const p = Promise.resolve(result).then(undefined, (err: unknown) => {
            logger.error({ err: safeError(err), channel }, 'bus: handler failed');
          });
          pendingHandlers.add(p);
          void p.finally(() => pendingHandlers.delete(p));
        }
      } catch (err) {
        logger.error({ err: safeError(err), channel }, 'bus: handler failed');
      }
    }
  }

  function channelState(channel: string): ChannelState {
    const state = channels.get(channel);
    if (state) return state;
    const fresh: ChannelState = { handlers: new Set(), listening: Promise.resolve(async () => undefined), tail: Promise.resolve() };
    fresh.listening = db.listen(channel, (raw) => {
      fresh.tail = fresh.tail
        .then(() => deliver(channel, fresh, raw))
        .catch((err: unknown) => logger.error({ err: safeError(err), channel }, 'bus: delivery failed'));
    });
    channels.set(channel, fresh);
    fresh.listening.catch(() => {
      if (channels.get(channel) === fresh) channels.delete(channel);
    });
    return fresh;
  }

  async function release(channel: string, state: ChannelState) {
    if (state.handlers.size > 0 || channels.get(channel) !== state) return;
    channels.delete(channel);
    try {
      const unlisten = await state.listening;
      await unlisten();
    } catch (err) {
      // On close() the database may already be closed, and its listeners with it: nothing to report.
      if (!closed) logger.error({ err: safeError(err), channel }, 'bus: unlisten failed');
    }
  }

  return {
    origin,

    async publish(channel, event) {
      if (closed) throw new Error('bus: closed');
      assertChannel(channel);
      const eventJson = JSON.stringify(event);
      if (eventJson === undefined) throw new Error('bus: event is not JSON-serialisable');
      const inline = `{"origin":${JSON.stringify(origin)},"event":${eventJson}}`;
      if (Buffer.byteLength(inline, 'utf8') <= NOTIFY_MAX_BYTES) {
        await db.notify(channel, inline);
        return;
      }
      await db.query(
        `WITH expired AS (
           DELETE FROM bus_payloads WHERE created_at < now() - interval '1 hour'
         ), stored AS (
           INSERT INTO bus_payloads (channel, payload) VALUES ($1, $2::text::jsonb) RETURNING id
         )
         SELECT pg_notify($1, json_build_object('origin', $3::text, 'ref', stored.id)::text) FROM stored`,
        [channel, eventJson, origin],
      );
    },

    async subscribe<T>(channel: string, handler: BusHandler<T>) {
      if (closed) throw new Error('bus: closed');
      assertChannel(channel);
      const state = channelState(channel);
      const h = handler as BusHandler<never>;
      state.handlers.add(h);
      try {
        await state.listening;
      } catch (err) {
        state.handlers.delete(h);
        throw err;
      }
      let done = false;
      return async () => {
        if (done) return;
        done = true;
        state.handlers.delete(h);
        await release(channel, state);
      };
    },

    onReset(handler) {
      const off = db.onListenerReset(handler);
      resetOffs.add(off);
      return () => {
        resetOffs.delete(off);
        off();
      };
    },

    async close() {
      if (closed) return;
      closed = true;
      for (const off of resetOffs) off();
      resetOffs.clear();
      const all = [...channels.entries()];
      for (const [channel, state] of all) {
        state.handlers.clear();
        await release(channel, state);
      }
      await Promise.all(all.map(([, state]) => state.tail));
      await Promise.allSettled([...pendingHandlers]);
    },
  };
}
