import type {
  TContractor,
  TContractorBody,
  TContractorContracts,
  TContractorDetail,
  TContractorList,
  TListContractorsQuery,
  TSetContractorContractsRequest,
} from '@strata/shared';
import { MESSAGES } from '@strata/shared';
import type { Actor, AppContext } from '../../context.js';
import { badRequest, conflict, forbidden, notFound } from '../../lib/errors.js';
import { iso } from '../../lib/filters.js';
import { changedFields, writeAudit } from '../../platform/audit.js';
import { adminScopeOf } from '../admin-users/admin-scope.js';
import { publishRequireSync } from '../realtime/realtime.publish.js';
import {
  allContractIdsOfContractor,
  contractsByIds,
  contractsOfContractor,
  deleteContractor,
  dropForeignAssignments,
  findContractor,
  insertContractor,
  listContractors,
  nameTaken,
  setContractContractor,
  updateContractor,
  usersOfContractor,
  type ContractorRow,
} from './contractors.repository.js';
import { visibleContractIds } from '../contracts/contracts.service.js';

function present(r: { contractor: ContractorRow; userCount: number; contractCount: number }): TContractor {
  const c = r.contractor;
  return {
    contractor_id: c.contractorId,
    name: c.name,
    registration_no: c.registrationNo,
    address: c.address,
    contact: c.contact,
    user_count: Number(r.userCount),
    contract_count: Number(r.contractCount),
    created: iso(c.createdAt),
    updated: iso(c.updatedAt),
  };
}

const fields = (c: Pick<ContractorRow, 'name' | 'registrationNo' | 'address' | 'contact'>) => ({
  name: c.name,
  registration_no: c.registrationNo,
  address: c.address,
  contact: c.contact,
});

/**
 * Contractors are directory data: holders of SearchContractors see every contractor, except a Contractor user, who
 * sees only their own (others answer 404). Their contracts are shown within the caller's contract scope.
 */
export class ContractorsService {
  constructor(private readonly ctx: AppContext) {}

  private scope(actor: Actor) {
    return adminScopeOf(this.ctx.db.orm, actor);
  }

  async list(actor: Actor, q: TListContractorsQuery): Promise<TContractorList> {
    const { records, total } = await listContractors(this.ctx.db.orm, await this.scope(actor), { ...q, keyword: q.keyword || undefined });
    return { records: records.map(present), total_records: total };
  }

  async get(actor: Actor, id: number): Promise<TContractorDetail> {
    const db = this.ctx.db.orm;
    const scope = await this.scope(actor);
    const row = await findContractor(db, scope, id);
    if (!row) throw notFound(MESSAGES.contractorNotFound);
    const [members, contracts] = await Promise.all([usersOfContractor(db, id), contractsOfContractor(db, scope, id)]);
    return {
      ...present(row),
      users: members.map((u) => ({ user_id: u.userId, login_name: u.loginName, fullname: u.fullname, status: u.status })),
      contracts: contracts.map((c) => ({ contract_id: c.contractId, no: c.no, title: c.title, active: c.active })),
    };
  }

  async create(actor: Actor, body: TContractorBody): Promise<TContractorDetail> {
    const db = this.ctx.db.orm;
    if ((await this.scope(actor)).contractorId !== null) throw forbidden('A Contractor user cannot create contractors');
    if (await nameTaken(db, body.name)) throw badRequest({ name: 'A contractor with this name already exists' });
    const now = this.ctx.now();
    const row = await db.transaction(async (tx) => {
      const c = await insertContractor(tx, {
        name: body.name,
        registrationNo: body.registration_no ?? null,
        address: body.address ?? null,
        contact: body.contact ?? null,
        createdAt: now,
        updatedAt: now,
      });
      await writeAudit(tx, actor, { action: 'contractor.create', entityType: 'contractor', entityId: c.contractorId, after: fields(c) });
      return c;
    });
    return this.get(actor, row.contractorId);
  }

