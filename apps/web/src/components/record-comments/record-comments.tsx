import Divider from '@mui/material/Divider';
import Pagination from '@mui/material/Pagination';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { COMMENT_LIMITS, type TComment } from '@strata/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Fragment, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyText, LoadError, Loading } from '../query-states';
import { commentsQueryOptions, useRefreshComments } from './api';
import { CommentForm } from './comment-form';
import { CommentItem, type CommentContext } from './comment-item';

export interface RecordCommentsProps {
  /** The record category (`instrument`, `borehole`, …): the comment topic. */
  topic: string;
  /** The record's id. */
  refId: number;
  /** Stored with each comment as given (e.g. the record's name). */
  refData?: string;
  /** The page the recipients' e-mail and notification open, below the language prefix (a page of the record). */
  linkUri: string;
  /**
   * The host knows the user manages the record: Delete is offered on every comment. Without it, the server's
   * answer decides per comment (the author, or a holder of the record's manage permission).
   */
  canManage?: boolean;
  /** A short marker shown beside a comment's author (the alert page marks its QPS and QPD comments), or undefined. */
  markerOf?: (comment: TComment) => string | undefined;
  /** Show the "Comments" heading (hosts without a tab or section title of their own). */
  heading?: boolean;
}

/**
 * The comments of a record (spec §2.3 `comments` view, §4, §5, §8, §9): a form to write one with recipients, the
 * comments newest first 10 a page, replies on demand, a reply form per comment, delete with confirmation.
 */
export function RecordComments({ topic, refId, refData, linkUri, canManage = false, markerOf, heading = false }: RecordCommentsProps) {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const refresh = useRefreshComments(topic, refId);
  const list = useQuery({ ...commentsQueryOptions(topic, refId, page), placeholderData: keepPreviousData });
  const total = list.data?.total_records ?? 0;
  const pages = Math.max(1, Math.ceil(total / COMMENT_LIMITS.pageSize));

  // Another record: back to its first page. A page emptied by a delete: to the last page there is.
  useEffect(() => setPage(1), [topic, refId]);
  useEffect(() => {
    if (list.data && page > pages) setPage(pages);
  }, [list.data, page, pages]);

  const context: CommentContext = { topic, refId, refData, linkUri, canManage, refresh, markerOf };
  const records = list.data?.records ?? [];

  return (
    // A region named "Comments"; without `heading`, the host's tab or section gives the visible title.
    <Stack component="section" aria-label={t('comments.title')} spacing={2}>
      {heading && (
        <Typography variant="h6" component="h2">
          {t('comments.title')}
        </Typography>
      )}
      <CommentForm
        topic={topic}
        refId={refId}
        refData={refData}
        linkUri={linkUri}
        onPosted={() => {
          setPage(1);
          void refresh();
        }}
      />
      <Divider />
      {list.isPending ? (
        <Loading />
      ) : list.isError && !list.data ? (
        <LoadError error={list.error} onRetry={() => void list.refetch()} />
      ) : records.length === 0 ? (
        <EmptyText>{t('comments.empty')}</EmptyText>
      ) : (
        <Stack
          component="ul"
          aria-label={t('comments.listLabel')}
          spacing={2}
          sx={{ listStyle: 'none', m: 0, p: 0, opacity: list.isPlaceholderData ? 0.6 : 1 }}
        >
          {records.map((comment, index) => (
            <Fragment key={comment.comment_id}>
              {index > 0 && <Divider component="li" aria-hidden />}
              <li>
                <CommentItem comment={comment} context={context} />
              </li>
            </Fragment>
          ))}
        </Stack>
      )}
      {pages > 1 && (
        <Pagination
          count={pages}
          page={Math.min(page, pages)}
          onChange={(_, value) => setPage(value)}
          size="small"
          siblingCount={0}
          sx={{ alignSelf: 'center' }}
          aria-label={t('comments.pages')}
        />
      )}
    </Stack>
  );
}
