import type { Actor } from '../../context.js';
import type { Executor } from '../../db/client.js';
import { badRequest } from '../../lib/errors.js';
import { scopeOf, visibleContractIds } from './contracts.service.js';

/**
 * For a body naming a contract (an instrument's, a zone's, a site's): the contract must be one the caller sees.
 * Otherwise a field error, worded the same whether it exists or not.
 */
export async function requireVisibleContract(
  db: Executor,
  actor: Pick<Actor, 'userId' | 'userType'>,
  contractId: number,
  field = 'contract_id',
): Promise<void> {
  const [id] = await visibleContractIds(db, scopeOf(actor), [contractId]);
  if (id === undefined) throw badRequest({ [field]: 'Contract not found' });
}
