import type { Bus } from '../../platform/bus.js';
import type { SessionUser } from './sessions.repository.js';

/**
 * Bus channel fed by the database itself: the `auth_changes` triggers (migration 0011) send `{sessions: [ids]}` when
 * a session is revoked, verified, deleted or otherwise changed (its last activity aside), `{users: [ids]}` when a
 * user's login name, name, type, role, status or password date changes or the user is deleted, `{all: true}` for
 * more than 500 sessions deleted at once. The notification leaves with the commit, whatever code made the change.
 */
export const AUTH_CHANGES_CHANNEL = 'auth_changes';

export interface AuthChangesEvent {
  sessions?: number[];
  users?: number[];
  all?: boolean;
}

export interface SessionCacheOptions {
  /** How long an entry is trusted without a word from the database (a backstop: changes are pushed). */
  ttlMs?: number;
  /** Entries kept at most (the oldest go first). */
  maxEntries?: number;
}

interface Entry {
  found: SessionUser;
  /** performance.now() when it was read from the database. */
  readAt: number;
}

/** Reads the session of a token hash with its user from the database (`findSessionByTokenHash`). */
export type SessionLoader = (kind: 'access' | 'resource', hash: string) => Promise<SessionUser | undefined>;

export interface FoundSession {
  found: SessionUser;
  /** True when it came from the cache (it may be a few seconds behind on the last activity of other instances). */
  cached: boolean;
}

const key = (kind: 'access' | 'resource', hash: string) => `${kind}:${hash}`;

function addTo<K>(index: Map<K, Set<string>>, k: K, entryKey: string) {
  let set = index.get(k);
  if (!set) index.set(k, (set = new Set()));
  set.add(entryKey);
}

/**
 * The session and user behind each token hash, cached per instance, so an authenticated request reads nothing from
 * the database (decision 020). Nothing is trusted that the database has not pushed fresh:
 * - every change that matters to authentication comes back through `auth_changes` (triggers, so no code path can
 *   forget to tell) and drops the entries of that session or user on every instance, this one included;
 * - a read that was under way when anything was dropped is not kept (it may have read the old row);
 * - while the bus may be missing messages (its connection dropped) nothing is served from the cache, and everything
 *   cached before is gone;
 * - an entry older than `ttlMs` is read again (a backstop for a connection that died without anyone noticing);
 * - only the positive answer is cached: a session the cached copy finds idle is read again before it is refused
 *   (another instance may have seen it since), and an unknown token is never cached.
 * Work on this instance that changes a user is dropped here at once by its caller (`forgetUsers`), without waiting
 * for the notification's round trip.
 */
export class SessionCache {
  private readonly entries = new Map<string, Entry>();
  private readonly bySession = new Map<number, Set<string>>();
  private readonly byUser = new Map<number, Set<string>>();
  /** Bumped by every drop: a read started before it is not stored. */
  private generation = 0;
  /** Listening to `auth_changes` (after `start`). */
  private listening = false;
  /** False while the bus may be missing messages (its connection dropped and is not back yet). */
  private connected = true;
  private readonly ttlMs: number;
  private readonly maxEntries: number;

  constructor(
    private readonly bus: Pick<Bus, 'subscribe' | 'onReset'>,
    private readonly load: SessionLoader,
    options: SessionCacheOptions = {},
  ) {
    this.ttlMs = options.ttlMs ?? 30_000;
    this.maxEntries = options.maxEntries ?? 20_000;
  }

  /** Starts listening for changes; until then every lookup reads the database. */
  async start(): Promise<void> {
    this.bus.onReset((state) => {
      this.connected = state === 'restored';
      this.clear();
    });
    await this.bus.subscribe<AuthChangesEvent>(AUTH_CHANGES_CHANNEL, (event) => {
      if (event?.all) this.clear();
      this.forgetSessions(event?.sessions ?? []);
      this.forgetUsers(event?.users ?? []);
    });
    this.listening = true;
  }

  private get trusted(): boolean {
    return this.listening && this.connected;
  }

  /** The session of a token hash with its user: from the cache when it may be, else read (and kept). */
  async find(kind: 'access' | 'resource', hash: string, options: { reload?: boolean } = {}): Promise<FoundSession | undefined> {
    const k = key(kind, hash);
    if (this.trusted && !options.reload) {
      const hit = this.entries.get(k);
      if (hit && performance.now() - hit.readAt < this.ttlMs) return { found: hit.found, cached: true };
    }
    const generation = this.generation;
    const found = await this.load(kind, hash);
    if (!found) {
      this.drop(k);
      return undefined;
    }
    if (this.trusted && generation === this.generation) this.store(k, found);
    return { found, cached: false };
  }

  /** This instance moved the session's last activity forward: cached copies follow. */
  touched(sessionId: number, at: Date): void {
    for (const k of this.bySession.get(sessionId) ?? []) {
      const e = this.entries.get(k);
      if (e) e.found = { ...e.found, session: { ...e.found.session, lastSeenAt: at } };
    }
  }

  forgetSessions(sessionIds: readonly number[]): void {
    if (sessionIds.length === 0) return;
    this.generation++;
    for (const id of sessionIds) for (const k of [...(this.bySession.get(id) ?? [])]) this.drop(k);
  }

  forgetUsers(userIds: readonly number[]): void {
    if (userIds.length === 0) return;
    this.generation++;
    for (const id of userIds) for (const k of [...(this.byUser.get(id) ?? [])]) this.drop(k);
  }

  clear(): void {
    this.generation++;
    this.entries.clear();
    this.bySession.clear();
    this.byUser.clear();
  }

  /** Entries held (for tests and diagnostics). */
  get size(): number {
    return this.entries.size;
  }

  private store(k: string, found: SessionUser): void {
    this.drop(k);
    if (this.entries.size >= this.maxEntries) {
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.drop(oldest);
    }
    this.entries.set(k, { found, readAt: performance.now() });
    addTo(this.bySession, found.session.sessionId, k);
    addTo(this.byUser, found.user.userId, k);
  }

  private drop(k: string): void {
    const e = this.entries.get(k);
    if (!e) return;
    this.entries.delete(k);
    const unindex = <K>(index: Map<K, Set<string>>, id: K) => {
      const set = index.get(id);
      set?.delete(k);
      if (set?.size === 0) index.delete(id);
    };
    unindex(this.bySession, e.found.session.sessionId);
    unindex(this.byUser, e.found.user.userId);
  }
}
