import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { USER_TYPE } from '@strata/shared';
import { auditLog, outbox, users } from '../../db/schema/index.js';
import { createContract, createContractor, createRole, createUser } from '../../testing/fixtures.js';
import { as, createTestApp, signIn, type Session, type TestApp } from '../../testing/harness.js';

async function lastAudit(t: TestApp, action: string, entityId?: string | number) {
  const [row] = await t.db.orm
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.action, action), entityId === undefined ? undefined : eq(auditLog.entityId, String(entityId))))
    .orderBy(desc(auditLog.auditId))
    .limit(1);
  return row;
}

describe('user administration', () => {
  let t: TestApp;
  let admin: Session;
  let adminId: number;
  let roleId: number;
  let lct: { contractorId: number };
  let other: { contractorId: number };
  let c1: number;
  let c2: number;
  let cOther: number;
  let n = 0;
  /** A login name (or other name) no other test uses: `alice` -> `alice.3`. */
  const unique = (name: string) => `${name}.${++n}`;
  let lctName: string;
  let noC1: string;
  let noOther: string;

  // The administrator and the roles are read-only; each test has contractors, contracts and users of its own.
  beforeAll(async () => {
    t = await createTestApp({ dataDir: mkdtempSync(path.join(tmpdir(), 'strata-users-')) });
    const all = await createRole(t.db, 'all', 'Administrator');
    roleId = (await createRole(t.db, ['ViewContractData'], 'Engineer')).roleId;
    adminId = (await createUser(t.db, { loginName: 'root', roleId: all.roleId, userType: USER_TYPE.AppAdmin })).userId;
    admin = await signIn(t, 'root');
  });
  beforeEach(async () => {
    lctName = unique('Lion City Tunnelling');
    lct = await createContractor(t.db, lctName);
    other = await createContractor(t.db, unique('Other Builders'));
    // Numbers in the order of the contracts (lists are in the order of their numbers).
    const first = await createContract(t.db, { no: unique('T301'), contractorId: lct.contractorId });
    c1 = first.contractId;
    noC1 = first.no;
    c2 = (await createContract(t.db, { no: unique('T302'), contractorId: lct.contractorId })).contractId;
    const foreign = await createContract(t.db, { no: unique('X900'), contractorId: other.contractorId });
    cOther = foreign.contractId;
    noOther = foreign.no;
  });
  /** A user of the test's own, signed in. */
  const person = async (o: Parameters<typeof createUser>[1] = {}) => {
    const user = await createUser(t.db, { roleId, ...o });
    return { user, session: await signIn(t, user.loginName) };
  };
  afterAll(() => t.close());

  it('registers a user without a password, assigns contracts, audits it and mails the activation link', async () => {
    const login = unique('new.user');
    const res = await as(t, admin, {
      method: 'POST',
      url: '/api/v1/admin/users',
      payload: {
        login_name: login.replace('new.user', 'New.User'),
        fullname: 'New User',
        email: `${login}@example.com`,
        user_type: 1,
        role_id: roleId,
        contractor_id: lct.contractorId,
        contract_ids: [c1],
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ login_name: login, status: 'active', source: 'admin', contractor_name: lctName, last_signin: null });
    expect(body.contracts.map((c: { no: string }) => c.no)).toEqual([noC1]);
    const [row] = await t.db.orm.select().from(users).where(eq(users.userId, body.user_id));
    expect(row?.passwordHash).toBeNull();
    const audit = await lastAudit(t, 'user.create', body.user_id);
    expect(audit?.after).toMatchObject({ login_name: login, contract_ids: [c1] });
    const [mail] = await t.db.orm
      .select()
      .from(outbox)
      .where(eq(outbox.to, `${login}@example.com`));
    expect(mail?.text).toContain('/en/activation?token=');
  });

  it('refuses a Contractor user without a contractor, or with another contractor’s contract, and duplicates', async () => {
    const base = { fullname: 'X', user_type: 1, role_id: roleId };
    const noContractor = await as(t, admin, {
      method: 'POST',
      url: '/api/v1/admin/users',
      payload: { ...base, login_name: unique('nocon'), email: `${unique('nocon')}@example.com` },
    });
    expect(noContractor.statusCode).toBe(400);
    expect(noContractor.json()).toHaveProperty('contractor_id');
    const foreign = await as(t, admin, {
      method: 'POST',
      url: '/api/v1/admin/users',
      payload: { ...base, login_name: unique('foreign'), email: `${unique('foreign')}@example.com`, contractor_id: lct.contractorId, contract_ids: [cOther] },
    });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().contract_ids).toContain(noOther);
    const existing = await createUser(t.db, { roleId });
    const dup = await as(t, admin, {
      method: 'POST',
      url: '/api/v1/admin/users',
      payload: { ...base, login_name: existing.loginName, email: existing.email.toUpperCase(), contractor_id: lct.contractorId },
    });
    expect(dup.statusCode).toBe(400);
    expect(Object.keys(dup.json()).sort()).toEqual(['email', 'login_name']);
  });

  it('searches by keyword and filters, paged with total_records', async () => {
    const alice = unique('alice.tan');
    const bob = unique('bob.lim');
    await createUser(t.db, { loginName: alice, userType: USER_TYPE.Authority, roleId, contractIds: [c2] });
    await createUser(t.db, { loginName: bob, userType: USER_TYPE.Contractor, contractorId: lct.contractorId, roleId, status: 'suspended' });
    const kw = await as(t, admin, { method: 'GET', url: `/api/v1/admin/users?keyword=${alice.toUpperCase()}` });
    expect(kw.json().records.map((u: { login_name: string }) => u.login_name)).toEqual([alice]);
    const byContract = await as(t, admin, { method: 'GET', url: `/api/v1/admin/users?contract_id=${c2}` });
    expect(byContract.json().records.map((u: { login_name: string }) => u.login_name)).toEqual([alice]);
    const suspended = await as(t, admin, { method: 'GET', url: `/api/v1/admin/users?status=suspended&contractor_id=${lct.contractorId}` });
    expect(suspended.json()).toMatchObject({ total_records: 1, records: [{ login_name: bob }] });
    const paged = await as(t, admin, { method: 'GET', url: '/api/v1/admin/users?limit=2&skip=1&sort=login_name&order=desc' });
    expect(paged.json().records).toHaveLength(2);
    expect(paged.json().total_records).toBeGreaterThanOrEqual(4);
  });

  it('suspension ends the user’s sessions at once: the token is refused on the next request', async () => {
    const { user: u, session: s } = await person();
    expect((await as(t, s, { method: 'GET', url: '/api/v1/sync' })).statusCode).toBe(200);
    const res = await as(t, admin, { method: 'POST', url: `/api/v1/admin/users/${u.userId}/suspend` });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ user_id: u.userId, status: 'suspended', ended_sessions: 1 });
    expect((await as(t, s, { method: 'GET', url: '/api/v1/sync' })).statusCode).toBe(401);
    expect((await lastAudit(t, 'user.suspend', u.userId))?.after).toMatchObject({ status: 'suspended', ended_sessions: 1 });
    const again = await as(t, admin, { method: 'POST', url: `/api/v1/admin/users/${u.userId}/suspend` });
    expect(again.statusCode).toBe(409);
    const back = await as(t, admin, { method: 'POST', url: `/api/v1/admin/users/${u.userId}/reactivate` });
    expect(back.json().status).toBe('active');
    const term = await as(t, admin, { method: 'POST', url: `/api/v1/admin/users/${u.userId}/terminate` });
    expect(term.json().status).toBe('terminated');
    expect((await as(t, admin, { method: 'POST', url: `/api/v1/admin/users/${u.userId}/reactivate` })).statusCode).toBe(409);
  });

  it('nobody suspends, terminates or demotes themselves, and the last active AppAdmin cannot be suspended', async () => {
    expect((await as(t, admin, { method: 'POST', url: `/api/v1/admin/users/${adminId}/suspend` })).statusCode).toBe(409);
    expect((await as(t, admin, { method: 'POST', url: `/api/v1/admin/users/${adminId}/terminate` })).statusCode).toBe(409);
    const demote = await as(t, admin, { method: 'PUT', url: `/api/v1/admin/users/${adminId}`, payload: { role_id: roleId } });
    expect(demote.statusCode).toBe(400);
    expect(demote.json()).toHaveProperty('role_id');

    // A second administrator (with the task, not an AppAdmin) cannot suspend the only active AppAdmin.
    const helperRole = await createRole(t.db, ['SuspendorTerminateUser', 'SearchUsers']);
    const { session: helper } = await person({ roleId: helperRole.roleId });
    const res = await as(t, helper, { method: 'POST', url: `/api/v1/admin/users/${adminId}/suspend` });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatch(/last active Application Admin/);
  });

  it('resets a user: two-factor off, sessions ended, a reset mail sent', async () => {
    const { user: u, session: s } = await person();
    await t.db.orm.update(users).set({ tfaEnabled: true, tfaSecret: 'JBSWY3DPEHPK3PXP' }).where(eq(users.userId, u.userId));
    const res = await as(t, admin, { method: 'POST', url: `/api/v1/admin/users/${u.userId}/reset` });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().ended_sessions).toBe(1);
    const [row] = await t.db.orm.select().from(users).where(eq(users.userId, u.userId));
    expect(row).toMatchObject({ tfaEnabled: false, tfaSecret: null });
    expect((await as(t, s, { method: 'GET', url: '/api/v1/sync' })).statusCode).toBe(401);
    const [mail] = await t.db.orm.select().from(outbox).where(eq(outbox.to, u.email));
    expect(mail?.text).toContain('/en/reset-password?token=');
    const audit = await lastAudit(t, 'user.reset', u.userId);
    expect(audit?.before).toEqual({ tfa_enabled: true });
  });

  it('lists and ends one session of a user', async () => {
    const u = await createUser(t.db, { roleId });
    const a = await signIn(t, u.loginName, undefined, '10.9.0.1');
    const b = await signIn(t, u.loginName, undefined, '10.9.0.2');
    const list = await as(t, admin, { method: 'GET', url: `/api/v1/admin/users/${u.userId}/sessions` });
    expect(list.json().total_records).toBe(2);
    const target = list.json().records.find((s: { client_address: string }) => s.client_address === '10.9.0.1');
    const del = await as(t, admin, { method: 'DELETE', url: `/api/v1/admin/users/${u.userId}/sessions/${target.session_id}` });
    expect(del.statusCode).toBe(200);
    expect((await as(t, a, { method: 'GET', url: '/api/v1/sync' })).statusCode).toBe(401);
    expect((await as(t, b, { method: 'GET', url: '/api/v1/sync' })).statusCode).toBe(200);
    expect(await lastAudit(t, 'user.session.end', target.session_id)).toBeTruthy();
  });

  it('assigns contracts: a Contractor user only their contractor’s; the change is audited before/after', async () => {
    const u = await createUser(t.db, { userType: USER_TYPE.Contractor, contractorId: lct.contractorId, roleId });
    const bad = await as(t, admin, { method: 'PUT', url: `/api/v1/admin/users/${u.userId}/contracts`, payload: { contract_ids: [c1, cOther] } });
    expect(bad.statusCode).toBe(400);
    const ok = await as(t, admin, { method: 'PUT', url: `/api/v1/admin/users/${u.userId}/contracts`, payload: { contract_ids: [c1, c2] } });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().contract_ids).toEqual([c1, c2]);
    const audit = await lastAudit(t, 'user.contracts', u.userId);
    expect(audit?.before).toEqual({ contract_ids: [] });
    expect(audit?.after).toEqual({ contract_ids: [c1, c2] });
  });

  it('edits user information with a before/after audit row', async () => {
    const u = await createUser(t.db, { roleId });
    const res = await as(t, admin, {
      method: 'PUT',
      url: `/api/v1/admin/users/${u.userId}`,
      payload: { fullname: 'Edited Name', email: 'edited@example.com' },
    });
    expect(res.statusCode, res.body).toBe(200);
    const audit = await lastAudit(t, 'user.update', u.userId);
    expect(audit?.before).toEqual({ fullname: `Test ${u.loginName}`, email: u.email });
    expect(audit?.after).toEqual({ fullname: 'Edited Name', email: 'edited@example.com' });
  });

  it('deletes only users who never signed in (others: 409 terminate instead), keeping audit rows', async () => {
    const never = await createUser(t.db, { roleId });
    const del = await as(t, admin, { method: 'DELETE', url: `/api/v1/admin/users/${never.userId}` });
    expect(del.statusCode).toBe(200);
    expect(await t.db.orm.select().from(users).where(eq(users.userId, never.userId))).toHaveLength(0);
    expect((await lastAudit(t, 'user.delete', never.userId))?.before).toMatchObject({ login_name: never.loginName });
    const { user: used } = await person();
    const refused = await as(t, admin, { method: 'DELETE', url: `/api/v1/admin/users/${used.userId}` });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatch(/terminate/);
  });

  it('scopes a Contractor administrator to their own contractor’s users, by list and by id', async () => {
    const role = await createRole(t.db, ['SearchUsers', 'VieworEditUserInformation']);
    const { session: s } = await person({ userType: USER_TYPE.Contractor, contractorId: lct.contractorId, roleId: role.roleId });
    const colleague = await createUser(t.db, { userType: USER_TYPE.Contractor, contractorId: lct.contractorId, roleId });
    const stranger = await createUser(t.db, { userType: USER_TYPE.Contractor, contractorId: other.contractorId, roleId });
    const list = await as(t, s, { method: 'GET', url: '/api/v1/admin/users?limit=1000' });
    const logins = list.json().records.map((u: { login_name: string }) => u.login_name);
    expect(logins).toContain(colleague.loginName);
    expect(logins).not.toContain(stranger.loginName);
    expect(logins).not.toContain('root');
    expect(list.json().records.every((u: { contractor_id: number }) => u.contractor_id === lct.contractorId)).toBe(true);
    expect((await as(t, s, { method: 'GET', url: `/api/v1/admin/users/${stranger.userId}` })).statusCode).toBe(404);
    expect((await as(t, s, { method: 'PUT', url: `/api/v1/admin/users/${stranger.userId}`, payload: { fullname: 'x' } })).statusCode).toBe(404);
  });
});