  async update(actor: Actor, id: number, body: TContractorBody): Promise<TContractorDetail> {
    const db = this.ctx.db.orm;
    const row = await findContractor(db, await this.scope(actor), id);
    if (!row) throw notFound(MESSAGES.contractorNotFound);
    if (await nameTaken(db, body.name, id)) throw badRequest({ name: 'A contractor with this name already exists' });
    const next = { name: body.name, registrationNo: body.registration_no ?? null, address: body.address ?? null, contact: body.contact ?? null };
    const diff = changedFields(fields(row.contractor), fields(next));
    if (Object.keys(diff.after).length > 0) {
      await db.transaction(async (tx) => {
        await updateContractor(tx, id, { ...next, updatedAt: this.ctx.now() });
        await writeAudit(tx, actor, { action: 'contractor.update', entityType: 'contractor', entityId: id, ...diff });
      });
    }
    return this.get(actor, id);
  }

  async remove(actor: Actor, id: number): Promise<{ ok: true }> {
    const db = this.ctx.db.orm;
    const scope = await this.scope(actor);
    if (scope.contractorId !== null) throw forbidden('A Contractor user cannot delete contractors');
    const row = await findContractor(db, scope, id);
    if (!row) throw notFound(MESSAGES.contractorNotFound);
    if (Number(row.userCount) > 0 || Number(row.contractCount) > 0) {
      throw conflict(`This contractor has ${row.userCount} user(s) and ${row.contractCount} contract(s): move or remove them first`);
    }
    await db.transaction(async (tx) => {
      await deleteContractor(tx, id);
      await writeAudit(tx, actor, { action: 'contractor.delete', entityType: 'contractor', entityId: id, before: fields(row.contractor) });
    });
    return { ok: true };
  }

  async contracts(actor: Actor, id: number): Promise<TContractorContracts> {
    const db = this.ctx.db.orm;
    const scope = await this.scope(actor);
    if (!(await findContractor(db, scope, id))) throw notFound(MESSAGES.contractorNotFound);
    const rows = await contractsOfContractor(db, scope, id);
    return { contractor_id: id, records: rows.map((c) => ({ contract_id: c.contractId, no: c.no, title: c.title, active: c.active })) };
  }

  /**
   * Assign Contracts: the contractor's contracts become exactly `contract_ids` (within what the caller can see).
   * A contract taken from another contractor, or released, loses the assignments of Contractor users of another
   * contractor (they are told to sync).
   */
  async setContracts(actor: Actor, id: number, body: TSetContractorContractsRequest): Promise<TContractorContracts> {
    const db = this.ctx.db.orm;
    const scope = await this.scope(actor);
    if (scope.contractorId !== null) throw forbidden('A Contractor user cannot assign contracts to contractors');
    if (!(await findContractor(db, scope, id))) throw notFound(MESSAGES.contractorNotFound);
    const wanted = [...new Set(body.contract_ids)].sort((a, b) => a - b);
    const visible = await visibleContractIds(db, scope.contracts, wanted);
    if (visible.length !== wanted.length) throw badRequest({ contract_ids: 'One or more contracts were not found' });
    const before = await allContractIdsOfContractor(db, id);
    const visibleBefore = new Set(await visibleContractIds(db, scope.contracts, before));
    const released = before.filter((c) => visibleBefore.has(c) && !wanted.includes(c));
    const added = wanted.filter((c) => !before.includes(c));
    const previousOwners = (await contractsByIds(db, added))
      .filter((c) => c.contractorId !== null)
      .map((c) => ({ contract_id: c.contractId, contractor_id: c.contractorId }));
    if (released.length === 0 && added.length === 0) return this.contracts(actor, id);
    const now = this.ctx.now();
    const affected = await db.transaction(async (tx) => {
      await setContractContractor(tx, released, null, now);
      await setContractContractor(tx, added, id, now);
      const dropped = await dropForeignAssignments(tx, [...released, ...added]);
      await writeAudit(tx, actor, {
        action: 'contractor.contracts',
        entityType: 'contractor',
        entityId: id,
        before: { contract_ids: before },
        after: {
          contract_ids: [...before.filter((c) => !released.includes(c)), ...added].sort((a, b) => a - b),
          taken_from: previousOwners,
          unassigned_user_ids: dropped,
        },
      });
      return dropped;
    });
    if (affected.length > 0) await publishRequireSync(this.ctx.bus, affected).catch((err: unknown) => this.ctx.log.warn({ err }, 'requireSync publish failed'));
    return this.contracts(actor, id);
  }
}
