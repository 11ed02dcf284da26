/**
 * The queries behind the built-in record resolvers of `record-refs.ts` (instruments, sites, contracts): each finds a
 * record within a scope and lists or names every record of its category as SQL the attachments and clean-up queries
 * embed.
 */
import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { contracts, instruments, sites } from '../../db/schema/index.js';
import { inScope, type ContractScope } from '../../db/scope.js';

export async function findInstrumentRecord(db: Executor, scope: ContractScope, refId: number) {
  const [row] = await db
    .select({ contractId: instruments.contractId, name: instruments.name })
    .from(instruments)
    .where(and(eq(instruments.instrumentId, refId), inScope(scope, instruments.contractId)))
    .limit(1);
  return row;
}

export const INSTRUMENT_LISTING = sql`select ${instruments.instrumentId} as ref_id, ${instruments.contractId} as contract_id, ${instruments.name} as title,
    '/dashboard/search/instrument/' || ${instruments.instrumentId} as path, ${instruments.easting} as easting, ${instruments.northing} as northing
    from ${instruments}`;

export const INSTRUMENT_IDS = sql`select ${instruments.instrumentId} as ref_id from ${instruments}`;

export async function findSiteRecord(db: Executor, scope: ContractScope, refId: number) {
  const [row] = await db
    .select({ contractId: sites.contractId, name: sites.siteName })
    .from(sites)
    .where(and(eq(sites.siteId, refId), inScope(scope, sites.contractId)))
    .limit(1);
  return row;
}

export const SITE_LISTING = sql`select ${sites.siteId} as ref_id, ${sites.contractId} as contract_id, ${sites.siteName} as title,
    '/master-data/construction/site/' || ${sites.siteId} as path, null::double precision as easting, null::double precision as northing
    from ${sites}`;

export const SITE_IDS = sql`select ${sites.siteId} as ref_id from ${sites}`;

export async function findContractRecord(db: Executor, scope: ContractScope, refId: number) {
  const [row] = await db
    .select({ contractId: contracts.contractId, no: contracts.no })
    .from(contracts)
    .where(and(eq(contracts.contractId, refId), inScope(scope, contracts.contractId)))
    .limit(1);
  return row;
}

export const CONTRACT_LISTING = sql`select ${contracts.contractId} as ref_id, ${contracts.contractId} as contract_id, ${contracts.no} as title,
    '/upload/document' as path, ${contracts.easting} as easting, ${contracts.northing} as northing
    from ${contracts}`;

export const CONTRACT_IDS = sql`select ${contracts.contractId} as ref_id from ${contracts}`;

/** The listings of several categories as one relation `(category, ref_id, contract_id, title, path, easting, northing)`. */
export function unionOfListings(listings: readonly { category: string; listing: SQL }[]): SQL {
  const parts = listings.map((r) => sql`select ${r.category}::text as category, l.* from (${r.listing}) l`);
  return parts.length
    ? sql.join(parts, sql` union all `)
    : sql`select null::text as category, null::int as ref_id, null::int as contract_id, null::text as title, null::text as path, null::double precision as easting, null::double precision as northing where false`;
}
