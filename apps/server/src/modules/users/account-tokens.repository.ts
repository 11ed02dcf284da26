import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { accountTokens, type AccountTokenPurpose } from '../../db/schema/index.js';
import { randomToken, sha256 } from '../../lib/crypto.js';

/** How long each kind of mailed token lives. */
export const TOKEN_LIFETIME_MS: Record<AccountTokenPurpose, number> = {
  activation: 24 * 3_600_000,
  setup: 24 * 3_600_000,
  reset: 3_600_000,
};

/**
 * Issues a random 256-bit token for `purpose`; the database keeps only its sha256. Earlier unused tokens of the same
 * purpose for the user stop working (only the newest link is valid). Returns the token and its expiry.
 */
export async function issueAccountToken(db: Executor, userId: number, purpose: AccountTokenPurpose, now: Date) {
  await db
    .update(accountTokens)
    .set({ usedAt: now })
    .where(and(eq(accountTokens.userId, userId), eq(accountTokens.purpose, purpose), isNull(accountTokens.usedAt)));
  const token = randomToken();
  const expiresAt = new Date(now.getTime() + TOKEN_LIFETIME_MS[purpose]);
  await db.insert(accountTokens).values({ userId, purpose, tokenHash: sha256(token), createdAt: now, expiresAt });
  return { token, expiresAt };
}

/**
 * Uses a token once: marks it used when it exists, has this purpose, is unused and unexpired, in one statement (two
 * concurrent uses cannot both succeed). Returns the user id, or undefined.
 */
export async function consumeAccountToken(db: Executor, token: string, purpose: AccountTokenPurpose, now: Date): Promise<number | undefined> {
  const [row] = await db
    .update(accountTokens)
    .set({ usedAt: now })
    .where(and(eq(accountTokens.tokenHash, sha256(token)), eq(accountTokens.purpose, purpose), isNull(accountTokens.usedAt), gt(accountTokens.expiresAt, now)))
    .returning({ userId: accountTokens.userId });
  return row?.userId;
}

/** Ends every unused token of a user (all purposes): after a password is set, older links stop working. */
export async function revokeAccountTokens(db: Executor, userId: number, now: Date): Promise<void> {
  await db
    .update(accountTokens)
    .set({ usedAt: now })
    .where(and(eq(accountTokens.userId, userId), isNull(accountTokens.usedAt)));
}

/** The user of a token that is usable now (unused, unexpired, this purpose), without using it. */
export async function findUsableAccountToken(db: Executor, token: string, purpose: AccountTokenPurpose, now: Date): Promise<number | undefined> {
  const [row] = await db
    .select({ userId: accountTokens.userId })
    .from(accountTokens)
    .where(and(eq(accountTokens.tokenHash, sha256(token)), eq(accountTokens.purpose, purpose), isNull(accountTokens.usedAt), gt(accountTokens.expiresAt, now)))
    .limit(1);
  return row?.userId;
}
