import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { settings } from '../../db/schema/index.js';

export async function readAllSettings(db: Executor): Promise<Record<string, unknown>> {
  const rows = await db.select().from(settings);
  return Object.fromEntries(rows.map((r) => [r.key, r.value]));
}

/** Stores a setting's value as JSON; `null` (a nullable setting cleared) as the JSON null, not SQL NULL. */
export async function writeSetting(db: Executor, key: string, value: unknown): Promise<void> {
  const json = value === null ? sql`'null'::jsonb` : value;
  await db
    .insert(settings)
    .values({ key, value: json })
    .onConflictDoUpdate({ target: settings.key, set: { value: json, updatedAt: new Date() } });
}
