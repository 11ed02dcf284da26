import {
  COMMENT_LIMITS,
  ZComment,
  ZCommentList,
  ZCommentRecipientList,
  ZOk,
  type TComment,
  type TCommentList,
  type TCreateCommentRequest,
} from '@strata/shared';
import { infiniteQueryOptions, queryOptions, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { apiRequest } from '../../lib/api-client';

/**
 * Query keys of the comments. Everything cached for one record's comments starts with `record(topic, refId)`
 * (invalidated after a post or a delete).
 */
export const commentKeys = {
  all: ['comments'] as const,
  record: (topic: string, refId: number) => [...commentKeys.all, topic, refId] as const,
  list: (topic: string, refId: number, page: number) => [...commentKeys.record(topic, refId), 'list', page] as const,
  replies: (topic: string, refId: number, commentId: number) => [...commentKeys.record(topic, refId), 'replies', commentId] as const,
  recipients: (topic: string, refId: number, keyword: string) => [...commentKeys.record(topic, refId), 'users', keyword] as const,
};

/** `GET /comments`: one page (10) of a record's top-level comments, newest first. */
export function commentsQueryOptions(topic: string, refId: number, page: number) {
  return queryOptions({
    queryKey: commentKeys.list(topic, refId, page),
    queryFn: ({ signal }) =>
      apiRequest('/comments', {
        query: { topic, ref_id: refId, limit: COMMENT_LIMITS.pageSize, skip: (page - 1) * COMMENT_LIMITS.pageSize },
        schema: ZCommentList,
        emitHttpError: false,
        signal,
      }),
  });
}

/** `GET /comments?comment_id=…`: a comment's replies, oldest first, 100 at a time. */
export function repliesQueryOptions(topic: string, refId: number, commentId: number) {
  return infiniteQueryOptions({
    queryKey: commentKeys.replies(topic, refId, commentId),
    queryFn: ({ signal, pageParam }) =>
      apiRequest('/comments', {
        query: { topic, ref_id: refId, comment_id: commentId, limit: COMMENT_LIMITS.repliesPageSize, skip: pageParam },
        schema: ZCommentList,
        emitHttpError: false,
        signal,
      }),
    initialPageParam: 0,
    getNextPageParam: (last: TCommentList, pages: TCommentList[]) => {
      const loaded = pages.reduce((n, p) => n + p.records.length, 0);
      return last.records.length > 0 && loaded < last.total_records ? loaded : undefined;
    },
  });
}

/** `GET /users?topic&ref_id&keyword`: the users who can see the record (recipient search, up to 1000). */
export function recipientsQueryOptions(topic: string, refId: number, keyword: string) {
  return queryOptions({
    queryKey: commentKeys.recipients(topic, refId, keyword),
    queryFn: ({ signal }) =>
      apiRequest('/users', {
        query: { topic, ref_id: refId, keyword, limit: COMMENT_LIMITS.userSearchLimit, skip: 0 },
        schema: ZCommentRecipientList,
        emitHttpError: false,
        signal,
      }).then((list) => list.records),
    staleTime: 60_000,
  });
}

/** `POST /comments`: errors go to the caller (the form shows field errors, a string error is a toast). */
export function postComment(body: TCreateCommentRequest): Promise<TComment> {
  return apiRequest('/comments', { method: 'POST', json: body, schema: ZComment, emitHttpError: false });
}

/** `DELETE /comments/{id}`: errors go to the caller (an error toast). */
export function deleteComment(commentId: number): Promise<unknown> {
  return apiRequest(`/comments/${commentId}`, { method: 'DELETE', schema: ZOk, emitHttpError: false });
}

/** Reloads the record's comment lists and replies (after a post or a delete). */
export function useRefreshComments(topic: string, refId: number) {
  const client = useQueryClient();
  return useCallback(() => client.invalidateQueries({ queryKey: commentKeys.record(topic, refId) }), [client, topic, refId]);
}
