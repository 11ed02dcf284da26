import { USER_TYPE, type TContract, type TContractList, type TFilterContractsRequest, type TListContractsQuery } from '@strata/shared';
import type { Actor, AppContext } from '../../context.js';
import { badRequest } from '../../lib/errors.js';
import { writeAudit } from '../../platform/audit.js';
import { activeContractIds, replaceFilter, savedFilter, type ContractRow, listContracts, visibleContractIds } from './contracts.repository.js';
import { type ContractScope } from '../../db/scope.js';

/** What other modules use of this module's data (account, admin-users, contractors, notifications and realtime): they reach it through this service, not the repository. */
export { assignedContractIds, listContracts, visibleContractIds } from './contracts.repository.js';

export function scopeOf(actor: Pick<Actor, 'userId' | 'userType'>): ContractScope {
  return { userId: actor.userId, all: actor.userType === USER_TYPE.AppAdmin };
}

export function presentContract(row: ContractRow): TContract {
  return {
    contract_id: row.contractId,
    no: row.no,
    title: row.title,
    active: row.active,
    easting: row.easting,
    northing: row.northing,
    type: row.type,
  };
}

/** The caller's contracts and their active choice (the contract toolbar). */
export class ContractsService {
  constructor(private readonly ctx: AppContext) {}

  async list(actor: Actor, query: TListContractsQuery): Promise<TContractList> {
    const scope = scopeOf(actor);
    const { records, total } = await listContracts(this.ctx.db.orm, scope, query);
    return { records: records.map(presentContract), last_filtered: await this.lastFiltered(actor), total_records: total };
  }

  /** The saved choice; without one, every visible active contract. */
  async lastFiltered(actor: Pick<Actor, 'userId' | 'userType'>): Promise<number[]> {
    const scope = scopeOf(actor);
    return (await savedFilter(this.ctx.db.orm, scope)) ?? (await activeContractIds(this.ctx.db.orm, scope));
  }

  async saveFilter(actor: Actor, body: TFilterContractsRequest): Promise<void> {
    const wanted = [...new Set(body.contract_ids)];
    const visible = await visibleContractIds(this.ctx.db.orm, scopeOf(actor), wanted);
    if (visible.length !== wanted.length) {
      throw badRequest({ contract_ids: 'One or more contracts are not assigned to you' });
    }
    const before = await this.lastFiltered(actor);
    await this.ctx.db.orm.transaction(async (tx) => {
      await replaceFilter(tx, actor.userId, visible);
      await writeAudit(tx, actor, {
        action: 'contracts.filter',
        entityType: 'user',
        entityId: actor.userId,
        before: { contract_ids: before },
        after: { contract_ids: visible },
      });
    });
  }
}
