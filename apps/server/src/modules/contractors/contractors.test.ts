import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { USER_TYPE } from '@strata/shared';
import { auditLog, contracts, userContracts } from '../../db/schema/index.js';
import { createContract, createContractor, createRole, createUser } from '../../testing/fixtures.js';
import { as, createTestApp, signIn, type Session, type TestApp } from '../../testing/harness.js';

describe('contractors, and what a Contractor user sees of the directory', () => {
  let t: TestApp;
  let admin: Session;
  let mine: number;
  let theirs: number;
  let contractorSession: Session;

  beforeAll(async () => {
    t = await createTestApp();
    const all = await createRole(t.db, 'all');
    await createUser(t.db, { loginName: 'c.admin', roleId: all.roleId, userType: USER_TYPE.AppAdmin });
    admin = await signIn(t, 'c.admin');
    mine = (await createContractor(t.db, 'Mine Pte Ltd')).contractorId;
    theirs = (await createContractor(t.db, 'Theirs Pte Ltd')).contractorId;
    const c = await createContract(t.db, { no: 'M1', contractorId: mine });
    await createContract(t.db, { no: 'T1', contractorId: theirs });
    const role = await createRole(t.db, ['SearchContractors', 'VieworEditContractors', 'ViewAuditLogs', 'SearchUsers']);
    await createUser(t.db, { loginName: 'mine.user', userType: USER_TYPE.Contractor, contractorId: mine, roleId: role.roleId, contractIds: [c.contractId] });
    await createUser(t.db, { loginName: 'theirs.user', userType: USER_TYPE.Contractor, contractorId: theirs, roleId: role.roleId });
    contractorSession = await signIn(t, 'mine.user');
    await signIn(t, 'theirs.user'); // an audit row of the other contractor's user
  });
  afterAll(() => t.close());

  it('creates, edits and deletes a contractor with audit rows; refuses deletion while it has users or contracts', async () => {
    const res = await as(t, admin, {
      method: 'POST',
      url: '/api/v1/contractors',
      payload: { name: 'New Co', registration_no: '2020X', address: '1 Road', contact: 'ops@new.example' },
    });
    expect(res.statusCode, res.body).toBe(200);
    const id = res.json().contractor_id;
    expect((await as(t, admin, { method: 'POST', url: '/api/v1/contractors', payload: { name: 'new co' } })).statusCode).toBe(400);
    const upd = await as(t, admin, {
      method: 'PUT',
      url: `/api/v1/contractors/${id}`,
      payload: { name: 'New Co', registration_no: '2020Y', address: '1 Road', contact: 'ops@new.example' },
    });
    expect(upd.statusCode).toBe(200);
    const [audit] = await t.db.orm
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'contractor.update'), eq(auditLog.entityId, String(id))));
    expect(audit?.before).toEqual({ registration_no: '2020X' });
    expect(audit?.after).toEqual({ registration_no: '2020Y' });
    expect((await as(t, admin, { method: 'DELETE', url: `/api/v1/contractors/${mine}` })).statusCode).toBe(409);
    expect((await as(t, admin, { method: 'DELETE', url: `/api/v1/contractors/${id}` })).statusCode).toBe(200);
    const [gone] = await t.db.orm
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'contractor.delete'), eq(auditLog.entityId, String(id))));
    expect(gone).toBeTruthy();
  });

  it('shows a contractor with its users and contracts, with counts in the list', async () => {
    const res = await as(t, admin, { method: 'GET', url: `/api/v1/contractors/${mine}` });
    expect(res.json()).toMatchObject({
      name: 'Mine Pte Ltd',
      user_count: 1,
      contract_count: 1,
      users: [{ login_name: 'mine.user' }],
      contracts: [{ no: 'M1' }],
    });
    const list = await as(t, admin, { method: 'GET', url: '/api/v1/contractors?keyword=pte' });
    expect(list.json().records.map((c: { name: string; user_count: number }) => [c.name, c.user_count])).toEqual([
      ['Mine Pte Ltd', 1],
      ['Theirs Pte Ltd', 1],
    ]);
  });

  it('assigning contracts sets contracts.contractor_id and drops assignments of the previous contractor’s users', async () => {
    // Contractors of its own: the move below would otherwise change what the other tests count.
    const gaining = (await createContractor(t.db)).contractorId;
    const losing = (await createContractor(t.db)).contractorId;
    const g1 = await createContract(t.db, { no: 'G1', contractorId: gaining });
    const l1 = await createContract(t.db, { no: 'L1', contractorId: losing });
    const losingUser = await createUser(t.db, { userType: USER_TYPE.Contractor, contractorId: losing, contractIds: [l1.contractId] });
    const res = await as(t, admin, {
      method: 'PUT',
      url: `/api/v1/contractors/${gaining}/contracts`,
      payload: { contract_ids: [g1.contractId, l1.contractId] },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().records.map((c: { no: string }) => c.no)).toEqual(['G1', 'L1']);
    expect((await t.db.orm.select().from(contracts).where(eq(contracts.contractId, l1.contractId)))[0]?.contractorId).toBe(gaining);
    expect(await t.db.orm.select().from(userContracts).where(eq(userContracts.userId, losingUser.userId))).toHaveLength(0);
    const [audit] = await t.db.orm
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'contractor.contracts'), eq(auditLog.entityId, String(gaining))));
    expect(audit?.after).toMatchObject({ unassigned_user_ids: [losingUser.userId] });
  });

  it('a Contractor user sees only their own contractor, by list and by id', async () => {
    const list = await as(t, contractorSession, { method: 'GET', url: '/api/v1/contractors' });
    expect(list.statusCode).toBe(200);
    expect(list.json().records.map((c: { contractor_id: number }) => c.contractor_id)).toEqual([mine]);
    expect((await as(t, contractorSession, { method: 'GET', url: `/api/v1/contractors/${theirs}` })).statusCode).toBe(404);
    expect((await as(t, contractorSession, { method: 'GET', url: `/api/v1/contractors/${mine}` })).statusCode).toBe(200);
  });

  it('a Contractor user sees audit rows and users of their own contractor only', async () => {
    const audit = await as(t, contractorSession, { method: 'GET', url: '/api/v1/audit-logs?limit=1000' });
    const logins = new Set(audit.json().records.map((r: { login_name: string }) => r.login_name));
    expect(logins.has('mine.user')).toBe(true);
    expect(logins.has('theirs.user')).toBe(false);
    expect(logins.has('c.admin')).toBe(false);
    const usersList = await as(t, contractorSession, { method: 'GET', url: '/api/v1/admin/users' });
    expect(usersList.json().records.map((u: { login_name: string }) => u.login_name)).toEqual(['mine.user']);
  });

  it('filters the audit log by user, action prefix, entity, dates and keyword, newest first', async () => {
    // Contractor audit rows of its own: created, edited, given a contract and deleted.
    const id = (await as(t, admin, { method: 'POST', url: '/api/v1/contractors', payload: { name: 'Audited Co', registration_no: '2021X' } })).json()
      .contractor_id;
    await as(t, admin, { method: 'PUT', url: `/api/v1/contractors/${id}`, payload: { name: 'Audited Co', registration_no: '2021Y' } });
    const contract = await createContract(t.db);
    expect(
      (await as(t, admin, { method: 'PUT', url: `/api/v1/contractors/${id}/contracts`, payload: { contract_ids: [contract.contractId] } })).statusCode,
    ).toBe(200);
    expect((await as(t, admin, { method: 'PUT', url: `/api/v1/contractors/${id}/contracts`, payload: { contract_ids: [] } })).statusCode).toBe(200);
    expect((await as(t, admin, { method: 'DELETE', url: `/api/v1/contractors/${id}` })).statusCode).toBe(200);
    const all = await as(t, admin, { method: 'GET', url: '/api/v1/audit-logs?action=contractor.' });
    const actions = all.json().records.map((r: { action: string }) => r.action);
    expect(actions.length).toBeGreaterThanOrEqual(4);
    expect(actions.every((a: string) => a.startsWith('contractor.'))).toBe(true);
    const ids = all.json().records.map((r: { audit_id: number }) => r.audit_id);
    expect([...ids].sort((a, b) => b - a)).toEqual(ids);
    const kw = await as(t, admin, { method: 'GET', url: '/api/v1/audit-logs?keyword=2021Y' });
    expect(kw.json().records.map((r: { action: string }) => r.action)).toEqual(['contractor.delete', 'contractor.update']);
    const entity = await as(t, admin, { method: 'GET', url: `/api/v1/audit-logs?entity_type=contractor&entity_id=${mine}` });
    expect(entity.json().records.every((r: { entity_id: string }) => r.entity_id === String(mine))).toBe(true);
    const future = await as(t, admin, { method: 'GET', url: '/api/v1/audit-logs?from=2999-01-01' });
    expect(future.json().total_records).toBe(0);
    const bad = await as(t, admin, { method: 'GET', url: '/api/v1/audit-logs?from=yesterday' });
    expect(bad.statusCode).toBe(400);
  });
});
