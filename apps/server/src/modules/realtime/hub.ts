/**
 * The websocket hub of one instance: it authenticates sockets (protocol in packages/shared/src/ws-events.ts), keeps
 * them by user and by session, and delivers what the bus brings — by user, by contract (the users who can see it:
 * the assigned ones and every AppAdmin) or to everyone. Services never write to sockets: they publish on the bus
 * (realtime.publish.ts) after commit, and every instance's hub delivers to its own sockets.
 *
 * Sockets close with 4401 `unauthorized` on bad credentials, when their session ends (sign-out and revocation arrive
 * on SESSIONS_CHANNEL; idle and absolute expiry and a suspended user are found by the keepalive check), and with
 * 1001 when the instance stops. Every `pingMs` the hub pings each socket and drops those that missed the last pong.
 */
import { randomUUID } from 'node:crypto';
import type { WebSocket } from 'ws';
import { USER_TYPE, WS_UNAUTHORIZED, ZWsAuthMessage, type TWsServerMessage } from '@strata/shared';
import type { Actor, AppContext } from '../../context.js';
import { safeError } from '../../platform/safe-error.js';
import { SESSIONS_CHANNEL, type AuthService } from '../auth/auth.service.js';
import { REALTIME_CHANNEL, type RealtimeDelivery } from './realtime.publish.js';
import { assignedContractIds } from '../contracts/contracts.service.js';
import { countUnread } from '../notifications/notifications.service.js';
import { findUserById } from '../users/users.service.js';

const OPEN = 1;
/** A socket that lets this much pile up unsent is a client that stopped reading: it is dropped. */
const MAX_BUFFERED_BYTES = 4 * 1024 * 1024;
/** Sessions re-checked per query on each keepalive tick. */
const SESSION_CHECK_BATCH = 1000;
const CLOSE_GOING_AWAY = 1001;
const CLOSE_INTERNAL_ERROR = 1011;

interface Connection {
  id: string;
  socket: WebSocket;
  ip: string;
  /** pending: waiting for a token; authenticating: checking it; open: authenticated; closed: gone. */
  state: 'pending' | 'authenticating' | 'open' | 'closed';
  userId?: number;
  sessionId?: number;
  /** Answered the last ping. */
  alive: boolean;
  authTimer?: NodeJS.Timeout;
}

interface UserEntry {
  /** The contracts this user can see: every one for an AppAdmin. */
  scope: 'all' | ReadonlySet<number>;
  connections: Set<Connection>;
}

export interface HubStats {
  /** Open sockets, authenticated or not. */
  connections: number;
  authenticated: number;
  /** Distinct users with at least one authenticated socket. */
  users: number;
}

export interface AcceptInput {
  ip: string;
  /** The `_token` query parameter, when present. */
  queryToken: string | undefined;
  /** What the auth plugin resolved for the handshake (the resource token in `_token` on this `resourceToken` route). */
  actor: Actor | undefined;
}

export class Hub {
  private readonly connections = new Set<Connection>();
  private readonly users = new Map<number, UserEntry>();
  private readonly sessions = new Map<number, Set<Connection>>();
  private readonly unsubscribers: (() => Promise<void>)[] = [];
  private ticker: NodeJS.Timeout | undefined;
  private ticking = false;
  private stopped = false;

  constructor(
    private readonly ctx: AppContext,
    private readonly auth: AuthService,
  ) {}

  async start(): Promise<void> {
    const { bus } = this.ctx;
    this.unsubscribers.push(await bus.subscribe<RealtimeDelivery>(REALTIME_CHANNEL, (d) => this.deliver(d)));
    this.unsubscribers.push(await bus.subscribe<{ ended?: number[] }>(SESSIONS_CHANNEL, (e) => this.endSessions(e.ended ?? [])));
    this.ticker = setInterval(() => void this.tick(), this.ctx.config.realtime.pingMs);
    this.ticker.unref();
  }

  /** Stops listening and closes every socket with 1001 (the clients reconnect to another instance). */
  async stop(): Promise<void> {
    if (this.stopped) return;
    this.stopped = true;
    clearInterval(this.ticker);
    for (const off of this.unsubscribers.splice(0)) await off();
    for (const conn of [...this.connections]) this.close(conn, CLOSE_GOING_AWAY, 'server shutting down');
  }

  /** Live connections of this instance (the system status screen). */
  stats(): HubStats {
    let authenticated = 0;
    for (const c of this.connections) if (c.state === 'open') authenticated++;
    return { connections: this.connections.size, authenticated, users: this.users.size };
  }

