/** The per-instance session cache on its own: a fake bus and a counting loader stand in for the database. */
import { describe, expect, it } from 'vitest';
import type { BusHandler, BusMeta } from '../../platform/bus.js';
import { sleep } from '../../testing/wait.js';
import { AUTH_CHANGES_CHANNEL, SessionCache, type AuthChangesEvent, type SessionCacheOptions } from './session-cache.js';
import type { SessionUser } from './sessions.repository.js';

const row = (sessionId: number, userId: number, revoked = false): SessionUser => ({
  session: {
    sessionId,
    csrfToken: `csrf-${sessionId}`,
    verified: true,
    createdAt: new Date(0),
    lastSeenAt: new Date(0),
    expiresAt: new Date(86_400_000),
    revokedAt: revoked ? new Date(1) : null,
  },
  user: { userId, loginName: `u${userId}`, fullname: 'U', userType: 0, roleId: 1, status: 'active', passwordChangedAt: null },
});

/** A database of token hashes, a loader counting its reads (optionally held until released), a bus to push changes. */
function setup(options: SessionCacheOptions = {}) {
  const rows = new Map<string, SessionUser>([
    ['a1', row(1, 10)],
    ['r1', row(1, 10)],
    ['a2', row(2, 10)],
    ['a3', row(3, 20)],
  ]);
  let reads = 0;
  let hold: Promise<void> | undefined;
  let handler: BusHandler<AuthChangesEvent> | undefined;
  let reset: ((state: 'lost' | 'restored') => void) | undefined;
  const cache = new SessionCache(
    {
      subscribe: async <T>(channel: string, h: BusHandler<T>) => {
        expect(channel).toBe(AUTH_CHANGES_CHANNEL);
        handler = h as unknown as BusHandler<AuthChangesEvent>;
        return async () => undefined;
      },
      onReset: (h) => {
        reset = h;
        return () => undefined;
      },
    },
    async (_kind, hash) => {
      reads++;
      const found = rows.get(hash);
      await hold;
      return found;
    },
    options,
  );
  const meta: BusMeta = { channel: AUTH_CHANGES_CHANNEL, origin: 'database', local: false };
  return {
    cache,
    rows,
    reads: () => reads,
    push: (event: AuthChangesEvent) => void handler!(event, meta),
    reset: (state: 'lost' | 'restored') => reset!(state),
    holdReads: () => {
      let release!: () => void;
      hold = new Promise<void>((r) => (release = r));
      return () => {
        hold = undefined;
        release();
      };
    },
  };
}

describe('session cache', () => {
  it('reads a session from the database once, then answers from memory', async () => {
    const s = setup();
    await s.cache.start();
    expect(await s.cache.find('access', 'a1')).toMatchObject({ cached: false, found: { session: { sessionId: 1 } } });
    expect(await s.cache.find('access', 'a1')).toMatchObject({ cached: true, found: { session: { sessionId: 1 } } });
    expect(await s.cache.find('access', 'a1', { reload: true })).toMatchObject({ cached: false });
    expect(s.reads()).toBe(2);
  });

  it('reads the database every time until it listens for changes', async () => {
    const s = setup();
    await s.cache.find('access', 'a1');
    await s.cache.find('access', 'a1');
    expect(s.reads()).toBe(2);
    expect(s.cache.size).toBe(0);
  });

  it('never keeps an unknown token', async () => {
    const s = setup();
    await s.cache.start();
    expect(await s.cache.find('access', 'nope')).toBeUndefined();
    expect(await s.cache.find('access', 'nope')).toBeUndefined();
    expect(s.reads()).toBe(2);
  });

  it('drops what the database reports changed: a session (both its tokens), a user (every session), or everything', async () => {
    const s = setup();
    await s.cache.start();
    for (const hash of ['a1', 'a2', 'a3']) await s.cache.find('access', hash);
    await s.cache.find('resource', 'r1');
    expect(s.cache.size).toBe(4);

    s.push({ sessions: [1] });
    expect(s.cache.size).toBe(2); // a1 and r1 went
    expect((await s.cache.find('access', 'a1'))?.cached).toBe(false);

    s.push({ users: [10] });
    expect(s.cache.size).toBe(1); // a1 and a2 (user 10) went; a3 (user 20) stays
    expect((await s.cache.find('access', 'a3'))?.cached).toBe(true);

    s.push({ all: true });
    expect(s.cache.size).toBe(0);
  });

  it('does not keep a read that was under way when anything was dropped (it may hold the old row)', async () => {
    const s = setup();
    await s.cache.start();
    const release = s.holdReads();
    const pending = s.cache.find('access', 'a1');
    s.rows.set('a1', row(1, 10, true)); // revoked meanwhile…
    s.push({ sessions: [1] }); // …and told
    release();
    expect((await pending)?.found.session.revokedAt).toBeNull(); // the caller gets what was read
    const next = await s.cache.find('access', 'a1');
    expect(next?.cached).toBe(false);
    expect(next?.found.session.revokedAt).not.toBeNull();
  });

  it('answers nothing from memory while the bus may be missing messages, and starts afresh once it is back', async () => {
    const s = setup();
    await s.cache.start();
    await s.cache.find('access', 'a1');
    s.reset('lost');
    expect(s.cache.size).toBe(0);
    s.rows.set('a1', row(1, 10, true)); // a change whose notification was lost
    expect((await s.cache.find('access', 'a1'))?.found.session.revokedAt).not.toBeNull();
    expect((await s.cache.find('access', 'a1'))?.cached).toBe(false);
    expect(s.cache.size).toBe(0);

    s.reset('restored');
    await s.cache.find('access', 'a1');
    expect((await s.cache.find('access', 'a1'))?.cached).toBe(true);
  });

  it('reads an entry again once its lifetime is over', async () => {
    const s = setup({ ttlMs: 30 });
    await s.cache.start();
    await s.cache.find('access', 'a1');
    expect((await s.cache.find('access', 'a1'))?.cached).toBe(true);
    await sleep(60);
    expect((await s.cache.find('access', 'a1'))?.cached).toBe(false);
    expect(s.reads()).toBe(2);
  });

  it('keeps at most maxEntries, the oldest going first', async () => {
    const s = setup({ maxEntries: 2 });
    await s.cache.start();
    for (const hash of ['a1', 'a2', 'a3']) await s.cache.find('access', hash);
    expect(s.cache.size).toBe(2);
    expect((await s.cache.find('access', 'a3'))?.cached).toBe(true);
    expect((await s.cache.find('access', 'a1'))?.cached).toBe(false);
  });

  it('moves the last activity of every cached copy of a session this instance touched', async () => {
    const s = setup();
    await s.cache.start();
    await s.cache.find('access', 'a1');
    await s.cache.find('resource', 'r1');
    const at = new Date(5_000);
    s.cache.touched(1, at);
    expect((await s.cache.find('access', 'a1'))?.found.session.lastSeenAt).toEqual(at);
    expect((await s.cache.find('resource', 'r1'))?.found.session.lastSeenAt).toEqual(at);
    expect(s.rows.get('a1')?.session.lastSeenAt).toEqual(new Date(0)); // the row read is not changed in place
  });
});
