import { z } from 'zod';
import { ZId, ZIdText } from './ids.js';

/**
 * Comments on a record (spec §3 Comment, §7 /comments, §9): generic over (topic, ref_id), where the topic is the record
 * category (`instrument`, later `borehole`, `alert`, …) and ref_id the record's id. Replies are one level deep.
 */
export const COMMENT_LIMITS = {
  /** Longest comment, in characters, after trimming (our choice; the spec shows none). */
  maxLength: 4000,
  /** Most recipients of one comment (our choice). */
  maxRecipients: 50,
  /** Top-level comments per page (spec §9). */
  pageSize: 10,
  /** Replies loaded at a time (spec §9). */
  repliesPageSize: 100,
  /** Recipient search: users asked for at a time and the typing pause before asking (spec §9). */
  userSearchLimit: 1000,
  userSearchDebounceMs: 500,
} as const;

/** A record category as the server registers them: lower-case words joined by `-`. */
export const ZCommentTopic = z
  .string()
  .trim()
  .min(1, 'Topic is required')
  .max(50)
  .regex(/^[a-z][a-z0-9-]*$/, 'Unknown topic');

const ZRefId = ZIdText;

/**
 * A page of this site below the language prefix (`/dashboard/search/instrument/5/comments`); a leading `/en` or `/zh`
 * is accepted and dropped by the server. Never another host (`//host`, `/\host`) or a scheme.
 */
export const ZCommentLink = z
  .string()
  .trim()
  .max(1000)
  .regex(/^\/(?![/\\])[^\s\\]*$/, 'Link must be a page of this site, starting with /');

/** GET /comments: a record's comments (newest first), or with comment_id that comment's replies (oldest first). */
export const ZListCommentsQuery = z.object({
  topic: ZCommentTopic,
  ref_id: ZRefId,
  comment_id: ZRefId.optional(),
  limit: z.coerce.number().int().min(1).max(1000).default(COMMENT_LIMITS.pageSize),
  skip: z.coerce.number().int().min(0).default(0),
});
export type TListCommentsQuery = z.infer<typeof ZListCommentsQuery>;

export const ZComment = z.object({
  comment_id: z.number().int(),
  ref_id: z.number().int(),
  ref_data: z.string().nullable(),
  topic: z.string(),
  /** Null for a top-level comment. */
  parent_id: z.number().int().nullable(),
  comment: z.string(),
  link_uri: z.string().nullable(),
  /** E-mail addresses the comment was sent to. */
  recipients: z.array(z.string()),
  sender_id: z.number().int().nullable(),
  /** Empty when the sender no longer exists (the web shows "Deleted User"). */
  sender_name: z.string(),
  /** ISO 8601. */
  created: z.string(),
  /** Replies of a top-level comment (0 for a reply). */
  replies_count: z.number().int(),
  /** The caller may delete it: they wrote it, or they manage the record. */
  can_delete: z.boolean(),
});
export type TComment = z.infer<typeof ZComment>;

export const ZCommentList = z.object({ records: z.array(ZComment), total_records: z.number().int() });
export type TCommentList = z.infer<typeof ZCommentList>;

/** POST /comments. */
export const ZCreateCommentRequest = z.object({
  topic: ZCommentTopic,
  ref_id: ZId,
  /** What the web knows of the record when commenting (free text, e.g. the instrument's name); stored as given. */
  ref_data: z.string().trim().max(1000).nullish(),
  /** A top-level comment of the same record, to reply to it. */
  parent_id: ZId.nullish(),
  comment: z.string().trim().min(1, 'Comment is required').max(COMMENT_LIMITS.maxLength, `Comment must be at most ${COMMENT_LIMITS.maxLength} characters`),
  /** Where the mail and notification link to; must be a page of the record. Default: the record's page. */
  link_uri: ZCommentLink.nullish(),
  /** E-mail addresses of active users who can see the record; each gets an e-mail and a notification. */
  recipients: z.array(z.string().trim().max(320)).max(COMMENT_LIMITS.maxRecipients, `At most ${COMMENT_LIMITS.maxRecipients} recipients`).default([]),
});
export type TCreateCommentRequest = z.input<typeof ZCreateCommentRequest>;

/** GET /users for recipient search: the users who can see one record (any signed-in user who can see it may ask). */
export const ZRecordUsersQuery = z.object({
  topic: ZCommentTopic,
  ref_id: ZRefId,
  /** Full name, e-mail address or login name contains this text (any case). */
  keyword: z.string().trim().max(200).default(''),
  limit: z.coerce.number().int().min(1).max(COMMENT_LIMITS.userSearchLimit).default(COMMENT_LIMITS.userSearchLimit),
  skip: z.coerce.number().int().min(0).default(0),
});
export type TRecordUsersQuery = z.infer<typeof ZRecordUsersQuery>;

/** Comment recipient (spec §3). */
export const ZCommentRecipient = z.object({ user_id: z.number().int(), fullname: z.string(), email: z.string() });
export type TCommentRecipient = z.infer<typeof ZCommentRecipient>;

export const ZCommentRecipientList = z.object({ records: z.array(ZCommentRecipient), total_records: z.number().int() });
export type TCommentRecipientList = z.infer<typeof ZCommentRecipientList>;
