import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { USER_TYPE, type TNotification, type TNotificationPayload } from '@strata/shared';
import { and, eq } from 'drizzle-orm';
import { auditLog, notifications } from '../../db/schema/index.js';
import { createContract, createRole, createUser } from '../../testing/fixtures.js';
import { as, createTestApp, signIn, type Session, type TestApp } from '../../testing/harness.js';

const payload = (message: string, more: Partial<TNotificationPayload> = {}): TNotificationPayload =>
  ({ type: 'systemNotification', message, severity: 1, link_uri: null, ...more }) as TNotificationPayload;

describe('notifications', () => {
  let t: TestApp;
  let contractA: number;
  let contractB: number;
  const ids: Record<string, number> = {};
  const sessions: Record<string, Session> = {};
  /** Login names by the names the tests use (each test has users of its own). */
  const logins: Record<string, string> = {};

  const list = async (who: string, query = '') => {
    const res = await as(t, sessions[who]!, { method: 'GET', url: `/api/v1/notifications${query}` });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<{ records: TNotification[]; total_records: number; unread: number }>();
  };
  const unreadInSync = async (who: string) =>
    (await as(t, sessions[who]!, { method: 'GET', url: '/api/v1/sync' })).json<{ profile: { unread_notifications: number } }>().profile.unread_notifications;
  const rowsOf = (userId: number) => t.db.orm.select().from(notifications).where(eq(notifications.userId, userId));

  // The two Application Admins receive every contract's system notifications: they are shared. Contracts and the
  // other users are each test's own, so that every list, count and audit row below is the test's alone.
  beforeAll(async () => {
    t = await createTestApp();
    const sysadmin = await createRole(t.db, ['ManageSystemSettings']);
    ids.root = (await createUser(t.db, { loginName: 'root', userType: USER_TYPE.AppAdmin })).userId;
    ids.admin = (await createUser(t.db, { loginName: 'admin', userType: USER_TYPE.AppAdmin, roleId: sysadmin.roleId })).userId;
    logins.root = 'root';
    logins.admin = 'admin';
  });
  beforeEach(async () => {
    contractA = (await createContract(t.db)).contractId;
    contractB = (await createContract(t.db)).contractId;
    const user = async (name: string, o: Parameters<typeof createUser>[1]) => {
      const u = await createUser(t.db, o);
      ids[name] = u.userId;
      logins[name] = u.loginName;
    };
    await user('alice', { contractIds: [contractA] });
    await user('bob', { contractIds: [contractB] });
    await user('carol', { contractIds: [contractA, contractB] });
    await user('away', { status: 'suspended', contractIds: [contractA] });
    for (const name of ['alice', 'bob', 'carol', 'root', 'admin']) sessions[name] = await signIn(t, logins[name]!);
  });
  const notifyAlice = async (count: number) => {
    for (let i = 1; i <= count; i++) await t.services.notifications.notify([ids.alice!], payload(`Alice message ${i}`));
  };
  afterAll(() => t.close());

  it("lists only the caller's own notifications, newest first, with paging, the total and the unread count", async () => {
    for (let i = 1; i <= 5; i++) {
      await t.services.notifications.notify([ids.alice!], payload(`Alice message ${i}`));
      t.clock.advance(1000);
    }
    await t.services.notifications.notify([ids.bob!], payload('Bob only'));

    const all = await list('alice');
    expect(all.records.map((r) => r.message)).toEqual(['Alice message 5', 'Alice message 4', 'Alice message 3', 'Alice message 2', 'Alice message 1']);
    expect(all.total_records).toBe(5);
    expect(all.unread).toBe(5);
    expect(all.records[0]).toEqual({
      notification_id: expect.any(Number),
      type: 'systemNotification',
      message: 'Alice message 5',
      message_key: null,
      message_params: null,
      severity: 1,
      link_uri: null,
      read: false,
      created: new Date(t.clock.now().getTime() - 1000).toISOString(),
    });

    const page = await list('alice', '?limit=2&skip=2');
    expect(page.records.map((r) => r.message)).toEqual(['Alice message 3', 'Alice message 2']);
    expect(page.total_records).toBe(5);
    expect((await list('bob')).records.map((r) => r.message)).toEqual(['Bob only']);
  });

  it('searches the message by keyword, case-insensitively, with % and _ taken literally', async () => {
    for (const m of ['Tilt 50% of limit', 'Tilt 5000 mm', 'Zone a_b alert', 'Zone axb alert']) await t.services.notifications.notify([ids.carol!], payload(m));
    const search = async (keyword: string) => (await list('carol', `?keyword=${encodeURIComponent(keyword)}`)).records.map((r) => r.message).sort();
    expect(await search('%')).toEqual(['Tilt 50% of limit']);
    expect(await search('a_b')).toEqual(['Zone a_b alert']);
    expect(await search('TILT')).toEqual(['Tilt 50% of limit', 'Tilt 5000 mm']);
    const res = await list('carol', '?keyword=zone');
    expect(res.total_records).toBe(2);
  });

  it('filters by type, severity, read state and creation dates', async () => {
    const user = await createUser(t.db);
    logins.dora = user.loginName;
    sessions.dora = await signIn(t, user.loginName);
    const day1 = t.clock.now();
    await t.services.notifications.notify([user.userId], payload('Severe', { severity: 4 }));
    await t.services.notifications.notify([user.userId], payload('Report ready', { type: 'fileCompleted', link_uri: '/en/reports/1' }));
    t.clock.advance(2 * 86_400_000);
    // Two days on, every session has expired: sign in again.
    for (const name of Object.keys(sessions)) sessions[name] = await signIn(t, logins[name]!);
    await t.services.notifications.notify([user.userId], payload('Later', { severity: 2 }));
    const first = (await list('dora')).records.find((r) => r.message === 'Severe')!;
    await as(t, sessions.dora!, { method: 'POST', url: `/api/v1/notifications/${first.notification_id}/read` });

    const messages = async (q: string) => (await list('dora', q)).records.map((r) => r.message);
    expect(await messages('?type=fileCompleted')).toEqual(['Report ready']);
    expect(await messages('?severity=4')).toEqual(['Severe']);
    expect(await messages('?read=true')).toEqual(['Severe']);
    expect(await messages('?read=false')).toEqual(['Later', 'Report ready']);
    const dayAfter = new Date(day1.getTime() + 86_400_000).toISOString();
    expect(await messages(`?to=${encodeURIComponent(dayAfter)}`)).toEqual(['Report ready', 'Severe']);
    expect(await messages(`?from=${encodeURIComponent(dayAfter)}`)).toEqual(['Later']);
    const laterDay = t.clock.now().toISOString().slice(0, 10);
    expect(await messages(`?from=${laterDay}&to=${laterDay}`)).toEqual(['Later']);
    const bad = await as(t, sessions.dora!, { method: 'GET', url: '/api/v1/notifications?read=maybe&severity=9' });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json()).sort()).toEqual(['read', 'severity']);
  });

  it('marks one of my notifications read, lowers /sync unread_notifications and audits it', async () => {
    await notifyAlice(5);
    const before = await unreadInSync('alice');
    expect(before).toBe(5);
    const target = (await list('alice')).records[0]!;
    const res = await as(t, sessions.alice!, { method: 'POST', url: `/api/v1/notifications/${target.notification_id}/read` });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ unread: 4 });
    expect(await unreadInSync('alice')).toBe(4);
    const again = await as(t, sessions.alice!, { method: 'POST', url: `/api/v1/notifications/${target.notification_id}/read` });
    expect(again.json()).toEqual({ unread: 4 });
    const audit = await t.db.orm
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'notifications.read'), eq(auditLog.entityId, String(target.notification_id))));
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ userId: ids.alice, before: { read: false }, after: { read: true } });
  });

  it("answers 404 for another user's notification and changes nothing", async () => {
    await t.services.notifications.notify([ids.bob!], payload('Bob only'));
    const [bobs] = await rowsOf(ids.bob!);
    const res = await as(t, sessions.alice!, { method: 'POST', url: `/api/v1/notifications/${bobs!.notificationId}/read` });
    expect(res.statusCode).toBe(404);
    const [after] = await rowsOf(ids.bob!);
    expect(after!.read).toBe(false);
    expect((await as(t, sessions.alice!, { method: 'POST', url: '/api/v1/notifications/999999/read' })).statusCode).toBe(404);
  });

  it("marks all of the caller's notifications read, and only theirs", async () => {
    await notifyAlice(4);
    await t.services.notifications.notify([ids.bob!], payload('Bob only'));
    const res = await as(t, sessions.alice!, { method: 'POST', url: '/api/v1/notifications/read-all' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ unread: 0 });
    expect(await unreadInSync('alice')).toBe(0);
    expect((await list('alice')).records.every((r) => r.read)).toBe(true);
    expect(await unreadInSync('bob')).toBe(1);
    const [audit] = await t.db.orm
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'notifications.read_all'), eq(auditLog.userId, ids.alice!)));
    expect(audit).toMatchObject({ userId: ids.alice, entityId: String(ids.alice), after: { count: 4 } });
  });

  it("sends a system notification to a contract's users and every Application Admin, stored per user and audited", async () => {
    const res = await as(t, sessions.admin!, {
      method: 'POST',
      url: '/api/v1/notifications/system',
      payload: { message: 'Shaft A closed for inspection', severity: 3, link_uri: '/en/contracts', contract_id: contractA },
    });
    expect(res.statusCode, res.body).toBe(200);
    // alice and carol are assigned to A; root and admin are Application Admins; bob is not on A; `away` is suspended.
    expect(res.json()).toEqual({ recipients: 4 });
    const got = await t.db.orm.select().from(notifications).where(eq(notifications.message, 'Shaft A closed for inspection'));
    expect(got.map((r) => r.userId).sort((a, b) => a - b)).toEqual([ids.alice, ids.carol, ids.root, ids.admin].sort((a, b) => a! - b!));
    expect(got[0]).toMatchObject({ type: 'systemNotification', severity: 3, linkUri: '/en/contracts', read: false });
    expect((await list('bob', '?keyword=Shaft')).records).toEqual([]);
    const [audit] = await t.db.orm
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'notifications.system'), eq(auditLog.entityId, String(contractA))));
    expect(audit).toMatchObject({ userId: ids.admin, entityType: 'contract', entityId: String(contractA), after: { recipients: 4, severity: 3 } });
  });

  it('sends a system notification to every active user when no contract is given', async () => {
    const res = await as(t, sessions.admin!, { method: 'POST', url: '/api/v1/notifications/system', payload: { message: 'Maintenance tonight', severity: 1 } });
    expect(res.statusCode).toBe(200);
    const got = await t.db.orm.select().from(notifications).where(eq(notifications.message, 'Maintenance tonight'));
    expect(got.map((r) => r.userId)).not.toContain(ids.away);
    expect(got).toHaveLength(res.json<{ recipients: number }>().recipients);
    expect(got.map((r) => r.userId)).toEqual(expect.arrayContaining([ids.alice, ids.bob, ids.carol, ids.root, ids.admin]));
  });

  it('refuses a system notification without ManageSystemSettings (403) and stores nothing', async () => {
    const res = await as(t, sessions.root!, { method: 'POST', url: '/api/v1/notifications/system', payload: { message: 'Not allowed', severity: 1 } });
    expect(res.statusCode).toBe(403);
    expect(await t.db.orm.select().from(notifications).where(eq(notifications.message, 'Not allowed'))).toEqual([]);
  });

  it('validates a system notification: severity 1..4, a safe link, a known contract', async () => {
    const send = (body: object) => as(t, sessions.admin!, { method: 'POST', url: '/api/v1/notifications/system', payload: body });
    expect((await send({ message: 'x', severity: 5 })).json()).toHaveProperty('severity');
    const link = await send({ message: 'x', severity: 1, link_uri: 'javascript:alert(1)' });
    expect(link.statusCode).toBe(400);
    expect(link.json()).toHaveProperty('link_uri');
    expect((await send({ message: 'x', severity: 1, link_uri: '//evil.example/login' })).json()).toHaveProperty('link_uri');
    const contract = await send({ message: 'x', severity: 1, contract_id: 999_999 });
    expect(contract.statusCode).toBe(400);
    expect(contract.json()).toEqual({ contract_id: 'Contract not found' });
    expect((await send({ message: '   ', severity: 1 })).json()).toHaveProperty('message');
  });
});
