import {
  geometryToSvy21,
  geometryToWgs84,
  svy21ToWgs84Rounded,
  USER_TYPE,
  type TBoundaryImportResult,
  type TContractBoundaryRequest,
  type TContractDetail,
  type TContractSummary,
  type TContractUserCandidates,
  type TContractUserCandidatesQuery,
  type TContractUsers,
  type TCreateContractRequest,
  type TListManagedContractsQuery,
  type TManagedContractList,
  type TPolygon,
  type TSetContractUsersRequest,
  type TUpdateContractRequest,
} from '@strata/shared';
import type { Actor, AppContext } from '../../context.js';
import { isUniqueViolation } from '../../lib/db-errors.js';
import { badRequest, conflict, notFound } from '../../lib/errors.js';
import { iso } from '../../lib/filters.js';
import { GeoImportError, importPolygon } from '../../lib/geo-import.js';
import { AfterCommit } from '../../platform/after-commit.js';
import { changedFields, writeAudit } from '../../platform/audit.js';
import { publishRequireSync } from '../realtime/realtime.publish.js';
import {
  assignableUsers,
  assignedUserIds,
  assignUser,
  contractDependents,
  contractNoTaken,
  contractorExists,
  contractorOfUser,
  contractUsers,
  deleteContract,
  dropForeignAssignments,
  findManagedContract,
  insertContract,
  listManagedContracts,
  replaceContractUsers,
  updateContract,
  usersByIds,
  type ContractInsert,
  type ManagedContractRow,
} from './contracts-admin.repository.js';
import { scopeOf } from './contracts.service.js';

export const CONTRACT_NOT_FOUND = 'Contract not found';

function presentSummary(r: ManagedContractRow): TContractSummary {
  const c = r.contract;
  const ll = c.easting != null && c.northing != null ? svy21ToWgs84Rounded(c.easting, c.northing) : undefined;
  return {
    contract_id: c.contractId,
    no: c.no,
    title: c.title,
    active: c.active,
    easting: c.easting,
    northing: c.northing,
    type: c.type,
    description: c.description,
    contractor_id: c.contractorId,
    contractor_name: r.contractorName,
    start_date: c.startDate,
    end_date: c.endDate,
    latitude: ll?.lat ?? null,
    longitude: ll?.lon ?? null,
    has_boundary: c.boundary != null,
    instrument_count: Number(r.instrumentCount),
    user_count: Number(r.userCount),
    created: iso(c.createdAt),
    updated: iso(c.updatedAt),
  };
}

function presentDetail(r: ManagedContractRow): TContractDetail {
  const boundary = (r.contract.boundary as TPolygon | null) ?? null;
  return { ...presentSummary(r), boundary, boundary_wgs84: boundary ? geometryToWgs84(boundary) : null };
}

/** The audited fields of a contract. */
const auditFields = (c: Partial<ContractInsert>) => ({
  no: c.no,
  title: c.title,
  description: c.description,
  active: c.active,
  type: c.type,
  contractor_id: c.contractorId,
  start_date: c.startDate,
  end_date: c.endDate,
  easting: c.easting,
  northing: c.northing,
});

/**
 * Contracts management: search, create, edit, delete, boundary and user assignment. Every read and change is within
 * the caller's contracts (others answer 404). A Contractor administrator works only with their own contractor's
 * contracts and users.
 */
export class ContractsAdminService {
  constructor(private readonly ctx: AppContext) {}

  private async load(actor: Actor, id: number): Promise<ManagedContractRow> {
    const row = await findManagedContract(this.ctx.db.orm, scopeOf(actor), id);
    if (!row) throw notFound(CONTRACT_NOT_FOUND);
    return row;
  }

  /** The contractor a Contractor administrator is limited to; undefined for everyone else. */
  private async ownContractor(actor: Actor): Promise<number | null | undefined> {
    if (actor.userType !== USER_TYPE.Contractor) return undefined;
    return contractorOfUser(this.ctx.db.orm, actor.userId);
  }

  async list(actor: Actor, q: TListManagedContractsQuery): Promise<TManagedContractList> {
    const { records, total } = await listManagedContracts(this.ctx.db.orm, scopeOf(actor), {
      limit: q.limit,
      skip: q.skip,
      keyword: q.keyword || undefined,
      type: q.type,
      active: q.active,
      contractorId: q.contractor_id,
    });
    return { records: records.map(presentSummary), total_records: total };
  }

  async get(actor: Actor, id: number): Promise<TContractDetail> {
    return presentDetail(await this.load(actor, id));
  }

  private async checkContractor(actor: Actor, contractorId: number | null | undefined): Promise<void> {
    if (contractorId == null) return;
    if (!(await contractorExists(this.ctx.db.orm, contractorId))) throw badRequest({ contractor_id: 'Contractor not found' });
    const own = await this.ownContractor(actor);
    if (own !== undefined && own !== contractorId) throw badRequest({ contractor_id: 'You can only choose your own contractor' });
  }

