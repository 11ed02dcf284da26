import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { and, eq, isNull } from 'drizzle-orm';
import { announcementReads, announcements, auditLog } from '../../db/schema/index.js';
import { createRole, createUser } from '../../testing/fixtures.js';
import { as, createTestApp, signIn, type Session, type TestApp } from '../../testing/harness.js';

const HOUR = 3_600_000;

describe('the announcement', () => {
  let t: TestApp;
  let admin: Session;
  let alice: Session;
  let bob: Session;

  const current = async (s: Session) => {
    const res = await as(t, s, { method: 'GET', url: '/api/v1/announcement' });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<{ announcement_id: number; title: string; message: string; starts_at: string; ends_at: string | null } | null>();
  };
  const put = (body: object, s = admin) => as(t, s, { method: 'PUT', url: '/api/v1/announcement', payload: body });
  const ack = (id: number, s: Session) => as(t, s, { method: 'POST', url: `/api/v1/announcement/${id}/ack` });
  const at = (offsetMs: number) => new Date(t.clock.now().getTime() + offsetMs).toISOString();
  const signInAll = async () => {
    admin = await signIn(t, 'admin');
    alice = await signIn(t, 'alice');
    bob = await signIn(t, 'bob');
  };

  beforeAll(async () => {
    t = await createTestApp();
    const role = await createRole(t.db, ['ManageSystemSettings']);
    await createUser(t.db, { loginName: 'admin', roleId: role.roleId });
    await createUser(t.db, { loginName: 'alice' });
    await createUser(t.db, { loginName: 'bob' });
    await signInAll();
  });
  afterAll(() => t.close());
  // Each test starts with no current announcement (there is one at a time): an earlier test's is cleared, as a new one would.
  beforeEach(async () => {
    await t.db.orm.update(announcements).set({ clearedAt: t.clock.now() }).where(isNull(announcements.clearedAt));
  });

  it('answers null when there is no announcement', async () => {
    expect(await current(alice)).toBeNull();
  });

  it('shows the current announcement to each user until they acknowledge it, once per user', async () => {
    const created = await put({ title: 'Site closure', message: 'The site closes on Friday at 18:00.', starts_at: at(-1000) });
    expect(created.statusCode, created.body).toBe(200);
    const body = created.json();
    expect(body).toEqual({
      announcement_id: expect.any(Number),
      title: 'Site closure',
      message: 'The site closes on Friday at 18:00.',
      starts_at: at(-1000),
      ends_at: null,
      created: t.clock.now().toISOString(),
    });
    expect(await current(alice)).toMatchObject({ announcement_id: body.announcement_id, title: 'Site closure' });
    expect((await ack(body.announcement_id, alice)).statusCode).toBe(200);
    expect(await current(alice)).toBeNull();
    expect(await current(bob)).toMatchObject({ announcement_id: body.announcement_id });

    expect((await ack(body.announcement_id, alice)).statusCode).toBe(200);
    const reads = await t.db.orm.select().from(announcementReads).where(eq(announcementReads.announcementId, body.announcement_id));
    expect(reads).toHaveLength(1);
    const audits = (action: string) =>
      t.db.orm
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.action, action), eq(auditLog.entityId, String(body.announcement_id))));
    expect(await audits('announcement.ack')).toHaveLength(1);
    const [audit] = await audits('announcement.put');
    expect(audit).toMatchObject({ loginName: 'admin', entityId: String(body.announcement_id), after: { title: 'Site closure' } });
  });

  it('replaces the current announcement with a new one, shown again to users who acknowledged the old one', async () => {
    const old = await put({ title: 'Site closure', message: 'The site closes on Friday at 18:00.', starts_at: at(-1000) });
    expect(old.statusCode, old.body).toBe(200);
    expect((await ack(old.json<{ announcement_id: number }>().announcement_id, alice)).statusCode).toBe(200);
    expect(await current(alice)).toBeNull();
    const before = await current(bob);
    const res = await put({ title: 'New schedule', message: 'Night shifts resume.', starts_at: at(-1000) });
    const fresh = res.json<{ announcement_id: number }>();
    expect(await current(alice)).toMatchObject({ announcement_id: fresh.announcement_id, title: 'New schedule' });
    expect(await current(bob)).toMatchObject({ announcement_id: fresh.announcement_id });
    const [replaced] = await t.db.orm.select().from(announcements).where(eq(announcements.announcementId, before!.announcement_id));
    expect(replaced!.clearedAt).not.toBeNull();
    expect((await ack(before!.announcement_id, bob)).statusCode).toBe(404);
  });

  it('respects the scheduling window: not before it starts, not after it ends', async () => {
    const res = await put({ title: 'Inspection', message: 'Tunnel inspection tomorrow.', starts_at: at(HOUR), ends_at: at(2 * HOUR) });
    const { announcement_id: id } = res.json<{ announcement_id: number }>();
    expect(await current(alice)).toBeNull();
    expect((await ack(id, alice)).statusCode).toBe(404);
    t.clock.advance(HOUR);
    await signInAll(); // an hour idle: the sessions expired
    expect(await current(alice)).toMatchObject({ announcement_id: id, ends_at: at(HOUR) });
    t.clock.advance(HOUR);
    await signInAll();
    expect(await current(alice)).toBeNull();
    expect(await current(bob)).toBeNull();
  });

  it('clears the current announcement and audits it', async () => {
    const clearAudits = () => t.db.orm.select().from(auditLog).where(eq(auditLog.action, 'announcement.clear')).orderBy(auditLog.auditId);
    const auditsBefore = (await clearAudits()).length;
    const res = await put({ title: 'Power outage', message: 'Power off 02:00-04:00.', starts_at: at(-1000) });
    const { announcement_id: id } = res.json<{ announcement_id: number }>();
    expect(await current(bob)).toMatchObject({ announcement_id: id });
    const cleared = await as(t, admin, { method: 'DELETE', url: '/api/v1/announcement' });
    expect(cleared.statusCode).toBe(200);
    expect(cleared.json()).toEqual({ cleared: 1 });
    expect(await current(bob)).toBeNull();
    expect((await as(t, admin, { method: 'DELETE', url: '/api/v1/announcement' })).json()).toEqual({ cleared: 0 });
    // One audit row, of the announcement cleared; none for the second call that cleared nothing.
    expect((await clearAudits()).slice(auditsBefore).map((a) => a.entityId)).toEqual([String(id)]);
  });

  it('refuses writes without ManageSystemSettings (403), reads without sign-in (401), and changes nothing', async () => {
    const live = (await put({ title: 'Keep', message: 'Stays.', starts_at: at(-1000) })).json<{ announcement_id: number }>();
    const count = async () => (await t.db.orm.select().from(announcements)).length;
    const n = await count();
    expect((await put({ title: 'Mine', message: 'Nope.', starts_at: at(-1000) }, alice)).statusCode).toBe(403);
    expect((await as(t, alice, { method: 'DELETE', url: '/api/v1/announcement' })).statusCode).toBe(403);
    expect(await count()).toBe(n);
    expect(await current(alice)).toMatchObject({ announcement_id: live.announcement_id });
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/announcement' })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'POST', url: `/api/v1/announcement/${live.announcement_id}/ack` })).statusCode).toBe(401);
  });

  it('validates the announcement: title, message, dates, and an end after the start', async () => {
    const bad = await put({ title: '', message: 'x', starts_at: 'tomorrow' });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json()).sort()).toEqual(['starts_at', 'title']);
    const backwards = await put({ title: 'T', message: 'M', starts_at: at(HOUR), ends_at: at(0) });
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json()).toEqual({ ends_at: 'End must be after start' });
  });
});
