import { and, eq, gte, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { loginAttempts, sessions, users } from '../../db/schema/index.js';

export type SessionRow = typeof sessions.$inferSelect;
export type NewSession = typeof sessions.$inferInsert;

export async function insertSession(db: Executor, values: NewSession): Promise<SessionRow> {
  const [row] = await db.insert(sessions).values(values).returning();
  if (!row) throw new Error('session insert returned no row');
  return row;
}

/**
 * What authentication reads of a session and its user: no password hash, no two-factor secret. The `auth_changes`
 * triggers (migration 0011) watch exactly the user columns listed here — keep the two in step.
 */
const sessionColumns = {
  sessionId: sessions.sessionId,
  csrfToken: sessions.csrfToken,
  verified: sessions.verified,
  createdAt: sessions.createdAt,
  lastSeenAt: sessions.lastSeenAt,
  expiresAt: sessions.expiresAt,
  revokedAt: sessions.revokedAt,
};
const userColumns = {
  userId: users.userId,
  loginName: users.loginName,
  fullname: users.fullname,
  userType: users.userType,
  roleId: users.roleId,
  status: users.status,
  passwordChangedAt: users.passwordChangedAt,
};

export interface SessionUser {
  session: { [K in keyof typeof sessionColumns]: (typeof sessions.$inferSelect)[K] };
  user: { [K in keyof typeof userColumns]: (typeof users.$inferSelect)[K] };
}

/** The session of a token hash (access or resource) with its user, or nothing. Expiry is judged by the caller's clock. */
export async function findSessionByTokenHash(db: Executor, hash: string, kind: 'access' | 'resource'): Promise<SessionUser | undefined> {
  const column = kind === 'access' ? sessions.tokenHash : sessions.resourceTokenHash;
  const [row] = await db
    .select({ session: sessionColumns, user: userColumns })
    .from(sessions)
    .innerJoin(users, eq(users.userId, sessions.userId))
    .where(eq(column, hash))
    .limit(1);
  return row;
}

/** The sessions of these ids with their users, for re-checking long-lived connections (nothing is touched). */
export async function findSessionsByIds(db: Executor, sessionIds: number[]): Promise<SessionUser[]> {
  if (sessionIds.length === 0) return [];
  return db
    .select({ session: sessionColumns, user: userColumns })
    .from(sessions)
    .innerJoin(users, eq(users.userId, sessions.userId))
    .where(inArray(sessions.sessionId, sessionIds));
}

export async function touchSession(db: Executor, sessionId: number, at: Date): Promise<void> {
  await db.update(sessions).set({ lastSeenAt: at }).where(eq(sessions.sessionId, sessionId));
}

export async function revokeSession(db: Executor, sessionId: number, at: Date): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAt: at })
    .where(and(eq(sessions.sessionId, sessionId), isNull(sessions.revokedAt)));
}

/** Ends every live session of a user (optionally but one); returns the ended session ids. */
export async function revokeUserSessions(db: Executor, userId: number, at: Date, exceptSessionId?: number): Promise<number[]> {
  const conditions = [eq(sessions.userId, userId), isNull(sessions.revokedAt)];
  if (exceptSessionId !== undefined) conditions.push(sql`${sessions.sessionId} <> ${exceptSessionId}`);
  const rows = await db
    .update(sessions)
    .set({ revokedAt: at })
    .where(and(...conditions))
    .returning({ id: sessions.sessionId });
  return rows.map((r) => r.id);
}

/** Deletes sessions that ended or expired more than a day ago. */
export async function purgeSessions(db: Executor, before: Date): Promise<number> {
  const rows = await db
    .delete(sessions)
    .where(or(lt(sessions.expiresAt, before), lt(sessions.revokedAt, before)))
    .returning({ id: sessions.sessionId });
  return rows.length;
}

export async function recordLoginFailure(db: Executor, loginName: string, clientAddress: string, at: Date): Promise<void> {
  await db.insert(loginAttempts).values({ loginName, clientAddress, at });
}

/** Failures since `since`: of the login name (any address), of the address (any name), and of the two together. */
export async function countLoginFailures(db: Executor, since: Date, loginName: string, clientAddress: string) {
  const [row] = await db
    .select({
      byName: sql<number>`count(*) filter (where ${loginAttempts.loginName} = ${loginName})::int`,
      byAddress: sql<number>`count(*) filter (where ${loginAttempts.clientAddress} = ${clientAddress})::int`,
      byNameAndAddress: sql<number>`count(*) filter (where ${loginAttempts.loginName} = ${loginName} and ${loginAttempts.clientAddress} = ${clientAddress})::int`,
    })
    .from(loginAttempts)
    .where(and(gte(loginAttempts.at, since), or(eq(loginAttempts.loginName, loginName), eq(loginAttempts.clientAddress, clientAddress))));
  return { byName: row?.byName ?? 0, byAddress: row?.byAddress ?? 0, byNameAndAddress: row?.byNameAndAddress ?? 0 };
}

/** Forgets the failures of a login name: from one address only when `clientAddress` is given. */
export async function clearLoginFailures(db: Executor, loginName: string, clientAddress?: string): Promise<void> {
  const ofName = eq(loginAttempts.loginName, loginName);
  await db.delete(loginAttempts).where(clientAddress === undefined ? ofName : and(ofName, eq(loginAttempts.clientAddress, clientAddress)));
}

export async function purgeLoginFailures(db: Executor, before: Date): Promise<number> {
  const rows = await db.delete(loginAttempts).where(lt(loginAttempts.at, before)).returning({ id: loginAttempts.id });
  return rows.length;
}