  async create(actor: Actor, body: TCreateContractRequest): Promise<TContractDetail> {
    const db = this.ctx.db.orm;
    const own = await this.ownContractor(actor);
    const contractorId = body.contractor_id ?? own ?? null;
    await this.checkContractor(actor, contractorId);
    if (await contractNoTaken(db, body.no)) throw badRequest({ no: 'A contract with this number already exists' });
    const now = this.ctx.now();
    const values: ContractInsert = {
      no: body.no,
      title: body.title,
      description: body.description ?? '',
      active: body.active ?? true,
      type: body.type ?? 0,
      contractorId,
      startDate: body.start_date ?? null,
      endDate: body.end_date ?? null,
      easting: body.easting ?? null,
      northing: body.northing ?? null,
      createdAt: now,
      updatedAt: now,
    };
    const after = new AfterCommit();
    let id: number;
    try {
      id = await db.transaction(async (tx) => {
        const row = await insertContract(tx, values);
        // The creator must see what they made: anyone but an AppAdmin (who sees every contract) is assigned to it.
        if (actor.userType !== USER_TYPE.AppAdmin) {
          await assignUser(tx, actor.userId, row.contractId);
          after.add(() => publishRequireSync(this.ctx.bus, [actor.userId]));
        }
        await writeAudit(tx, actor, { action: 'contract.create', entityType: 'contract', entityId: row.contractId, after: auditFields(values) });
        return row.contractId;
      });
    } catch (err) {
      if (isUniqueViolation(err)) throw badRequest({ no: 'A contract with this number already exists' });
      throw err;
    }
    await after.run();
    return this.get(actor, id);
  }

  async update(actor: Actor, id: number, body: TUpdateContractRequest): Promise<TContractDetail> {
    const db = this.ctx.db.orm;
    const current = (await this.load(actor, id)).contract;
    if (body.contractor_id !== undefined && body.contractor_id !== current.contractorId) {
      const own = await this.ownContractor(actor);
      if (own !== undefined) throw badRequest({ contractor_id: 'You cannot move a contract to another contractor' });
      await this.checkContractor(actor, body.contractor_id);
    }
    if (body.no !== undefined && (await contractNoTaken(db, body.no, id))) throw badRequest({ no: 'A contract with this number already exists' });
    const next: Partial<ContractInsert> = {
      no: body.no ?? current.no,
      title: body.title ?? current.title,
      description: body.description ?? current.description,
      active: body.active ?? current.active,
      type: body.type ?? current.type,
      contractorId: body.contractor_id === undefined ? current.contractorId : body.contractor_id,
      startDate: body.start_date === undefined ? current.startDate : body.start_date,
      endDate: body.end_date === undefined ? current.endDate : body.end_date,
      easting: body.easting === undefined ? current.easting : body.easting,
      northing: body.northing === undefined ? current.northing : body.northing,
    };
    if (next.startDate && next.endDate && next.startDate > next.endDate) throw badRequest({ end_date: 'End date must be on or after the start date' });
    const diff = changedFields(auditFields(current), auditFields(next));
    if (Object.keys(diff.after).length === 0) return this.get(actor, id);
    const after = new AfterCommit();
    try {
      await db.transaction(async (tx) => {
        await updateContract(tx, id, { ...next, updatedAt: this.ctx.now() });
        let lost: number[] = [];
        if (next.contractorId !== current.contractorId) lost = await dropForeignAssignments(tx, id, next.contractorId ?? null);
        await writeAudit(tx, actor, {
          action: 'contract.update',
          entityType: 'contract',
          entityId: id,
          ...diff,
          ...(lost.length ? { after: { ...diff.after, unassigned_user_ids: lost } } : {}),
        });
        const toSync = [...new Set([...(await assignedUserIds(tx, id)), ...lost])];
        after.add(() => publishRequireSync(this.ctx.bus, toSync, 'A contract of yours has changed'));
      });
    } catch (err) {
      if (isUniqueViolation(err)) throw badRequest({ no: 'A contract with this number already exists' });
      throw err;
    }
    await after.run();
    return this.get(actor, id);
  }

  async remove(actor: Actor, id: number): Promise<{ ok: true }> {
    const db = this.ctx.db.orm;
    const current = (await this.load(actor, id)).contract;
    const deps = await contractDependents(db, id);
    if (deps.instruments > 0 || deps.sites > 0) {
      throw conflict(`This contract has ${deps.instruments} instrument(s) and ${deps.sites} construction site(s): move or delete them first`);
    }
    const users = await assignedUserIds(db, id);
    await db.transaction(async (tx) => {
      await deleteContract(tx, id);
      await writeAudit(tx, actor, { action: 'contract.delete', entityType: 'contract', entityId: id, before: { ...auditFields(current), user_ids: users } });
    });
    await publishRequireSync(this.ctx.bus, users, 'A contract of yours was removed').catch((err: unknown) =>
      this.ctx.log.warn({ err }, 'requireSync publish failed'),
    );
    return { ok: true };
  }

  private async saveBoundary(actor: Actor, id: number, before: unknown, boundary: TPolygon | null, source: string): Promise<void> {
    await this.ctx.db.orm.transaction(async (tx) => {
      await updateContract(tx, id, { boundary, updatedAt: this.ctx.now() });
      await writeAudit(tx, actor, {
        action: 'contract.boundary',
        entityType: 'contract',
        entityId: id,
        before: { boundary: before ?? null },
        after: { boundary, source },
      });
    });
  }

