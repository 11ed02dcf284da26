import {
  type TComment,
  type TCommentList,
  type TCommentRecipientList,
  type TCreateCommentRequest,
  type TListCommentsQuery,
  type TRecordUsersQuery,
  ZCreateCommentRequest,
} from '@strata/shared';
import type { Actor, AppContext } from '../../context.js';
import { badRequest, forbidden, notFound } from '../../lib/errors.js';
import { AfterCommit } from '../../platform/after-commit.js';
import { SYSTEM_ACTOR, writeAudit } from '../../platform/audit.js';
import { Mailer } from '../../platform/mail.js';
import { safeError } from '../../platform/safe-error.js';
import type { NotificationsService } from '../notifications/notifications.service.js';
import { PURGE_AUDIT_LIST, type RecordRef, type RecordRefs } from '../records/record-refs.js';
import { commentMail, commentNotice, recordLink } from './comment-mail.js';
import {
  countReplies,
  deleteComment,
  deleteOrphanComments,
  findComment,
  findCommentView,
  insertComment,
  listRecordComments,
  listReplies,
  recipientsOf,
  searchUsersWhoCanSee,
  usersWhoCanSee,
  type CommentView,
} from './comments.repository.js';

export const COMMENT_NOT_FOUND = 'Comment not found';

/** A plausible e-mail address (the directory decides whether it is a user's). */
const EMAIL = /^[^\s@]+@[^\s@]+$/;

/**
 * Comments on records (issue 8; decision 013). Every call resolves the record through `RecordRefs` with the caller's
 * contract scope first: a record the caller cannot see, or a comment of such a record, answers 404. Anyone who can
 * see a record may read and write its comments; a comment is deleted by its author or by a holder of the record's
 * manage permission, and its replies go with it. Recipients are active users who can see the record: each gets an
 * e-mail (outbox, in the transaction of the comment) and a stored notification (after commit).
 */
export class CommentsService {
  constructor(
    private readonly ctx: AppContext,
    private readonly records: RecordRefs,
    private readonly notifications: NotificationsService,
    private readonly mailer: Mailer = new Mailer(ctx),
  ) {}

  async list(actor: Actor, q: TListCommentsQuery): Promise<TCommentList> {
    const db = this.ctx.db.orm;
    const record = await this.records.resolve(actor, q.topic, q.ref_id);
    const page = { limit: q.limit, skip: q.skip };
    let result;
    if (q.comment_id === undefined) {
      result = await listRecordComments(db, record.category, record.refId, page);
    } else {
      const parent = await findComment(db, q.comment_id);
      if (!parent || !sameRecord(parent, record)) throw notFound(COMMENT_NOT_FOUND);
      result = await listReplies(db, parent.commentId, page);
    }
    return { records: result.records.map((v) => this.present(actor, record, v)), total_records: result.total };
  }

  async create(actor: Actor, input: TCreateCommentRequest): Promise<TComment> {
    const body = ZCreateCommentRequest.parse(input);
    const db = this.ctx.db.orm;
    const emails = [...new Set(body.recipients.map((e) => e.toLowerCase()).filter((e) => e !== ''))];

    const after = new AfterCommit();
    // Record, parent and recipients are checked in the transaction that writes: a user unassigned meanwhile is not mailed.
    const { record, link, row, notify } = await db.transaction(async (tx) => {
      const record = await this.records.resolve(actor, body.topic, body.ref_id, tx);
      const link = this.linkOf(record, body.link_uri);
      if (body.parent_id != null) {
        const parent = await findComment(tx, body.parent_id);
        if (!parent || !sameRecord(parent, record)) throw badRequest({ parent_id: COMMENT_NOT_FOUND });
        if (parent.parentId !== null) throw badRequest({ parent_id: 'A reply cannot be replied to: reply to the comment' });
      }
      const bad = emails.filter((e) => !EMAIL.test(e));
      const users = await usersWhoCanSee(
        tx,
        record.contractId,
        emails.filter((e) => EMAIL.test(e)),
      );
      const known = new Set(users.map((u) => u.email.toLowerCase()));
      bad.push(...emails.filter((e) => EMAIL.test(e) && !known.has(e)));
      if (bad.length > 0) {
        throw badRequest({ recipients: `Not a user who can see this record: ${bad.join(', ')}` });
      }
      const row = await insertComment(
        tx,
        {
          topic: record.category,
          refId: record.refId,
          refData: body.ref_data || null,
          parentId: body.parent_id ?? null,
          comment: body.comment,
          linkUri: link,
          senderId: actor.userId,
          createdAt: this.ctx.now(),
        },
        emails,
      );
      await writeAudit(tx, actor, {
        action: 'comments.create',
        entityType: 'comment',
        entityId: row.commentId,
        after: { topic: row.topic, ref_id: row.refId, parent_id: row.parentId, comment: row.comment, link_uri: row.linkUri, recipients: emails },
      });
      const url = recordLink(this.ctx.config.publicUrl, link);
      // One mail per address (several accounts may share one).
      const mailed = new Set<string>();
      for (const user of users) {
        const key = user.email.toLowerCase();
        if (mailed.has(key)) continue;
        mailed.add(key);
        await this.mailer.enqueue(
          tx,
          commentMail(this.ctx.config.appName, { to: user, sender: actor.fullname, record, comment: row.comment, reply: row.parentId !== null, url }),
          after,
        );
      }
      return { record, link, row, notify: users.map((u) => u.userId) };
    });
    await after.run();
    if (notify.length > 0) {
      try {
        await this.notifications.notify(notify, commentNotice(actor.fullname, record, row.comment, row.parentId !== null, link));
      } catch (err) {
        // The comment and its mails are committed; a failed notification is logged, not answered 500.
        this.ctx.log.error({ err: safeError(err), commentId: row.commentId }, 'comments: notification failed');
      }
    }
    const view = await findCommentView(db, row.commentId);
    if (!view) throw notFound(COMMENT_NOT_FOUND);
    return this.present(actor, record, view);
  }

