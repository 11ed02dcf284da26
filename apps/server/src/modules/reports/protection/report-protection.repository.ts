import { asc, eq, inArray } from 'drizzle-orm';
import type { Executor } from '../../../db/client.js';
import { contracts, settings, users } from '../../../db/schema/index.js';

/** The stored settings row of a key (its JSON and when it was last written), or undefined. */
export async function readSettingRow(db: Executor, key: string): Promise<{ value: unknown; updatedAt: Date } | undefined> {
  const [row] = await db.select({ value: settings.value, updatedAt: settings.updatedAt }).from(settings).where(eq(settings.key, key));
  return row;
}

/** A user's full name (the watermark's {user}, the settings' "updated by"); null for an unknown id. */
export async function userFullname(db: Executor, userId: number): Promise<string | null> {
  const [row] = await db.select({ fullname: users.fullname }).from(users).where(eq(users.userId, userId));
  return row?.fullname ?? null;
}

/** The contract numbers of these ids, in order of number (the watermark's {contract}). */
export async function contractNumbers(db: Executor, ids: readonly number[]): Promise<string[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select({ no: contracts.no })
    .from(contracts)
    .where(inArray(contracts.contractId, [...ids]))
    .orderBy(asc(contracts.no));
  return rows.map((r) => r.no);
}