  /** Takes a freshly upgraded socket. Handlers are attached synchronously so no early message is lost. */
  accept(socket: WebSocket, input: AcceptInput): void {
    if (this.stopped) {
      socket.close(CLOSE_GOING_AWAY, 'server shutting down');
      return;
    }
    const conn: Connection = { id: randomUUID(), socket, ip: input.ip, state: 'pending', alive: true };
    this.connections.add(conn);
    socket.on('close', () => this.forget(conn));
    socket.on('pong', () => {
      conn.alive = true;
    });
    socket.on('message', (data, isBinary) => this.onMessage(conn, data, isBinary));
    conn.authTimer = setTimeout(() => {
      if (conn.state === 'pending' || conn.state === 'authenticating') this.refuse(conn);
    }, this.ctx.config.realtime.authTimeoutMs);

    if (input.queryToken !== undefined) {
      // The query string ends up in logs, so it may carry only the resource token; the auth plugin resolved it.
      if (input.actor?.via === 'resource') {
        conn.state = 'authenticating';
        void this.bind(conn, input.actor);
      } else {
        this.refuse(conn);
      }
      return;
    }
    this.send(conn, { event: 'client_connection', data: { status: 'connected', connection_id: conn.id } });
  }

  private onMessage(conn: Connection, data: WebSocket.RawData, isBinary: boolean): void {
    // Only the first message means something: the token. Later client messages are ignored.
    if (conn.state !== 'pending') return;
    const token = isBinary ? undefined : tokenOf(rawText(data));
    if (!token) {
      this.refuse(conn);
      return;
    }
    conn.state = 'authenticating';
    this.auth
      .authenticate(token, 'access', conn.ip)
      .then((actor) => (actor ? this.bind(conn, actor) : this.refuse(conn)))
      .catch((err: unknown) => {
        this.ctx.log.error({ err: safeError(err) }, 'websocket authentication failed');
        this.close(conn, CLOSE_INTERNAL_ERROR, 'internal error');
      });
  }

  /** Registers an authenticated socket under its user and session, then confirms with `client_connection`. */
  private async bind(conn: Connection, actor: Actor): Promise<void> {
    let scope: UserEntry['scope'];
    let unread: number;
    try {
      [scope, unread] = await Promise.all([this.loadScope(actor.userId, actor.userType), countUnread(this.ctx.db.orm, actor.userId)]);
    } catch (err) {
      this.ctx.log.error({ err: safeError(err) }, 'websocket authentication failed');
      this.close(conn, CLOSE_INTERNAL_ERROR, 'internal error');
      return;
    }
    if (conn.state === 'closed') return;
    clearTimeout(conn.authTimer);
    conn.state = 'open';
    conn.userId = actor.userId;
    conn.sessionId = actor.sessionId;
    let entry = this.users.get(actor.userId);
    if (!entry) {
      entry = { scope, connections: new Set() };
      this.users.set(actor.userId, entry);
    }
    entry.scope = scope;
    entry.connections.add(conn);
    let bySession = this.sessions.get(actor.sessionId);
    if (!bySession) {
      bySession = new Set();
      this.sessions.set(actor.sessionId, bySession);
    }
    bySession.add(conn);
    this.send(conn, { event: 'client_connection', data: { status: 'authenticated', connection_id: conn.id, user_id: actor.userId } });
    this.send(conn, { event: 'unread_count', data: { count: unread } });
  }

  private async loadScope(userId: number, userType: number): Promise<UserEntry['scope']> {
    if (userType === USER_TYPE.AppAdmin) return 'all';
    return new Set(await assignedContractIds(this.ctx.db.orm, userId));
  }

  /** Reloads what the hub knows of a user (type, contracts) after their access changed (`requireSync`). */
  private async refresh(userId: number): Promise<void> {
    const user = await findUserById(this.ctx.db.orm, userId);
    const entry = this.users.get(userId);
    if (user && entry) entry.scope = await this.loadScope(userId, user.userType);
  }