  async setBoundary(actor: Actor, id: number, body: TContractBoundaryRequest): Promise<TContractDetail> {
    const current = (await this.load(actor, id)).contract;
    const boundary = body.geojson && body.crs === 'wgs84' ? geometryToSvy21(body.geojson) : body.geojson;
    await this.saveBoundary(actor, id, current.boundary, boundary, body.crs === 'wgs84' ? 'drawn (WGS84)' : 'drawn');
    return this.get(actor, id);
  }

  async importBoundary(actor: Actor, id: number, text: string, format: 'geojson' | 'kml' | undefined, dryRun: boolean): Promise<TBoundaryImportResult> {
    const current = (await this.load(actor, id)).contract;
    let imported;
    try {
      imported = importPolygon(text, format);
    } catch (err) {
      if (err instanceof GeoImportError) throw badRequest({ file: err.message });
      throw err;
    }
    if (!dryRun) await this.saveBoundary(actor, id, current.boundary, imported.svy21, `imported (${imported.sourceCrs})`);
    return { boundary: imported.svy21, boundary_wgs84: imported.wgs84, source_crs: imported.sourceCrs, saved: !dryRun };
  }

  async users(actor: Actor, id: number): Promise<TContractUsers> {
    await this.load(actor, id);
    const own = await this.ownContractor(actor);
    const rows = await contractUsers(this.ctx.db.orm, id, own === undefined ? undefined : (own ?? -1));
    return {
      contract_id: id,
      records: rows.map((u) => ({
        user_id: u.userId,
        login_name: u.loginName,
        fullname: u.fullname,
        email: u.email,
        user_type: u.userType,
        status: u.status,
        contractor_id: u.contractorId,
        contractor_name: u.contractorName,
      })),
    };
  }

  /** Users the caller may assign to the contract (not assigned yet), for the picker. */
  async candidates(actor: Actor, id: number, q: TContractUserCandidatesQuery): Promise<TContractUserCandidates> {
    const contract = (await this.load(actor, id)).contract;
    const own = await this.ownContractor(actor);
    const { records, total } = await assignableUsers(this.ctx.db.orm, contract, { keyword: q.keyword || undefined, limit: q.limit, onlyContractor: own });
    return {
      records: records.map((u) => ({
        user_id: u.userId,
        login_name: u.loginName,
        fullname: u.fullname,
        email: u.email,
        user_type: u.userType,
        status: u.status,
        contractor_id: u.contractorId,
        contractor_name: u.contractorName,
      })),
      total_records: total,
    };
  }

  /**
   * Replaces the users assigned to the contract (among those the caller may see: a Contractor administrator's own
   * contractor's users; assignments of others stay). A Contractor user can only hold their contractor's contracts.
   */
  async setUsers(actor: Actor, id: number, body: TSetContractUsersRequest): Promise<TContractUsers> {
    const db = this.ctx.db.orm;
    const contract = (await this.load(actor, id)).contract;
    const own = await this.ownContractor(actor);
    const visible = (u: { contractorId: number | null }) => own === undefined || (own !== null && u.contractorId === own);
    const wanted = [...new Set(body.user_ids)].sort((a, b) => a - b);
    const found = await usersByIds(db, wanted);
    const byId = new Map(found.map((u) => [u.userId, u]));
    const unknown = wanted.filter((uid) => {
      const u = byId.get(uid);
      return !u || u.status === 'terminated' || !visible(u);
    });
    if (unknown.length > 0) throw badRequest({ user_ids: `Unknown user(s): ${unknown.join(', ')}` });
    const foreign = found.filter((u) => u.userType === USER_TYPE.Contractor && u.contractorId !== contract.contractorId);
    if (foreign.length > 0) {
      throw badRequest({ user_ids: `A Contractor user can only be assigned contracts of their own contractor: ${foreign.map((u) => u.loginName).join(', ')}` });
    }
    const before = await assignedUserIds(db, id);
    const beforeUsers = await usersByIds(db, before);
    const visibleBefore = beforeUsers.filter(visible).map((u) => u.userId);
    const add = wanted.filter((uid) => !before.includes(uid));
    const remove = visibleBefore.filter((uid) => !wanted.includes(uid));
    if (add.length > 0 || remove.length > 0) {
      await db.transaction(async (tx) => {
        await replaceContractUsers(tx, id, add, remove);
        await writeAudit(tx, actor, {
          action: 'contract.users',
          entityType: 'contract',
          entityId: id,
          before: { user_ids: [...before].sort((a, b) => a - b) },
          after: { user_ids: [...before.filter((u) => !remove.includes(u)), ...add].sort((a, b) => a - b), added: add, removed: remove },
        });
      });
      await publishRequireSync(this.ctx.bus, [...add, ...remove]).catch((err: unknown) => this.ctx.log.warn({ err }, 'requireSync publish failed'));
    }
    return this.users(actor, id);
  }
}
