/**
 * Contract scoping, the one rule every contract-scoped query shares (ARCHITECTURE "contract scope"): AppAdmin sees
 * every contract, everyone else the contracts assigned to them. Platform code under db/ because repositories of more
 * than ten modules build on it; a module reaching another module's repository for it would break the layering.
 */
import { and, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { userContracts } from './schema/index.js';
import { pgArray } from './sql.js';

/** Who can see what: AppAdmin sees every contract; everyone else the contracts assigned to them. */
export interface ContractScope {
  userId: number;
  all: boolean;
}

/** The SQL condition that keeps a contract id column within a scope; every contract-scoped query uses it. */
export function inScope(scope: ContractScope, contractIdColumn: SQLWrapper): SQL {
  if (scope.all) return sql`true`;
  return sql`${contractIdColumn} in (select ${userContracts.contractId} from ${userContracts} where ${userContracts.userId} = ${scope.userId})`;
}

/** The caller's scope on a raw contract id column (`a.contract_id`), narrowed to `contracts` when given. */
export function scoped(scope: ContractScope, column: string, contracts: readonly number[] | undefined): SQL {
  const col = sql.raw(column);
  return and(inScope(scope, col), contracts ? (contracts.length ? sql`${col} = any(${pgArray(contracts)}::int[])` : sql`false`) : undefined)!;
}
