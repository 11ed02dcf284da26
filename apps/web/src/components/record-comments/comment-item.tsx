import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { TComment } from '@strata/shared';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDialog, useToast } from '../feedback';
import { LoadError, Loading } from '../query-states';
import { RelativeTime } from '../relative-time';
import { TextAvatar } from '../text-avatar';
import { errorText } from '../../lib/error-text';
import { deleteComment, repliesQueryOptions } from './api';
import { CommentForm } from './comment-form';

export interface CommentContext {
  topic: string;
  refId: number;
  refData?: string | undefined;
  linkUri: string;
  /** The host says the user manages the record: delete is offered on every comment. */
  canManage: boolean;
  /** Reload the lists after a change. */
  refresh: () => Promise<unknown>;
  /** A short marker beside the author (e.g. QPS), or undefined. */
  markerOf?: ((comment: TComment) => string | undefined) | undefined;
}

function Replies({ comment, context }: { comment: TComment; context: CommentContext }) {
  const { t } = useTranslation();
  const replies = useInfiniteQuery(repliesQueryOptions(context.topic, context.refId, comment.comment_id));
  const name = comment.sender_name || t('comments.deletedUser');
  if (replies.isPending) return <Loading />;
  if (replies.isError) return <LoadError error={replies.error} onRetry={() => void replies.refetch()} />;
  const rows = replies.data.pages.flatMap((p) => p.records);
  return (
    <Stack component="ul" aria-label={t('comments.repliesLabel', { name })} spacing={1.5} sx={{ listStyle: 'none', m: 0, p: 0 }}>
      {rows.map((reply) => (
        <li key={reply.comment_id}>
          <CommentItem comment={reply} context={context} />
        </li>
      ))}
      {replies.hasNextPage && (
        <li>
          <Button size="small" onClick={() => void replies.fetchNextPage()} disabled={replies.isFetchingNextPage}>
            {t('comments.moreReplies')}
          </Button>
        </li>
      )}
    </Stack>
  );
}

/** One comment (or reply): sender, time, text, recipients; Reply and Delete; its replies on demand. */
export function CommentItem({ comment, context }: { comment: TComment; context: CommentContext }) {
  const { t } = useTranslation();
  const confirm = useDialog();
  const toast = useToast();
  const [replying, setReplying] = useState(false);
  const [showReplies, setShowReplies] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const name = comment.sender_name || t('comments.deletedUser');
  const marker = context.markerOf?.(comment);
  const topLevel = comment.parent_id === null;

  const remove = async () => {
    const ok = await confirm({ title: t('comments.deleteTitle'), prompt: t('comments.deletePrompt') });
    if (ok !== true) return;
    setDeleting(true);
    try {
      await deleteComment(comment.comment_id);
      toast({ message: t('comments.deleted'), color: 'success' });
      await context.refresh();
    } catch (error) {
      toast({ message: errorText(error), color: 'error' });
    } finally {
      setDeleting(false);
    }
  };

  return (
    <Box component="article" aria-label={t('comments.commentBy', { name })} sx={{ display: 'flex', gap: 1.5, minWidth: 0 }}>
      <TextAvatar name={comment.sender_name || null} size={topLevel ? 36 : 30} />
      <Box sx={{ flex: 1, minWidth: 0 }}>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'baseline', flexWrap: 'wrap' }}>
          <Typography variant="subtitle2" component="span" color={comment.sender_name ? 'text.primary' : 'text.secondary'}>
            {name}
          </Typography>
          {marker && <Chip size="small" variant="outlined" color="primary" label={marker} data-testid="comment-marker" />}
          <Typography variant="caption" component="span" color="text.secondary">
            <RelativeTime value={comment.created} />
          </Typography>
        </Stack>
        <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', mt: 0.25 }}>
          {comment.comment}
        </Typography>
        {comment.recipients.length > 0 && (
          <Typography variant="caption" color="text.secondary" sx={{ display: 'block', overflowWrap: 'anywhere' }}>
            {t('comments.to', { list: comment.recipients.join(', ') })}
          </Typography>
        )}
        <Stack direction="row" spacing={0.5} sx={{ mt: 0.25, flexWrap: 'wrap' }}>
          {topLevel && !replying && (
            <Button size="small" onClick={() => setReplying(true)}>
              {t('comments.reply')}
            </Button>
          )}
          {(comment.can_delete || context.canManage) && (
            <Button size="small" color="error" onClick={() => void remove()} disabled={deleting}>
              {t('comments.delete')}
            </Button>
          )}
          {topLevel && comment.replies_count > 0 && (
            <Button size="small" aria-expanded={showReplies} onClick={() => setShowReplies((v) => !v)}>
              {showReplies ? t('comments.hideReplies') : t('comments.showReplies', { count: comment.replies_count })}
            </Button>
          )}
        </Stack>
        {replying && (
          <Box sx={{ mt: 1 }}>
            <CommentForm
              topic={context.topic}
              refId={context.refId}
              refData={context.refData}
              linkUri={context.linkUri}
              parentId={comment.comment_id}
              autoFocus
              onCancel={() => setReplying(false)}
              onPosted={() => {
                setReplying(false);
                setShowReplies(true);
                void context.refresh();
              }}
            />
          </Box>
        )}
        {showReplies && (
          <Box sx={{ mt: 1, pl: { xs: 0, sm: 1 }, borderLeft: { sm: 2 }, borderColor: { sm: 'divider' } }}>
            <Replies comment={comment} context={context} />
          </Box>
        )}
      </Box>
    </Box>
  );
}
