import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { MESSAGES } from '@strata/shared';
import { and, eq } from 'drizzle-orm';
import { auditLog, bookmarks } from '../../db/schema/index.js';
import { createUser } from '../../testing/fixtures.js';
import { as, createTestApp, signIn, type Session, type TestApp } from '../../testing/harness.js';

describe('bookmarks', () => {
  let t: TestApp;
  let ann: Session;
  let ben: Session;
  let annId: number;
  const api = (s: Session, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
    as(t, s, { method, url: `/api/v1${url}`, ...(payload ? { payload } : {}) });

  beforeAll(async () => {
    t = await createTestApp();
  });
  // Users of its own for each test: the lists and audit rows below are exactly theirs.
  beforeEach(async () => {
    const a = await createUser(t.db);
    const b = await createUser(t.db);
    annId = a.userId;
    ann = await signIn(t, a.loginName);
    ben = await signIn(t, b.loginName, undefined, '10.0.0.2');
  });
  afterAll(() => t.close());

  it("adds, lists (newest first), renames and deletes the caller's own bookmarks, each audited", async () => {
    const a = await api(ann, 'POST', '/bookmarks', { name: 'Alerts C100', path: '/en/alerts?contract=100&level=AL', icon: 'notifications' });
    expect(a.statusCode).toBe(200);
    const first = a.json();
    expect(first).toMatchObject({ name: 'Alerts C100', path: '/en/alerts?contract=100&level=AL', icon: 'notifications' });
    t.clock.advance(1000);
    const second = (await api(ann, 'POST', '/bookmarks', { name: 'Map', path: '/en/map' })).json();
    expect(second.icon).toBeNull();

    const list = await api(ann, 'GET', '/bookmarks?limit=1000');
    expect(list.statusCode).toBe(200);
    expect(list.json().records.map((b: { name: string }) => b.name)).toEqual(['Map', 'Alerts C100']);
    expect(Object.keys(list.json().records[0]).sort()).toEqual(['bookmark_id', 'created', 'icon', 'name', 'path']);

    const renamed = await api(ann, 'PUT', `/bookmarks/${first.bookmark_id}`, { name: 'AL alerts', path: '/en/alerts?level=AL' });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json()).toMatchObject({ bookmark_id: first.bookmark_id, name: 'AL alerts', path: '/en/alerts?level=AL', icon: null });
    expect((await api(ann, 'DELETE', `/bookmarks/${second.bookmark_id}`)).statusCode).toBe(200);
    expect((await api(ann, 'GET', '/bookmarks')).json().records).toHaveLength(1);

    const audit = await t.db.orm
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityType, 'bookmark'), eq(auditLog.userId, annId)))
      .orderBy(auditLog.auditId);
    expect(audit.map((r) => r.action)).toEqual(['bookmarks.create', 'bookmarks.create', 'bookmarks.update', 'bookmarks.delete']);
    expect(audit[2]).toMatchObject({
      before: { name: 'Alerts C100', path: '/en/alerts?contract=100&level=AL', icon: 'notifications' },
      after: { name: 'AL alerts', path: '/en/alerts?level=AL', icon: null },
    });
  });

  it("answers 404 for another user's bookmark and changes nothing", async () => {
    const mine = (await api(ann, 'POST', '/bookmarks', { name: 'Mine', path: '/en/mine' })).json();
    const put = await api(ben, 'PUT', `/bookmarks/${mine.bookmark_id}`, { name: 'Stolen', path: '/en/stolen' });
    expect(put.statusCode).toBe(404);
    expect(put.json()).toBe(MESSAGES.bookmarkNotFound);
    expect((await api(ben, 'DELETE', `/bookmarks/${mine.bookmark_id}`)).statusCode).toBe(404);
    expect((await api(ben, 'GET', '/bookmarks')).json().records).toEqual([]);
    const [row] = await t.db.orm.select().from(bookmarks).where(eq(bookmarks.bookmarkId, mine.bookmark_id));
    expect(row).toMatchObject({ name: 'Mine', path: '/en/mine' });
  });

  it('accepts only same-site paths', async () => {
    for (const path of ['https://evil.example/x', '//evil.example/x', '/\\evil.example', 'javascript:alert(1)', 'en/relative', '/en/with space', '']) {
      const res = await api(ann, 'POST', '/bookmarks', { name: 'Bad', path });
      expect(res.statusCode, path).toBe(400);
      expect(Object.keys(res.json()), path).toEqual(['path']);
    }
    expect((await api(ann, 'POST', '/bookmarks', { name: '<b>x</b>', path: '/en/x' })).json()).toEqual({ name: MESSAGES.maliciousInput });
  });
});
