/**
 * The monthly partitions of `readings` (issue 7): created before a load needs them, listed for the tests.
 */
import { sql } from 'drizzle-orm';
import { rows, type Executor } from '../../db/client.js';

/**
 * Creates the monthly partitions of `readings` these months need (idempotent). Call it outside the load transaction:
 * creating a partition locks the parent table until commit.
 */
export async function ensurePartitions(db: Executor, months: string[]): Promise<number> {
  if (months.length === 0) return 0;
  const found = await rows<{ n: number }>(db, sql`select ensure_reading_partitions(${`{${months.join(',')}}`}::date[]) as n`);
  return Number(found[0]?.n ?? 0);
}

/** The partitions of `readings` (name, lower bound), oldest first. */
export async function partitions(db: Executor): Promise<{ name: string; bound: string }[]> {
  const found = await rows<{ name: string; bound: string }>(
    db,
    sql`select c.relname as name, pg_get_expr(c.relpartbound, c.oid) as bound from pg_inherits i join pg_class c on c.oid = i.inhrelid
         where i.inhparent = 'public.readings'::regclass order by c.relname`,
  );
  return found;
}