  private deliver(d: RealtimeDelivery): void {
    switch (d.to) {
      case 'users': {
        const text = JSON.stringify(d.message);
        for (const id of d.user_ids) this.sendToUser(id, text);
        if (d.message.event === 'notification' && d.message.data.type === 'requireSync') {
          for (const id of d.user_ids) {
            if (this.users.has(id)) {
              this.refresh(id).catch((err: unknown) => this.ctx.log.error({ err: safeError(err), userId: id }, 'hub: refresh failed'));
            }
          }
        }
        return;
      }
      case 'contract': {
        const text = JSON.stringify(d.message);
        for (const entry of this.users.values()) {
          if (entry.scope === 'all' || entry.scope.has(d.contract_id)) for (const c of entry.connections) this.sendText(c, text);
        }
        return;
      }
      case 'all': {
        const text = JSON.stringify(d.message);
        for (const entry of this.users.values()) for (const c of entry.connections) this.sendText(c, text);
        return;
      }
      case 'unread': {
        for (const [userId, count] of d.counts) {
          this.sendToUser(userId, JSON.stringify({ event: 'unread_count', data: { count } } satisfies TWsServerMessage));
        }
        return;
      }
    }
  }

  private endSessions(sessionIds: readonly number[]): void {
    for (const id of sessionIds) for (const conn of [...(this.sessions.get(id) ?? [])]) this.refuse(conn);
  }

  /** Keepalive: drop sockets that missed the last pong, ping the rest, and close those whose session ended. */
  private async tick(): Promise<void> {
    if (this.ticking || this.stopped) return;
    this.ticking = true;
    try {
      for (const conn of [...this.connections]) {
        if (conn.state !== 'open') continue;
        if (!conn.alive) {
          conn.socket.terminate();
          this.forget(conn);
          continue;
        }
        conn.alive = false;
        conn.socket.ping();
      }
      const ids = [...this.sessions.keys()];
      for (let i = 0; i < ids.length; i += SESSION_CHECK_BATCH) {
        const batch = ids.slice(i, i + SESSION_CHECK_BATCH);
        const live = await this.auth.liveSessionIds(batch);
        this.endSessions(batch.filter((id) => !live.has(id)));
      }
    } catch (err) {
      this.ctx.log.error({ err: safeError(err) }, 'hub: keepalive check failed');
    } finally {
      this.ticking = false;
    }
  }

  private sendToUser(userId: number, text: string): void {
    const entry = this.users.get(userId);
    if (entry) for (const c of entry.connections) this.sendText(c, text);
  }

  private send(conn: Connection, message: TWsServerMessage): void {
    this.sendText(conn, JSON.stringify(message));
  }

  private sendText(conn: Connection, text: string): void {
    if (conn.socket.readyState !== OPEN) return;
    if (conn.socket.bufferedAmount > MAX_BUFFERED_BYTES) {
      conn.socket.terminate();
      this.forget(conn);
      return;
    }
    conn.socket.send(text);
  }

  private refuse(conn: Connection): void {
    this.close(conn, WS_UNAUTHORIZED.code, WS_UNAUTHORIZED.reason);
  }

  private close(conn: Connection, code: number, reason: string): void {
    if (conn.state === 'closed') return;
    this.forget(conn);
    try {
      conn.socket.close(code, reason);
    } catch {
      conn.socket.terminate();
    }
  }

  private forget(conn: Connection): void {
    conn.state = 'closed';
    clearTimeout(conn.authTimer);
    this.connections.delete(conn);
    if (conn.userId !== undefined) {
      const entry = this.users.get(conn.userId);
      entry?.connections.delete(conn);
      if (entry?.connections.size === 0) this.users.delete(conn.userId);
    }
    if (conn.sessionId !== undefined) {
      const bySession = this.sessions.get(conn.sessionId);
      bySession?.delete(conn);
      if (bySession?.size === 0) this.sessions.delete(conn.sessionId);
    }
  }
}

function rawText(data: WebSocket.RawData): string {
  if (Array.isArray(data)) return Buffer.concat(data).toString('utf8');
  return Buffer.isBuffer(data) ? data.toString('utf8') : Buffer.from(data).toString('utf8');
}

/** The token of an authentication message: `{"token": "..."}`, a JSON string, or the raw token. */
export function tokenOf(text: string): string | undefined {
  const trimmed = text.trim();
  if (trimmed.startsWith('{') || trimmed.startsWith('"')) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(trimmed);
    } catch {
      return undefined;
    }
    if (typeof parsed === 'string') return /^\S{1,200}$/.test(parsed) ? parsed : undefined;
    const msg = ZWsAuthMessage.safeParse(parsed);
    return msg.success ? msg.data.token : undefined;
  }
  return /^\S{1,200}$/.test(trimmed) ? trimmed : undefined;
}
