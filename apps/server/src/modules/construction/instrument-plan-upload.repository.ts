/**
 * The queries of the instrument plan upload: the instrument types by code, which names of a file would replace stored
 * plan rows of the contract, and the load's upsert on `instrument_plans_key` (contract, lower(name)).
 */
import { eq, inArray, sql } from 'drizzle-orm';
import { rows as rowsOf, type Executor } from '../../db/client.js';
import { contracts, instrumentPlans, instrumentTypes } from '../../db/schema/index.js';
import type { PlanRow } from './instrument-plan-upload.parse.js';

/** Rows per INSERT statement (each row binds 10 parameters; PostgreSQL takes 65 535). */
const BATCH = 1000;

/** Instrument types by upper-cased code. */
export async function typesByCode(db: Executor): Promise<Map<string, { typeId: number; code: string }>> {
  const found = await db.select({ typeId: instrumentTypes.typeId, code: instrumentTypes.code }).from(instrumentTypes);
  return new Map(found.map((t) => [t.code.toUpperCase(), t]));
}

/** The lower-cased names of the contract's stored plan rows. */
export async function storedPlanNames(db: Executor, contractId: number): Promise<Set<string>> {
  const found = await db
    .select({ name: sql<string>`lower(${instrumentPlans.name})` })
    .from(instrumentPlans)
    .where(eq(instrumentPlans.contractId, contractId));
  return new Set(found.map((r) => r.name));
}

/** Whether the contract and the types the rows name are still there for the load. */
export async function planRefsPresent(db: Executor, contractId: number, list: readonly PlanRow[]): Promise<boolean> {
  const typeIds = [...new Set(list.map((r) => r.typeId))];
  const [c, t] = await Promise.all([
    db.select({ id: contracts.contractId }).from(contracts).where(eq(contracts.contractId, contractId)),
    typeIds.length ? db.select({ id: instrumentTypes.typeId }).from(instrumentTypes).where(inArray(instrumentTypes.typeId, typeIds)) : [],
  ]);
  return c.length === 1 && t.length === typeIds.length;
}

/** Upserts plan rows of a contract on (contract, lower(name)); the number that replaced stored rows. */
export async function upsertPlans(
  tx: Executor,
  contractId: number,
  list: readonly PlanRow[],
  src: { uploadId: number; userId: number | null },
): Promise<number> {
  let replaced = 0;
  for (let i = 0; i < list.length; i += BATCH) {
    const values = list
      .slice(i, i + BATCH)
      .map(
        (p) =>
          sql`(${contractId}::int, ${p.name}, ${p.typeId}::int, ${p.easting}::float8, ${p.northing}::float8, ${p.plannedInstallDate}::date, ${p.plannedFrequency}, ${p.remarks}, ${src.uploadId}::int, ${src.userId}::int)`,
      );
    const r = await rowsOf<{ replaced: boolean }>(
      tx,
      sql`INSERT INTO ${instrumentPlans} (contract_id, name, type_id, easting, northing, planned_install_date, planned_frequency, remarks, upload_id, created_by)
          VALUES ${sql.join(values, sql`, `)}
          ON CONFLICT (contract_id, lower(name)) DO UPDATE SET
            name = excluded.name, type_id = excluded.type_id, easting = excluded.easting, northing = excluded.northing,
            planned_install_date = excluded.planned_install_date, planned_frequency = excluded.planned_frequency,
            remarks = excluded.remarks, upload_id = excluded.upload_id, created_by = excluded.created_by,
            created_at = excluded.created_at
          RETURNING (xmax::text <> '0') AS replaced`,
    );
    replaced += r.filter((x) => x.replaced).length;
  }
  return replaced;
}
