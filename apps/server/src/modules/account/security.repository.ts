import { and, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { knownClients, notifications } from '../../db/schema/index.js';

/** Stores a notification row for one user (the security events write theirs in the transaction of the change). */
export async function insertUserNotification(
  db: Executor,
  values: { userId: number; type: string; message: string; severity: number; linkUri: string | null; createdAt: Date },
): Promise<void> {
  await db.insert(notifications).values(values);
}

/**
 * Records that a user signed in from a client (user agent + address, hashed); returns `new` when the pair was not
 * known, `first` when the user had no known client at all (the first sign-in), `known` otherwise.
 */
export async function rememberClient(db: Executor, userId: number, clientHash: string, at: Date): Promise<'new' | 'first' | 'known'> {
  const inserted = await db
    .insert(knownClients)
    .values({ userId, clientHash, firstSeenAt: at, lastSeenAt: at })
    .onConflictDoNothing()
    .returning({ userId: knownClients.userId });
  if (inserted.length === 0) {
    await db
      .update(knownClients)
      .set({ lastSeenAt: at })
      .where(and(eq(knownClients.userId, userId), eq(knownClients.clientHash, clientHash)));
    return 'known';
  }
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(knownClients)
    .where(eq(knownClients.userId, userId));
  return (row?.n ?? 0) > 1 ? 'new' : 'first';
}