  async remove(actor: Actor, commentId: number): Promise<void> {
    await this.ctx.db.orm.transaction(async (tx) => {
      const row = await findComment(tx, commentId);
      if (!row) throw notFound(COMMENT_NOT_FOUND);
      // 404 when the caller cannot see the record, before saying anything about permissions.
      const record = await this.records.resolve(actor, row.topic, row.refId, tx);
      if (!this.mayDelete(actor, record, row.senderId)) throw forbidden('Only the author or a manager of this record may delete this comment');
      const [recipients, replies] = await Promise.all([recipientsOf(tx, commentId), countReplies(tx, commentId)]);
      await deleteComment(tx, commentId);
      await writeAudit(tx, actor, {
        action: 'comments.delete',
        entityType: 'comment',
        entityId: commentId,
        before: {
          topic: row.topic,
          ref_id: row.refId,
          parent_id: row.parentId,
          comment: row.comment,
          sender_id: row.senderId,
          recipients,
          replies_deleted: replies,
        },
      });
    });
  }

  /** Recipient search: active users who can see the record (assigned to its contract, and Application Admins). */
  /**
   * The clean-up of comments whose record was deleted (the `purge-orphans` job; no foreign key ties a comment to its
   * record): they go with their replies and recipients, in one transaction with an audit row per topic. Returns how many.
   */
  async purgeOrphans(): Promise<number> {
    return this.ctx.db.orm.transaction(async (tx) => {
      let count = 0;
      for (const { category, ids } of this.records.existing()) {
        const gone = await deleteOrphanComments(tx, category, ids);
        if (gone.length === 0) continue;
        count += gone.length;
        await writeAudit(tx, SYSTEM_ACTOR, {
          action: 'comments.purge',
          entityType: 'comment',
          after: { topic: category, count: gone.length, ref_ids: [...new Set(gone.map((c) => c.refId))].slice(0, PURGE_AUDIT_LIST) },
        });
      }
      return count;
    });
  }

  async recipients(actor: Actor, q: TRecordUsersQuery): Promise<TCommentRecipientList> {
    const record = await this.records.resolve(actor, q.topic, q.ref_id);
    const { records, total } = await searchUsersWhoCanSee(this.ctx.db.orm, record.contractId, q.keyword, { limit: q.limit, skip: q.skip });
    return { records: records.map((u) => ({ user_id: u.userId, fullname: u.fullname, email: u.email })), total_records: total };
  }

  private mayDelete(actor: Actor, record: RecordRef, senderId: number | null): boolean {
    return (senderId !== null && senderId === actor.userId) || this.records.canManage(actor, record);
  }

  /** The page the mail and notification open: the one given when it is a page of the record, else the record's. */
  private linkOf(record: RecordRef, given: string | null | undefined): string {
    if (!given) return record.path;
    const path = given.replace(/^\/(en|zh)(?=\/|$)/, '') || '/';
    const under = path === record.path || path.startsWith(`${record.path}/`) || path.startsWith(`${record.path}?`);
    if (!under) throw badRequest({ link_uri: 'Link must be a page of this record' });
    return path;
  }

  private present(actor: Actor, record: RecordRef, v: CommentView): TComment {
    const c = v.comment;
    return {
      comment_id: c.commentId,
      ref_id: c.refId,
      ref_data: c.refData,
      topic: c.topic,
      parent_id: c.parentId,
      comment: c.comment,
      link_uri: c.linkUri,
      recipients: v.recipients,
      sender_id: c.senderId,
      sender_name: c.senderId === null ? '' : v.senderName,
      created: c.createdAt.toISOString(),
      replies_count: v.repliesCount,
      can_delete: this.mayDelete(actor, record, c.senderId),
    };
  }
}

function sameRecord(row: { topic: string; refId: number }, record: RecordRef): boolean {
  return row.topic === record.category && row.refId === record.refId;
}
