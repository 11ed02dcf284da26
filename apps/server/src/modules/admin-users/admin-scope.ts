import { USER_TYPE } from '@strata/shared';
import type { Actor } from '../../context.js';
import type { Executor } from '../../db/client.js';
import { contractorOfUser } from './admin-users.repository.js';
import { scopeOf } from '../contracts/contracts.service.js';
import { type ContractScope } from '../../db/scope.js';

/**
 * What an administrator may see of the directory (users, contractors, audit rows, generated files):
 * AppAdmin and Authority users see all of it; a Contractor user sees only their own contractor's (a Contractor user
 * without a contractor sees none). Contracts stay scoped as everywhere else (`contracts`).
 */
export interface AdminScope {
  userId: number;
  /** null = every contractor; a number = only this contractor (−1: none). */
  contractorId: number | null;
  contracts: ContractScope;
}

export async function adminScopeOf(db: Executor, actor: Pick<Actor, 'userId' | 'userType'>): Promise<AdminScope> {
  const contracts = scopeOf(actor);
  if (actor.userType !== USER_TYPE.Contractor) return { userId: actor.userId, contractorId: null, contracts };
  return { userId: actor.userId, contractorId: (await contractorOfUser(db, actor.userId)) ?? -1, contracts };
}
