import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { alertLevels, riskRatingSettings, users } from '../../db/schema/index.js';

export async function readRiskRating(db: Executor) {
  const [row] = await db
    .select({ value: riskRatingSettings.value, updatedAt: riskRatingSettings.updatedAt, updatedBy: users.fullname })
    .from(riskRatingSettings)
    .leftJoin(users, eq(users.userId, riskRatingSettings.updatedBy))
    .where(eq(riskRatingSettings.id, 1))
    .limit(1);
  return row;
}

export async function writeRiskRating(tx: Executor, value: unknown, userId: number, at: Date) {
  await tx
    .insert(riskRatingSettings)
    .values({ id: 1, value, updatedBy: userId, updatedAt: at })
    .onConflictDoUpdate({ target: riskRatingSettings.id, set: { value, updatedBy: userId, updatedAt: at } });
}

export async function alertLevelCodes(db: Executor): Promise<string[]> {
  const rows = await db.select({ code: alertLevels.code }).from(alertLevels);
  return rows.map((r) => r.code);
}
