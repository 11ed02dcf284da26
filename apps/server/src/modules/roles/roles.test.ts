import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PERMISSIONS, USER_TYPE } from '@strata/shared';
import { auditLog, users } from '../../db/schema/index.js';
import { createRole, createUser } from '../../testing/fixtures.js';
import { as, createTestApp, signIn, type Session, type TestApp } from '../../testing/harness.js';
import { REALTIME_CHANNEL, type RealtimeDelivery } from '../realtime/realtime.publish.js';

describe('roles and the permission catalogue', () => {
  let t: TestApp;
  let admin: Session;
  const deliveries: RealtimeDelivery[] = [];

  beforeAll(async () => {
    t = await createTestApp();
    const role = await createRole(t.db, ['ManageRoles'], 'Role Manager');
    await createUser(t.db, { loginName: 'roles.admin', roleId: role.roleId, userType: USER_TYPE.AppAdmin });
    admin = await signIn(t, 'roles.admin');
    await t.ctx.bus.subscribe<RealtimeDelivery>(REALTIME_CHANNEL, (d) => void deliveries.push(d));
  });
  afterAll(() => t.close());

  it('serves the catalogue grouped, to any signed-in user', async () => {
    const res = await as(t, admin, { method: 'GET', url: '/api/v1/permissions' });
    expect(res.statusCode).toBe(200);
    const groups = res.json().groups as { group: string; permissions: { code: string }[] }[];
    expect(groups[0]?.group).toBe('Admin');
    expect(groups.flatMap((g) => g.permissions)).toHaveLength(PERMISSIONS.length);
  });

  it('creates, reads and lists roles with permission ids, codes and user counts', async () => {
    const res = await as(t, admin, {
      method: 'POST',
      url: '/api/v1/roles',
      payload: { name: 'Viewer', description: 'Reads data', permissions: ['ViewContractData', 'SearchUsers'] },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ name: 'Viewer', permissions: ['SearchUsers', 'ViewContractData'], permission_ids: [3, 48], user_count: 0 });
    const dup = await as(t, admin, { method: 'POST', url: '/api/v1/roles', payload: { name: 'viewer', permissions: [] } });
    expect(dup.statusCode).toBe(400);
    expect(dup.json()).toHaveProperty('name');
    const unknown = await as(t, admin, { method: 'POST', url: '/api/v1/roles', payload: { name: 'Bad', permissions: ['Nope'] } });
    expect(unknown.statusCode).toBe(400);
    const list = await as(t, admin, { method: 'GET', url: '/api/v1/roles' });
    // Roles are everyone's: the roles of other tests are listed too, in the order of their names.
    const records = list.json().records as { name: string; user_count: number }[];
    const names = records.map((r) => r.name);
    expect(names).toEqual(expect.arrayContaining(['Role Manager', 'Viewer']));
    expect(names.indexOf('Role Manager')).toBeLessThan(names.indexOf('Viewer'));
    expect(list.json().total_records).toBe(records.length);
    expect(records.find((r) => r.name === 'Role Manager')!.user_count).toBe(1);
    expect(records.find((r) => r.name === 'Viewer')!.user_count).toBe(0);
  });

  it('a role change takes effect on the holder’s next request, is audited before/after and sends requireSync', async () => {
    const role = await createRole(t.db, ['SearchUsers'], 'Searcher');
    const holder = await createUser(t.db, { loginName: 'holder', roleId: role.roleId });
    const s = await signIn(t, 'holder');
    expect((await as(t, s, { method: 'GET', url: '/api/v1/admin/users' })).statusCode).toBe(200);
    deliveries.length = 0;
    const res = await as(t, admin, {
      method: 'PUT',
      url: `/api/v1/roles/${role.roleId}`,
      payload: { name: 'Searcher', description: 'now audits', permissions: ['ViewAuditLogs'] },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((await as(t, s, { method: 'GET', url: '/api/v1/admin/users' })).statusCode).toBe(403);
    expect((await as(t, s, { method: 'GET', url: '/api/v1/audit-logs' })).statusCode).toBe(200);
    const [audit] = await t.db.orm
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'role.update'), eq(auditLog.entityId, String(role.roleId))))
      .orderBy(desc(auditLog.auditId))
      .limit(1);
    expect(audit?.before).toEqual({ description: '', permissions: ['SearchUsers'] });
    expect(audit?.after).toEqual({ description: 'now audits', permissions: ['ViewAuditLogs'] });
    await expect
      .poll(() =>
        deliveries.some((d) => d.to === 'users' && d.user_ids.includes(holder.userId) && (d.message.data as { type?: string }).type === 'requireSync'),
      )
      .toBe(true);
  });

  it('deleting a role that users hold requires move_to and moves them in the same transaction', async () => {
    const from = await createRole(t.db, ['SearchUsers'], 'Old');
    const to = await createRole(t.db, ['ViewAuditLogs'], 'New');
    const a = await createUser(t.db, { roleId: from.roleId });
    const b = await createUser(t.db, { roleId: from.roleId });
    const refused = await as(t, admin, { method: 'DELETE', url: `/api/v1/roles/${from.roleId}` });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toHaveProperty('move_to');
    expect((await as(t, admin, { method: 'DELETE', url: `/api/v1/roles/${from.roleId}?move_to=${from.roleId}` })).statusCode).toBe(400);
    const res = await as(t, admin, { method: 'DELETE', url: `/api/v1/roles/${from.roleId}?move_to=${to.roleId}` });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ ok: true, moved_users: 2 });
    const moved = await t.db.orm.select({ roleId: users.roleId }).from(users).where(eq(users.roleId, to.roleId));
    expect(moved).toHaveLength(2);
    expect((await as(t, admin, { method: 'GET', url: `/api/v1/roles/${from.roleId}` })).statusCode).toBe(404);
    const [audit] = await t.db.orm
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'role.delete'), eq(auditLog.entityId, String(from.roleId))));
    expect(audit?.before).toMatchObject({ name: 'Old', permissions: ['SearchUsers'], user_count: 2 });
    expect(audit?.after).toEqual({ moved_to: to.roleId, moved_user_ids: [a.userId, b.userId].sort((x, y) => x - y) });
    const empty = await createRole(t.db, [], 'Unused');
    expect((await as(t, admin, { method: 'DELETE', url: `/api/v1/roles/${empty.roleId}` })).json()).toEqual({ ok: true, moved_users: 0 });
  });
});
