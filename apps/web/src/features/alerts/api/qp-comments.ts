import { ALERT_COMMENT_TOPIC, ZComment, ZCommentList, type TComment } from '@strata/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { alertKeys } from './keys';

/** The QP comment kinds (decision 016): a comment on the alert whose `ref_data` is `QPS` or `QPD`. */
export type QpKind = 'QPS' | 'QPD';

/** QP comments looked at on an alert's page: the newest this many top-level comments. */
const QP_SCAN_LIMIT = 200;

/** The alert's QPS and QPD comments (newest first), read from its comments (`GET /comments`). */
export function useQpComments(alertId: number) {
  return useQuery({
    queryKey: alertKeys.qpComments(alertId),
    queryFn: ({ signal }) =>
      apiRequest('/comments', {
        query: { topic: ALERT_COMMENT_TOPIC, ref_id: alertId, limit: QP_SCAN_LIMIT, skip: 0 },
        schema: ZCommentList,
        signal,
        emitHttpError: false,
      }).then((list) => list.records.filter((c): c is TComment & { ref_data: QpKind } => c.ref_data === 'QPS' || c.ref_data === 'QPD')),
  });
}

/** `POST /comments` with the QP marker; the alert's comment lists are fetched again. */
export function usePostQpComment(alertId: number, linkUri: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ kind, comment }: { kind: QpKind; comment: string }) =>
      apiRequest('/comments', {
        method: 'POST',
        json: { topic: ALERT_COMMENT_TOPIC, ref_id: alertId, ref_data: kind, comment, link_uri: linkUri, recipients: [] },
        schema: ZComment,
        emitHttpError: false,
      }),
    onSuccess: () => client.invalidateQueries({ queryKey: alertKeys.comments(alertId) }),
  });
}
