import { and, eq, isNull, lt, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { sessions, tfaRecoveryCodes, users } from '../../db/schema/index.js';

/**
 * Accepts a TOTP time step once: moves the user's last accepted step forward only if `step` is newer, in one statement
 * (a code replayed, or raced from two places, is accepted at most once).
 */
export async function acceptTotpStep(db: Executor, userId: number, step: number): Promise<boolean> {
  const rows = await db
    .update(users)
    .set({ tfaLastStep: step })
    .where(and(eq(users.userId, userId), or(isNull(users.tfaLastStep), lt(users.tfaLastStep, step))))
    .returning({ id: users.userId });
  return rows.length > 0;
}

export async function replaceRecoveryCodes(db: Executor, userId: number, codeHashes: string[], at: Date): Promise<void> {
  await db.delete(tfaRecoveryCodes).where(eq(tfaRecoveryCodes.userId, userId));
  if (codeHashes.length > 0) await db.insert(tfaRecoveryCodes).values(codeHashes.map((codeHash) => ({ userId, codeHash, createdAt: at })));
}

export async function deleteRecoveryCodes(db: Executor, userId: number): Promise<void> {
  await db.delete(tfaRecoveryCodes).where(eq(tfaRecoveryCodes.userId, userId));
}

/** Uses a recovery code once (one statement); returns whether it was an unused code of this user. */
export async function useRecoveryCode(db: Executor, userId: number, codeHash: string, at: Date): Promise<boolean> {
  const rows = await db
    .update(tfaRecoveryCodes)
    .set({ usedAt: at })
    .where(and(eq(tfaRecoveryCodes.userId, userId), eq(tfaRecoveryCodes.codeHash, codeHash), isNull(tfaRecoveryCodes.usedAt)))
    .returning({ id: tfaRecoveryCodes.id });
  return rows.length > 0;
}

export async function countUnusedRecoveryCodes(db: Executor, userId: number): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(tfaRecoveryCodes)
    .where(and(eq(tfaRecoveryCodes.userId, userId), isNull(tfaRecoveryCodes.usedAt)));
  return row?.n ?? 0;
}

/** The second sign-in step passed: the session becomes usable. */
export async function markSessionVerified(db: Executor, sessionId: number): Promise<void> {
  await db.update(sessions).set({ verified: true }).where(eq(sessions.sessionId, sessionId));
}
