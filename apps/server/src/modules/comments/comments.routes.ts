import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ZComment,
  ZCommentList,
  ZCommentRecipientList,
  ZCreateCommentRequest,
  ZFieldErrors,
  ZIdParam,
  ZListCommentsQuery,
  ZOk,
  ZRecordUsersQuery,
} from '@strata/shared';
import { z } from 'zod';
import { requireActor } from '../../plugins/route-config.js';
import type { CommentsService } from './comments.service.js';

const tags = ['comments'];
const errors = { 400: z.union([z.string(), ZFieldErrors]), 404: z.string() };

/**
 * Comments on any record (topic = record category, ref_id = its id). Signed in is enough: the service answers 404
 * for a record the caller cannot see, and 403 for deleting someone else's comment without the record's manage task.
 */
export const commentsRoutes: FastifyPluginAsyncZod<{ comments: CommentsService }> = async (app, { comments }) => {
  app.get(
    '/comments',
    {
      config: { permissions: [] },
      schema: {
        tags,
        summary: "A record's comments, newest first; with comment_id, that comment's replies, oldest first",
        querystring: ZListCommentsQuery,
        response: { 200: ZCommentList, ...errors },
      },
    },
    (req) => comments.list(requireActor(req.actor), req.query),
  );

  app.post(
    '/comments',
    {
      config: { permissions: [] },
      schema: {
        tags,
        summary: 'Comment on a record or reply to a comment; the recipients get an e-mail and a notification',
        body: ZCreateCommentRequest,
        response: { 200: ZComment, ...errors },
      },
    },
    (req) => comments.create(requireActor(req.actor), req.body),
  );

  app.delete(
    '/comments/:id',
    {
      config: { permissions: [] },
      schema: {
        tags,
        summary: 'Delete a comment (its author, or a manager of the record) with its replies',
        params: ZIdParam,
        response: { 200: ZOk, 403: z.string(), 404: z.string() },
      },
    },
    async (req) => {
      await comments.remove(requireActor(req.actor), req.params.id);
      return { ok: true as const };
    },
  );

  app.get(
    '/users',
    {
      config: { permissions: [] },
      schema: {
        tags,
        summary: 'Recipient search: the active users who can see one record (topic, ref_id), by name or e-mail',
        querystring: ZRecordUsersQuery,
        response: { 200: ZCommentRecipientList, ...errors },
      },
    },
    (req) => comments.recipients(requireActor(req.actor), req.query),
  );
};
