import { USER_TYPE } from '@strata/shared';
import { and, asc, desc, eq, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { commentRecipients, comments, userContracts, users } from '../../db/schema/index.js';
import { likeEscape } from '../../lib/filters.js';

export type CommentRow = typeof comments.$inferSelect;

/** A comment with what the list shows beside it. */
export interface CommentView {
  comment: CommentRow;
  /** '' when the sender no longer exists. */
  senderName: string;
  recipients: string[];
  repliesCount: number;
}

interface Page {
  limit: number;
  skip: number;
}

const count = sql<number>`count(*)::int`;

/** The recipients and reply counts of the comments listed, in two queries. */
async function decorate(db: Executor, rows: { comment: CommentRow; senderName: string | null }[]): Promise<CommentView[]> {
  const ids = rows.map((r) => r.comment.commentId);
  if (ids.length === 0) return [];
  const [recipients, replies] = await Promise.all([
    db
      .select({ commentId: commentRecipients.commentId, email: commentRecipients.email })
      .from(commentRecipients)
      .where(inArray(commentRecipients.commentId, ids))
      .orderBy(asc(commentRecipients.email)),
    db.select({ parentId: comments.parentId, n: count }).from(comments).where(inArray(comments.parentId, ids)).groupBy(comments.parentId),
  ]);
  const emails = new Map<number, string[]>();
  for (const r of recipients) emails.set(r.commentId, [...(emails.get(r.commentId) ?? []), r.email]);
  const counts = new Map(replies.map((r) => [r.parentId, r.n]));
  return rows.map((r) => ({
    comment: r.comment,
    senderName: r.senderName ?? '',
    recipients: emails.get(r.comment.commentId) ?? [],
    repliesCount: counts.get(r.comment.commentId) ?? 0,
  }));
}

async function listWhere(db: Executor, where: SQL | undefined, order: SQL[], page: Page): Promise<{ records: CommentView[]; total: number }> {
  const [rows, [total]] = await Promise.all([
    db
      .select({ comment: comments, senderName: users.fullname })
      .from(comments)
      .leftJoin(users, eq(users.userId, comments.senderId))
      .where(where)
      .orderBy(...order)
      .limit(page.limit)
      .offset(page.skip),
    db.select({ n: count }).from(comments).where(where),
  ]);
  return { records: await decorate(db, rows), total: total?.n ?? 0 };
}

/** A record's top-level comments, newest first. */
export function listRecordComments(db: Executor, topic: string, refId: number, page: Page) {
  const where = and(eq(comments.topic, topic), eq(comments.refId, refId), isNull(comments.parentId));
  return listWhere(db, where, [desc(comments.createdAt), desc(comments.commentId)], page);
}

/** A comment's replies, oldest first. */
export function listReplies(db: Executor, parentId: number, page: Page) {
  return listWhere(db, eq(comments.parentId, parentId), [asc(comments.createdAt), asc(comments.commentId)], page);
}

export async function findComment(db: Executor, commentId: number): Promise<CommentRow | undefined> {
  const [row] = await db.select().from(comments).where(eq(comments.commentId, commentId)).limit(1);
  return row;
}

/** One comment as the list shows it. */
export async function findCommentView(db: Executor, commentId: number): Promise<CommentView | undefined> {
  const rows = await db
    .select({ comment: comments, senderName: users.fullname })
    .from(comments)
    .leftJoin(users, eq(users.userId, comments.senderId))
    .where(eq(comments.commentId, commentId))
    .limit(1);
  const [view] = await decorate(db, rows);
  return view;
}

export async function insertComment(db: Executor, values: typeof comments.$inferInsert, recipients: string[]): Promise<CommentRow> {
  const [row] = await db.insert(comments).values(values).returning();
  if (!row) throw new Error('comment insert returned no row');
  if (recipients.length > 0) {
    await db.insert(commentRecipients).values(recipients.map((email) => ({ commentId: row.commentId, email })));
  }
  return row;
}

export async function recipientsOf(db: Executor, commentId: number): Promise<string[]> {
  const rows = await db
    .select({ email: commentRecipients.email })
    .from(commentRecipients)
    .where(eq(commentRecipients.commentId, commentId))
    .orderBy(asc(commentRecipients.email));
  return rows.map((r) => r.email);
}

export async function countReplies(db: Executor, parentId: number): Promise<number> {
  const [row] = await db.select({ n: count }).from(comments).where(eq(comments.parentId, parentId));
  return row?.n ?? 0;
}

/** Deletes the comment; its replies and recipients go with it (foreign keys). */
export async function deleteComment(db: Executor, commentId: number): Promise<CommentRow | undefined> {
  const [row] = await db.delete(comments).where(eq(comments.commentId, commentId)).returning();
  return row;
}

/**
 * Deletes the comments on records of `topic` that are gone (`existing`: the ids of the topic's records that exist, as
 * `ref_id`), replies and recipients with them; returns the comments that went.
 */
export async function deleteOrphanComments(tx: Executor, topic: string, existing: SQL) {
  return tx
    .delete(comments)
    .where(sql`${comments.topic} = ${topic} and not exists (select 1 from (${existing}) r where r.ref_id = ${comments.refId})`)
    .returning({ commentId: comments.commentId, refId: comments.refId, parentId: comments.parentId });
}

/** Active users who can see a contract's records: those assigned to it, and every Application Admin. */
function canSeeContract(contractId: number): SQL {
  return and(
    eq(users.status, 'active'),
    or(
      eq(users.userType, USER_TYPE.AppAdmin),
      sql`exists (select 1 from ${userContracts} where ${userContracts.userId} = ${users.userId} and ${userContracts.contractId} = ${contractId})`,
    ),
  )!;
}

export interface DirectoryUser {
  userId: number;
  fullname: string;
  email: string;
}

/** The users among `emails` (any case) who can see the contract's records. */
export async function usersWhoCanSee(db: Executor, contractId: number, emails: string[]): Promise<DirectoryUser[]> {
  if (emails.length === 0) return [];
  return db
    .select({ userId: users.userId, fullname: users.fullname, email: users.email })
    .from(users)
    .where(
      and(
        canSeeContract(contractId),
        inArray(
          sql`lower(${users.email})`,
          emails.map((e) => e.toLowerCase()),
        ),
      ),
    );
}

/** Recipient search: users who can see the contract's records, by full name, e-mail or login name, by name. */
export async function searchUsersWhoCanSee(
  db: Executor,
  contractId: number,
  keyword: string,
  page: Page,
): Promise<{ records: DirectoryUser[]; total: number }> {
  const pattern = `%${likeEscape(keyword)}%`;
  const where = and(
    canSeeContract(contractId),
    keyword ? or(sql`${users.fullname} ilike ${pattern}`, sql`${users.email} ilike ${pattern}`, sql`${users.loginName} ilike ${pattern}`) : undefined,
  );
  const [records, [total]] = await Promise.all([
    db
      .select({ userId: users.userId, fullname: users.fullname, email: users.email })
      .from(users)
      .where(where)
      .orderBy(asc(users.fullname), asc(users.userId))
      .limit(page.limit)
      .offset(page.skip),
    db.select({ n: count }).from(users).where(where),
  ]);
  return { records, total: total?.n ?? 0 };
}
