import type { Database } from '../db/client.js';

/** Tables, columns (type, nullability, default) and indexes of the public schema, as comparable text. */
export async function describeSchema(db: Database): Promise<string[]> {
  const columns = await db.query<{ t: string; c: string; ty: string; n: string; d: string | null }>(
    `select table_name t, column_name c, data_type ty, is_nullable n, column_default d
       from information_schema.columns where table_schema = 'public' order by 1, 2`,
  );
  const indexes = await db.query<{ i: string; def: string }>(`select indexname i, indexdef def from pg_indexes where schemaname = 'public' order by 1`);
  return [...columns.rows.map((r) => `${r.t}.${r.c} ${r.ty} ${r.n} ${r.d ?? ''}`), ...indexes.rows.map((r) => `${r.i}: ${r.def}`)];
}
